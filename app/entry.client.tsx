import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "#app/i18n.ts";
import { setJavaScriptCookie } from "#app/services/streaming.ts";

/**
 * Translations are bundled per language and namespace, so the browser downloads only the ones its
 * page uses, as hashed, immutably cached chunks: no extra dependency, no runtime fetch code.
 */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>("./locales/*/*.json");

const bundledBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = bundles[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No translations for ${language}/${namespace}`), null);
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(bundledBackend)
    .init({ ...i18nConfig, lng: document.documentElement.lang, ns: getInitialNamespaces() });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
  // Tells the server this browser runs JavaScript, so later pages may stream (entry.server.tsx).
  setJavaScriptCookie();
}

// Without hydration the server-rendered page still works: every form posts and every link loads.
hydrate().catch((error) => console.error("hydration failed", error));
