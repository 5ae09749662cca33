import { i18nServer } from "./language.server.ts";

/**
 * The versions of the terms and the privacy policy a person accepts now: those the legal pages
 * show (their date). Sent with every request that makes an account or a subscription (ADR 096).
 */
export async function acceptedVersions() {
  const legal = await i18nServer.getFixedT("en", "legal");
  return { termsVersion: legal("terms.version"), privacyVersion: legal("privacy.version") };
}

/** What a form that makes an account sends once its age and terms boxes are ticked (ADR 096). */
export async function consent() {
  return { ageConfirmed: true as const, ...(await acceptedVersions()) };
}
