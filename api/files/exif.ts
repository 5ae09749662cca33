import exifr from "exifr";
import { readHeifExifTiff } from "#api/media/heif-boxes.ts";

/**
 * How much of a file's start is handed to `readCaptureDate`. A JPEG's EXIF segment comes before
 * the image data and is at most 64 KB; a HEIC's or TIFF's is usually within the first
 * kilobytes. A date stored further in is not found, and the file sorts by its upload time.
 */
export const EXIF_HEAD_BYTES = 128 * 1024;

/** The tags read, and nothing else: exifr then parses only the segments that hold them. */
const PICK = [
  "DateTimeOriginal",
  "CreateDate",
  "OffsetTimeOriginal",
  "OffsetTimeDigitized",
  "Make",
  "Model",
];

/** What a photo's EXIF says about it: when it was taken and with what (ADR 080). */
export interface PhotoFacts {
  /** Epoch ms, as readCaptureDate reads it; null when the file does not say. */
  takenAt: number | null;
  /** The camera's make and model, trimmed and at most CAMERA_TEXT_MAX characters each. */
  camera: { make: string | null; model: string | null } | null;
}

/** Longer make or model strings are a writer's padding or garbage, not a camera's name. */
export const CAMERA_TEXT_MAX = 100;

/** Dates before photography are a camera's unset clock, not a capture date. */
const EARLIEST_YEAR = 1800;

/**
 * When the photo was taken, in epoch milliseconds, from the EXIF of a JPEG, HEIC/HEIF, AVIF,
 * TIFF or PNG head (the first EXIF_HEAD_BYTES of the file, or the whole file if shorter): its
 * DateTimeOriginal, else its CreateDate (DateTimeDigitized). Null when there is no such date,
 * it is blank or invalid, or the bytes are not an image exifr reads.
 *
 * EXIF dates are wall-clock times without a zone. With the matching offset tag
 * (OffsetTimeOriginal, OffsetTimeDigitized) the instant is exact; without it the time is taken
 * as UTC, so the same photo gets the same date on every server, and its wall-clock time reads
 * back unchanged when shown in UTC. See ADR 015.
 */
export async function readCaptureDate(head: Uint8Array): Promise<number | null> {
  return (await readPhotoFacts(head)).takenAt;
}

/** The capture date (see readCaptureDate) and the camera from the same EXIF head. */
export async function readPhotoFacts(head: Uint8Array): Promise<PhotoFacts> {
  const facts = factsOf(await tagsOf(head));
  if (facts.takenAt !== null || facts.camera !== null || !isHeif(head)) return facts;
  // A HEIF whose EXIF item exifr does not find (see readHeifExifTiff): its TIFF block alone.
  const tiff = readHeifExifTiff(head);
  return tiff ? factsOf(await tagsOf(tiff)) : facts;
}

function factsOf(tags: Record<string, unknown> | null): PhotoFacts {
  if (!tags) return { takenAt: null, camera: null };
  const make = cameraText(tags.Make);
  const model = cameraText(tags.Model);
  return {
    takenAt:
      parseExifDate(tags.DateTimeOriginal, tags.OffsetTimeOriginal) ??
      parseExifDate(tags.CreateDate, tags.OffsetTimeDigitized),
    camera: make === null && model === null ? null : { make, model },
  };
}

/** A make or model as people read it: trimmed of spaces and NULs, null when empty or absurd. */
function cameraText(value: unknown): string | null {
  if (typeof value !== "string") return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: EXIF strings are NUL-padded.
  const text = value.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  return text && text.length <= CAMERA_TEXT_MAX ? text : null;
}

/** An ISO media file branded as a HEIF image (`ftyp` first, `heic`, `mif1`, … brands). */
function isHeif(head: Uint8Array) {
  const text = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 32)).toString(
    "latin1",
  );
  return text.slice(4, 8) === "ftyp" && /heic|heix|heim|heis|hevc|hevx|mif1|msf1/.test(text);
}

async function tagsOf(head: Uint8Array): Promise<Record<string, unknown> | null> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(Buffer.from(head.buffer, head.byteOffset, head.byteLength), {
      pick: PICK,
      // The raw strings: exifr would read dates in the server's own time zone.
      reviveValues: false,
      translateValues: false,
    });
  } catch {
    // Not an image exifr knows, or its metadata is cut off or corrupt.
    return null;
  }
  return tags ?? null;
}

/**
 * An EXIF date (`YYYY:MM:DD HH:MM:SS`, dashes also accepted in the date) as epoch
 * milliseconds: shifted by `offset` (`+HH:MM`, `-HH:MM` or `Z`) when it is one, taken as UTC
 * otherwise. Null for anything else, including the blank `0000:00:00 00:00:00` and dates that do
 * not exist.
 */
export function parseExifDate(value: unknown, offset?: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < EARLIEST_YEAR || hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 31 February into March: a date that does not exist is refused instead.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.getTime() - offsetMs(offset);
}

/** An EXIF offset (`+02:00`, `-05:30`, `Z`) in milliseconds; 0 when missing or malformed. */
function offsetMs(offset: unknown): number {
  if (typeof offset !== "string") return 0;
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset.trim());
  if (!match) return 0;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (hours > 14 || minutes > 59) return 0;
  return (match[1] === "-" ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}
