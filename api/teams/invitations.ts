import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Updateable } from "kysely";
import type { Logger } from "pino";
import { actorOf, findTeam, type TeamAccess } from "#api/access/teams.ts";
import { recordActivity } from "#api/activity/record.ts";
import type { SignInResult } from "#api/auth/accounts.ts";
import { hashPassword } from "#api/auth/passwords.ts";
import type { SessionStore } from "#api/auth/sessions.ts";
import type { TokenService } from "#api/auth/tokens.ts";
import type { Clock } from "#api/clock.ts";
import type { Db, MemberRow, MembersTable, TeamRow, UserRow } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import type { Mailer } from "#api/mail/mailer.ts";
import { invitationMail } from "#api/mail/templates.ts";
import {
  type Consent,
  consentColumns,
  findUserByEmail,
  findUserById,
  newUserRow,
} from "#api/users/users.ts";
import { INVITATION_RESEND_COOLDOWN_MS, INVITATION_TTL_MS } from "#domain/constants.ts";
import { isInvitationResendAllowed } from "#domain/members.ts";
import { type AssignableRole, canResendInvitation, type Role } from "#domain/roles.ts";
import {
  assertRoomForMember,
  FORMER_MEMBER_STATUSES,
  forbidden,
  INVITED_MEMBER_ID_PREFIX,
  type Member,
  type MemberService,
  newMemberRow,
  nicknameAlreadyExists,
  nicknameKey,
} from "./members.ts";

// Invitations by email (docs/product.md#invitations): invite, resend, and the invitee's accept or
// reject with the single-use token the mail carries. See docs/decisions for the choices.

/**
 * An invitation nobody answered yet: invited, or pending when its mail could not be sent (the
 * mailer may have delivered it all the same, so its link works: ADR 095).
 */
const INVITATION_STATUSES = ["invited", "pending"] as const;

/** The member id of an invitation nobody has accepted yet. */
export function invitedMemberId(email: string) {
  return `${INVITED_MEMBER_ID_PREFIX}${email.toLowerCase()}`;
}

/** Only the SHA-256 of a token is stored: 256 random bits need no slow hash. */
export function hashInvitationToken(token: string) {
  return createHash("sha256").update(token).digest("base64url");
}

function newInvitationToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashInvitationToken(token) };
}

export interface InvitationDependencies {
  db: Db;
  now: Clock;
  logger: Logger;
  mailer: Mailer;
  productName: string;
  /** The web app's address: the base of the accept and reject links. */
  publicUrl: string;
  tokens: TokenService;
  sessions: SessionStore;
  members: MemberService;
}

export interface Membership {
  teamId: string;
  role: Role;
}

/** What the page a mailed link opens may say before anyone answers it (ADR 028). */
export interface InvitationPreview {
  teamName: string;
  /** The nickname of who invited, in the team; null once they are no longer in it. */
  inviterNickname: string | null;
  /** The invited address: the accept call names it to the link's holder anyway. */
  email: string;
  role: Role;
}

const invitationNotFound = () =>
  new ApiError("invitationNotFound", "There is no such invitation; it may have been replaced");

