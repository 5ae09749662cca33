import type { FileItem } from "#app/services/api/files.server.ts";

/** Dates as the table shows them, and the preview: app/files/file-dates.ts. */
export { FILE_DATE_STYLE } from "#app/files/file-dates.ts";

/**
 * A file as the table shows it: only these fields travel in the page's data (fileRow), and the
 * ones most files lack (a larger thumbnail, why there is no preview, a video's length) only when
 * they have a value.
 */
export type FileRow = Pick<
  FileItem,
  "fileId" | "name" | "contentType" | "previewStatus" | "thumbnailUrl" | "readAt"
> & {
  /** The 320 px thumbnail, for screens that need more than 70 px at the row's size. */
  thumbnailLargeUrl?: string;
  /** Why the file has no preview, when previewStatus is none. */
  noPreviewReason?: NonNullable<FileItem["noPreviewReason"]>;
  /** A video's length, when it is known. */
  durationMs?: number;
  /** A Live Photo: a photo with the short film it plays (ADR 063). */
  live?: true;
  /**
   * When it last changed, as the table writes it (FILE_DATE_STYLE in the visitor's language). The
   * server formats it: a phone's first date format is a 100 ms task while the page hydrates.
   */
  updated: string;
  uploadedBy: string;
  /** The uploader's nickname; null once they have left the team. */
  uploaderName: string | null;
};

export function fileRow(file: FileItem, dates: Intl.DateTimeFormat): FileRow {
  return {
    fileId: file.fileId,
    name: file.name,
    contentType: file.contentType,
    previewStatus: file.previewStatus,
    thumbnailUrl: file.thumbnailUrl,
    ...(file.thumbnailLargeUrl !== null && { thumbnailLargeUrl: file.thumbnailLargeUrl }),
    ...(file.noPreviewReason !== null && { noPreviewReason: file.noPreviewReason }),
    ...(file.durationMs !== null && { durationMs: file.durationMs }),
    ...(file.motion !== null && { live: true as const }),
    updated: dates.format(file.updatedAt),
    readAt: file.readAt,
    uploadedBy: file.uploadedBy,
    uploaderName: file.uploader?.nickname ?? null,
  };
}
