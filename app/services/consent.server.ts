import { createCookie } from "@remix-run/node";
import { COOKIE_CONSENT_MAX_AGE_DAYS } from "#domain/constants.ts";
import { isSecureRequest } from "./cookies.server.ts";

export type Consent = "accepted" | "declined";

const consentCookie = createCookie("consent", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: COOKIE_CONSENT_MAX_AGE_DAYS * 24 * 60 * 60,
});

/** The visitor's cookie-consent choice, or null while they have not chosen (the banner shows). */
export async function getConsent(request: Request): Promise<Consent | null> {
  const value = await consentCookie.parse(request.headers.get("Cookie"));
  return value === "accepted" || value === "declined" ? value : null;
}

export function serializeConsent(request: Request, consent: Consent | null) {
  const secure = isSecureRequest(request);
  return consent === null
    ? consentCookie.serialize("", { secure, maxAge: 0 })
    : consentCookie.serialize(consent, { secure });
}