export function createInvitationService(deps: InvitationDependencies) {
  return {
    preview: (teamIdOrAlias: string, token: string) =>
      previewInvitation(deps, teamIdOrAlias, token),
    invite: (access: TeamAccess, input: NewInvitation) => invite(deps, access, input),
    resend: (access: TeamAccess, memberId: string) => resendInvitation(deps, access, memberId),
    accept: (
      teamIdOrAlias: string,
      input: { token: string; password?: string },
      signedInUserId: string | undefined,
    ) => acceptInvitation(deps, teamIdOrAlias, input, signedInUserId),
    reject: (teamIdOrAlias: string, token: string) => rejectInvitation(deps, teamIdOrAlias, token),
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;

export interface NewInvitation {
  email: string;
  nickname: string;
  role: AssignableRole;
  locale: "en" | "it";
}

/**
 * What a mailed link is, for the page it opens: the team's name, who invited, the invited
 * address and the role. The token is the credential, as for accept and reject; an unknown,
 * handled or expired one is refused as they refuse it, so a used link offers no Accept. Nothing
 * changes: opening the link spends nothing.
 */
export async function previewInvitation(
  deps: InvitationDependencies,
  teamIdOrAlias: string,
  token: string,
): Promise<InvitationPreview> {
  const { team, row } = await openInvitation(deps, teamIdOrAlias, token);
  const inviter = await deps.db
    .selectFrom("members")
    .select("nickname")
    .where("team_id", "=", team.team_id)
    .where("member_id", "=", row.created_by)
    .where("status", "not in", FORMER_MEMBER_STATUSES)
    .executeTakeFirst();
  return {
    teamName: team.name,
    inviterNickname: inviter?.nickname ?? null,
    email: row.email,
    role: row.role,
  };
}

/**
 * Invites an email: the member is created as invited with a single-use token, and the invitee
 * is mailed links to accept or decline. An earlier invitation the address declined, or a
 * membership it left, gives way to the new one.
 */
export async function invite(
  deps: InvitationDependencies,
  access: TeamAccess,
  input: NewInvitation,
): Promise<Member> {
  const { db, now, members } = deps;
  const { team } = access;
  const teamId = team.team_id;
  const email = input.email.toLowerCase();
  const sameEmail = await db
    .selectFrom("members")
    .leftJoin("users", "users.user_id", "members.user_id")
    .select(["members.member_id", "members.status"])
    .where("members.team_id", "=", teamId)
    .where((eb) => eb.or([eb("members.email", "=", email), eb("users.email", "=", email)]))
    .execute();
  const former = (status: string) => (FORMER_MEMBER_STATUSES as readonly string[]).includes(status);
  if (sameEmail.some((row) => row.status === "banned")) {
    throw new ApiError(
      "memberBanned",
      "This address belongs to a banned member: reactivate them before inviting it again",
    );
  }
  if (sameEmail.some((row) => !former(row.status))) {
    throw new ApiError("alreadyExists", "This email is already a member of the team");
  }
  const replaced = sameEmail.map((row) => row.member_id);
  const limit = await members.memberLimitOf(teamId);
  const sameNickname = await db
    .selectFrom("members")
    .select("member_id")
    .where("team_id", "=", teamId)
    .where("nickname_key", "=", nicknameKey(input.nickname))
    .executeTakeFirst();
  if (sameNickname && !replaced.includes(sameNickname.member_id)) {
    throw nicknameAlreadyExists();
  }

  const { token, hash } = newInvitationToken();
  const at = now();
  const row = newMemberRow(
    {
      teamId,
      memberId: invitedMemberId(email),
      userId: null,
      email,
      nickname: input.nickname,
      role: input.role,
      type: "other",
      locale: input.locale,
      createdBy: actorOf(access).userId,
      at,
    },
    { tokenHash: hash, expiresAt: at + INVITATION_TTL_MS },
  );
  await db.transaction().execute(async (trx) => {
    await assertRoomForMember(trx, teamId, limit);
    if (replaced.length) {
      await trx
        .deleteFrom("members")
        .where("team_id", "=", teamId)
        .where("member_id", "in", replaced)
        .where("status", "in", FORMER_MEMBER_STATUSES)
        .execute();
    }
    const inserted = await trx
      .insertInto("members")
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      // A concurrent invitation took the address or the nickname.
      const taken = await trx
        .selectFrom("members")
        .select("member_id")
        .where("team_id", "=", teamId)
        .where("member_id", "=", row.member_id)
        .executeTakeFirst();
      if (taken) throw new ApiError("alreadyExists", "This email is already invited");
      throw nicknameAlreadyExists();
    }
    await recordActivity(trx, {
      teamId,
      actorId: actorOf(access).userId,
      kind: "memberInvited",
      targetType: "member",
      targetId: row.member_id,
      targetName: row.nickname,
      detail: { email, role: input.role },
      at,
    });
  });
  await mailInvitation(deps, team, row, access.member.nickname, token);
  return members.toMember(await members.get(teamId, row.member_id));
}

/**
 * Sends an invitation again with a new token (the old one stops working) and a new expiry;
 * once every 24 hours (`invitationResendCooldown`, with Retry-After).
 */
export async function resendInvitation(
  deps: InvitationDependencies,
  access: TeamAccess,
  memberId: string,
): Promise<Member> {
  const { db, now, members } = deps;
  const { team } = access;
  const teamId = team.team_id;
  const view = await members.get(teamId, memberId);
  if (!canResendInvitation(actorOf(access), members.targetOf(view))) {
    throw forbidden("Only a pending invitation can be sent again");
  }
  const at = now();
  const cooldown = () => {
    const wait = (view.invite_sent_at ?? at) + INVITATION_RESEND_COOLDOWN_MS - at;
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    return new ApiError(
      "invitationResendCooldown",
      "An invitation can be sent once every 24 hours",
      undefined,
      { "Retry-After": String(seconds) },
    );
  };
  if (!isInvitationResendAllowed(view.invite_sent_at, at)) throw cooldown();
  const { token, hash } = newInvitationToken();
  // Guarded on the sent time read above, so two resends at once send one mail.
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("members")
      .set({
        invite_token_hash: hash,
        invite_sent_at: at,
        invite_expires_at: at + INVITATION_TTL_MS,
        status: "invited",
        updated_at: at,
      })
      .where("team_id", "=", teamId)
      .where("member_id", "=", view.member_id)
      .where("status", "in", INVITATION_STATUSES)
      .where((eb) =>
        view.invite_sent_at === null
          ? eb("invite_sent_at", "is", null)
          : eb("invite_sent_at", "=", view.invite_sent_at),
      )
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw cooldown();
    await recordActivity(trx, {
      teamId,
      actorId: actorOf(access).userId,
      kind: "memberInvitationResent",
      targetType: "member",
      targetId: view.member_id,
      targetName: view.nickname,
      detail: { email: view.email, role: view.role },
      at,
    });
  });
  await mailInvitation(deps, team, view, access.member.nickname, token);
  return members.toMember(await members.get(teamId, view.member_id), actorOf(access));
}

