import { FILE_DATE_STYLE } from "#app/files/file-dates.ts";
import type { FileItem } from "#app/services/api/files.server.ts";
import { dateTimeFormat, formatDuration, formatFileSize, numberFormat } from "#domain/format.ts";

/**
 * The preview's details panel (docs/product.md#screens, File preview), written on the server in
 * the visitor's language as the files list writes its dates (FILE_DATE_STYLE): the same file
 * shows the same "Taken" or "Uploaded" date in both.
 */
export interface FileDetails {
  /** When the photo was taken (its EXIF date); null when it does not say. */
  taken: string | null;
  uploaded: string;
  /** The uploader's nickname; null once they have left the team. */
  uploaderName: string | null;
  /** A file a guest sent through a drop link: the name they gave, or null (ADR 099). */
  guest: { name: string | null } | null;
  size: string;
  /** Width and height, in pixels, or a PDF page's in points; null when unknown. */
  dimensions: { width: string; height: string; unit: "pixels" | "points" } | null;
  contentType: string;
  /** A video's length ("1:02"); null for anything else. */
  duration: string | null;
  /** The camera's make and model, as the photo names it; null when it does not. */
  camera: string | null;
}

export function fileDetails(file: FileItem, locale: string): FileDetails {
  const dates = dateTimeFormat(locale, FILE_DATE_STYLE);
  const count = numberFormat(locale, { maximumFractionDigits: 0 });
  const pdf = file.contentType.split(";")[0]?.trim().toLowerCase() === "application/pdf";
  return {
    taken: file.takenAt === null ? null : dates.format(file.takenAt),
    uploaded: dates.format(file.createdAt),
    uploaderName: file.uploader?.nickname ?? null,
    guest: file.guest === null ? null : { name: file.guest.name },
    size: formatFileSize(file.size, locale),
    dimensions:
      file.width !== null && file.height !== null
        ? {
            width: count.format(file.width),
            height: count.format(file.height),
            unit: pdf ? "points" : "pixels",
          }
        : null,
    contentType: file.contentType,
    duration: file.durationMs !== null ? formatDuration(file.durationMs) : null,
    camera: cameraName(file.camera),
  };
}

/** "Canon EOS 5D", from a make and a model that may already name it ("Canon", "Canon EOS 5D"). */
function cameraName(camera: FileItem["camera"]) {
  const make = camera?.make?.trim() ?? "";
  const model = camera?.model?.trim() ?? "";
  if (!model) return make || null;
  return make && !model.toLowerCase().startsWith(make.toLowerCase()) ? `${make} ${model}` : model;
}
