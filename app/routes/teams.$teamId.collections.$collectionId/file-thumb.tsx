import { Icon } from "#app/components/icon.tsx";
import { FilePicture, FileTypeIcon } from "#app/files/file-preview-icon.tsx";
import { formatDuration } from "#domain/format.ts";
import type { FileRow } from "./file-row.ts";

/** The size a row shows its picture at, in CSS pixels (app.css, .file-thumb). */
export const ROW_PICTURE_PX = 35;

const HOUR_MS = 3_600_000;

/** What the row says of a file that has no preview, by reason; none for a type we never preview. */
export type NoPreviewWords = Record<
  Exclude<NonNullable<FileRow["noPreviewReason"]>, "unsupportedType"> | "decoderMissingVideo",
  string
>;

/** The words for every reason, from the files namespace: once per table or grid, not per row. */
export function noPreviewWords(t: (key: string) => string): NoPreviewWords {
  return {
    damagedFile: t("table.noPreview.damagedFile"),
    decoderMissing: t("table.noPreview.decoderMissing"),
    decoderMissingVideo: t("table.noPreview.decoderMissingVideo"),
    tooLarge: t("table.noPreview.tooLarge"),
    processingFailed: t("table.noPreview.processingFailed"),
  };
}

/** Why this row's file has no preview, in the row's words; null when there is nothing to say. */
export function noPreviewText(file: FileRow, words: NoPreviewWords): string | null {
  const reason = file.noPreviewReason;
  if (file.previewStatus !== "none" || !reason || reason === "unsupportedType") return null;
  if (reason === "decoderMissing" && file.contentType.startsWith("video/")) {
    return words.decoderMissingVideo;
  }
  return words[reason];
}

/**
 * A row's picture (docs/product.md#thumbnails): the thumbnail, in the size the screen needs (70 px
 * for 35 px on a 2× screen, 320 px above), or the type icon, with why there is no preview on
 * hover; a video's play glyph and length over it, a Live Photo's ring. Hidden from screen readers: the row's link says
 * the same in words after the name.
 */
export function FileThumb({ file, reason }: { file: FileRow; reason: string | null }) {
  const isVideo = file.contentType.startsWith("video/");
  return (
    <span className="file-thumb" aria-hidden="true">
      {file.thumbnailUrl ? (
        <FilePicture
          url={file.thumbnailUrl}
          contentType={file.contentType}
          alt=""
          iconSize={20}
          srcSet={
            file.thumbnailLargeUrl
              ? `${file.thumbnailUrl} 70w, ${file.thumbnailLargeUrl} 320w`
              : undefined
          }
          sizes={file.thumbnailLargeUrl ? `${ROW_PICTURE_PX}px` : undefined}
          width={ROW_PICTURE_PX}
          height={ROW_PICTURE_PX}
          lazy
        />
      ) : (
        <span className="file-icon" title={reason ?? undefined}>
          <FileTypeIcon contentType={file.contentType} size={20} />
        </span>
      )}
      {isVideo && file.thumbnailUrl ? (
        <span className="file-play">
          <Icon name="play" size={12} />
        </span>
      ) : null}
      {file.live ? (
        <span className="file-live">
          <Icon name="target" size={12} />
        </span>
      ) : null}
      {file.durationMs !== undefined ? (
        <span className="file-duration" data-hours={file.durationMs >= HOUR_MS ? "" : undefined}>
          {formatDuration(file.durationMs)}
        </span>
      ) : null}
    </span>
  );
}
