import { useState } from "react";
import { Icon, type IconName } from "#app/components/icon.tsx";

/** The icon for a content type, where there is no picture (docs/product.md#thumbnails). */
export function FileTypeIcon({ contentType, size = 20 }: { contentType: string; size?: number }) {
  return <Icon name={typeIcon(contentType)} size={size} />;
}

/**
 * Videos the preview plays in a `<video>`: the types the API serves inline, with Range requests
 * (docs/product.md#thumbnails). Whether this browser decodes one is for the browser to say.
 */
const PLAYABLE_VIDEO_TYPES: readonly string[] = ["video/mp4", "video/quicktime", "video/webm"];

export function isPlayableVideo(contentType: string): boolean {
  return PLAYABLE_VIDEO_TYPES.includes(contentType.split(";")[0]?.trim().toLowerCase() ?? "");
}

function typeIcon(contentType: string): IconName {
  if (contentType.startsWith("image/")) return "image";
  if (contentType.startsWith("video/")) return "video";
  if (contentType.startsWith("audio/")) return "speaker-loud";
  if (contentType.startsWith("text/") || contentType === "application/pdf") return "file-text";
  if (/zip|tar|compressed|x-7z|rar/.test(contentType)) return "archive";
  return "file";
}

/**
 * A picture, or the type icon when there is none or it fails to load. The server renders the
 * picture; a failure before hydration is caught by checking `complete` once mounted. Decoded off
 * the main thread; `sizes` (with `srcSet`), `width` and `height` as the place it shows in needs.
 */
export function FilePicture({
  url,
  contentType,
  alt,
  className,
  iconSize,
  srcSet,
  sizes,
  width,
  height,
  lazy = false,
  plain = false,
  onFailed,
}: {
  url: string | null;
  contentType: string;
  alt: string;
  /** None in the files table, which styles its pictures by place. */
  className?: string;
  iconSize?: number;
  srcSet?: string;
  sizes?: string;
  /** The picture's size in CSS pixels where it shows, so the page does not move as it loads. */
  width?: number;
  height?: number;
  /** Loaded only as it nears the screen: the rows of a long list. */
  lazy?: boolean;
  /**
   * Without `decoding` and `draggable`: for the grid's 60 tiles, 35 bytes each (ADR 073), where
   * app.css already keeps pictures from being dragged and lazy pictures decode off the page's
   * first paint.
   */
  plain?: boolean;
  /** Told when the picture fails to load, so a place that needs to can say so. */
  onFailed?: () => void;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  function failed() {
    setFailedUrl(url);
    onFailed?.();
  }
  if (!url || failedUrl === url) {
    return (
      <span className={className ? `${className} file-icon` : "file-icon"}>
        <FileTypeIcon contentType={contentType} size={iconSize} />
      </span>
    );
  }
  return (
    <img
      // Set before src, as browsers read them when src starts the load.
      loading={lazy ? "lazy" : undefined}
      decoding={plain ? undefined : "async"}
      width={width}
      height={height}
      sizes={sizes}
      srcSet={srcSet}
      src={url}
      alt={alt}
      className={className}
      draggable={plain ? undefined : false}
      ref={(image) => {
        // Failed before React listened (server-rendered): the browser marks it complete with no size.
        if (image?.complete && image.naturalWidth === 0) failed();
      }}
      onError={failed}
    />
  );
}
