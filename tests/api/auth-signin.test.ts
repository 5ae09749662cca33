import argon2 from "argon2";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { describe, expect, it, vi } from "vitest";
import {
  bearer,
  confirmedUser,
  expectError,
  internalMember,
  newEmail,
  PASSWORD,
  post,
  signIn,
  type Tokens,
} from "./support/accounts.ts";
import { PUBLIC_URL } from "./support/api-server.ts";
import { apiForThisFile } from "./support/file-api.ts";

const api = apiForThisFile();

const NEW_PASSWORD = "Fresh-Start-42";

/** The token with its signature's first character changed (it carries six full bits). */
function tampered(token: string) {
  const [header, payload, signature = ""] = token.split(".");
  return `${header}.${payload}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
}

describe("POST /api/auth/signin with email", () => {
  it("answers the product's result: ID and access tokens for 15 minutes and a refresh token", async () => {
    const user = await confirmedUser(api);
    const response = await post(api, "/auth/signin", {
      email: user.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: Tokens };
    expect(result).toEqual({
      IdToken: expect.any(String),
      TokenType: "Bearer",
      AccessToken: expect.any(String),
      ExpiresIn: 900,
      RefreshToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    for (const token of [result.IdToken, result.AccessToken]) {
      expect(decodeProtectedHeader(token)).toMatchObject({ alg: "HS256", typ: "JWT" });
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({
        sub: expect.any(String),
        username: user.username,
        iss: PUBLIC_URL,
      });
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
      expect(typeof claims.sid).toBe("string");
    }
    expect(decodeJwt(result.IdToken)).toMatchObject({
      token_use: "id",
      email: user.email,
      email_verified: true,
    });
    expect(decodeJwt(result.AccessToken)).toMatchObject({ token_use: "access" });
    // The refresh token is stored only as a hash.
    const stored = await api.db.selectFrom("refresh_tokens").select("token_hash").execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(result.RefreshToken);
  });

  it("answers notAuthorized alike for a wrong password and an unknown email", async () => {
    const user = await confirmedUser(api);
    const wrong = await expectError(
      await post(api, "/auth/signin", { email: user.email, password: "Wrong-Password-1" }),
      401,
      "notAuthorized",
    );
    const unknown = await expectError(
      await post(api, "/auth/signin", { email: newEmail("nobody"), password: PASSWORD }),
      401,
      "notAuthorized",
    );
    expect(unknown).toEqual(wrong);
  });

  it("spends the same argon2 work on an unknown user as on a wrong password", async () => {
    const user = await confirmedUser(api);
    // The API runs in this process: the spy sees each argon2 check it makes, and calls through.
    const verify = vi.spyOn(argon2, "verify");
    /** The argon2 checks one sign-in made, by the parameters (the work) of the hash checked. */
    const checksOf = async (email: string) => {
      verify.mockClear();
      await post(api, "/auth/signin", { email, password: "Wrong-Password-1" });
      return verify.mock.calls.map(([hash]) => hash.split("$").slice(0, 4).join("$"));
    };
    try {
      const known = await checksOf(user.email);
      expect(known).toHaveLength(1);
      expect(known[0]).toMatch(/^\$argon2id\$v=19\$m=19456,/);
      // Without the decoy hash an unknown user would be answered with no check at all.
      expect(await checksOf(newEmail("nobody"))).toEqual(known);
    } finally {
      verify.mockRestore();
    }
  });

  it("validates the body: one of email or username, and a password of 8 to 100", async () => {
    await expectError(await post(api, "/auth/signin", { password: PASSWORD }), 400, "invalidInput");
    await expectError(
      await post(api, "/auth/signin", { email: newEmail(), username: "ada", password: PASSWORD }),
      400,
      "invalidInput",
    );
    const short = await expectError(
      await post(api, "/auth/signin", { email: newEmail(), password: "short" }),
      400,
      "invalidInput",
    );
    expect(short.message).toContain("password: passwordShort");
  });
});

describe("POST /api/auth/signin for internal members", () => {
  it("signs in with username, password and team", async () => {
    const member = await internalMember(api, { mustChangePassword: false });
    const tokens = await signIn(api, {
      username: member.username,
      password: member.password,
      team: member.teamId,
    });
    expect(decodeJwt(tokens.IdToken)).toMatchObject({
      sub: member.userId,
      username: member.username,
      team_id: member.teamId,
    });
    const me = await api.request("/api/users/@me", { headers: bearer(tokens) });
    expect(await me.json()).toMatchObject({
      userId: member.userId,
      userScope: "team",
      email: null,
    });
  });

  it("answers notAuthorized for another team or no team", async () => {
    const member = await internalMember(api, { mustChangePassword: false });
    const credentials = { username: member.username, password: member.password };
    await expectError(
      await post(api, "/auth/signin", { ...credentials, team: "another-team" }),
      401,
      "notAuthorized",
    );
    await expectError(await post(api, "/auth/signin", credentials), 401, "notAuthorized");
  });

  it("keeps usernames apart per team", async () => {
    const first = await internalMember(api, { username: "site.crew", mustChangePassword: false });
    const second = await internalMember(api, {
      username: "site.crew",
      password: NEW_PASSWORD,
      mustChangePassword: false,
    });
    const a = await signIn(api, { username: "site.crew", password: PASSWORD, team: first.teamId });
    const b = await signIn(api, {
      username: "site.crew",
      password: NEW_PASSWORD,
      team: second.teamId,
    });
    expect(decodeJwt(a.AccessToken).sub).toBe(first.userId);
    expect(decodeJwt(b.AccessToken).sub).toBe(second.userId);
  });
});

describe("the newPasswordRequired challenge and POST /api/auth/new-password", () => {
  async function challenge() {
    const member = await internalMember(api);
    const response = await post(api, "/auth/signin", {
      username: member.username,
      password: member.password,
      team: member.teamId,
    });
    const body = await expectError(response, 401, "newPasswordRequired");
    expect(body).toMatchObject({
      session: expect.any(String),
      teamId: member.teamId,
      username: member.username,
    });
    return { member, session: body.session as string };
  }

  it("answers tokens for a new password, after which only the new one works", async () => {
    const { member, session } = await challenge();
    const response = await post(api, "/auth/new-password", {
      newPassword: NEW_PASSWORD,
      session,
      teamId: member.teamId,
      username: member.username,
    });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: Tokens };
    expect(decodeJwt(result.AccessToken).sub).toBe(member.userId);

    await signIn(api, { username: member.username, password: NEW_PASSWORD, team: member.teamId });
    await expectError(
      await post(api, "/auth/signin", {
        username: member.username,
        password: member.password,
        team: member.teamId,
      }),
      401,
      "notAuthorized",
    );
    // The challenge is spent.
    await expectError(
      await post(api, "/auth/new-password", {
        newPassword: "Another-One-7",
        session,
        teamId: member.teamId,
        username: member.username,
      }),
      401,
      "notAuthorized",
    );
  });

  it("holds the new password to the sign-up policy", async () => {
    const { member, session } = await challenge();
    const body = await expectError(
      await post(api, "/auth/new-password", {
        newPassword: "alllowercase",
        session,
        teamId: member.teamId,
        username: member.username,
      }),
      400,
      "invalidInput",
    );
    expect(body.message).toContain("newPassword: policyPassword");
  });

  it("answers userNotFound when the challenge's account was deleted since (ADR 088)", async () => {
    const { member, session } = await challenge();
    await api.db.deleteFrom("users").where("user_id", "=", member.userId).execute();
    await expectError(
      await post(api, "/auth/new-password", {
        newPassword: NEW_PASSWORD,
        session,
        teamId: member.teamId,
        username: member.username,
      }),
      404,
      "userNotFound",
    );
  });

  it("refuses a session that is forged, with invalidCredentials another account's names, or expired", async () => {
    const { member, session } = await challenge();
    const request = { newPassword: NEW_PASSWORD, teamId: member.teamId, username: member.username };
    await expectError(
      await post(api, "/auth/new-password", { ...request, session: tampered(session) }),
      401,
      "notAuthorized",
    );
    await expectError(
      await post(api, "/auth/new-password", { ...request, session, username: "someone.else" }),
      401,
      "invalidCredentials",
    );
    await expectError(
      await post(api, "/auth/new-password", { ...request, session, teamId: "another-team" }),
      401,
      "invalidCredentials",
    );
    // An access token is not a challenge session.
    const user = await confirmedUser(api);
    const tokens = await signIn(api, { email: user.email, password: user.password });
    await expectError(
      await post(api, "/auth/new-password", { ...request, session: tokens.AccessToken }),
      401,
      "notAuthorized",
    );
    api.clock.advance(11 * 60 * 1000);
    try {
      await expectError(
        await post(api, "/auth/new-password", { ...request, session }),
        410,
        "expiredToken",
      );
    } finally {
      api.clock.reset();
    }
  });
});
