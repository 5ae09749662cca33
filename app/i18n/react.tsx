import {
  Children,
  cloneElement,
  createContext,
  type ReactElement,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { defaultNS, type Locale } from "./config.ts";
import { type Catalogs, interpolate, makeT, type TFunction } from "./translator.ts";

/**
 * Translations in React (ADR 038): a provider with the page's language and catalogues, and the
 * `useTranslation` and `<Trans>` the components use. The server has every catalogue; the browser
 * loads a namespace's when a page first needs it (entry.client.tsx), and a component that needs
 * one not loaded yet suspends until it is, as react-i18next did.
 */
export type LoadNamespace = (language: Locale, namespace: string) => Promise<unknown> | undefined;

interface I18nContextValue {
  language: Locale;
  catalogs: Catalogs;
  /** Starts loading a namespace the catalogues lack; undefined when there is nothing to load. */
  load: LoadNamespace;
  changeLanguage: (language: Locale) => void;
}

const I18nContext = createContext<I18nContextValue | null>(null);

const nothingToLoad: LoadNamespace = () => undefined;

export function I18nProvider({
  language: initial,
  catalogs,
  load = nothingToLoad,
  children,
}: {
  language: Locale;
  catalogs: Catalogs;
  load?: LoadNamespace;
  children?: ReactNode;
}) {
  const [language, setLanguage] = useState(initial);
  const changeLanguage = useCallback(
    (next: Locale) => {
      // The namespaces in use, in the new language, before the page switches to it.
      const namespaces = Object.keys(catalogs[language] ?? {});
      void Promise.all(namespaces.map((namespace) => load(next, namespace))).then(
        () => startTransition(() => setLanguage(next)),
        (error: unknown) => console.error("translations did not load", error),
      );
    },
    [catalogs, language, load],
  );
  const value = useMemo(
    () => ({ language, catalogs, load, changeLanguage }),
    [language, catalogs, load, changeLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n() {
  const context = useContext(I18nContext);
  if (!context) throw new Error("useTranslation needs an I18nProvider");
  return context;
}

/**
 * `t` for `namespace` (the first of several; the others through `other:key`), under `keyPrefix`
 * when given, and the current language.
 */
export function useTranslation(namespace?: string | string[], options?: { keyPrefix?: string }) {
  const { language, catalogs, load } = useI18n();
  const namespaces = namespace === undefined ? [defaultNS] : [namespace].flat();
  for (const needed of namespaces) {
    if (catalogs[language]?.[needed] === undefined) {
      const loading = load(language, needed);
      if (loading) throw loading;
    }
  }
  const first = namespaces[0] ?? defaultNS;
  const keyPrefix = options?.keyPrefix;
  const t = useMemo(
    () => makeT(catalogs, language, first, keyPrefix),
    [catalogs, language, first, keyPrefix],
  );
  return { t, i18n: { language } };
}

/** Switches the page's translations to `locale` when it changes (a new language chosen). */
export function useChangeLanguage(locale: Locale) {
  const { language, changeLanguage } = useI18n();
  useEffect(() => {
    if (locale !== language) changeLanguage(locale);
  }, [locale, language, changeLanguage]);
}

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * A translation with markup: `<strong>{{email}}</strong>` in the text becomes `components.strong`
 * around the filled-in value. Tags are read from the translation before values are filled in,
 * so a value (a nickname, a team's name) is always text, never markup.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: Record<string, unknown>;
  components: Record<string, ReactElement>;
}) {
  // The template, its placeholders kept: values are filled in per text piece below.
  const template = t(i18nKey);
  return <>{Children.toArray(pieces(template, values, components))}</>;
}

function pieces(
  template: string,
  values: Record<string, unknown> | undefined,
  components: Record<string, ReactElement>,
): ReactNode[] {
  const nodes: ReactNode[] = [];
  let from = 0;
  for (const match of template.matchAll(TAG)) {
    const [whole, name = "", inner = ""] = match;
    const component = components[name];
    if (!component) continue;
    nodes.push(interpolate(template.slice(from, match.index), values));
    nodes.push(cloneElement(component, undefined, ...pieces(inner, values, components)));
    from = match.index + whole.length;
  }
  nodes.push(interpolate(template.slice(from), values));
  return nodes.filter((node) => node !== "");
}
