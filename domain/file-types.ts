import { extensionOf, FORBIDDEN_EXTENSIONS } from "./file-names.ts";
// The file types a collection keeps, and the checks a file can be given before its bytes are sent
// (docs/product.md#files, docs/product.md#uploads; ADR 076). Without zod or any library: the
// upload dialog runs these in the browser. The API's full sniff (api/files/sniff.ts) decides.

/** The largest single file: S3's largest object. Plans limit the total long before. */
export const FILE_MAX_BYTES = 5 * 1024 ** 4;

/**
 * How many leading bytes a sniff looks at: what file-type needs to recognise every type it
 * knows, and plenty to see past a BOM, an XML declaration and comments to a root element.
 */
export const SNIFF_BYTES = 4100;

export const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
export const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

/** The raster images a file may be: libvips reads them all, so they get a thumbnail. */
export const RASTER_IMAGE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/heic",
  "image/heif",
] as const;

/**
 * The content types a file may be stored as: what its bytes must turn out to be. Everything
 * else is refused, as `forbiddenType` when it could run script in a browser (HTML, XHTML, SVG,
 * JavaScript), as `unknownType` otherwise. Text of any kind is stored as `text/plain`, so no
 * browser ever renders it as markup.
 */
export const FILE_CONTENT_TYPES = [
  ...RASTER_IMAGE_TYPES,
  "application/pdf",
  "application/zip",
  DOCX,
  XLSX,
  PPTX,
  "video/mp4",
  "video/quicktime",
  "video/webm",
  "text/plain",
] as const;

export type FileContentType = (typeof FILE_CONTENT_TYPES)[number];

/** Why a file is refused. */
export type RefusalReason = "forbiddenType" | "typeMismatch" | "unknownType";

/** Types that could run script in our origin if a browser rendered them. */
export const FORBIDDEN_TYPES = new Set([
  "text/html",
  "application/xhtml+xml",
  "image/svg+xml",
  "text/javascript",
  "application/javascript",
  "application/x-javascript",
  "application/ecmascript",
  "text/ecmascript",
  "text/jscript",
  "application/xslt+xml",
  "text/xsl",
]);

/** Declared types that are other names for an accepted type. */
const DECLARED_ALIASES: Record<string, string> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "image/x-png": "image/png",
  "application/x-zip-compressed": "application/zip",
  "application/x-pdf": "application/pdf",
};

/** Declared types that say nothing about the content: the sniffed type is taken as it is. */
export const UNSPECIFIC_TYPES = new Set(["", "application/octet-stream", "binary/octet-stream"]);

const ACCEPTED = new Set<string>(FILE_CONTENT_TYPES);

/** Whether `type` (normalised) is one of FILE_CONTENT_TYPES. */
export function isAcceptedType(type: string): type is FileContentType {
  return ACCEPTED.has(type);
}

/** Declared types that a text file may come with; it is stored as text/plain all the same. */
export function isTextType(type: string) {
  return (
    (type.startsWith("text/") && !FORBIDDEN_TYPES.has(type)) ||
    type === "application/json" ||
    type === "application/xml" ||
    type === "application/x-yaml" ||
    type === "application/yaml"
  );
}

/** A declared type without parameters, in lower case, under its accepted name. */
export function normaliseType(type: string | null | undefined): string {
  const bare = (type ?? "").split(";")[0]!.trim().toLowerCase();
  return DECLARED_ALIASES[bare] ?? bare;
}

/**
 * What the declared type and the name alone tell, before any byte: `forbiddenType` for HTML,
 * SVG, XSLT or JavaScript by type or extension; `unknownType` for a declared type no accepted
 * file can come with (one that is not accepted, not another name for one, not text and not
 * unspecific: whatever the bytes, the full sniff would refuse it); otherwise null.
 */
