import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "#api/auth/passwords.ts";
import type { MemberRow } from "#api/db/schema.ts";
import { hashInvitationToken, invitedMemberId } from "#api/teams/invitations.ts";
import { INVITATION_TTL_MS } from "#domain/constants.ts";
import type { MemberStatus, MemberType } from "#domain/members.ts";
import type { Role, TeamMode } from "#domain/roles.ts";
import { newEmail, PASSWORD, signIn, storedUser, type Tokens } from "./accounts.ts";
import type { TestApi } from "./api-server.ts";

// Teams and members written straight to the database, so member and invitation tests do not
// depend on the team endpoints.

export interface TestTeam {
  teamId: string;
  name: string;
  ownerId: string;
  starAlias: string | null;
}

/** A person who can sign in: a confirmed self sign-up, or an internal member's account. */
export interface TestUser {
  userId: string;
  email: string | null;
  password: string;
  username: string;
}

/** A confirmed account written to the database (no mail), with a nickname. */
export async function storedAccount(api: TestApi, email = newEmail()): Promise<TestUser> {
  const user = await storedUser(api, email);
  return { userId: user.userId, email, password: user.password, username: user.userId };
}

/** Signs a person in: by email, or by username and team for an internal member. */
export function tokensFor(api: TestApi, user: TestUser, teamId?: string): Promise<Tokens> {
  return user.email
    ? signIn(api, { email: user.email, password: user.password })
    : signIn(api, { username: user.username, team: teamId, password: user.password });
}

/** A team owned by `owner` (the teams row and the owner's membership), with an optional alias. */
export async function createTeamFor(
  api: TestApi,
  owner: { userId: string; email?: string | null },
  {
    mode = "collaborative",
    name = `Team ${randomUUID().slice(0, 6)}`,
    alias,
    ownerNickname = "Owner",
  }: { mode?: TeamMode; name?: string; alias?: string; ownerNickname?: string } = {},
): Promise<TestTeam> {
  const teamId = randomUUID();
  const at = api.clock.now();
  await api.db
    .insertInto("teams")
    .values({
      team_id: teamId,
      name,
      name_key: name.toLowerCase(),
      description: null,
      mode,
      logo_url: null,
      created_by: owner.userId,
      owner_id: owner.userId,
      updated_by: owner.userId,
      star_alias: alias ?? null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  if (alias) {
    await api.db
      .insertInto("team_aliases")
      .values({ alias, team_id: teamId, created_by: owner.userId, created_at: at })
      .execute();
  }
  await insertMember(api, {
    team_id: teamId,
    member_id: owner.userId,
    user_id: owner.userId,
    email: owner.email ?? null,
    nickname: ownerNickname,
    role: "owner",
    created_by: owner.userId,
  });
  return { teamId, name, ownerId: owner.userId, starAlias: alias ?? null };
}

async function insertMember(
  api: TestApi,
  row: Pick<MemberRow, "team_id" | "member_id" | "user_id" | "email" | "nickname" | "role"> &
    Partial<MemberRow>,
) {
  const at = api.clock.now();
  await api.db
    .insertInto("members")
    .values({
      status: "active",
      type: "other",
      locale: "en",
      created_by: row.member_id,
      created_at: at,
      updated_at: at,
      joined_at: row.status === "invited" ? null : at,
      invite_token_hash: null,
      invite_sent_at: null,
      invite_expires_at: null,
      ...row,
      nickname_key: row.nickname.toLowerCase(),
    })
    .execute();
}

export interface TestMember extends TestUser {
  /** The member's id in the team: the user id, or EMAIL#<address> for an invitation. */
  memberId: string;
  nickname: string;
  /** For an invited member: the token of its link. */
  token?: string;
}

/**
 * A member of `team` with an account of its own (or, for status invited, only an invitation to a
 * new address, with a known token). Internal members get a team account with the given password
 * and no password change pending, so they can sign in at once.
 */
export async function addMember(
  api: TestApi,
  team: TestTeam,
  {
    role = "viewer",
    status = "active",
    type = "other",
    nickname = `Member ${randomUUID().slice(0, 8)}`,
    email,
    inviteSentAt,
    inviteExpiresAt,
  }: {
    role?: Role;
    status?: MemberStatus;
    type?: MemberType;
    nickname?: string;
    email?: string;
    /** Defaults to a day and a minute ago, so the invitation may be resent. */
    inviteSentAt?: number | null;
    inviteExpiresAt?: number;
  } = {},
): Promise<TestMember> {
  const at = api.clock.now();
  if (status === "invited") {
    const address = email ?? newEmail("invitee");
    const token = randomBytes(32).toString("base64url");
    const memberId = invitedMemberId(address);
    await insertMember(api, {
      team_id: team.teamId,
      member_id: memberId,
      user_id: null,
      email: address,
      nickname,
      role,
      status,
      created_by: team.ownerId,
      invite_token_hash: hashInvitationToken(token),
      invite_sent_at: inviteSentAt === undefined ? at - 24 * 60 * 60 * 1000 - 60_000 : inviteSentAt,
      invite_expires_at: inviteExpiresAt ?? at + INVITATION_TTL_MS,
    });
    return {
      userId: memberId,
      memberId,
      email: address,
      password: PASSWORD,
      username: memberId,
      nickname,
      token,
    };
  }
  let user: TestUser;
  if (type === "internal") {
    const userId = randomUUID();
    const username = `crew.${randomUUID().slice(0, 6)}`;
    await api.db
      .insertInto("users")
      .values({
        user_id: userId,
        email: null,
        email_verified: 0,
        password_hash: await hashPassword(PASSWORD),
        nickname: username,
        username,
        team_id: team.teamId,
        user_scope: "team",
        must_change_password: 0,
        locale: "en",
        provider: "password",
        created_at: at,
        updated_at: at,
      })
      .execute();
    user = { userId, email: null, password: PASSWORD, username };
  } else {
    user = await storedAccount(api, email);
  }
  await insertMember(api, {
    team_id: team.teamId,
    member_id: user.userId,
    user_id: user.userId,
    email: user.email,
    nickname: type === "internal" ? user.username : nickname,
    role: type === "internal" ? "uploader" : role,
    status,
    type,
    created_by: team.ownerId,
  });
  return {
    ...user,
    memberId: user.userId,
    nickname: type === "internal" ? user.username : nickname,
  };
}

/** A team with its owner signed in. */
export async function ownedTeam(
  api: TestApi,
  options: Parameters<typeof createTeamFor>[2] = {},
): Promise<{ owner: TestUser; tokens: Tokens; team: TestTeam }> {
  const owner = await storedAccount(api);
  const team = await createTeamFor(api, owner, options);
  return { owner, tokens: await tokensFor(api, owner), team };
}

/** A member's id as a path segment: EMAIL#... needs percent-encoding. */
export function memberPath(team: TestTeam | string, memberId: string, rest = "") {
  const teamId = typeof team === "string" ? team : team.teamId;
  return `/api/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(memberId)}${rest}`;
}