/**
 * Accepts an invitation. Signed in: the account's email must be the invited one. A guest whose
 * email has a confirmed account must sign in first (`authorizationRequired`); one without an
 * account gets `newInvitedAccountRequired`, then sends a password, and the account is created
 * (the token proves the address) and signed in.
 */
export async function acceptInvitation(
  deps: InvitationDependencies,
  teamIdOrAlias: string,
  input: { token: string; password?: string; ageConfirmed?: boolean } & Partial<Consent>,
  signedInUserId: string | undefined,
): Promise<{ membership: Membership; auth?: { result: SignInResult } }> {
  const { db, now } = deps;
  const { team, row } = await openInvitation(deps, teamIdOrAlias, input.token);
  if (signedInUserId !== undefined) {
    const user = await findUserById(db, signedInUserId);
    if (!user) throw new ApiError("notAuthorized", "This account no longer exists");
    if (user.email !== row.email) {
      throw new ApiError(
        "emailMismatch",
        "This invitation is for another email address; sign in with that one",
        undefined,
        undefined,
        { email: row.email },
      );
    }
    const membership = await db
      .transaction()
      .execute((trx) => join(deps, trx, team, row, user.user_id));
    return { membership };
  }

  const existing = await findUserByEmail(db, row.email);
  if (existing?.email_verified) {
    throw new ApiError(
      "authorizationRequired",
      "This email has an account: sign in, then accept the invitation",
      undefined,
      { "WWW-Authenticate": "Bearer" },
      { email: row.email },
    );
  }
  if (input.password === undefined) {
    throw new ApiError(
      "newInvitedAccountRequired",
      "Choose a password to create your account and join",
      undefined,
      undefined,
      { email: row.email },
    );
  }
  // The account is made here, so the person confirms their age and the terms (ADR 096).
  if (input.ageConfirmed !== true || !input.termsVersion || !input.privacyVersion) {
    throw new ApiError(
      "invalidInput",
      "Confirm the age (ageConfirmed) and send the versions of the terms and privacy policy accepted (termsVersion, privacyVersion) with the password",
    );
  }
  const consent = consentColumns(
    { termsVersion: input.termsVersion, privacyVersion: input.privacyVersion },
    now(),
  );

  const passwordHash = await hashPassword(input.password);
  const at = now();
  const { user, membership } = await db.transaction().execute(async (trx) => {
    let user: UserRow;
    if (existing) {
      // A sign-up that never confirmed the address: the token just did. Whoever chose that
      // password never proved the address, so the invitee's password replaces it.
      user = {
        ...existing,
        email_verified: 1,
        password_hash: passwordHash,
        provider: "password",
        ...consent,
        updated_at: at,
      };
      const updated = await trx
        .updateTable("users")
        .set({
          email_verified: 1,
          password_hash: passwordHash,
          provider: "password",
          ...consent,
          updated_at: at,
        })
        .where("user_id", "=", existing.user_id)
        .where("email_verified", "=", 0)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        throw new ApiError("authorizationRequired", "Sign in, then accept the invitation");
      }
    } else {
      const userId = randomUUID();
      // As every self sign-up: the id serves as the username.
      user = newUserRow(
        {
          user_id: userId,
          email: row.email,
          email_verified: 1,
          password_hash: passwordHash,
          nickname: row.nickname,
          locale: row.locale,
          provider: "password",
          ...consent,
        },
        at,
      );
      const inserted = await trx
        .insertInto("users")
        .values(user)
        .onConflict((oc) => oc.column("email").doNothing())
        .executeTakeFirst();
      // An account with this email appeared meanwhile: it must sign in.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
        throw new ApiError("authorizationRequired", "Sign in, then accept the invitation");
      }
    }
    return { user, membership: await join(deps, trx, team, row, user.user_id) };
  });
  const { familyId, refreshToken } = await deps.sessions.open(user.user_id, "password");
  const result = { ...(await deps.tokens.issue(user, familyId)), RefreshToken: refreshToken };
  return { membership, auth: { result } };
}

