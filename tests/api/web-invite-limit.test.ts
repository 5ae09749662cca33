import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "#api/auth/rate-limit.ts";
import { FormErrors } from "#app/components/forms.tsx";
import { messageWithValues } from "#app/i18n/message-values.ts";
import { I18nProvider } from "#app/i18n/react.tsx";
import type { WebContext } from "#app/load-context.ts";
import { action } from "#app/routes/teams.$teamId._home.members.new/route.tsx";
import { commitSession, getSession } from "#app/services/session.server.ts";
import { testWebContext } from "#tests/support/web-context.ts";
import { newEmail, type Tokens } from "./support/accounts.ts";
import { startApi, type TestApi } from "./support/api-server.ts";
import { ownedTeam, type TestTeam } from "./support/teams.ts";

/*
 * The member panel's invite form against the real API once the team's invitations of the day
 * are spent: posted as a browser without JavaScript posts it, it answers the form with a
 * message saying so, and in how many hours (docs/product.md#invitations).
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const limits: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  invite: {
    ip: { limit: 1000, windowMs: DAY_MS },
    account: { limit: 100, windowMs: DAY_MS },
    team: { limit: 1, windowMs: DAY_MS },
  },
};

let api: TestApi;
let tokens: Tokens;
let team: TestTeam;
beforeAll(async () => {
  api = await startApi({ rateLimits: limits });
  ({ tokens, team } = await ownedTeam(api));
});
afterAll(() => api.close());

const webContext = () => testWebContext(api.url, "web-invite-test") as unknown as WebContext;

async function postInvite(context: WebContext, email: string) {
  const page = `http://raccolta.test/teams/${team.teamId}/members/new`;
  const session = await getSession(new Request(page), context);
  session.set("tokens", {
    accessToken: tokens.AccessToken,
    refreshToken: tokens.RefreshToken,
    expiresAt: Date.now() + 30 * 60_000,
  });
  const [cookie] = (await commitSession(new Request(page), context, session)).split(";");
  const body = new URLSearchParams({
    intent: "invite",
    email,
    nickname: "Guest",
    role: "uploader",
  });
  const request = new Request(page, { method: "POST", body, headers: { Cookie: cookie ?? "" } });
  const answer = (await action({
    request,
    context: context as unknown as AppLoadContext,
    params: { teamId: team.teamId },
  })) as unknown as
    | Response
    | { data: { result?: { error?: Record<string, string[]> } }; init: { status: number } };
  if (answer instanceof Response) return { status: answer.status, formErrors: undefined };
  return { status: answer.init.status, formErrors: answer.data.result?.error?.[""] };
}

async function shown(language: "en" | "it", errors: string[]) {
  const file = path.resolve(import.meta.dirname, "../../app/locales", language, "messages.json");
  const catalogs = { [language]: { messages: JSON.parse(fs.readFileSync(file, "utf8")) } };
  const markup = renderToStaticMarkup(
    createElement(
      I18nProvider,
      { language, catalogs },
      createElement(FormErrors, { id: "e", errors }),
    ),
  );
  return markup.replace(/<[^>]+>/g, "");
}

describe("the invite form", () => {
  it("says too many invitations were sent today, and in how many hours to try again, in English and Italian", async () => {
    const context = webContext();
    expect((await postInvite(context, newEmail("first"))).status).toBe(303);
    const refused = await postInvite(context, newEmail("second"));
    expect(refused).toEqual({
      status: 429,
      formErrors: [messageWithValues("errors.tooManyInvitations", { count: 24 })],
    });
    expect(await shown("en", refused.formErrors ?? [])).toBe(
      "Too many invitations were sent today by you or this team. You can invite again in 24 hours.",
    );
    expect(await shown("it", refused.formErrors ?? [])).toBe(
      "Oggi tu o questo team avete inviato troppi inviti. Potrai invitare di nuovo tra 24 ore.",
    );
  });
});
