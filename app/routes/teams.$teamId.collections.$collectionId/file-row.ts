import type { FilesView } from "#app/files/files-view.ts";
import type { FileItem } from "#app/services/api/files.server.ts";

/** Dates as the table shows them, and the preview: app/files/file-dates.ts. */
export { FILE_DATE_STYLE } from "#app/files/file-dates.ts";

/** The grid's days (its headings), in UTC as the table's dates. */
export const FILE_DAY_STYLE = { dateStyle: "medium", timeZone: "UTC" } as const;

/** The formats a page's rows are written with, made once per page. */
export interface FileRowFormats {
  dates: Intl.DateTimeFormat;
  days: Intl.DateTimeFormat;
}

/**
 * A file as the table or the grid shows it: only these fields travel in the page's data
 * (fileRow), and the ones most files lack (a larger thumbnail, why there is no preview, a video's
 * length) only when they have a value.
 */
export type FileRow = Pick<
  FileItem,
  "fileId" | "name" | "contentType" | "previewStatus" | "thumbnailUrl" | "readAt"
> & {
  /**
   * The 320 px thumbnail, for the table's rows on screens that need more than 70 px. The grid's
   * tiles need only that one: it is their thumbnailUrl (ADR 073).
   */
  thumbnailLargeUrl?: string;
  /** Why the file has no preview, when previewStatus is none. */
  noPreviewReason?: NonNullable<FileItem["noPreviewReason"]>;
  /** A video's length, when it is known. */
  durationMs?: number;
  /** A Live Photo: a photo with the short film it plays (ADR 063). */
  live?: true;
  /**
   * The date the list sorts by (refDate: when the photo was taken, else when it was uploaded),
   * as the view writes it: the table its day and time (FILE_DATE_STYLE), the grid its day
   * (FILE_DAY_STYLE), which groups the tiles. The server formats it: a phone's first date format
   * is a 100 ms task while the page hydrates.
   */
  date: string;
  /**
   * The date is when the photo was taken (takenAt, from its EXIF: ADR 080), not when it was
   * uploaded (ADR 074).
   */
  taken?: true;
  uploadedBy: string;
  /** The uploader's nickname; null once they have left the team. */
  uploaderName: string | null;
  /** A file a guest sent through a drop link: the name they gave, or null (ADR 099). */
  guest?: { name: string | null };
};

export function fileRow(file: FileItem, formats: FileRowFormats, view: FilesView): FileRow {
  const grid = view === "grid";
  return {
    fileId: file.fileId,
    name: file.name,
    contentType: file.contentType,
    previewStatus: file.previewStatus,
    thumbnailUrl: grid ? (file.thumbnailLargeUrl ?? file.thumbnailUrl) : file.thumbnailUrl,
    ...(!grid && file.thumbnailLargeUrl !== null && { thumbnailLargeUrl: file.thumbnailLargeUrl }),
    ...(file.noPreviewReason !== null && { noPreviewReason: file.noPreviewReason }),
    ...(file.durationMs !== null && { durationMs: file.durationMs }),
    ...(file.motion !== null && { live: true as const }),
    date: (grid ? formats.days : formats.dates).format(file.refDate),
    ...(file.takenAt !== null && { taken: true as const }),
    readAt: file.readAt,
    uploadedBy: file.uploadedBy,
    uploaderName: file.uploader?.nickname ?? null,
    ...(file.guest !== null && { guest: { name: file.guest.name } }),
  };
}

/**
 * What the page's picture links share before each file's id (`/api/blobs/teams/{teamId}/files/`
 * with disk storage), found in the first link that holds its file's id; "" when none does (a
 * bucket's links). The page's data carries each link without it and without the file's id
 * (compactLink), 60 to 90 bytes a link, twice a row in the table (ADR 073); the browser puts
 * them back (fullLinks).
 */
export function linkPrefix(files: readonly FileItem[]): string {
  for (const file of files) {
    const at = file.thumbnailUrl?.indexOf(`/${file.fileId}/`) ?? -1;
    if (at >= 0 && file.thumbnailUrl?.startsWith("/")) return file.thumbnailUrl.slice(0, at + 1);
  }
  return "";
}

function compactLink(url: string, fileId: string, prefix: string) {
  const own = `${prefix}${fileId}/`;
  return prefix && url.startsWith(own) ? url.slice(own.length) : url;
}

function fullLink(url: string, fileId: string, prefix: string) {
  return url.startsWith("/") || url.includes(":") ? url : `${prefix}${fileId}/${url}`;
}

/** The rows' picture links without `prefix` and their file's id, for the page's data. */
export function compactLinks(row: FileRow, prefix: string): FileRow {
  if (!prefix) return row;
  return {
    ...row,
    ...(row.thumbnailUrl && { thumbnailUrl: compactLink(row.thumbnailUrl, row.fileId, prefix) }),
    ...(row.thumbnailLargeUrl && {
      thumbnailLargeUrl: compactLink(row.thumbnailLargeUrl, row.fileId, prefix),
    }),
  };
}

/** The rows with their picture links whole again, as a page's data carried them. */
export function fullLinks(rows: readonly FileRow[], prefix: string): FileRow[] {
  if (!prefix) return rows as FileRow[];
  return rows.map((row) => ({
    ...row,
    ...(row.thumbnailUrl && { thumbnailUrl: fullLink(row.thumbnailUrl, row.fileId, prefix) }),
    ...(row.thumbnailLargeUrl && {
      thumbnailLargeUrl: fullLink(row.thumbnailLargeUrl, row.fileId, prefix),
    }),
  }));
}
