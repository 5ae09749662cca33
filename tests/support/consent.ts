/**
 * What a request that makes an account sends (ADR 096): the age confirmed and the versions of
 * the terms and the privacy policy accepted.
 */
export const CONSENT = {
  ageConfirmed: true,
  termsVersion: "2026-11-22",
  privacyVersion: "2026-11-22",
} as const;
