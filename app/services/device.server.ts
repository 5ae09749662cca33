import { createCookie } from "@remix-run/node";
import { isSecureRequest, ONE_YEAR_SECONDS } from "./cookies.server.ts";

/**
 * The browser's device token (ADR 081): what the API answered its last password sign-in, sent
 * with the next ones so an attack on the account never locks this browser out. httpOnly, sent
 * only to the auth pages (with JavaScript the sign-in page posts to `/auth/signin.data`), and
 * kept across sign-outs: it proves a past sign-in, not a session.
 */
const deviceCookie = createCookie("device", {
  path: "/auth",
  httpOnly: true,
  sameSite: "lax",
  maxAge: ONE_YEAR_SECONDS,
});

/** The device token this browser holds, if any. */
export async function knownDevice(request: Request): Promise<string | undefined> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length <= 4000 ? value : undefined;
}

/** The Set-Cookie that keeps a device token the API answered. */
export function rememberDevice(request: Request, token: string) {
  return deviceCookie.serialize(token, { secure: isSecureRequest(request) });
}
