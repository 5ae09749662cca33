import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hashInvitationToken } from "#api/teams/invitations.ts";
import { CONSENT } from "#tests/support/consent.ts";
import type { CapturedMail } from "#tests/support/smtp-server.ts";
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
import {
  addMember,
  memberPath,
  ownedTeam,
  storedAccount,
  type TestTeam,
  type TestUser,
  tokensFor,
} from "./support/teams.ts";

interface MemberBody {
  userId: string;
  nickname: string;
  role: string;
  status: string;
  inviteExpiresAt: number | null;
  joinedAt: number | null;
}

let api: TestApi;
let owner: TestUser;
let ownerTokens: Tokens;
let team: TestTeam;
beforeAll(async () => {
  api = await startApi();
  ({ owner, tokens: ownerTokens, team } = await ownedTeam(api, { alias: "invite-crew" }));
});
afterAll(() => api.close());
afterEach(() => api.clock.reset());

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

async function body<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect({ status: response.status, text }).toMatchObject({ status });
  return JSON.parse(text) as T;
}

const keyOf = (mail: CapturedMail) => new URL(mail.links[0] ?? "").searchParams.get("key") ?? "";

/** Invites `email` through the API and answers the token its mail carries. */
async function invite(
  email = newEmail("invitee"),
  extra: { nickname?: string; role?: string; locale?: string } = {},
) {
  const member: MemberBody = await body(
    await api.request(`/api/teams/${team.teamId}/members`, {
      method: "POST",
      headers: bearer(ownerTokens),
      json: {
        email,
        nickname: extra.nickname ?? `Invitee ${randomUUID().slice(0, 8)}`,
        role: extra.role ?? "uploader",
        locale: extra.locale ?? "en",
      },
    }),
    201,
  );
  const mail = await api.smtp.waitForMail(email);
  return { email, member, mail, token: keyOf(mail) };
}