/** Declines an invitation: the member becomes rejected and the token is spent. */
export async function rejectInvitation(
  deps: InvitationDependencies,
  teamIdOrAlias: string,
  token: string,
) {
  const { team, row } = await openInvitation(deps, teamIdOrAlias, token);
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await answerInvitation(trx, team, row, {
      status: "rejected",
      invite_expires_at: null,
      updated_at: at,
    });
    // Whoever holds the link answers; it names no account, so the entry has no actor.
    await recordActivity(trx, {
      teamId: team.team_id,
      actorId: null,
      kind: "memberRejected",
      targetType: "member",
      targetId: row.member_id,
      targetName: row.nickname,
      detail: { email: row.email },
      at,
    });
  });
}

function link(
  { publicUrl }: InvitationDependencies,
  teamId: string,
  action: "accept" | "reject",
  token: string,
) {
  const path = `/teams/${encodeURIComponent(teamId)}/invitations/${action}`;
  return `${publicUrl}${path}?${new URLSearchParams({ key: token })}`;
}

/**
 * Mails the invitation. When the mail cannot go, the invitation stays (it may be resent at once:
 * its sent time is cleared) and the answer is `cannotSendInvitationEmail`, with the member in
 * the error body.
 */
async function mailInvitation(
  deps: InvitationDependencies,
  team: TeamRow,
  row: Pick<MemberRow, "member_id" | "email" | "locale" | "role">,
  inviterName: string,
  token: string,
) {
  const { db, logger, mailer, members } = deps;
  const to = row.email;
  if (!to) throw new Error("an invitation without an email");
  try {
    await mailer.send(
      invitationMail({
        locale: row.locale,
        productName: deps.productName,
        to,
        teamName: team.name,
        inviterName,
        role: row.role as AssignableRole,
        acceptLink: link(deps, team.team_id, "accept", token),
        rejectLink: link(deps, team.team_id, "reject", token),
      }),
    );
  } catch (error) {
    logger.error({ err: error, teamId: team.team_id }, "the invitation mail could not be sent");
    // Pending, shown as Idle (ADR 095): an invitation whose mail did not go out waits for a
    // resend; a resend that reaches the mailer makes it invited again.
    await db
      .updateTable("members")
      .set({ invite_sent_at: null, status: "pending" })
      .where("team_id", "=", team.team_id)
      .where("member_id", "=", row.member_id)
      .execute();
    const member = await members.find(team.team_id, row.member_id);
    throw new ApiError(
      "cannotSendInvitationEmail",
      "The member was added, but the invitation mail could not be sent; resend it later",
      undefined,
      undefined,
      member ? { member: members.toMember(member) } : undefined,
    );
  }
}

