import { fileTypeFromBuffer } from "file-type";
import {
  DOCX,
  decodeText,
  type FileContentType,
  FORBIDDEN_TYPES,
  isAcceptedType,
  isTextType,
  normaliseType,
  PPTX,
  type RefusalReason,
  refusalByDeclaration,
  SNIFF_BYTES,
  UNSPECIFIC_TYPES,
  XLSX,
} from "#domain/file-types.ts";

// The accepted types, the refused ones and the text test are in domain/file-types.ts, where the
// upload dialog's check before sending finds them too (ADR 076).
export {
  decodeText,
  FILE_CONTENT_TYPES,
  type FileContentType,
  RASTER_IMAGE_TYPES,
  SNIFF_BYTES,
} from "#domain/file-types.ts";

export type SniffResult =
  | { ok: true; contentType: FileContentType }
  | { ok: false; reason: RefusalReason };

export interface SniffInput {
  /** The file's first bytes: SNIFF_BYTES of them, or the whole file when it is shorter. */
  head: Uint8Array;
  /** The content type the client announced (parameters and case do not matter); may be empty. */
  declaredType: string | null | undefined;
  /** The file's name as uploaded; only its extension is looked at. */
  fileName: string;
}

/** Sniffed types stored under an accepted type. */
const SNIFFED_ALIASES: Record<string, FileContentType> = {
  // An animated PNG is still a PNG.
  "image/apng": "image/png",
  "image/heic-sequence": "image/heic",
  "image/heif-sequence": "image/heif",
  "video/x-m4v": "video/mp4",
};

/**
 * Types that one container format holds under either name: brands of the same ISO media file
 * (a camera's HEIC is often branded `mif1`, read as HEIF), and zip for the Office formats,
 * whose own markers file-type only finds when they come early in the archive.
 */
const FAMILIES: FileContentType[][] = [
  ["image/heic", "image/heif"],
  ["video/mp4", "video/quicktime"],
  ["application/zip", DOCX, XLSX, PPTX],
];

/**
 * Decides what a file really is from its first bytes, the type the client announced and its
 * name. Only the bytes decide the stored type; the announced type must agree with them:
 *
 * - HTML, XHTML, SVG and JavaScript are `forbiddenType`, whatever they are announced as: by
 *   announced type, by extension (`.html`, `.svg`, `.js`, …), or by content (text that opens,
 *   after a BOM, white space, an XML declaration, a doctype or comments, with an HTML element,
 *   an `<svg>` root, or that names the XHTML or SVG namespace).
 * - A binary type the bytes show that is not on FILE_CONTENT_TYPES is `unknownType`, as are
 *   bytes that are neither a known type nor text.
 * - An announced type other than the sniffed one (aliases and same-container families aside) is
 *   `typeMismatch`; an empty or `application/octet-stream` announcement accepts what the bytes
 *   are. Text announced as any text type is fine; text announced as a binary type, or a binary
 *   announced as text, is a mismatch.
 *
 * The file name's extension is not compared with the bytes: a PNG saved as `.jpg` is common and
 * harmless, and it is stored and served as the PNG it is. JavaScript cannot be told from other
 * text by its bytes: it is refused by type and extension, and any text is stored as
 * `text/plain`, which no browser runs when it is served with `nosniff`.
 */
export async function sniffContent(input: SniffInput): Promise<SniffResult> {
  const head = input.head.subarray(0, SNIFF_BYTES);
  const declared = normaliseType(input.declaredType);

  if (refusalByDeclaration(declared, input.fileName) === "forbiddenType") {
    return { ok: false, reason: "forbiddenType" };
  }

  const text = decodeText(head);
  if (text !== null && isActiveMarkup(text)) return { ok: false, reason: "forbiddenType" };

  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    if (FORBIDDEN_TYPES.has(detected.mime)) return { ok: false, reason: "forbiddenType" };
    const sniffed = SNIFFED_ALIASES[detected.mime] ?? detected.mime;
    if (isAcceptedType(sniffed)) return agree(sniffed, declared);
    // A text format file-type knows (XML, iCalendar, …) is text like any other, judged below;
    // anything else it knows is not a type we keep.
    if (text === null) return { ok: false, reason: "unknownType" };
  }

  if (text === null) return { ok: false, reason: "unknownType" };
  if (UNSPECIFIC_TYPES.has(declared) || isTextType(declared)) {
    return { ok: true, contentType: "text/plain" };
  }
  return { ok: false, reason: "typeMismatch" };
}

