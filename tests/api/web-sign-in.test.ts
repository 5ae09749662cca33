import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "#api/auth/rate-limit.ts";
import { FormErrors } from "#app/components/forms.tsx";
import { messageWithValues } from "#app/i18n/message-values.ts";
import { I18nProvider } from "#app/i18n/react.tsx";
import { action } from "#app/routes/auth.signin/route.tsx";
import { testWebContext } from "#tests/support/web-context.ts";
import { storedUser } from "./support/accounts.ts";
import { apiForThisFile } from "./support/file-api.ts";

/*
 * The web sign-in's action against the real API with the product's limits: what the form shows
 * when the API refuses. The action calls the API from 127.0.0.1, as the web tier does.
 */
const api = apiForThisFile({ rateLimits: "product" });

const webContext = () => testWebContext(api.url, "web-sign-in-test") as unknown as AppLoadContext;

/** The sign-in form posted, as a browser without JavaScript posts it. */
async function postSignIn(identifier: string, password: string) {
  const body = new URLSearchParams({ intent: "sign-in", identifier, password });
  const request = new Request("http://raccolta.test/auth/signin", { method: "POST", body });
  const answer = (await action({ request, context: webContext(), params: {} })) as unknown as {
    data: { error?: Record<string, string[]> };
    init: { status: number };
  };
  return { status: answer.init.status, formErrors: answer.data.error?.[""] };
}

/** What FormErrors shows for these errors, in `language`, from the app's own messages. */
async function shown(language: "en" | "it", errors: string[]) {
  const messages = path.resolve(
    import.meta.dirname,
    "../../app/locales",
    language,
    "messages.json",
  );
  const catalogs = { [language]: { messages: JSON.parse(fs.readFileSync(messages, "utf8")) } };
  const markup = renderToStaticMarkup(
    createElement(
      I18nProvider,
      { language, catalogs },
      createElement(FormErrors, { id: "e", errors }),
    ),
  );
  return markup.replace(/<[^>]+>/g, "");
}

describe("the sign-in form", () => {
  it("shows the real reason when this address is locked out: too many attempts from it, and for how many minutes", async () => {
    const owner = await storedUser(api);
    const { limit, windowMs } = DEFAULT_RATE_LIMITS.signIn.accountFromIp;
    for (let i = 0; i < limit; i++) {
      expect(await postSignIn(owner.email, "Wrong-Password-1")).toEqual({
        status: 401,
        formErrors: ["errors.notAuthorized"],
      });
    }
    const refused = await postSignIn(owner.email, owner.password);
    const minutes = windowMs / 60_000;
    expect(refused).toEqual({
      status: 429,
      formErrors: [messageWithValues("errors.tooManySignInAttempts", { count: minutes })],
    });

    expect(await shown("en", refused.formErrors ?? [])).toBe(
      `Too many sign-in attempts from your network address. Try again in ${minutes} minutes.`,
    );
    expect(await shown("it", refused.formErrors ?? [])).toBe(
      `Troppi tentativi di accesso dal tuo indirizzo di rete. Riprova tra ${minutes} minuti.`,
    );
    expect(
      await shown("en", [messageWithValues("errors.tooManySignInAttempts", { count: 1 })]),
    ).toBe("Too many sign-in attempts from your network address. Try again in 1 minute.");
  });
});