export function refusalByDeclaration(
  declaredType: string | null | undefined,
  fileName: string,
): RefusalReason | null {
  const declared = normaliseType(declaredType);
  if (FORBIDDEN_TYPES.has(declared) || FORBIDDEN_EXTENSIONS.has(extensionOf(fileName))) {
    return "forbiddenType";
  }
  if (UNSPECIFIC_TYPES.has(declared) || isAcceptedType(declared) || isTextType(declared)) {
    return null;
  }
  return "unknownType";
}

/**
 * The head as text, or null when it is not text: valid UTF-8 (a BOM allowed, a character cut
 * at the end of the head allowed) or UTF-16 with a BOM, without NUL or other control characters
 * than tab, line breaks, form feed and escape.
 */
export function decodeText(head: Uint8Array): string | null {
  let encoding = "utf-8";
  let body = head;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    body = head.subarray(3);
  } else if (head[0] === 0xff && head[1] === 0xfe) {
    encoding = "utf-16le";
    body = head.subarray(2);
  } else if (head[0] === 0xfe && head[1] === 0xff) {
    encoding = "utf-16be";
    body = head.subarray(2);
  }
  let text: string;
  try {
    // `stream: true` keeps a character cut off at the end of the head from being an error.
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body, {
      stream: true,
    });
  } catch {
    return null;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point.
  return /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f\u007f]/.test(text) ? null : text;
}

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0) {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((byte, index) => head[offset + index] === byte);
}

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/**
 * The signatures at the start of every accepted binary type, loosely: a head that matches one
 * may still be refused by the API's full sniff, but one that matches none is no accepted type.
 * ISO media (`ftyp`: MP4, QuickTime, HEIC, HEIF, AVIF) and QuickTime's older first atoms are
 * taken whatever their brand; zip whatever its first record (the Office formats are zips).
 */
const SIGNATURES: { bytes: number[]; offset?: number }[] = [
  { bytes: [0xff, 0xd8, 0xff] }, // JPEG
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }, // PNG
  { bytes: ascii("GIF8") },
  { bytes: ascii("WEBP"), offset: 8 }, // after RIFF and the length
  { bytes: ascii("%PDF") },
  { bytes: ascii("PK") }, // zip, DOCX, XLSX, PPTX
  { bytes: [0x1a, 0x45, 0xdf, 0xa3] }, // EBML: WebM
  { bytes: ascii("ftyp"), offset: 4 },
  { bytes: ascii("moov"), offset: 4 },
  { bytes: ascii("mdat"), offset: 4 },
  { bytes: ascii("free"), offset: 4 },
  { bytes: ascii("wide"), offset: 4 },
];

/**
 * Whether a head of a file could be an accepted type: it starts with the signature of one, or
 * it is text (which the API then checks for markup). `head` is the file's first SNIFF_BYTES,
 * or the whole file when it is shorter. A quick look for the browser and the web tier, never
 * stricter than the API: what it refuses, the API would refuse after the last byte.
 */
export function mayBeAccepted(head: Uint8Array): boolean {
  const bytes = head.subarray(0, SNIFF_BYTES);
  if (SIGNATURES.some(({ bytes: signature, offset }) => startsWith(bytes, signature, offset))) {
    return true;
  }
  return decodeText(bytes) !== null;
}

/** Why a file is refused before it is sent: its type, or its size. */
export type EarlyRefusal = "type" | "tooLarge" | "empty";

/**
 * The checks a file gets before a byte of it is sent (the upload dialog, and the web tier for
 * the form without JavaScript): its declared type and extension, its first bytes and its size.
 * Null when it may go; the API still checks it all again.
 */
export function checkBeforeSending(file: {
  name: string;
  type: string;
  size: number;
  head: Uint8Array;
}): EarlyRefusal | null {
  if (refusalByDeclaration(file.type, file.name) !== null) return "type";
  if (file.size > FILE_MAX_BYTES) return "tooLarge";
  if (file.size === 0) return "empty";
  if (!mayBeAccepted(file.head)) return "type";
  return null;
}
