import { FILE_EXTENSION_MAX } from "./constants.ts";

// A file name's extension and the name before it (docs/product.md#files; ADR 070), without zod:
// the rename dialog uses them in the browser, where the validation schemas load only after the
// page works (ADR 034).

/**
 * A file's extension (docs/product.md#files): the last dot of the name and the 1 to
 * FILE_EXTENSION_MAX ASCII letters or digits after it, the dot not being the name's first
 * character; "" when there is none ("notes", ".profile", "Report v2.1 final").
 */
export function fileExtension(name: string): string {
  return FILE_EXTENSION.exec(name.trim())?.[1] ?? "";
}

const FILE_EXTENSION = new RegExp(`.(\\.[A-Za-z0-9]{1,${FILE_EXTENSION_MAX}})$`, "s");

/**
 * A name as typed for a file whose extension is `extension`, trimmed and without that extension
 * when it ends with it, in any case: "Montagna.JPG" and "Montagna" both give "Montagna" for
 * ".jpg", ".jpg" gives "" (no name); "x.png" stays "x.png".
 */
export function fileNameBase(typed: string, extension: string): string {
  const name = typed.trim();
  if (extension === "" || name.length < extension.length) return name;
  const end = name.slice(-extension.length);
  return end.toLowerCase() === extension.toLowerCase()
    ? name.slice(0, -extension.length).trimEnd()
    : name;
}

/** Why a file's name is refused, uploads and renames alike (fileNameProblem). */
export type FileNameProblem = "fileNameCharacters" | "fileNameType";

/**
 * What is wrong with a file's whole name (trimmed), the same for an upload and a rename
 * (docs/product.md#files): `fileNameCharacters` for a control character (a line break, a tab) or a
 * slash or backslash, which would read as a folder in a zip or a saved file; `fileNameType` for an
 * extension browsers run as HTML, SVG or script (FORBIDDEN_EXTENSIONS); otherwise null.
 */
export function fileNameProblem(name: string): FileNameProblem | null {
  if (NOT_IN_A_FILE_NAME.test(name)) return "fileNameCharacters";
  if (FORBIDDEN_EXTENSIONS.has(extensionOf(name))) return "fileNameType";
  return null;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused.
const NOT_IN_A_FILE_NAME = /[\u0000-\u001f\u007f/\\]/;

/** File extensions browsers run as HTML, SVG or script when opened. */
export const FORBIDDEN_EXTENSIONS = new Set([
  "html",
  "htm",
  "shtml",
  "xhtml",
  "xht",
  "mht",
  "mhtml",
  "svg",
  "svgz",
  "js",
  "mjs",
  "cjs",
  "xsl",
  "xslt",
]);

/** The text after a name's last dot, in lower case ("" without one). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot < 0
    ? ""
    : base
        .slice(dot + 1)
        .trim()
        .toLowerCase();
}
