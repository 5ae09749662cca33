import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  expectError,
  post,
  signedInUser,
  signIn,
  type Tokens,
} from "./support/accounts.ts";
import { PUBLIC_URL, startApi, type TestApi } from "./support/api-server.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const me = (headers: Record<string, string>) => api.request("/api/users/@me", { headers });

async function refresh(refreshToken: string) {
  return post(api, "/auth/refresh", { refreshToken });
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

  it("revokes the whole family when a used refresh token comes back", async () => {
    const { tokens } = await signedInUser(api);
    const first = ((await (await refresh(tokens.RefreshToken)).json()) as { result: Tokens })
      .result;
    // Someone replays the old token: the family ends for everyone holding it.
    await expectError(await refresh(tokens.RefreshToken), 401, "notAuthorized");
    await expectError(await refresh(first.RefreshToken), 401, "notAuthorized");
    await expectError(await me(bearer(first)), 401, "notAuthorized");
    await expectError(await me(bearer(tokens)), 401, "notAuthorized");
  });

  it("leaves the user's other sessions alone", async () => {
    const user = await signedInUser(api);
    const other = await signIn(api, { email: user.email, password: user.password });
    await refresh(user.tokens.RefreshToken);
    await refresh(user.tokens.RefreshToken);
    expect((await me(bearer(other))).status).toBe(200);
    expect((await refresh(other.RefreshToken)).status).toBe(200);
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
