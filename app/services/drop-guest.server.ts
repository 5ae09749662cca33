import { createHash } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { DROP_PATH_PREFIX } from "#domain/drop-links.ts";
import { isSecureRequest } from "./cookies.server.ts";

// A guest's credential on a drop link (ADR 097) lives in an HttpOnly cookie, never seen by page
// JavaScript. Its path is the links' common prefix, /d/, not the link's own address: a page's
// data requests go to `/d/{token}.data`, which a cookie of path `/d/{token}` does not reach
// (ADR 098). Each link's cookie has a name of its own, from a hash of its token, so a guest of
// two links holds two cookies, and each link's pages read only theirs.

/** How long a browser stays a link's guest: long enough for an event and its aftermath. */
const GUEST_COOKIE_SECONDS = 30 * 24 * 60 * 60;

/** The link's cookie name: a hash of its token, so the name tells nothing of the address. */
export function guestCookieName(token: string) {
  return `drop_guest_${createHash("sha256").update(token).digest("base64url").slice(0, 16)}`;
}

function guestCookie(request: Request, token: string) {
  return createCookie(guestCookieName(token), {
    path: DROP_PATH_PREFIX,
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(request),
    maxAge: GUEST_COOKIE_SECONDS,
  });
}

/** The credential this browser holds for the link, if any. */
export async function guestCredential(request: Request, token: string): Promise<string | null> {
  const value: unknown = await guestCookie(request, token).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value !== "" ? value : null;
}

/** The Set-Cookie header that makes this browser the link's guest. */
export function rememberGuest(request: Request, token: string, credential: string) {
  return guestCookie(request, token).serialize(credential);
}
