/**
 * The session cookie's name: the session storage sets it, and the host marks every answer to a
 * request that carries it, or that sets it, `private, no-store` (server/web.ts).
 */
export const SESSION_COOKIE = "session";

/** Whether a Cookie header carries the session, or a Set-Cookie list sets or clears it. */
export function mentionsSession(cookies: readonly string[]) {
  return cookies.some((cookie) =>
    cookie.split(";").some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`)),
  );
}
