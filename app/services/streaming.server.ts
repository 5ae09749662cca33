import { isbot } from "isbot";

/**
 * Whether a loader may stream its lists (return promises for <Await>) or must render the whole
 * page. React's streamed Suspense chunks need an inline script to appear, so only browsers that
 * have shown they run JavaScript get them: the `js` cookie, set on hydration (useJavaScriptCookie
 * in app/services/streaming.ts). Bots never do, even with the cookie.
 */
export function canStream(request: Request): boolean {
  const cookie = request.headers.get("cookie") ?? "";
  return /(?:^|;\s*)js=1(?:;|$)/.test(cookie) && !isbot(request.headers.get("user-agent"));
}

/**
 * `value` as a promise for a browser that streams, else awaited, so one component can render
 * both with <Await resolve={...}> (which renders a settled value at once).
 */
export async function deferFor<T>(
  request: Request,
  value: Promise<T>,
): Promise<{ streamed: Promise<T> } | { streamed: T }> {
  if (canStream(request)) {
    // Not awaited: the page shell goes out first, the rows follow. A rejection reaches <Await>'s
    // errorElement; mark it handled here so it never counts as unhandled before that.
    value.catch(() => undefined);
    return { streamed: value };
  }
  return { streamed: await value };
}
