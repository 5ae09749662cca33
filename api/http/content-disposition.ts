/** Lone UTF-16 surrogates, which no encoding can carry. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** The longest name a Content-Disposition carries, in characters. */
const DISPOSITION_NAME_MAX = 100;

/**
 * An RFC 6266 Content-Disposition: an ASCII fallback in `filename` for old clients and the
 * exact name, UTF-8 and percent-encoded (RFC 8187), in `filename*`. All printable ASCII.
 */
export function contentDisposition(type: "attachment" | "inline", name: string): string {
  const clean = [...name.replace(LONE_SURROGATE, "\ufffd")].slice(0, DISPOSITION_NAME_MAX).join("");
  const fallback = clean.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