/** With a password the account is made, so the consent goes with it (ADR 096). */
function accept(json: Record<string, unknown>, tokens?: Tokens, teamId = team.teamId) {
  const body = json.password === undefined ? json : { ...CONSENT, ...json };
  return post(api, `/teams/${teamId}/invitations/accept`, body, tokens ? bearer(tokens) : {});
}
function preview(token: string | undefined, teamId = team.teamId) {
  return post(api, `/teams/${teamId}/invitations/preview`, { token });
}
function reject(token: string | undefined, teamId = team.teamId) {
  return post(api, `/teams/${teamId}/invitations/reject`, { token });
}
function resend(userId: string, tokens = ownerTokens) {
  return post(api, `/teams/${team.teamId}/invitations/resend`, { userId }, bearer(tokens));
}
async function memberRow(memberId: string) {
  return api.db
    .selectFrom("members")
    .selectAll()
    .where("team_id", "=", team.teamId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
}

describe("POST /api/teams/{teamId}/invitations/accept, signed in", () => {
  it("makes the invitation the user's membership; the link works once", async () => {
    const user = await confirmedUser(api);
    const { token, member } = await invite(user.email, { role: "upviewer" });
    const tokens = await signIn(api, { email: user.email, password: PASSWORD });
    // Not a member yet: the team is not there for them.
    await expectError(
      await api.request(`/api/teams/${team.teamId}/members`, { headers: bearer(tokens) }),
      404,
      "notFound",
    );

    const answer = await body<Record<string, unknown>>(await accept({ token }, tokens), 200);
    expect(answer).toEqual({ membership: { teamId: team.teamId, role: "upviewer" } });
    const row = await memberRow(user.username);
    expect(row).toMatchObject({
      member_id: user.username,
      user_id: user.username,
      email: user.email,
      status: "active",
      joined_at: expect.any(Number),
      invite_expires_at: null,
    });
    expect(await memberRow(member.userId)).toBeUndefined();
    const self: MemberBody = await body(
      await api.request(memberPath(team, user.username), { headers: bearer(tokens) }),
      200,
    );
    expect(self).toMatchObject({ status: "active", role: "upviewer", inviteExpiresAt: null });

    await expectError(await accept({ token }, tokens), 409, "invitationAlreadyHandled");
    await expectError(await accept({ token }), 409, "invitationAlreadyHandled");
    await expectError(await reject(token), 409, "invitationAlreadyHandled");
  });

  it("answers emailMismatch when the signed-in account has another email", async () => {
    const { token, email, member } = await invite();
    const someoneElse = await storedAccount(api);
    const error = await expectError(
      await accept({ token }, await tokensFor(api, someoneElse)),
      403,
      "emailMismatch",
    );
    expect(error.email).toBe(email);
    expect((await memberRow(member.userId))?.status).toBe("invited");
  });

  it("takes the team's alias in the path", async () => {
    const user = await storedAccount(api);
    const { token } = await invite(user.email ?? "");
    const answer = await body<{ membership: { teamId: string } }>(
      await accept({ token }, await tokensFor(api, user), "INVITE-CREW"),
      200,
    );
    expect(answer.membership.teamId).toBe(team.teamId);
  });

  it("refuses a bearer token that is not valid, instead of treating the caller as a guest", async () => {
    const { token } = await invite();
    await expectError(
      await accept({ token }, { AccessToken: "not-a-token" } as Tokens),
      401,
      "notAuthorized",
    );
  });
});

describe("POST /api/teams/{teamId}/invitations/accept, as a guest", () => {
  it("asks for a password when the email has no account, then creates it, joins and signs in", async () => {
    const { token, email, member } = await invite(undefined, {
      nickname: "Newcomer",
      role: "viewer",
      locale: "it",
    });
    const challenge = await expectError(await accept({ token }), 401, "newInvitedAccountRequired");
    expect(challenge.email).toBe(email);
    const weak = await expectError(await accept({ token, password: "short" }), 400, "invalidInput");
    expect(weak.message).toContain("password");
    expect((await memberRow(member.userId))?.status).toBe("invited");
    // The account is made here: without the age confirmed, nothing is (ADR 096).
    const unconfirmed = await post(api, `/teams/${team.teamId}/invitations/accept`, {
      token,
      password: "Brand-New-Pass1",
    });
    expect((await expectError(unconfirmed, 400, "invalidInput")).message).toContain("ageConfirmed");
    expect((await memberRow(member.userId))?.status).toBe("invited");

    const answer = await body<{ membership: unknown; auth: { result: Tokens } }>(
      await accept({ token, password: "Brand-New-Pass1" }),
      200,
    );
    expect(answer.membership).toEqual({ teamId: team.teamId, role: "viewer" });
    expect(answer.auth.result).toEqual({
      IdToken: expect.any(String),
      TokenType: "Bearer",
      AccessToken: expect.any(String),
      ExpiresIn: 900,
      RefreshToken: expect.any(String),
    });
    const me = await body<Record<string, unknown>>(
      await api.request("/api/users/@me", { headers: bearer(answer.auth.result) }),
      200,
    );
    expect(me).toMatchObject({ email, nickname: "Newcomer", userScope: "global" });
    const consent = await api.db
      .selectFrom("users")
      .select(["terms_version", "privacy_version", "age_confirmed_at"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({
      terms_version: CONSENT.termsVersion,
      privacy_version: CONSENT.privacyVersion,
      age_confirmed_at: expect.any(Number),
    });
    const account = await api.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ email_verified: 1, locale: "it", team_id: null });

    // The new account signs in with its password, and is in the team.
    const tokens = await signIn(api, { email, password: "Brand-New-Pass1" });
    const list = await body<{ members: MemberBody[] }>(
      await api.request(`/api/teams/${team.teamId}/members`, { headers: bearer(tokens) }),
      200,
    );
    expect(list.members.find((m) => m.userId === me.userId)).toMatchObject({
      nickname: "Newcomer",
      status: "active",
    });
    await expectError(
      await accept({ token, password: "Brand-New-Pass1" }),
      409,
      "invitationAlreadyHandled",
    );
  });

  it("asks a guest whose email has an account to sign in first (authorizationRequired)", async () => {
    const user = await storedAccount(api);
    const { token, member } = await invite(user.email ?? "");
    for (const json of [{ token }, { token, password: "Another-Pass-2" }]) {
      const error = await expectError(await accept(json), 401, "authorizationRequired");
      expect(error.email).toBe(user.email);
    }
    expect((await memberRow(member.userId))?.status).toBe("invited");
    // The account's password did not change.
    await tokensFor(api, user);
  });

  it("takes over a sign-up that never confirmed its email: the invitation proves the address", async () => {
    const unconfirmed = await signUp(api, newEmail("unconfirmed"), { password: "Squatter-Pass-3" });
    const { token, email } = await invite(unconfirmed.email);
    await expectError(await accept({ token }), 401, "newInvitedAccountRequired");
    const answer = await body<{ auth: { result: Tokens } }>(
      await accept({ token, password: "Rightful-Owner-4" }),
      200,
    );
    expect(answer.auth.result.AccessToken).toEqual(expect.any(String));
    await expectError(
      await post(api, "/auth/signin", { email, password: "Squatter-Pass-3" }),
      401,
      "notAuthorized",
    );
    await signIn(api, { email, password: "Rightful-Owner-4" });
  });
});

describe("invitation tokens", () => {
  it("answers invitationNotFound for an unknown token, another team's token or an unknown team", async () => {
    await expectError(await accept({ token: "x".repeat(43) }), 404, "invitationNotFound");
    const { token } = await invite();
    const other = await ownedTeam(api);
    await expectError(
      await accept({ token }, undefined, other.team.teamId),
      404,
      "invitationNotFound",
    );
    await expectError(
      await accept({ token }, undefined, "no-such-team"),
      404,
      "invitationNotFound",
    );
    await expectError(await reject("x".repeat(43)), 404, "invitationNotFound");
  });

  it("answers expiredToken after 7 days, for accept and reject", async () => {
    const { token, member } = await invite();
    api.clock.advance(7 * DAY_MS - 60_000);
    await expectError(await accept({ token }), 401, "newInvitedAccountRequired");
    api.clock.advance(2 * 60_000);
    await expectError(await accept({ token }), 410, "expiredToken");
    await expectError(await reject(token), 410, "expiredToken");
    const tokens = await tokensFor(api, owner);
    const shown: MemberBody = await body(
      await api.request(memberPath(team, member.userId), { headers: bearer(tokens) }),
      200,
    );
    expect(shown.status).toBe("invitation_expired");
  });

  it("needs a token in the body", async () => {
    await expectError(await accept({}), 400, "invalidInput");
    await expectError(await reject(undefined), 400, "invalidInput");
    await expectError(await accept({ token: "" }), 400, "invalidInput");
  });
});

describe("POST /api/teams/{teamId}/invitations/preview", () => {
  it("names the team, who invited, the invited email and the role, and spends nothing", async () => {
    const { token, email } = await invite(undefined, { role: "viewer" });
    const answer = await body<Record<string, unknown>>(await preview(token), 200);
    // Exactly these: no ids, no token, nothing about an account behind the address.
    expect(answer).toEqual({
      teamName: team.name,
      inviterNickname: "Owner",
      email,
      role: "viewer",
    });
    // By the team's alias too, and as often as the page is opened.
    await body(await preview(token, "invite-crew"), 200);
    await expectError(await accept({ token }), 401, "newInvitedAccountRequired");
  });

  it("refuses a used, expired or unknown link as accept does, so no page offers to accept it", async () => {
    const used = await invite();
    await body(await reject(used.token), 200);
    await expectError(await preview(used.token), 409, "invitationAlreadyHandled");

    const late = await invite();
    api.clock.advance(7 * DAY_MS + 60_000);
    await expectError(await preview(late.token), 410, "expiredToken");

    await expectError(await preview("x".repeat(43)), 404, "invitationNotFound");
    const other = await ownedTeam(api);
    await expectError(await preview(late.token, other.team.teamId), 404, "invitationNotFound");
    await expectError(await preview(undefined), 400, "invalidInput");
  });

  it("names no inviter who has left the team", async () => {
    const admin = await addMember(api, team, { role: "admin", nickname: "Ada Admin" });
    const adminTokens = await tokensFor(api, admin);
    const email = newEmail("invitee");
    await body(
      await api.request(`/api/teams/${team.teamId}/members`, {
        method: "POST",
        headers: bearer(adminTokens),
        json: { email, nickname: `Invitee ${randomUUID().slice(0, 8)}`, role: "viewer" },
      }),
      201,
    );
    const token = keyOf(await api.smtp.waitForMail(email));
    expect(await body(await preview(token), 200)).toMatchObject({ inviterNickname: "Ada Admin" });
    await api.db
      .updateTable("members")
      .set({ status: "left" })
      .where("team_id", "=", team.teamId)
      .where("member_id", "=", admin.memberId)
      .execute();
    expect(await body(await preview(token), 200)).toMatchObject({ inviterNickname: null });
  });
});

describe("POST /api/teams/{teamId}/invitations/reject", () => {
  it("declines: the member becomes rejected and the token is spent", async () => {
    const { token, member } = await invite();
    const answer = await body<unknown>(await reject(token), 200);
    expect(answer).toEqual({ ok: true });
    expect(await memberRow(member.userId)).toMatchObject({
      status: "rejected",
      invite_expires_at: null,
    });
    await expectError(await reject(token), 409, "invitationAlreadyHandled");
    await expectError(await accept({ token, password: PASSWORD }), 409, "invitationAlreadyHandled");
    const shown: MemberBody = await body(
      await api.request(memberPath(team, member.userId), { headers: bearer(ownerTokens) }),
      200,
    );
    expect(shown.status).toBe("rejected");
  });
});

describe("POST /api/teams/{teamId}/invitations/resend", () => {
  it("sends once every 24 hours, each time with a new link that replaces the old one", async () => {
    const { token: first, member, email } = await invite();
    const cooldown = await resend(member.userId);
    await expectError(cooldown, 429, "invitationResendCooldown");
    expect(Number(cooldown.headers.get("retry-after"))).toBeGreaterThan(23 * 60 * 60);

    api.clock.advance(DAY_MS - 60_000);
    const tokens = await tokensFor(api, owner);
    await expectError(await resend(member.userId, tokens), 429, "invitationResendCooldown");
    api.clock.advance(60_000);
    const resent: MemberBody = await body(await resend(member.userId, tokens), 200);
    expect(resent).toMatchObject({ userId: member.userId, status: "invited" });
    expect(resent.inviteExpiresAt).toBe(
      (await memberRow(member.userId))?.invite_expires_at ?? Number.NaN,
    );
    expect(resent.inviteExpiresAt).toBeGreaterThan(member.inviteExpiresAt ?? 0);
    const mail = await api.smtp.waitForMail(email);
    const second = keyOf(mail);
    expect(second).not.toBe(first);

    await expectError(await accept({ token: first }), 404, "invitationNotFound");
    await expectError(await accept({ token: second }), 401, "newInvitedAccountRequired");
    await expectError(await resend(member.userId, tokens), 429, "invitationResendCooldown");
  });

  it("revives an expired invitation with a new expiry", async () => {
    const { member, email } = await invite();
    api.clock.advance(8 * DAY_MS);
    const tokens = await tokensFor(api, owner);
    const before: MemberBody = await body(
      await api.request(memberPath(team, member.userId), { headers: bearer(tokens) }),
      200,
    );
    expect(before.status).toBe("invitation_expired");
    const after: MemberBody = await body(await resend(member.userId, tokens), 200);
    expect(after.status).toBe("invited");
    expect(after.inviteExpiresAt).toBeGreaterThan(api.clock.now() + 6 * DAY_MS);
    const token = keyOf(await api.smtp.waitForMail(email));
    await expectError(await accept({ token }), 401, "newInvitedAccountRequired");
  });

  it("is only for invited members, by owners and admins", async () => {
    const active = await addMember(api, team, { role: "viewer" });
    await expectError(await resend(active.memberId), 403, "forbidden");
    const declined = await addMember(api, team, { status: "rejected" });
    await expectError(await resend(declined.memberId), 403, "forbidden");
    await expectError(await resend("EMAIL#nobody@example.com"), 404, "notFound");
    const invited = await addMember(api, team, { status: "invited" });
    const viewerTokens = await tokensFor(api, active);
    await expectError(await resend(invited.memberId, viewerTokens), 403, "forbidden");
    const admin = await addMember(api, team, { role: "admin" });
    await body(await resend(invited.memberId, await tokensFor(api, admin)), 200);
  });
});

describe("invitation rows", () => {
  it("store the EMAIL# id, the lowercase email and only the hash of the token", async () => {
    const { token, email, member } = await invite(newEmail("MixedCase"));
    expect(member.userId).toBe(`EMAIL#${email.toLowerCase()}`);
    const row = await memberRow(member.userId);
    expect(row?.email).toBe(email.toLowerCase());
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.invite_token_hash).toBe(hashInvitationToken(token));
  });
});
