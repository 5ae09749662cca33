import { useState } from "react";
import { Icon, type IconName } from "#app/components/icon.tsx";

/** The icon for a content type, where there is no picture (docs/product.md#thumbnails). */
export function FileTypeIcon({ contentType, size = 20 }: { contentType: string; size?: number }) {
  return <Icon name={typeIcon(contentType)} size={size} />;
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
 * picture; a failure before hydration is caught by checking `complete` once mounted.
 */
export function FilePicture({
  url,
  contentType,
  alt,
  className,
  iconSize,
}: {
  url: string | null;
  contentType: string;
  alt: string;
  /** None in the files table, which styles its pictures by place. */
  className?: string;
  iconSize?: number;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || failedUrl === url) {
    return (
      <span className={className ? `${className} file-icon` : "file-icon"}>
        <FileTypeIcon contentType={contentType} size={iconSize} />
      </span>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      className={className}
      draggable={false}
      ref={(image) => {
        // Failed before React listened (server-rendered): the browser marks it complete with no size.
        if (image?.complete && image.naturalWidth === 0) setFailedUrl(url);
      }}
      onError={() => setFailedUrl(url)}
    />
  );
}
