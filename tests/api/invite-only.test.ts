import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT } from "#tests/support/consent.ts";
import type { CapturedMail } from "#tests/support/smtp-server.ts";
import { bearer, expectError, newEmail, post, type Tokens } from "./support/accounts.ts";
import { startApi, type TestApi } from "./support/api-server.ts";
import { CLIENT_ID, federatedSignIn, type OidcServer, startOidcServer } from "./support/oidc.ts";
import { ownedTeam, type TestTeam } from "./support/teams.ts";

// SIGNUP=invite-only (ADR 088): no account but through a team's invitation.

let api: TestApi;
let oidc: OidcServer;
let team: TestTeam;
let ownerTokens: Tokens;
beforeAll(async () => {
  oidc = await startOidcServer();
  api = await startApi({
    signUp: "invite-only",
    providers: [{ id: "oidc", issuer: oidc.issuer, clientId: CLIENT_ID }],
  });
  ({ team, tokens: ownerTokens } = await ownedTeam(api));
});
afterAll(async () => {
  await api?.close();
  await oidc?.stop();
});

const keyOf = (mail: CapturedMail) => new URL(mail.links[0] ?? "").searchParams.get("key") ?? "";

async function invite(email: string) {
  const response = await api.request(`/api/teams/${team.teamId}/members`, {
    method: "POST",
    headers: bearer(ownerTokens),
    json: { email, nickname: `Guest ${email.slice(0, 8)}`, role: "viewer", locale: "en" },
  });
  expect(response.status).toBe(201);
  return keyOf(await api.smtp.waitForMail(email));
}

const accountOf = (email: string) =>
  api.db.selectFrom("users").select("user_id").where("email", "=", email).executeTakeFirst();

describe("SIGNUP=invite-only", () => {
  it("answers a sign-up restrictedAccess, invited or not, and makes no account", async () => {
    const stranger = newEmail("stranger");
    const invited = newEmail("invited");
    await invite(invited);
    for (const email of [stranger, invited]) {
      await expectError(
        await post(api, "/auth/signup", {
          email,
          password: "Sup3r-secret!",
          nickname: "Someone",
          locale: "en",
          ...CONSENT,
        }),
        403,
        "restrictedAccess",
      );
      expect(await accountOf(email)).toBeUndefined();
    }
  });

  it("answers restrictedAuthorization to a provider's new account without an invitation", async () => {
    const email = newEmail("federated");
    await expectError(await federatedSignIn(api, oidc, { email }), 403, "restrictedAuthorization");
    expect(await accountOf(email)).toBeUndefined();
  });

  it("lets an invited address in through its provider, and existing accounts sign in", async () => {
    const email = newEmail("federated-invited");
    await invite(email);
    const response = await federatedSignIn(api, oidc, { email });
    expect(response.status).toBe(200);
    expect(await accountOf(email)).toBeDefined();
    // The account exists now: signing in again needs no invitation.
    const again = await federatedSignIn(api, oidc, { email });
    expect(again.status).toBe(200);
  });

  it("still creates an account when an invitation is accepted with a password", async () => {
    const email = newEmail("accepting");
    const token = await invite(email);
    const accept = (json: Record<string, unknown>) =>
      post(api, `/teams/${team.teamId}/invitations/accept`, json);
    await expectError(await accept({ token }), 401, "newInvitedAccountRequired");
    const answer = await accept({ token, password: "Brand-New-Pass1", ...CONSENT });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { membership: unknown }).membership).toEqual({
      teamId: team.teamId,
      role: "viewer",
    });
    expect(await accountOf(email)).toBeDefined();
  });
});
