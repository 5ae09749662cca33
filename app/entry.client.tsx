import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { getInitialNamespaces } from "remix-i18next/client";
import { fallbackLanguage, isLocale, type Locale } from "#app/i18n/config.ts";
import { I18nProvider } from "#app/i18n/react.tsx";
import type { Catalog, Catalogs } from "#app/i18n/translator.ts";
import { setJavaScriptCookie } from "#app/services/streaming.ts";

/**
 * Translations are bundled per language and namespace, so the browser downloads only the ones its
 * page uses, as hashed, immutably cached chunks: no extra dependency, no runtime fetch code.
 */
const bundles = import.meta.glob<{ default: Catalog }>("./locales/*/*.json");
const catalogs: Catalogs = {};
const loading = new Map<string, Promise<unknown>>();

/** Loads one namespace's translations into `catalogs`; undefined once they are there. */
function load(language: Locale, namespace: string) {
  if (catalogs[language]?.[namespace] !== undefined) return undefined;
  const id = `./locales/${language}/${namespace}.json`;
  let promise = loading.get(id);
  if (!promise) {
    const bundle = bundles[id];
    if (!bundle) return undefined;
    // A chunk that fails to load (a network error) leaves the namespace empty, its keys shown
    // (as react-i18next did): a rejected promise thrown again would retry the render forever.
    promise = bundle().then(
      (module) => {
        catalogs[language] = { ...catalogs[language], [namespace]: module.default };
      },
      (error: unknown) => {
        console.error(`translations ${language}/${namespace} did not load`, error);
        catalogs[language] = { ...catalogs[language], [namespace]: {} };
      },
    );
    loading.set(id, promise);
  }
  return promise;
}

async function hydrate() {
  const lang = document.documentElement.lang;
  const language: Locale = isLocale(lang) ? lang : fallbackLanguage;
  // The namespaces the server rendered this page with: its routes' `handle.i18n`.
  await Promise.all(getInitialNamespaces().map((namespace) => load(language, namespace)));

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nProvider language={language} catalogs={catalogs} load={load}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nProvider>,
    );
  });
  // Tells the server this browser runs JavaScript, so later pages may stream (entry.server.tsx).
  setJavaScriptCookie();
}

// Without hydration the server-rendered page still works: every form posts and every link loads.
hydrate().catch((error) => console.error("hydration failed", error));
