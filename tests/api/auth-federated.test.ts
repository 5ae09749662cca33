import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

function federated(idToken: string, { provider = "oidc", nonce = "nonce-1" } = {}) {
  return post(api, "/auth/federated", { provider, idToken, nonce });
}

async function signInWith(claims: Claims, provider = "oidc") {
  const response = await federated(await oidc.idToken(claims), { provider });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: Tokens }).result;
}

describe("POST /api/auth/federated", () => {
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
      await federated(await oidc.idToken({ email: newEmail(), aud: "another-app" })),
      401,
      "notAuthorized",
    );
  });

  it("answers notAuthorized for a token with another nonce, or none", async () => {
    await expectError(
      await federated(await oidc.idToken({ email: newEmail(), nonce: "someone-elses" })),
      401,
      "notAuthorized",
    );
    await expectError(
      await federated(await oidc.idToken({ email: newEmail(), nonce: undefined })),
      401,
      "notAuthorized",
    );
  });

  it("answers notAuthorized for a token naming another issuer", async () => {
    await expectError(
      await federated(await oidc.idToken({ email: newEmail(), iss: "https://accounts.example" })),
      401,
      "notAuthorized",
    );
  });

  it("answers notAuthorized for a token signed by another server's keys", async () => {
    // Same claims, including our issuer, but not signed with the issuer's published keys.
    const forged = await other.idToken({ email: newEmail(), iss: oidc.issuer });
    await expectError(await federated(forged), 401, "notAuthorized");
  });

  it("answers notAuthorized for an expired token", async () => {
    await expectError(
      await federated(await oidc.idToken({ email: newEmail() }, { expiresIn: -120 })),
      401,
      "notAuthorized",
    );
  });

  it("answers notConfirmed when the provider has not verified the email", async () => {
    await expectError(
      await federated(await oidc.idToken({ email: newEmail(), email_verified: false })),
      403,
      "notConfirmed",
    );
    await expectError(await federated(await oidc.idToken({})), 403, "notConfirmed");
  });

  it("answers privateEmailSignUpNotAllowed for an Apple relay address", async () => {
    const token = await oidc.idToken({
      email: "abc123@privaterelay.appleid.com",
      is_private_email: "true",
      email_verified: "true",
    });
    await expectError(
      await federated(token, { provider: "apple" }),
      403,
      "privateEmailSignUpNotAllowed",
    );
    // Apple's string booleans are understood.
    const email = newEmail("apple");
    await signInWith({ email, email_verified: "true", is_private_email: "false" }, "apple");
  });

  it("answers invalidInput for a provider that is not configured or not known", async () => {
    const token = await oidc.idToken({ email: newEmail() });
    await expectError(await federated(token, { provider: "google" }), 400, "invalidInput");
    await expectError(await federated(token, { provider: "myspace" }), 400, "invalidInput");
  });

  it("answers 502 when the provider does not answer, without internals", async () => {
    const response = await federated(await oidc.idToken({ email: newEmail() }), {
      provider: "linkedin",
    });
    const body = await expectError(response, 502, "generic");
    expect(body.message).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|fetch/i);
  });
});
