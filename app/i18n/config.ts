/** i18next settings shared by the server and the browser. */
export const supportedLanguages = ["en", "it"] as const;
export type Locale = (typeof supportedLanguages)[number];
export const fallbackLanguage: Locale = "en";
export const defaultNS = "common";

export const i18nConfig = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS,
  interpolation: { escapeValue: false },
};

export function isLocale(value: unknown): value is Locale {
  return supportedLanguages.includes(value as Locale);
}
