/**
 * Keeps a user-supplied return path on our own site. Only a path that starts with a single "/"
 * survives; "//host", "/\host", encoded variants of those, control characters and any scheme fall
 * back to `fallback`.
 */
export function safeRedirectPath(
  target: FormDataEntryValue | string | null | undefined,
  fallback = "/",
) {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  let decoded = target;
  // Decode repeatedly so "%2F%2Fevil" and "%252F%252Fevil" are judged as what a browser may see.
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return fallback;
    }
  }
  for (const candidate of [target, decoded]) {
    if (!candidate.startsWith("/")) return fallback;
    if (candidate.startsWith("//") || candidate.startsWith("/\\")) return fallback;
    if (hasControlCharacter(candidate)) return fallback;
  }
  // Resolve against a dummy origin: whatever parses to another origin is refused.
  const base = "http://same.invalid";
  const url = new URL(target, base);
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The path and query of the request, to come back to after a form post. */
export function currentPath(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

function hasControlCharacter(value: string) {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
