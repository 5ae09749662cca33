import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import {
  fallbackLanguage,
  i18nConfig,
  isLocale,
  type Locale,
  supportedLanguages,
} from "#app/i18n.ts";
import enAuth from "#app/locales/en/auth.json";
import enCollections from "#app/locales/en/collections.json";
import enCommon from "#app/locales/en/common.json";
import enFiles from "#app/locales/en/files.json";
import enLegal from "#app/locales/en/legal.json";
import enMessages from "#app/locales/en/messages.json";
import enProfile from "#app/locales/en/profile.json";
import enTeams from "#app/locales/en/teams.json";
import itAuth from "#app/locales/it/auth.json";
import itCollections from "#app/locales/it/collections.json";
import itCommon from "#app/locales/it/common.json";
import itFiles from "#app/locales/it/files.json";
import itLegal from "#app/locales/it/legal.json";
import itMessages from "#app/locales/it/messages.json";
import itProfile from "#app/locales/it/profile.json";
import itTeams from "#app/locales/it/teams.json";
import { isSecureRequest, ONE_YEAR_SECONDS } from "./cookies.server.ts";

export const resources = {
  en: {
    common: enCommon,
    legal: enLegal,
    messages: enMessages,
    auth: enAuth,
    profile: enProfile,
    teams: enTeams,
    collections: enCollections,
    files: enFiles,
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
 * (the spec's rule, whatever its quality weight), otherwise English.
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

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    order: ["custom"],
    findLocale: detectLocale,
  },
  i18next: { ...i18nConfig, resources },
});
