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
