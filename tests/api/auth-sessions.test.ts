import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { REFRESH_REUSE_GRACE_MS } from "#api/auth/sessions.ts";
import {
  bearer,
  expectError,
  post,
  signedInUser,
  signIn,
  type Tokens,
} from "./support/accounts.ts";
import { PUBLIC_URL } from "./support/api-server.ts";
import { apiForThisFile } from "./support/file-api.ts";

const api = apiForThisFile();

const me = (headers: Record<string, string>) => api.request("/api/users/@me", { headers });

async function refresh(refreshToken: string) {
  return post(api, "/auth/refresh", { refreshToken });
}

/** A refresh at one instance of the API. */
function refreshAt(url: string, refreshToken: string) {
  return fetch(`${url}/api/auth/refresh`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ refreshToken }),
  });
}

/** The tokens of a refresh that must succeed. */
async function refreshed(refreshToken: string) {
  const response = await refresh(refreshToken);
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: Tokens }).result;
}

/**
 * Two answers to refreshing `before`'s token are one new refresh token, with access and ID
 * tokens that work, in the same session, and the session goes on with that token.
 */
async function expectSameSession(before: Tokens, first: Tokens, second: Tokens) {
  expect(first.RefreshToken).not.toBe(before.RefreshToken);
  expect(second.RefreshToken).toBe(first.RefreshToken);
  const session = decodeJwt(before.AccessToken).sid;
  for (const tokens of [first, second]) {
    expect(decodeJwt(tokens.AccessToken).sid).toBe(session);
    expect(decodeJwt(tokens.IdToken).sid).toBe(session);
    expect((await me(bearer(tokens))).status).toBe(200);
  }
  const next = await refreshed(first.RefreshToken);
  expect((await me(bearer(next))).status).toBe(200);
}

describe("Authorization: Bearer on GET /api/users/@me", () => {
  it("answers authorizationRequired without a bearer token", async () => {
    const response = await me({});
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
    await expectError(response, 401, "authorizationRequired");
    await expectError(await me({ Authorization: "Basic YWRhOnB3" }), 401, "authorizationRequired");
    await expectError(await me({ Authorization: "Bearer" }), 401, "authorizationRequired");
  });

  it("answers notAuthorized for a token that is not a valid access token of ours", async () => {
    const { tokens } = await signedInUser(api);
    const response = await me({ Authorization: "Bearer not-a-jwt" });
    expect(response.headers.get("www-authenticate")).toContain("invalid_token");
    await expectError(response, 401, "notAuthorized");
    // The ID token is signed by us too, but is not an access token.
    await expectError(
      await me({ Authorization: `Bearer ${tokens.IdToken}` }),
      401,
      "notAuthorized",
    );
    // Same claims, another key.
    const [, payload = ""] = tokens.AccessToken.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("a-key-that-is-not-the-server-key-at-all"));
    await expectError(await me({ Authorization: `Bearer ${forged}` }), 401, "notAuthorized");
    // An unsigned token ("alg": "none") is refused: the algorithm is fixed.
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    await expectError(
      await me({ Authorization: `Bearer ${header}.${payload}.` }),
      401,
      "notAuthorized",
    );
  });

  it("answers notAuthorized once the access token has expired", async () => {
    const { tokens } = await signedInUser(api);
    expect((await me(bearer(tokens))).status).toBe(200);
    api.clock.advance(15 * 60 * 1000 + 1000);
    try {
      await expectError(await me(bearer(tokens)), 401, "notAuthorized");
    } finally {
      api.clock.reset();
    }
  });
});

