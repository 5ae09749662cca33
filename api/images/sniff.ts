import { fileTypeFromBuffer } from "file-type";
import { IMAGE_CONTENT_TYPES } from "#domain/constants.ts";

export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/** How many leading bytes file-type needs to recognise every type it knows. */
export const SNIFF_BYTES = 4100;

const ACCEPTED = new Set<string>(IMAGE_CONTENT_TYPES);

/**
 * The image type the bytes really are, or null when they are anything else (SVG, HTML, PDF,
 * text, unknown). Only the bytes count: a declared type or file name is never trusted.
 */
export async function sniffImageType(firstBytes: Uint8Array): Promise<ImageContentType | null> {
  const detected = await fileTypeFromBuffer(firstBytes.subarray(0, SNIFF_BYTES));
  if (!detected) return null;
  // An animated PNG is still a PNG; its first frame is what is kept.
  const mime = detected.mime === "image/apng" ? "image/png" : detected.mime;
  return ACCEPTED.has(mime) ? (mime as ImageContentType) : null;
}
