import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT } from "#tests/support/consent.ts";
import {
  bearer,
  confirmedUser,
  expectError,
  newEmail,
  PASSWORD,
  post,
  signIn,
  signUp,
  type Tokens,
} from "./support/accounts.ts";
import { startApi, type TestApi } from "./support/api-server.ts";
import { CLIENT_ID, type Claims, type OidcServer, startOidcServer } from "./support/oidc.ts";

let api: TestApi;
let oidc: OidcServer;
let other: OidcServer;
beforeAll(async () => {
  oidc = await startOidcServer();
  other = await startOidcServer();
  api = await startApi({
    providers: [
      { id: "oidc", issuer: oidc.issuer, clientId: CLIENT_ID },
      // Apple's rules (private relay addresses) checked against the same local server.
      { id: "apple", issuer: oidc.issuer, clientId: CLIENT_ID },
      // A provider whose issuer does not answer.
      { id: "linkedin", issuer: "http://127.0.0.1:9", clientId: CLIENT_ID },
    ],
  });
});
afterAll(async () => {
  await api.close();
  await oidc.stop();
  await other.stop();
});

/** A sign-in flow the API starts (ADR 086): the flow to keep, the nonce for the provider. */
async function startFlow(provider = "oidc") {
  const response = await post(api, "/auth/federated/start", { provider });
  expect(response.status).toBe(200);
  return (await response.json()) as { flow: string; nonce: string; expiresAt: number };
}

/**
 * A sign-in as the web app makes it: a flow started, the provider's ID token carrying its nonce
 * (unless `claims` say otherwise), both handed back.
 */
async function federatedWith(
  claims: Claims,
  {
    provider = "oidc",
    expiresIn = 300,
    server = oidc,
  }: { provider?: string; expiresIn?: number; server?: OidcServer } = {},
) {
  const { flow, nonce } = await startFlow(provider);
  const idToken = await server.idToken({ nonce, ...claims }, { expiresIn });
  return post(api, "/auth/federated", { provider, idToken, flow, ...CONSENT });
}

async function signInWith(claims: Claims, provider = "oidc") {
  const response = await federatedWith(claims, { provider });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: Tokens }).result;
}

