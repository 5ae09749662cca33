import { createCookie } from "@remix-run/node";
import { dropPath } from "#domain/drop-links.ts";
import { isSecureRequest } from "./cookies.server.ts";

// A guest's credential on a drop link (ADR 097) lives in an HttpOnly cookie whose path is the
// link's own address: it goes only to that link's pages, never to page JavaScript, and a guest
// of two links holds two cookies that never meet.

/** How long a browser stays a link's guest: long enough for an event and its aftermath. */
const GUEST_COOKIE_SECONDS = 30 * 24 * 60 * 60;

function guestCookie(request: Request, token: string) {
  return createCookie("drop_guest", {
    path: dropPath(token),
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