describe("POST /api/auth/refresh", () => {
  it("rotates: new tokens and a new refresh token, in the same session", async () => {
    const { tokens } = await signedInUser(api);
    const response = await refresh(tokens.RefreshToken);
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: Tokens };
    expect(result).toMatchObject({ TokenType: "Bearer", ExpiresIn: 900 });
    expect(result.RefreshToken).not.toBe(tokens.RefreshToken);
    expect((await me(bearer(result))).status).toBe(200);
    // The previous access token stays good until it expires: same session.
    expect((await me(bearer(tokens))).status).toBe(200);
  });

  it("revokes the whole family when a used refresh token comes back after the grace period", async () => {
    const { tokens } = await signedInUser(api);
    const first = ((await (await refresh(tokens.RefreshToken)).json()) as { result: Tokens })
      .result;
    // Someone replays the old token later: the family ends for everyone holding it.
    api.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    try {
      await expectError(await refresh(tokens.RefreshToken), 401, "notAuthorized");
      await expectError(await refresh(first.RefreshToken), 401, "notAuthorized");
      await expectError(await me(bearer(first)), 401, "notAuthorized");
      await expectError(await me(bearer(tokens)), 401, "notAuthorized");
    } finally {
      api.clock.reset();
    }
  });

  it("revokes the family when a used token comes back whose successor was already rotated", async () => {
    const { tokens } = await signedInUser(api);
    const first = await refreshed(tokens.RefreshToken);
    const second = await refreshed(first.RefreshToken);
    // Within the first token's grace period, but its successor has moved on: a copy, not a tab.
    await expectError(await refresh(tokens.RefreshToken), 401, "notAuthorized");
    await expectError(await refresh(second.RefreshToken), 401, "notAuthorized");
    await expectError(await me(bearer(second)), 401, "notAuthorized");
  });

  it("leaves the user's other sessions alone", async () => {
    const user = await signedInUser(api);
    const other = await signIn(api, { email: user.email, password: user.password });
    await refresh(user.tokens.RefreshToken);
    api.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    try {
      await expectError(await refresh(user.tokens.RefreshToken), 401, "notAuthorized");
      expect((await me(bearer(other))).status).toBe(200);
      expect((await refresh(other.RefreshToken)).status).toBe(200);
    } finally {
      api.clock.reset();
    }
  });

  it("answers notAuthorized for an unknown or expired refresh token", async () => {
    await expectError(await refresh("x".repeat(43)), 401, "notAuthorized");
    const { tokens } = await signedInUser(api);
    api.clock.advance(30 * 24 * 60 * 60 * 1000 + 1000);
    try {
      await expectError(await refresh(tokens.RefreshToken), 401, "notAuthorized");
    } finally {
      api.clock.reset();
    }
  });

  it("answers invalidInput without a refresh token", async () => {
    await expectError(await post(api, "/auth/refresh", {}), 400, "invalidInput");
  });
});