describe("POST /api/auth/federated", () => {
  it("makes no account without the age confirmed and the versions, and signs in an account that has one (ADR 096)", async () => {
    const email = newEmail("minor");
    for (const consent of [{}, { ...CONSENT, ageConfirmed: false }, { ageConfirmed: true }]) {
      const { flow, nonce } = await startFlow("oidc");
      const idToken = await oidc.idToken({ nonce, email, email_verified: true });
      const refused = await post(api, "/auth/federated", {
        provider: "oidc",
        idToken,
        flow,
        ...consent,
      });
      expect(refused.status).toBe(400);
    }
    expect(
      await api.db
        .selectFrom("users")
        .select("user_id")
        .where("email", "=", email)
        .executeTakeFirst(),
    ).toBeUndefined();
    await signInWith({ email, email_verified: true });
    const row = await api.db
      .selectFrom("users")
      .select(["terms_version", "age_confirmed_at"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      terms_version: CONSENT.termsVersion,
      age_confirmed_at: expect.any(Number),
    });
    // Known now: later sign-ins need no consent.
    const { flow, nonce } = await startFlow("oidc");
    const idToken = await oidc.idToken({ nonce, email, email_verified: true });
    expect((await post(api, "/auth/federated", { provider: "oidc", idToken, flow })).status).toBe(
      200,
    );
  });

  it("creates a confirmed account from a good ID token and answers tokens", async () => {
    const email = newEmail("linus");
    const tokens = await signInWith({
      email: email.toUpperCase(),
      given_name: "Linus",
      family_name: "Torvalds",
      name: "Linus Torvalds",
      locale: "it-IT",
    });
    expect(tokens).toMatchObject({
      TokenType: "Bearer",
      ExpiresIn: 900,
      RefreshToken: expect.any(String),
    });
    const me = await api.request("/api/users/@me", { headers: bearer(tokens) });
    expect(await me.json()).toMatchObject({
      userScope: "global",
      email,
      firstName: "Linus",
      lastName: "Torvalds",
      nickname: "Linus Torvalds",
      preferredName: "Linus",
    });
    const row = await api.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      provider: "oidc",
      email_verified: 1,
      password_hash: null,
      locale: "it",
    });

    // The same person again is the same account.
    const again = await signInWith({ email });
    expect(decodeJwt(again.AccessToken).sub).toBe(row.user_id);
    // Its refresh token rotates like any other.
    expect((await post(api, "/auth/refresh", { refreshToken: again.RefreshToken })).status).toBe(
      200,
    );
  });

  it("makes sign-up with that email answer alreadySignedUp, naming the provider", async () => {
    const email = newEmail("social");
    await signInWith({ email });
    const response = await post(api, "/auth/signup", {
      email,
      password: PASSWORD,
      nickname: "Someone",
      locale: "en",
      ...CONSENT,
    });
    const body = await expectError(response, 409, "alreadySignedUp");
    expect(body.provider).toBe("oidc");
    // Nor can the account be signed into with a password it does not have.
    await expectError(
      await post(api, "/auth/signin", { email, password: PASSWORD }),
      401,
      "notAuthorized",
    );
  });

  it("signs an existing confirmed account in, which keeps its password", async () => {
    const user = await confirmedUser(api);
    const tokens = await signInWith({ email: user.email });
    const me = await api.request("/api/users/@me", { headers: bearer(tokens) });
    expect(await me.json()).toMatchObject({ username: user.username, nickname: "Ada" });
    await signIn(api, { email: user.email, password: user.password });
  });

  it("takes over an unconfirmed sign-up and drops its unproven password", async () => {
    const squatted = await signUp(api);
    await signInWith({ email: squatted.email });
    await expectError(
      await post(api, "/auth/signin", { email: squatted.email, password: squatted.password }),
      401,
      "notAuthorized",
    );
  });

  it("answers notAuthorized for a token for another audience", async () => {
    await expectError(
      await federatedWith({ email: newEmail(), aud: "another-app" }),
      401,
      "notAuthorized",
    );
  });

  it("answers notAuthorized for a token with another nonce, or none", async () => {
    await expectError(
      await federatedWith({ email: newEmail(), nonce: "someone-elses" }),
      401,
      "notAuthorized",
    );
    await expectError(
      await federatedWith({ email: newEmail(), nonce: undefined }),
      401,
      "notAuthorized",
    );
  });

  it("refuses a nonce the caller chose: only a flow the API started counts (ADR 086)", async () => {
    const email = newEmail("chosen");
    const idToken = await oidc.idToken({ email, nonce: "chosen-by-the-caller" });
    // The old body, with the nonce beside the token, is not taken at all.
    await expectError(
      await post(api, "/auth/federated", {
        provider: "oidc",
        idToken,
        nonce: "chosen-by-the-caller",
      }),
      400,
      "invalidInput",
    );
    // A made-up flow, well formed and not expired, has another nonce.
    const madeUp = `${"A".repeat(43)}.${api.clock.now() + 60_000}`;
    for (const flow of [madeUp, "chosen-by-the-caller"]) {
      await expectError(
        await post(api, "/auth/federated", { provider: "oidc", idToken, flow, ...CONSENT }),
        401,
        "notAuthorized",
      );
    }
    // A real flow, but the token carries another's nonce.
    const { flow } = await startFlow();
    await expectError(
      await post(api, "/auth/federated", { provider: "oidc", idToken, flow, ...CONSENT }),
      401,
      "notAuthorized",
    );
    // A flow's nonce is for its provider only.
    const apple = await startFlow("apple");
    const forApple = await oidc.idToken({ email, nonce: apple.nonce });
    await expectError(
      await post(api, "/auth/federated", {
        provider: "oidc",
        idToken: forApple,
        flow: apple.flow,
        ...CONSENT,
      }),
      401,
      "notAuthorized",
    );
    expect(
      await api.db
        .selectFrom("users")
        .where("email", "=", email)
        .select("user_id")
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it("refuses a replayed ID token: a flow signs in once", async () => {
    const { flow, nonce } = await startFlow();
    const idToken = await oidc.idToken({ email: newEmail("replay"), nonce });
    const first = await post(api, "/auth/federated", {
      provider: "oidc",
      idToken,
      flow,
      ...CONSENT,
    });
    expect(first.status).toBe(200);
    const again = await post(api, "/auth/federated", {
      provider: "oidc",
      idToken,
      flow,
      ...CONSENT,
    });
    await expectError(again, 401, "notAuthorized");
    // Replayed in parallel, one wins.
    const fresh = await startFlow();
    const token = await oidc.idToken({ email: newEmail("replay"), nonce: fresh.nonce });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(api, "/auth/federated", {
          provider: "oidc",
          idToken: token,
          flow: fresh.flow,
          ...CONSENT,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it("refuses a flow past its 15 minutes", async () => {
    const { flow, nonce, expiresAt } = await startFlow();
    expect(expiresAt - api.clock.now()).toBeLessThanOrEqual(15 * 60 * 1000);
    const idToken = await oidc.idToken({ email: newEmail("late"), nonce }, { expiresIn: 3600 });
    api.clock.advance(15 * 60 * 1000 + 1000);
    try {
      await expectError(
        await post(api, "/auth/federated", { provider: "oidc", idToken, flow, ...CONSENT }),
        401,
        "notAuthorized",
      );
    } finally {
      api.clock.reset();
    }
  });

  it("answers notAuthorized for a token naming another issuer", async () => {
    await expectError(
      await federatedWith({ email: newEmail(), iss: "https://accounts.example" }),
      401,
      "notAuthorized",
    );
  });

  it("answers notAuthorized for a token signed by another server's keys", async () => {
    // Same claims, including our issuer, but not signed with the issuer's published keys.
    const forged = await federatedWith({ email: newEmail(), iss: oidc.issuer }, { server: other });
    await expectError(forged, 401, "notAuthorized");
  });

  it("answers notAuthorized for an expired token", async () => {
    await expectError(
      await federatedWith({ email: newEmail() }, { expiresIn: -120 }),
      401,
      "notAuthorized",
    );
  });

  it("answers notConfirmed when the provider has not verified the email", async () => {
    await expectError(
      await federatedWith({ email: newEmail(), email_verified: false }),
      403,
      "notConfirmed",
    );
    await expectError(await federatedWith({}), 403, "notConfirmed");
  });

  it("answers privateEmailSignUpNotAllowed for an Apple relay address", async () => {
    const relay = {
      email: "abc123@privaterelay.appleid.com",
      is_private_email: "true",
      email_verified: "true",
    };
    await expectError(
      await federatedWith(relay, { provider: "apple" }),
      403,
      "privateEmailSignUpNotAllowed",
    );
    // Apple's string booleans are understood.
    const email = newEmail("apple");
    await signInWith({ email, email_verified: "true", is_private_email: "false" }, "apple");
  });

  it("answers invalidInput for a provider that is not configured or not known", async () => {
    const { flow, nonce } = await startFlow();
    const idToken = await oidc.idToken({ email: newEmail(), nonce });
    for (const provider of ["google", "myspace"]) {
      await expectError(
        await post(api, "/auth/federated", { provider, idToken, flow, ...CONSENT }),
        400,
        "invalidInput",
      );
      await expectError(
        await post(api, "/auth/federated/start", { provider }),
        400,
        "invalidInput",
      );
    }
  });

  it("answers 502 when the provider does not answer, without internals", async () => {
    const response = await federatedWith({ email: newEmail() }, { provider: "linkedin" });
    const body = await expectError(response, 502, "generic");
    expect(body.message).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|fetch/i);
  });
});
