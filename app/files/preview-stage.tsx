import { Link } from "@remix-run/react";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Button } from "#app/components/button.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { FilePicture, FileTypeIcon } from "#app/files/file-preview-icon.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { FileItem } from "#app/services/api/files.server.ts";

/** What the preview knows of its file. */
export type PreviewFile = Pick<
  FileItem,
  "fileId" | "name" | "contentType" | "previewStatus" | "noPreviewReason" | "previewUrl"
>;

/** A Live Photo's film (ADR 063), as the preview plays it. */
export interface LiveFilm {
  /** Its inline link; null when the caller's role may not play it. */
  src: string | null;
  /** Asked for playing (`live=play`), as Play works without JavaScript. */
  playing: boolean;
  /** This preview playing, and showing the photo: Play's and Show the photo's addresses. */
  playHref: string;
  photoHref: string;
  /** The film's download, or null when the caller may not download from the preview. */
  downloadHref: string | null;
}

/**
 * The preview's stage, where a finger swipes to the previous or next file (ADR 075); the
 * controls sit around it, never over it (docs/product.md#thumbnails). It shows the
 * picture (a PDF's first page, saying so, with Download for those who may), with a Live Photo's
 * Play; a video's player (its poster until it plays); or, where there is no picture, the
 * type icon with where the preview stands: being prepared (the page looks again by itself, or
 * offers Refresh without JavaScript), or none and why, with Download for those who may.
 */
export function PreviewStage({
  stageRef,
  file,
  video,
  live,
  downloadHref,
  refreshHref,
}: {
  /** The stage's element, which the swipe listens on. */
  stageRef: RefObject<HTMLDivElement>;
  file: PreviewFile;
  /** A playable video's source; `src` null when the caller's role may not play it. */
  video: { src: string | null } | null;
  /** A Live Photo's film; null for anything else. */
  live: LiveFilm | null;
  /** The download's address, or null when the caller may not download from the preview. */
  downloadHref: string | null;
  /** This preview's own address, for Refresh while its preview is being prepared. */
  refreshHref: string;
}) {
  const { t } = useTranslation(["files", "messages"]);
  // The picture that failed to load, said as such (the spec's loadingFile) beside its type icon.
  const [failedPicture, setFailedPicture] = useState<string | null>(null);
  const pictureFailed = file.previewUrl !== null && failedPicture === file.previewUrl;
  // A damaged video would only fail to play: say why there is nothing to see instead.
  const damaged = file.previewStatus === "none" && file.noPreviewReason === "damagedFile";
  let stage: ReactNode;
  if (video?.src && !damaged) {
    stage = (
      <PreviewVideo key={file.fileId} src={video.src} file={file} downloadHref={downloadHref} />
    );
  } else if (file.previewUrl && live?.src) {
    stage = <LivePhoto key={file.fileId} file={file} url={file.previewUrl} live={live} />;
  } else if (file.previewUrl) {
    stage = (
      <Flex direction="column" align="center" gap="3" className="file-preview-picture">
        <FilePicture
          key={file.fileId}
          url={file.previewUrl}
          contentType={file.contentType}
          alt={file.name}
          className="file-preview-image"
          iconSize={96}
          onFailed={() => setFailedPicture(file.previewUrl)}
        />
        {pictureFailed ? (
          <Text as="p" color="gray" role="alert" className="file-preview-message">
            {t("messages:errors.loadingFile")}
          </Text>
        ) : null}
        {video ? (
          <Text as="p" color="gray" className="file-preview-message">
            {t("preview.roleCantPlay")}
          </Text>
        ) : null}
        {isPdf(file.contentType) ? (
          <>
            <Text as="p" color="gray" className="file-preview-message">
              {t("preview.pdfFirstPage")}
            </Text>
            {downloadHref ? <DownloadButton href={downloadHref} /> : null}
          </>
        ) : null}
      </Flex>
    );
  } else if (file.previewStatus === "pending") {
    stage = <PreviewPending contentType={file.contentType} refreshHref={refreshHref} />;
  } else {
    stage = (
      <NoPreview
        contentType={file.contentType}
        message={t(`preview.noPreview.${noPreviewKey(file)}`)}
        downloadHref={downloadHref}
      />
    );
  }
  return (
    <div className="file-preview-stage" ref={stageRef}>
      {stage}
    </div>
  );
}

/** A PDF's preview is its first page only (docs/product.md#thumbnails): the rest is a download. */
function isPdf(contentType: string) {
  return contentType.split(";")[0]?.trim().toLowerCase() === "application/pdf";
}

/** The sentence for a file with no preview: a video's missing decoder is said as such. */
function noPreviewKey(file: PreviewFile) {
  const reason = file.noPreviewReason ?? "unsupportedType";
  return reason === "decoderMissing" && file.contentType.startsWith("video/")
    ? "decoderMissingVideo"
    : reason;
}

/** Still being prepared: the page looks again by itself; without JavaScript, Refresh. */
function PreviewPending({
  contentType,
  refreshHref,
}: {
  contentType: string;
  refreshHref: string;
}) {
  const { t } = useTranslation("files");
  const hydrated = useHydrated();
  return (
    <Flex direction="column" align="center" gap="3" className="file-preview-none">
      <FileTypeIcon contentType={contentType} size={96} />
      <Flex direction="column" align="center" gap="1" role="status">
        <Text size="5" weight="medium">
          {t("preview.pending")}
        </Text>
        <Text as="p" color="gray" className="file-preview-message">
          {t("preview.pendingHint")}
        </Text>
      </Flex>
      {hydrated ? null : (
        <Button asChild variant="soft" color="gray" highContrast>
          <Link to={refreshHref} replace preventScrollReset>
            <Icon name="reload" />
            {t("preview.refresh")}
          </Link>
        </Button>
      )}
    </Flex>
  );
}

