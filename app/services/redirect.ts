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
  // Resolve against a dummy origin: whatever parses to another origin is refused. Resolving
  // dot segments can itself make a protocol-relative path ("/.//evil" is "//evil"), and a
  // browser would read that as another host: the resolved path is judged again.
  const base = "http://same.invalid";
  const url = new URL(target, base);
  if (url.origin !== base) return fallback;
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  if (resolved.startsWith("//") || resolved.startsWith("/\\")) return fallback;
  return resolved;
}

/** The path and query of the request, to come back to after a form post. */
export function currentPath(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** A return path longer than this keeps only its path (the session cookie holds it). */
const RETURN_PATH_MAX = 1000;

/**
 * Where to come back to after signing in: the page asked for (a GET), or the page a form was
 * posted from (its same-origin Referer), without Remix's own data parameters. A path too long
 * for the session cookie drops its query, or is not kept at all.
 */
export function returnPathOf(request: Request): string | null {
  const url = new URL(request.url);
  let page = url;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const referer = URL.canParse(request.headers.get("Referer") ?? "")
      ? new URL(request.headers.get("Referer") ?? "")
      : null;
    if (referer?.origin === url.origin) page = referer;
  }
  const search = new URLSearchParams(page.search);
  search.delete("_routes");
  search.delete("index");
  const full = search.size > 0 ? `${page.pathname}?${search}` : page.pathname;
  const path = full.length <= RETURN_PATH_MAX ? full : page.pathname;
  if (path.length > RETURN_PATH_MAX) return null;
  return safeRedirectPath(path, "") || null;
}

function hasControlCharacter(value: string) {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