/** The sniffed binary type, if the announced one agrees with it. */
function agree(sniffed: FileContentType, declared: string): SniffResult {
  if (UNSPECIFIC_TYPES.has(declared) || declared === sniffed) {
    return { ok: true, contentType: sniffed };
  }
  const family = FAMILIES.find((types) => types.includes(sniffed));
  if (family?.includes(declared as FileContentType)) {
    // A zip announced as a Word, Excel or PowerPoint file keeps the Office type, so it opens in
    // the right application; otherwise the sniffed brand wins.
    const office = sniffed === "application/zip" && declared !== "application/zip";
    return { ok: true, contentType: office ? (declared as FileContentType) : sniffed };
  }
  return { ok: false, reason: "typeMismatch" };
}

/**
 * Elements that make a browser sniff a document as HTML (the WHATWG MIME sniffing standard's
 * list), plus the roots of SVG and MathML and the elements that run or embed script.
 */
const ACTIVE_ELEMENTS = new Set([
  "html",
  "head",
  "body",
  "script",
  "iframe",
  "h1",
  "div",
  "font",
  "table",
  "a",
  "style",
  "title",
  "b",
  "br",
  "p",
  "svg",
  "math",
  "object",
  "embed",
  "img",
  "meta",
  "link",
  "base",
  "form",
  "frameset",
  "xsl:stylesheet",
  "xsl:transform",
]);

const ACTIVE_NAMESPACES = [
  "http://www.w3.org/1999/xhtml",
  "http://www.w3.org/2000/svg",
  "http://www.w3.org/1999/xsl/transform",
];

/**
 * Whether text is markup a browser could render with script: its first element (after an XML
 * declaration, processing instructions, comments and a doctype) is HTML or SVG, its doctype is
 * HTML or SVG, or it names the XHTML, SVG or XSLT namespace anywhere in the head. Markup whose
 * start cannot be read to the first element within the head counts as active, to be safe.
 * Text that does not start with `<` is not markup.
 */
export function isActiveMarkup(text: string): boolean {
  const lower = text.toLowerCase();
  let at = skipSpace(lower, 0);
  if (lower[at] !== "<") return false;
  if (ACTIVE_NAMESPACES.some((namespace) => lower.includes(namespace))) return true;
  for (;;) {
    at = skipSpace(lower, at);
    if (at >= lower.length) return true;
    if (lower.startsWith("<?", at)) {
      const end = lower.indexOf("?>", at + 2);
      if (end < 0) return true;
      at = end + 2;
    } else if (lower.startsWith("<!--", at)) {
      const end = lower.indexOf("-->", at + 4);
      if (end < 0) return true;
      at = end + 3;
    } else if (lower.startsWith("<!doctype", at)) {
      const name = /^<!doctype\s+([^\s>[]+)/.exec(lower.slice(at))?.[1] ?? "";
      if (name === "html" || name === "svg" || name.endsWith(":svg")) return true;
      const end = lower.indexOf(">", at);
      if (end < 0) return true;
      at = end + 1;
    } else if (lower[at] === "<") {
      const name = /^<([a-z][^\s/>]*)/.exec(lower.slice(at))?.[1];
      // Not an element (`< 3`, `<<`, `<!x`): not markup a browser renders.
      if (!name) return false;
      const local = name.startsWith("xsl:") ? name : name.slice(name.indexOf(":") + 1);
      return ACTIVE_ELEMENTS.has(local);
    } else {
      return false;
    }
  }
}

function skipSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}