/** The invitation a token opens in a team; the token errors otherwise. */
async function openInvitation(
  { db, now }: InvitationDependencies,
  teamIdOrAlias: string,
  token: string,
) {
  const team = await findTeam(db, teamIdOrAlias);
  if (!team) throw invitationNotFound();
  const row = await db
    .selectFrom("members")
    .selectAll()
    .where("team_id", "=", team.team_id)
    .where("invite_token_hash", "=", hashInvitationToken(token))
    .executeTakeFirst();
  if (!row?.email) throw invitationNotFound();
  // A handled invitation keeps its token's hash, so a second click is told what happened.
  if (!(INVITATION_STATUSES as readonly string[]).includes(row.status)) {
    throw new ApiError(
      "invitationAlreadyHandled",
      "This invitation was already accepted or declined",
    );
  }
  if (row.invite_expires_at === null || row.invite_expires_at < now()) {
    throw new ApiError("expiredToken", "This invitation has expired; ask for a new one");
  }
  return { team, row: { ...row, email: row.email } };
}

/**
 * Moves an invitation on from invited, once: the accept or reject that comes second (or a
 * second accept) finds it handled already.
 */
async function answerInvitation(
  executor: Db,
  team: TeamRow,
  row: MemberRow,
  set: Updateable<MembersTable>,
) {
  const updated = await executor
    .updateTable("members")
    .set(set)
    .where("team_id", "=", team.team_id)
    .where("member_id", "=", row.member_id)
    .where("status", "in", INVITATION_STATUSES)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    throw new ApiError("invitationAlreadyHandled", "This invitation was already handled");
  }
}

/**
 * Turns the invitation into the user's membership: its id becomes theirs, it is active. A row the
 * user left or declined before gives way; a live one means they are in already.
 */
async function join(
  { now }: InvitationDependencies,
  trx: Db,
  team: TeamRow,
  row: MemberRow,
  userId: string,
): Promise<Membership> {
  const existing = await trx
    .selectFrom("members")
    .select(["status"])
    .where("team_id", "=", team.team_id)
    .where("member_id", "=", userId)
    .executeTakeFirst();
  if (existing) {
    if (!(FORMER_MEMBER_STATUSES as readonly string[]).includes(existing.status)) {
      throw new ApiError("alreadyExists", "You are a member of this team already");
    }
    await trx
      .deleteFrom("members")
      .where("team_id", "=", team.team_id)
      .where("member_id", "=", userId)
      .execute();
  }
  const at = now();
  await answerInvitation(trx, team, row, {
    member_id: userId,
    user_id: userId,
    status: "active",
    joined_at: at,
    updated_at: at,
    invite_expires_at: null,
  });
  await recordActivity(trx, {
    teamId: team.team_id,
    actorId: userId,
    kind: "memberAccepted",
    targetType: "member",
    targetId: userId,
    targetName: row.nickname,
    detail: { role: row.role },
    at,
  });
  return { teamId: team.team_id, role: row.role };
}
