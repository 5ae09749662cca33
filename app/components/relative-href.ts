/**
 * The shortest reference to `to` (an absolute path, with any query and fragment) from a page
 * at `from` (its pathname), as the browser resolves it (RFC 3986, section 5.2). A long list
 * repeats its address in every link of every row: on the files screen that was 4.6 KB of a
 * 20-row page's HTML (ADR 041). A list written this way must be rendered with the
 * address the browser shows, which `useLocation` gives on the server and in the browser alike.
 *
 *   relativeHref("/teams/t/collections/c", "/teams/t/collections/c/files/f") === "c/files/f"
 *   relativeHref("/teams/t/collections/c", "/teams/t/collections/c?creator=u") === "?creator=u"
 *   relativeHref("/teams/t/collections/c/files/f/rename", "/teams/t/collections/c/files/g")
 *     === "../g"
 *
 * Anything that is not an absolute path (another origin, `//host`, a relative reference) comes
 * back as it was, as does a path the relative form would not shorten.
 */
export function relativeHref(from: string, to: string): string {
  if (!from.startsWith("/") || !to.startsWith("/") || to.startsWith("//")) return to;
  const suffixAt = to.search(/[?#]/);
  const path = suffixAt === -1 ? to : to.slice(0, suffixAt);
  const suffix = suffixAt === -1 ? "" : to.slice(suffixAt);
  // Same document, another query: the query alone keeps the path. A fragment alone would keep
  // the page's current query too, so it does not qualify.
  if (path === from && suffix.startsWith("?")) return suffix;

  // Below the page's directory, the most common case (a list's rows): what follows it.
  const directory = from.slice(0, from.lastIndexOf("/") + 1);
  if (path.length > directory.length && path.startsWith(directory)) {
    const below = path.slice(directory.length);
    if (!below.startsWith("/") && !/^[^/]*:/.test(below)) return below + suffix;
  }

  const fromDirectory = from
    .slice(1, from.lastIndexOf("/") + 1)
    .split("/")
    .slice(0, -1);
  const target = path.slice(1).split("/");
  let shared = 0;
  while (
    shared < fromDirectory.length &&
    shared < target.length - 1 &&
    fromDirectory[shared] === target[shared]
  ) {
    shared++;
  }
  const rest = target.slice(shared).join("/");
  let relative = "../".repeat(fromDirectory.length - shared) + rest;
  // "" would be this very page, a leading "/" the site's root, and a first segment with a
  // colon a scheme.
  if (relative === "" || relative.startsWith("/") || /^[^/]*:/.test(relative)) {
    relative = `./${relative}`;
  }
  relative += suffix;
  return relative.length < to.length ? relative : to;
}
