import fs from "node:fs";
import path from "node:path";
import { type AppLoadContext, createCookie } from "@remix-run/node";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "#api/auth/rate-limit.ts";
import { FormErrors } from "#app/components/forms.tsx";
import { messageWithValues } from "#app/i18n/message-values.ts";
import { I18nProvider } from "#app/i18n/react.tsx";
import type { WebContext } from "#app/load-context.ts";
import { action } from "#app/routes/auth.signin/route.tsx";
import { getSession } from "#app/services/session.server.ts";
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

describe("the sign-in form, with the account's budget spent", () => {
  it("says the account has had too many failed attempts, and for how many minutes, in English and Italian", async () => {
    const owner = await storedUser(api);
    const { limit, windowMs } = DEFAULT_RATE_LIMITS.signIn.account;
    // Failures from many addresses, each below its own address's budget.
    for (let i = 0; i < limit; i++) {
      const response = await api.requestFrom(
        `127.0.${40 + Math.floor(i / 5)}.${1 + (i % 5)}`,
        "/api/auth/signin",
        {
          email: owner.email,
          password: "Wrong-Password-1",
        },
      );
      expect(response.status).toBe(401);
    }
    const refused = await postSignIn(owner.email, owner.password);
    const minutes = windowMs / 60_000;
    expect(refused).toEqual({
      status: 429,
      formErrors: [messageWithValues("errors.tooManyAccountSignInAttempts", { count: minutes })],
    });
    expect(await shown("en", refused.formErrors ?? [])).toBe(
      `Too many failed sign-in attempts on this account. Try again in ${minutes} minutes, or sign in from a browser you have used before.`,
    );
    expect(await shown("it", refused.formErrors ?? [])).toBe(
      `Troppi tentativi di accesso non riusciti su questo account. Riprova tra ${minutes} minuti, oppure accedi da un browser che hai già usato.`,
    );
  });
});

/** Every text a cookie value decodes to: URI-decoded, split at dots, base64 (url) and JSON, nested. */
function decodings(value: string, depth = 0): string[] {
  const found = new Set<string>([value]);
  if (depth > 4) return [...found];
  const next = new Set<string>();
  try {
    next.add(decodeURIComponent(value));
  } catch {}
  for (const part of value.split(/[.]/)) {
    for (const encoding of ["base64", "base64url"] as const) {
      const text = Buffer.from(part, encoding).toString("utf8");
      if (text && !text.includes("\uFFFD")) next.add(text);
    }
  }
  try {
    const parsed: unknown = JSON.parse(value);
    next.add(typeof parsed === "string" ? parsed : JSON.stringify(parsed));
  } catch {}
  for (const text of next) {
    if (!found.has(text)) for (const deeper of decodings(text, depth + 1)) found.add(deeper);
  }
  return [...found];
}

describe("the session cookie", () => {
  it("holds the API tokens so that no decoding of its value reveals them, and only the server reads them", async () => {
    const owner = await storedUser(api);
    const context = webContext();
    const body = new URLSearchParams({
      intent: "sign-in",
      identifier: owner.email,
      password: owner.password,
    });
    const request = new Request("http://raccolta.test/auth/signin", { method: "POST", body });
    const response = (await action({ request, context, params: {} })) as unknown as Response;
    expect(response.status).toBe(303);
    const cookies = response.headers.getSetCookie();
    const value = cookies.find((cookie) => cookie.startsWith("session="))?.split(";")[0] ?? "";
    expect(value.length).toBeGreaterThan("session=".length);
    // A known device now: the browser keeps the API's device token for its next sign-ins.
    expect(cookies.some((cookie) => cookie.startsWith("device="))).toBe(true);

    // The server reads the tokens back...
    const session = await getSession(
      new Request("http://raccolta.test/teams", { headers: { Cookie: value } }),
      context as unknown as WebContext,
    );
    const tokens = session.get("tokens");
    expect(tokens?.accessToken).toMatch(/^eyJ/);
    // ...and nothing else can: no part of either token, nor the account's address.
    const [, payload = "", signature = ""] = tokens?.accessToken.split(".") ?? [];
    const texts = decodings(value.slice("session=".length));
    expect(texts.length).toBeGreaterThan(2);
    for (const text of texts) {
      expect(text).not.toContain(payload);
      expect(text).not.toContain(signature);
      expect(text).not.toContain(tokens?.refreshToken);
      expect(text).not.toContain(owner.userId);
    }
  });

  it("treats a cookie from before encryption (signed only) as a signed-out visitor, not an error", async () => {
    const context = webContext();
    const secrets = (context as unknown as WebContext).config.sessionSecrets;
    const signedOnly = await createCookie("session", { secrets }).serialize({
      tokens: { accessToken: "eyJ.x.y", refreshToken: "r", expiresAt: Date.now() + 60_000 },
      displayName: "Ada",
    });
    const session = await getSession(
      new Request("http://raccolta.test/teams", {
        headers: { Cookie: signedOnly.split(";")[0] ?? "" },
      }),
      context as unknown as WebContext,
    );
    expect(session.data).toEqual({});
  });
});
