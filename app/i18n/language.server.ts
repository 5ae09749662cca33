import { createCookie } from "@remix-run/node";
import enActivity from "#app/locales/en/activity.json";
import enAuth from "#app/locales/en/auth.json";
import enCollections from "#app/locales/en/collections.json";
import enCommon from "#app/locales/en/common.json";
import enFiles from "#app/locales/en/files.json";
import enLanding from "#app/locales/en/landing.json";
import enLegal from "#app/locales/en/legal.json";
import enMessages from "#app/locales/en/messages.json";
import enPlans from "#app/locales/en/plans.json";
import enProfile from "#app/locales/en/profile.json";
import enTeams from "#app/locales/en/teams.json";
import itActivity from "#app/locales/it/activity.json";
import itAuth from "#app/locales/it/auth.json";
import itCollections from "#app/locales/it/collections.json";
import itCommon from "#app/locales/it/common.json";
import itFiles from "#app/locales/it/files.json";
import itLanding from "#app/locales/it/landing.json";
import itLegal from "#app/locales/it/legal.json";
import itMessages from "#app/locales/it/messages.json";
import itPlans from "#app/locales/it/plans.json";
import itProfile from "#app/locales/it/profile.json";
import itTeams from "#app/locales/it/teams.json";
import { isSecureRequest, ONE_YEAR_SECONDS } from "#app/services/cookies.server.ts";
import { defaultNS, fallbackLanguage, isLocale, type Locale } from "./config.ts";
import { type Catalog, makeT } from "./translator.ts";

/*
 * Translations on the server (ADR 038): every catalogue, bundled into the server build; the
 * visitor's language (a cookie, else Accept-Language); and a translator in it (`i18nServer`).
 * The browser loads its catalogues itself (entry.client.tsx); the translator both run is
 * translator.ts, the React side react.tsx, the settings config.ts.
 */

/** Every translation, bundled into the server build. */
export const resources: Record<Locale, Catalog> = {
  en: {
    common: enCommon,
    legal: enLegal,
    messages: enMessages,
    auth: enAuth,
    profile: enProfile,
    teams: enTeams,
    collections: enCollections,
    files: enFiles,
    plans: enPlans,
    landing: enLanding,
    activity: enActivity,
  },
  it: {
    common: itCommon,
    legal: itLegal,
    messages: itMessages,
    auth: itAuth,
    profile: itProfile,
    teams: itTeams,
    collections: itCollections,
    files: itFiles,
    plans: itPlans,
    landing: itLanding,
    activity: itActivity,
  },
};

/** An explicit language choice, kept for a year. */
const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: ONE_YEAR_SECONDS,
});

/**
 * The cookie's explicit choice; otherwise Italian whenever the browser's languages include it
 * (docs/product.md#interface, whatever its quality weight), otherwise English.
 */
export async function detectLocale(request: Request): Promise<Locale> {
  const chosen = await localeCookie.parse(request.headers.get("Cookie"));
  if (isLocale(chosen)) return chosen;
  const accepted = (request.headers.get("Accept-Language") ?? "")
    .split(",")
    .map((part) => part.split(";")[0]?.trim().toLowerCase() ?? "");
  return accepted.some((tag) => tag === "it" || tag.startsWith("it-")) ? "it" : fallbackLanguage;
}

export function serializeLocaleCookie(request: Request, locale: Locale) {
  return localeCookie.serialize(locale, { secure: isSecureRequest(request) });
}

export const i18nServer = {
  /** The visitor's language (detectLocale). */
  getLocale: detectLocale,
  /** A translation function in the request's language (or `locale`), fixed to `namespace`. */
  async getFixedT(requestOrLocale: Request | Locale, namespace: string = defaultNS) {
    const locale =
      typeof requestOrLocale === "string" ? requestOrLocale : await detectLocale(requestOrLocale);
    return makeT(resources, locale, namespace);
  },
};