/** The type icon, why there is nothing to show, and Download for those who may. */
function NoPreview({
  contentType,
  message,
  downloadHref,
}: {
  contentType: string;
  message: string;
  downloadHref: string | null;
}) {
  return (
    <Flex direction="column" align="center" gap="4" className="file-preview-none">
      <FileTypeIcon contentType={contentType} size={96} />
      <Text as="p" color="gray" className="file-preview-message">
        {message}
      </Text>
      {downloadHref ? <DownloadButton href={downloadHref} /> : null}
    </Flex>
  );
}

/** Download, under what the stage shows. */
function DownloadButton({ href }: { href: string }) {
  const { t } = useTranslation("files");
  return (
    <Button asChild>
      <Link to={href} reloadDocument>
        <Icon name="download" />
        {t("preview.download")}
      </Link>
    </Button>
  );
}

/**
 * A video with the browser's own controls, which work without JavaScript; a browser that cannot
 * show videos at all shows the element's content, Download. With JavaScript, a video this
 * browser cannot decode (its type refused by canPlayType, an error saying so, or a picture
 * without width: only its sound decoded, as an HEVC film in a browser without HEVC) gives way to
 * a sentence saying so, and Download.
 */
function PreviewVideo({
  src,
  file,
  downloadHref,
}: {
  src: string;
  file: PreviewFile;
  downloadHref: string | null;
}) {
  const { t } = useTranslation(["files", "messages"]);
  const [unplayable, setUnplayable] = useState<"cantPlay" | "loadingFile" | null>(null);
  const ref = useRef<HTMLVideoElement>(null);
  // What happened before hydration (the server rendered the element): asked once mounted.
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const type = file.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
    // Browsers answer "" for QuickTime yet play the H.264 films phones make in it.
    const refused = type !== "video/quicktime" && video.canPlayType(type) === "";
    if (refused || cannotDecode(video)) setUnplayable("cantPlay");
    else if (video.error) setUnplayable("loadingFile");
  }, [file.contentType]);
  if (unplayable) {
    return (
      <NoPreview
        contentType={file.contentType}
        message={
          unplayable === "cantPlay" ? t("preview.cantPlay") : t("messages:errors.loadingFile")
        }
        downloadHref={downloadHref}
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: people's own videos come without captions
    <video
      ref={ref}
      className="file-preview-video"
      controls
      playsInline
      preload="metadata"
      poster={file.previewUrl ?? undefined}
      src={src}
      aria-label={file.name}
      onError={(event) => {
        // Not this browser's decoder: the file did not arrive (the spec's loadingFile).
        setUnplayable(cannotDecode(event.currentTarget) ? "cantPlay" : "loadingFile");
      }}
      onLoadedMetadata={(event) => {
        if (cannotDecode(event.currentTarget)) setUnplayable("cantPlay");
      }}
    >
      <Text as="p">{t("preview.videoFallback")}</Text>
      {downloadHref ? <a href={downloadHref}>{t("preview.download")}</a> : null}
    </video>
  );
}

/**
 * A Live Photo: the photo, and under it Play and the film's download. Play shows the film in the
 * photo's place, muted, once; with JavaScript in place and back to the photo when it ends,
 * without JavaScript as this preview's `live=play` address, with the browser's controls to play
 * it again and Show the photo to go back.
 */
function LivePhoto({ file, url, live }: { file: PreviewFile; url: string; live: LiveFilm }) {
  const { t } = useTranslation("files");
  const hydrated = useHydrated();
  const [playing, setPlaying] = useState(live.playing);
  return (
    <Flex direction="column" align="center" gap="3" className="file-preview-picture">
      {playing && live.src ? (
        <video
          className="file-preview-video"
          src={live.src}
          poster={url}
          autoPlay
          muted
          playsInline
          controls={!hydrated}
          aria-label={file.name}
          onEnded={() => setPlaying(false)}
        />
      ) : (
        <FilePicture
          url={url}
          contentType={file.contentType}
          alt={file.name}
          className="file-preview-image"
          iconSize={96}
        />
      )}
      <Flex gap="2" wrap="wrap" justify="center" className="file-preview-live">
        <Button asChild variant="soft" color="gray" highContrast>
          <Link
            to={playing ? live.photoHref : live.playHref}
            replace
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              setPlaying(!playing);
            }}
          >
            <Icon name="target" />
            {playing ? t("preview.showPhoto") : t("preview.playLive")}
          </Link>
        </Button>
        {live.downloadHref ? (
          <Button asChild variant="soft" color="gray" highContrast>
            <Link
              to={live.downloadHref}
              reloadDocument
              aria-label={t("preview.motionDownloadLabel")}
            >
              <Icon name="download" />
              {t("preview.motionDownload")}
            </Link>
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}

/** The browser said it cannot decode this video, or decoded its sound and no picture. */
function cannotDecode(video: HTMLVideoElement) {
  const code = video.error?.code;
  if (code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED || code === MediaError.MEDIA_ERR_DECODE) {
    return true;
  }
  return video.readyState >= HTMLMediaElement.HAVE_METADATA && video.videoWidth === 0;
}
