/**
 * Parses an HTTP `Range` header for one resource of `size` bytes (RFC 9110, section 14).
 *
 * - `undefined`: no usable range, so the whole resource is served with 200. That covers a missing
 *   header, another unit, a malformed value and several ranges (which we may ignore).
 * - `"unsatisfiable"`: a well-formed range that starts past the end; answer 416.
 * - otherwise the inclusive byte range to serve with 206.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0) return "unsatisfiable";
    return size === 0 ? "unsatisfiable" : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return undefined;
  if (start >= size) return "unsatisfiable";
  return { start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}
