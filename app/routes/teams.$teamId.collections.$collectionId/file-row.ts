import type { FileItem } from "#app/services/api/files.server.ts";

/** Dates as the table shows them: in UTC, the same for every visitor. */
export const FILE_DATE_STYLE = {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
} as const;

/** A file as the table shows it: only these fields travel in the page's data (fileRow). */
export type FileRow = Pick<
  FileItem,
  "fileId" | "name" | "contentType" | "status" | "thumbnailUrl" | "readAt"
> & {
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
    status: file.status,
    thumbnailUrl: file.thumbnailUrl,
    updated: dates.format(file.updatedAt),
    readAt: file.readAt,
    uploadedBy: file.uploadedBy,
    uploaderName: file.uploader?.nickname ?? null,
  };
}
