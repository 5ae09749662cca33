/*
 * Entry names a zip can carry to any system (ADR 025, docs/product.md#downloads). A file's name in
 * the product is a label people typed; in an archive it becomes a path that Windows, macOS and
 * Linux unpack. So: no path (no `/`, `\`, `..`, drive letters), no characters Windows refuses in a
 * name, no control or bidirectional characters, no Windows device names, no trailing dots or
 * spaces; and names that would land on one file (case-insensitively, as Windows and macOS compare)
 * are told apart with " (2)", " (3)" before the extension.
 */

/** What becomes "_": path separators, what Windows refuses, controls, bidi marks, surrogates. */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are replaced.
  /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\p{Cs}/gu;
/** Names Windows keeps for devices, with or without an extension. */
const DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;
/** The longest name kept, in UTF-8 bytes: most file systems allow 255. */
const MAX_NAME_BYTES = 240;
const FALLBACK = "file";

/** One name made safe as a single path segment. */
export function cleanEntryName(name: string): string {
  let clean = name.normalize("NFC").replace(UNSAFE, "_").trim();
  // Windows drops trailing dots and spaces; "." and ".." are no names at all.
  clean = clean.replace(/[. ]+$/, "");
  if (clean === "") return FALLBACK;
  if (DEVICE_NAME.test(clean)) clean = `_${clean}`;
  return truncateUtf8(clean, MAX_NAME_BYTES);
}

/** Cuts `text` to at most `bytes` UTF-8 bytes, keeping the extension and whole characters. */
function truncateUtf8(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  const dot = text.lastIndexOf(".");
  const extension = dot > 0 && text.length - dot <= 10 ? text.slice(dot) : "";
  const stem = [...text.slice(0, text.length - extension.length)];
  while (stem.length > 0 && Buffer.byteLength(stem.join("") + extension) > bytes) stem.pop();
  return stem.join("") + extension;
}

/** `name (n).ext` for the n-th file of one name. */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  return `${stem} (${n})${extension}`;
}

/**
 * The archive's entry paths for `names`, in order: each cleaned, under `folder` when one is
 * given (itself cleaned), and unique, case-insensitively.
 */
export function entryPaths(names: readonly string[], folder?: string): string[] {
  const prefix = folder === undefined || folder.trim() === "" ? "" : `${cleanEntryName(folder)}/`;
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = cleanEntryName(raw);
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = numbered(name, n);
    taken.add(candidate.toLowerCase());
    return prefix + candidate;
  });
}