describe("POST /api/auth/refresh with a token just used (two tabs, a prefetch and a navigation)", () => {
  it("answers two refreshes of one token at once with the same refresh token, in a session that goes on", async () => {
    const { tokens } = await signedInUser(api);
    const [first, second] = await Promise.all([
      refreshed(tokens.RefreshToken),
      refreshed(tokens.RefreshToken),
    ]);
    await expectSameSession(tokens, first, second);
  });

  it("answers the same on two instances sharing the database, refreshing together", async () => {
    const other = await api.anotherInstance();
    try {
      const sessions = await Promise.all([1, 2, 3, 4, 5].map(() => signedInUser(api)));
      const answers = await Promise.all(
        sessions.flatMap(({ tokens }) => [
          refreshAt(api.url, tokens.RefreshToken),
          refreshAt(other.url, tokens.RefreshToken),
        ]),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const results = await Promise.all(
        answers.map(async (answer) => ((await answer.json()) as { result: Tokens }).result),
      );
      for (const [i, { tokens }] of sessions.entries()) {
        const [first, second] = results.slice(2 * i, 2 * i + 2);
        if (!first || !second) throw new Error("an answer is missing");
        await expectSameSession(tokens, first, second);
      }
    } finally {
      await other.close();
    }
  });

  it("answers a used token presented again within the grace period with the same refresh token", async () => {
    const { tokens } = await signedInUser(api);
    const first = await refreshed(tokens.RefreshToken);
    api.clock.advance(REFRESH_REUSE_GRACE_MS - 1000);
    try {
      const again = await refreshed(tokens.RefreshToken);
      await expectSameSession(tokens, first, again);
    } finally {
      api.clock.reset();
    }
  });
});

describe("POST /api/auth/signout", () => {
  it("ends the session: its access and refresh tokens stop working", async () => {
    const user = await signedInUser(api);
    const other = await signIn(api, { email: user.email, password: user.password });
    const response = await post(api, "/auth/signout", { accessToken: user.tokens.AccessToken });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    await expectError(await me(bearer(user.tokens)), 401, "notAuthorized");
    await expectError(await refresh(user.tokens.RefreshToken), 401, "notAuthorized");
    // Signing out twice is fine; the other session is untouched.
    expect(
      (await post(api, "/auth/signout", { accessToken: user.tokens.AccessToken })).status,
    ).toBe(200);
    expect((await me(bearer(other))).status).toBe(200);
  });

  it("accepts an expired access token, which still names its session", async () => {
    const { tokens } = await signedInUser(api);
    api.clock.advance(60 * 60 * 1000);
    try {
      expect((await post(api, "/auth/signout", { accessToken: tokens.AccessToken })).status).toBe(
        200,
      );
    } finally {
      api.clock.reset();
    }
    await expectError(await refresh(tokens.RefreshToken), 401, "notAuthorized");
  });

  it("answers invalidInput without an access token", async () => {
    await expectError(await post(api, "/auth/signout", {}), 400, "invalidInput");
  });

  it("answers notAuthorized for a token that is not ours", async () => {
    const forged = await new SignJWT({ sid: "x", token_use: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(PUBLIC_URL)
      .setSubject("someone")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode("a-key-that-is-not-the-server-key-at-all"));
    await expectError(
      await post(api, "/auth/signout", { accessToken: forged }),
      401,
      "notAuthorized",
    );
  });
});

describe("DELETE /api/users/@me/sessions (sign out everywhere)", () => {
  const signOutEverywhere = (tokens: Tokens, query = "") =>
    api.request(`/api/users/@me/sessions${query}`, { method: "DELETE", headers: bearer(tokens) });

  it("ends every session of the account, this one too: access and refresh tokens stop working", async () => {
    const user = await signedInUser(api);
    const phone = await signIn(api, { email: user.email, password: user.password });
    const stranger = await signedInUser(api);
    const response = await signOutEverywhere(user.tokens);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    for (const tokens of [user.tokens, phone]) {
      await expectError(await me(bearer(tokens)), 401, "notAuthorized");
      await expectError(await refresh(tokens.RefreshToken), 401, "notAuthorized");
    }
    // Another account is untouched; signing in again works.
    expect((await me(bearer(stranger.tokens))).status).toBe(200);
    const again = await signIn(api, { email: user.email, password: user.password });
    expect((await me(bearer(again))).status).toBe(200);
  });

  it("with keep=current, ends the others and keeps this one", async () => {
    const user = await signedInUser(api);
    const phone = await signIn(api, { email: user.email, password: user.password });
    const tablet = await signIn(api, { email: user.email, password: user.password });
    const response = await signOutEverywhere(user.tokens, "?keep=current");
    expect(response.status).toBe(200);
    for (const tokens of [phone, tablet]) {
      await expectError(await me(bearer(tokens)), 401, "notAuthorized");
      await expectError(await refresh(tokens.RefreshToken), 401, "notAuthorized");
    }
    expect((await me(bearer(user.tokens))).status).toBe(200);
    const next = await refreshed(user.tokens.RefreshToken);
    expect((await me(bearer(next))).status).toBe(200);
  });

  it("needs a signed-in session, and answers invalidInput for an unknown keep", async () => {
    await expectError(
      await api.request("/api/users/@me/sessions", { method: "DELETE" }),
      401,
      "authorizationRequired",
    );
    const { tokens } = await signedInUser(api);
    await expectError(await signOutEverywhere(tokens, "?keep=all"), 400, "invalidInput");
    expect((await me(bearer(tokens))).status).toBe(200);
  });
});
