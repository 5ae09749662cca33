import { createHmac, randomUUID } from "node:crypto";
import { z } from "@hono/zod-openapi";
import { type Kysely, sql } from "kysely";
import { actorOf, type TeamAccess } from "#api/access/teams.ts";
import { recordActivity } from "#api/activity/record.ts";
import { generatePassword, hashPassword } from "#api/auth/passwords.ts";
import type { SessionStore } from "#api/auth/sessions.ts";
import type { PlanBook } from "#api/billing/plans.ts";
import type { Clock } from "#api/clock.ts";
import type { Database, Db, MemberRow, TeamRow } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { ownImageDescription } from "#api/http/schemas.ts";
import { newUserRow, takeUserTurn } from "#api/users/users.ts";
import type { ActivityKind } from "#domain/activity.ts";
import { UNLIMITED } from "#domain/constants.ts";
import {
  EFFECTIVE_MEMBER_STATUSES,
  effectiveMemberStatus,
  MEMBER_TYPES,
  type MemberStatus,
  type MemberType,
} from "#domain/members.ts";
import { withinLimit } from "#domain/plans.ts";
import {
  type Actor,
  can,
  canBanMember,
  canChangeMemberRole,
  canDeactivateMember,
  canDeleteMember,
  canLeaveTeam,
  canReactivateMember,
  canRenameMember,
  canResetMemberPassword,
  canTransferOwnership,
  INTERNAL_MEMBER_ROLE,
  ROLES,
  type TargetMember,
} from "#domain/roles.ts";
import { memberChanges, type PATCHABLE_MEMBER_STATUSES } from "./member-patch.ts";

type PatchableMemberStatus = (typeof PATCHABLE_MEMBER_STATUSES)[number];

// Members of a team (docs/product.md#entities, docs/product.md#member-actions): the list and
// detail, internal members, the member-menu changes, removal and an internal member's new password.
// Invitations by email are in invitations.ts.

/** The most members one page may hold. */
export const MEMBER_PAGE_MAX = 100;

/** The prefix of an invitation's member id, before an account accepts it. */
export const INVITED_MEMBER_ID_PREFIX = "EMAIL#";

/**
 * The prefix of the id an invitation shows to a member who may not see whom the team invited
 * (shownMemberId, docs/product.md#invitations).
 */
export const HIDDEN_INVITATION_ID_PREFIX = "INVITED#";

/** Statuses that no longer hold a place in the team: they do not count against the plan. */
export const FORMER_MEMBER_STATUSES = ["rejected", "left"] as const satisfies MemberStatus[];

/** The Member of docs/product.md#entities. Absent values are null. */
export const MemberSchema = z
  .object({
    teamId: z.string(),
    userId: z.string().openapi({
      description:
        "The user id; for an invitation nobody has accepted yet, EMAIL#<address> to owners, admins and its inviter, and to anyone else INVITED# and a stable opaque code, which the member endpoints take too",
    }),
    nickname: z.string(),
    avatarUrl: z
      .string()
      .nullable()
      .openapi({ description: ownImageDescription("avatar") }),
    role: z.enum(ROLES),
    status: z.enum(EFFECTIVE_MEMBER_STATUSES).openapi({
      description: "As stored, except an invitation past inviteExpiresAt: invitation_expired",
    }),
    type: z.enum(MEMBER_TYPES),
    createdAt: z.number().int(),
    createdBy: z.string().openapi({ description: "The user id of who added the member" }),
    joinedAt: z.number().int().nullable(),
    inviteExpiresAt: z.number().int().nullable().openapi({ description: "Epoch ms" }),
  })
  .openapi("Member");
export type Member = z.infer<typeof MemberSchema>;

export const MemberDetailSchema = MemberSchema.extend({
  username: z.string().nullable().openapi({
    description:
      "An internal member's sign-in name; null for everyone else, who sign in with their email",
  }),
  email: z.string().nullable().openapi({
    description: "Shown to the member themself and to roles that update any member; else null",
  }),
}).openapi("MemberDetail");
export type MemberDetail = z.infer<typeof MemberDetailSchema>;

export const CredentialsSchema = z
  .object({
    teamAlias: z.string().nullable().openapi({ description: "The team code: its star alias" }),
    teamId: z.string(),
    username: z.string(),
    password: z.string().openapi({ description: "Generated; replaced at the first sign-in" }),
  })
  .openapi("InternalMemberCredentials");
export type Credentials = z.infer<typeof CredentialsSchema>;

/** A member row with what its account adds. */
export type MemberView = MemberRow & {
  avatar_url: string | null;
  username: string | null;
  user_email: string | null;
};

type Executor = Kysely<Database>;

function selectMembers(db: Executor) {
  return db
    .selectFrom("members")
    .leftJoin("users", "users.user_id", "members.user_id")
    .selectAll("members")
    .select([
      "users.avatar_url as avatar_url",
      "users.username as username",
      "users.email as user_email",
    ]);
}

/** A nickname's key: what uniqueness within the team and prefix search compare. */
export const nicknameKey = (nickname: string) => nickname.toLowerCase();

/** `value%` for LIKE, with LIKE's own characters taken literally (escape character `\`). */
function likePrefix(value: string) {
  return `${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export const notFoundMember = () => new ApiError("notFound", "No such member in this team");
export const forbidden = (message: string) => new ApiError("forbidden", message);
export const nicknameAlreadyExists = () =>
  new ApiError("nicknameAlreadyExists", "Another member of this team has this nickname");

/**
 * A member as it is added to a team: a user, whose member id is their user id, or an invitation
 * nobody has accepted yet, with a member id of its own and no user.
 */
export type NewMemberRow = NewMemberFields &
  ({ userId: string; memberId?: undefined } | { userId: null; memberId: string });

interface NewMemberFields {
  teamId: string;
  email: string | null;
  nickname: string;
  role: MemberRow["role"];
  type: MemberType;
  locale: "en" | "it";
  /** The user id of who adds the member. */
  createdBy: string;
  at: number;
}

/**
 * A new member's row: in the team from `at` (active and joined), or, with an invitation, invited
 * until someone accepts it with the token whose hash it keeps.
 */
export function newMemberRow(
  member: NewMemberRow,
  invitation?: { tokenHash: string; expiresAt: number },
): MemberRow {
  const { at } = member;
  return {
    team_id: member.teamId,
    member_id: member.userId === null ? member.memberId : member.userId,
    user_id: member.userId,
    email: member.email,
    nickname: member.nickname,
    nickname_key: nicknameKey(member.nickname),
    role: member.role,
    status: invitation ? "invited" : "active",
    type: member.type,
    locale: member.locale,
    created_by: member.createdBy,
    created_at: at,
    updated_at: at,
    joined_at: invitation ? null : at,
    invite_token_hash: invitation?.tokenHash ?? null,
    invite_sent_at: invitation ? at : null,
    invite_expires_at: invitation?.expiresAt ?? null,
  };
}

export interface MemberServiceDependencies {
  db: Db;
  now: Clock;
  sessions: SessionStore;
  /** The team owner's plan caps its members (limitMembersPerTeam). */
  plans: PlanBook;
  /** Keys the opaque ids of invitations (shownMemberId): the token signing key. */
  idKey: string;
}

/** Which page of members: by nickname key after `lastKey`, optionally by nickname prefix. */
export interface MemberPageQuery {
  limit: number;
  lastKey?: string;
  prefix?: string;
}

export interface NewInternalMember {
  username: string;
  locale: "en" | "it";
}

export function createMemberService(deps: MemberServiceDependencies) {
  return {
    toMember: (view: MemberView, actor?: Actor) => toMember(deps, view, actor),
    targetOf: (view: MemberRow) => targetOf(deps, view),
    find: (teamId: string, memberId: string, executor?: Executor) =>
      findMember(deps, teamId, memberId, executor),
    get: (teamId: string, memberId: string, executor?: Executor) =>
      getMember(deps, teamId, memberId, executor),
    nicknameTaken: (teamId: string, nickname: string, exceptMemberId?: string) =>
      nicknameTaken(deps, teamId, nickname, exceptMemberId),
    memberLimitOf: (teamId: string) => memberLimitOf(deps, teamId),
    list: (teamId: string, page: MemberPageQuery, actor: Actor) =>
      listMembers(deps, teamId, page, actor),
    detail: (view: MemberView, actor: Actor) => memberDetail(deps, view, actor),
    createInternal: (access: TeamAccess, input: NewInternalMember) =>
      createInternalMember(deps, access, input),
    patch: (access: TeamAccess, memberId: string, body: unknown) =>
      patchMember(deps, access, memberId, body),
    remove: (access: TeamAccess, memberId: string) => removeMember(deps, access, memberId),
    resetPassword: (access: TeamAccess, memberId: string) =>
      resetMemberPassword(deps, access, memberId),
    leave: (access: TeamAccess) => leaveTeam(deps, access),
    transferOwnership: (access: TeamAccess, memberId: string) =>
      transferOwnership(deps, access, memberId),
  };
}

export type MemberService = ReturnType<typeof createMemberService>;

/** The status a member shows now: an invitation past its expiry is invitation_expired. */
function shownStatus({ now }: MemberServiceDependencies, row: MemberRow) {
  return effectiveMemberStatus(
    { status: row.status, inviteExpiresAt: row.invite_expires_at },
    now(),
  );
}

/**
 * Whether `actor` may see the address an invitation was sent to: the roles that invite (owner
 * and admin) and whoever sent it (docs/product.md#invitations).
 */
export function seesInvitedAddress(actor: Actor, view: MemberRow): boolean {
  return can(actor.role, "create", "member") || actor.userId === view.created_by;
}

/** An invitation's opaque id: stable, keyed, saying nothing of the address (docs/product.md#invitations). */
function hiddenInvitationId({ idKey }: MemberServiceDependencies, view: MemberRow): string {
  const code = createHmac("sha256", idKey)
    .update(`invitation id\0${view.team_id}\0${view.member_id}`)
    .digest("base64url")
    .slice(0, 22);
  return `${HIDDEN_INVITATION_ID_PREFIX}${code}`;
}

/**
 * The id `actor` is shown for a member: the stored one, except an invitation's (EMAIL#<address>)
 * to a member who may not see the address (seesInvitedAddress), who gets its opaque id. Without
 * an actor (the inviter's own answer, the person accepting), the stored one.
 */
export function shownMemberId(
  deps: MemberServiceDependencies,
  view: MemberRow,
  actor?: Actor,
): string {
  if (!view.member_id.startsWith(INVITED_MEMBER_ID_PREFIX)) return view.member_id;
  if (actor === undefined || seesInvitedAddress(actor, view)) return view.member_id;
  return hiddenInvitationId(deps, view);
}

export function toMember(deps: MemberServiceDependencies, view: MemberView, actor?: Actor): Member {
  return {
    teamId: view.team_id,
    userId: shownMemberId(deps, view, actor),
    nickname: view.nickname,
    avatarUrl: view.avatar_url,
    role: view.role,
    status: shownStatus(deps, view),
    type: view.type,
    createdAt: view.created_at,
    createdBy: view.created_by,
    joinedAt: view.joined_at,
    inviteExpiresAt: view.invite_expires_at,
  };
}

/** The member a member-menu rule looks at, with the status as shown. */
export function targetOf(deps: MemberServiceDependencies, view: MemberRow): TargetMember {
  return {
    userId: view.member_id,
    role: view.role,
    status: shownStatus(deps, view),
    type: view.type,
  };
}

/**
 * The member under `memberId` in the team: its stored id or, for an invitation, the opaque one
 * (shownMemberId), found among the team's invitations.
 */
export async function findMember(
  deps: MemberServiceDependencies,
  teamId: string,
  memberId: string,
  executor: Executor = deps.db,
) {
  if (memberId.startsWith(HIDDEN_INVITATION_ID_PREFIX)) {
    const invitations = await selectMembers(executor)
      .where("members.team_id", "=", teamId)
      .where("members.member_id", "like", `${INVITED_MEMBER_ID_PREFIX}%`)
      .execute();
    return invitations.find((view) => hiddenInvitationId(deps, view) === memberId);
  }
  return selectMembers(executor)
    .where("members.team_id", "=", teamId)
    .where("members.member_id", "=", memberId)
    .executeTakeFirst();
}

export async function getMember(
  deps: MemberServiceDependencies,
  teamId: string,
  memberId: string,
  executor?: Executor,
) {
  const view = await findMember(deps, teamId, memberId, executor);
  if (!view) throw notFoundMember();
  return view;
}

export async function nicknameTaken(
  { db }: MemberServiceDependencies,
  teamId: string,
  nickname: string,
  exceptMemberId?: string,
) {
  let query = db
    .selectFrom("members")
    .select("member_id")
    .where("team_id", "=", teamId)
    .where("nickname_key", "=", nicknameKey(nickname));
  if (exceptMemberId !== undefined) query = query.where("member_id", "!=", exceptMemberId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The team's plan's member limit. Read before a transaction: on SQLite it holds the one connection. */
export async function memberLimitOf({ plans }: MemberServiceDependencies, teamId: string) {
  return (await plans.limitsOfTeam(teamId)).limitMembersPerTeam;
}

/**
 * `quotaExceededMembers` when the team already holds `limit` members. Every row counts except
 * rejected invitations and members who left: invitations hold a place, and so do disabled and
 * banned members, who can be reactivated. Run in the transaction that adds the member: it first
 * writes the team's row, so concurrent additions to one team take turns (a row lock on
 * PostgreSQL, the write lock on SQLite) and the count holds until the insert.
 */
export async function assertRoomForMember(trx: Executor, teamId: string, limit: number) {
  await trx
    .updateTable("teams")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("team_id", "=", teamId)
    .execute();
  const row = await trx
    .selectFrom("members")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("team_id", "=", teamId)
    .where("status", "not in", FORMER_MEMBER_STATUSES)
    .executeTakeFirstOrThrow();
  if (!withinLimit(Number(row.count), limit)) {
    throw new ApiError("quotaExceededMembers", `The team's plan allows ${limit} members`);
  }
}

/** One page of the team's members by nickname, after `lastKey` (a nickname key). */
export async function listMembers(
  deps: MemberServiceDependencies,
  teamId: string,
  page: MemberPageQuery,
  actor: Actor,
) {
  let query = selectMembers(deps.db).where("members.team_id", "=", teamId);
  if (page.prefix) {
    const pattern = likePrefix(nicknameKey(page.prefix));
    query = query.where(
      sql<boolean>`${sql.ref("members.nickname_key")} like ${pattern} escape '\\'`,
    );
  }
  if (page.lastKey !== undefined) query = query.where("members.nickname_key", ">", page.lastKey);
  const rows = await query
    .orderBy("members.nickname_key")
    .limit(page.limit + 1)
    .execute();
  const members = rows.slice(0, page.limit);
  const more = rows.length > page.limit;
  return {
    pagination: { lastKey: more ? (members.at(-1)?.nickname_key ?? null) : null },
    members: members.map((view) => toMember(deps, view, actor)),
  };
}

/**
 * A member with username, and email for whoever may see it: self, and member managers. Only
 * internal members have a username of their own; anyone else's is their internal id (ADR 007),
 * which is not shown (server internals are not shown; docs/product.md#entities).
 */
export function memberDetail(
  deps: MemberServiceDependencies,
  view: MemberView,
  actor: Actor,
): MemberDetail {
  const showEmail = actor.userId === view.member_id || can(actor.role, "update", "member:any");
  return {
    ...toMember(deps, view, actor),
    username: view.type === "internal" ? view.username : null,
    email: showEmail ? (view.user_email ?? view.email) : null,
  };
}

/**
 * An internal member: an account of the team (no email, a generated password to replace at
 * first sign-in) and an active contributor whose nickname is the username.
 */
export async function createInternalMember(
  deps: MemberServiceDependencies,
  access: TeamAccess,
  input: NewInternalMember,
) {
  const { db, now } = deps;
  const { team } = access;
  const teamId = team.team_id;
  const alreadyExists = () =>
    new ApiError("alreadyExists", "This team already has a member with this username");
  // Usernames are typed on a phone: two that differ only in case would be one too many.
  const sameUsername = await db
    .selectFrom("users")
    .select("user_id")
    .where("team_id", "=", teamId)
    .where(sql<string>`lower(${sql.ref("username")})`, "=", input.username.toLowerCase())
    .executeTakeFirst();
  if (sameUsername) throw alreadyExists();
  const limit = await memberLimitOf(deps, teamId);
  if (await nicknameTaken(deps, teamId, input.username)) throw nicknameAlreadyExists();

  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const userId = randomUUID();
  const at = now();
  await db.transaction().execute(async (trx) => {
    await assertRoomForMember(trx, teamId, limit);
    const user = await trx
      .insertInto("users")
      .values(
        newUserRow(
          {
            user_id: userId,
            email: null,
            email_verified: 0,
            password_hash: passwordHash,
            nickname: input.username,
            username: input.username,
            team_id: teamId,
            user_scope: "team",
            must_change_password: 1,
            locale: input.locale,
            provider: "password",
          },
          at,
        ),
      )
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(user.numInsertedOrUpdatedRows ?? 0) === 0) throw alreadyExists();
    const member = await trx
      .insertInto("members")
      .values(
        newMemberRow({
          teamId,
          userId,
          email: null,
          nickname: input.username,
          role: INTERNAL_MEMBER_ROLE,
          type: "internal",
          locale: input.locale,
          createdBy: actorOf(access).userId,
          at,
        }),
      )
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(member.numInsertedOrUpdatedRows ?? 0) === 0) throw nicknameAlreadyExists();
    await recordActivity(trx, {
      teamId,
      actorId: actorOf(access).userId,
      kind: "memberAdded",
      targetType: "member",
      targetId: userId,
      targetName: input.username,
      detail: { role: INTERNAL_MEMBER_ROLE },
      at,
    });
  });
  return {
    member: toMember(deps, await getMember(deps, teamId, userId)),
    credentials: credentials(team, input.username, password),
  };
}

/**
 * Applies a member patch in order, each operation checked by the member-menu rule it needs
 * against the member as the operations before left it; all or nothing.
 */
export async function patchMember(
  deps: MemberServiceDependencies,
  access: TeamAccess,
  memberId: string,
  body: unknown,
) {
  const { db, now } = deps;
  const changes = memberChanges(body);
  const teamId = access.team.team_id;
  const view = await getMember(deps, teamId, memberId);
  // The stored id: `memberId` may be an invitation's opaque one (shownMemberId).
  const storedId = view.member_id;
  const actor = actorOf(access);
  const target = targetOf(deps, view);
  const update: Partial<Pick<MemberRow, "role" | "nickname" | "nickname_key">> & {
    status?: PatchableMemberStatus;
  } = {};
  for (const change of changes) {
    if (change.field === "status") {
      const rule = STATUS_RULES[change.value];
      if (!rule.allowed(actor, target)) throw forbidden(rule.refusal);
      target.status = change.value;
      update.status = change.value;
    } else if (change.field === "role") {
      if (!canChangeMemberRole(actor, target)) {
        throw forbidden(
          "The role can change only for an active member, not internal, not the owner, not yourself",
        );
      }
      target.role = change.value;
      update.role = change.value;
    } else {
      if (!canRenameMember(actor, target)) throw forbidden("You cannot rename this member");
      update.nickname = change.value;
      update.nickname_key = nicknameKey(change.value);
    }
  }
  if (Object.keys(update).length === 0) return toMember(deps, view, actor);
  const renamedToTaken = async () =>
    update.nickname !== undefined && (await nicknameTaken(deps, teamId, update.nickname, storedId));
  if (await renamedToTaken()) throw nicknameAlreadyExists();
  const at = now();
  const entry = {
    teamId,
    actorId: actor.userId,
    targetType: "member",
    targetId: storedId,
    targetName: update.nickname ?? view.nickname,
    at,
  } as const;
  const statusChanged = update.status !== undefined && update.status !== view.status;
  try {
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("members")
        .set({ ...update, updated_at: at })
        .where("team_id", "=", teamId)
        .where("member_id", "=", storedId)
        // The status read above still holds: two bans, or a ban and a reactivation, take turns.
        .where("status", "=", view.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw memberChangedMeanwhile();
      if (update.nickname !== undefined && update.nickname !== view.nickname) {
        await recordActivity(trx, {
          ...entry,
          kind: "memberRenamed",
          detail: { from: view.nickname },
        });
      }
      if (update.role !== undefined && update.role !== view.role) {
        await recordActivity(trx, {
          ...entry,
          kind: "memberRoleChanged",
          detail: { from: view.role, to: update.role },
        });
      }
      if (!statusChanged || update.status === undefined) return;
      if (update.status === "banned") await dropTags(trx, teamId, storedId);
      await recordActivity(trx, {
        ...entry,
        kind: STATUS_RULES[update.status].activity,
        detail: { from: view.status, to: update.status },
      });
    });
  } catch (error) {
    // Another rename to the same nickname won the race: the unique index refused this one.
    if (!(error instanceof ApiError) && (await renamedToTaken())) throw nicknameAlreadyExists();
    throw error;
  }
  // An internal member's account exists only for this team: a ban ends its sessions too.
  if (update.status === "banned" && view.type === "internal" && view.user_id) {
    await deps.sessions.revokeAll(view.user_id);
  }
  return toMember(deps, await getMember(deps, teamId, storedId), actor);
}

/** Each status a patch sets: the member-menu rule it needs, its refusal and its log entry. */
const STATUS_RULES: Record<
  PatchableMemberStatus,
  {
    allowed: (actor: Actor, target: TargetMember) => boolean;
    refusal: string;
    activity: ActivityKind;
  }
> = {
  disabled: {
    allowed: canDeactivateMember,
    refusal: "Only an active member other than the owner and yourself can be disabled",
    activity: "memberDisabled",
  },
  banned: {
    allowed: canBanMember,
    refusal: "Only an active or disabled member other than the owner and yourself can be banned",
    activity: "memberBanned",
  },
  active: {
    allowed: canReactivateMember,
    refusal: "Only a disabled or banned member can be reactivated",
    activity: "memberReactivated",
  },
};

const memberChangedMeanwhile = () =>
  new ApiError("invalidInput", "The member changed meanwhile; reload and try again", 409);

/**
 * A member's tags on the team's collections go when they are removed, leave or are banned
 * (ADR 095): a tag points a member at a collection, and these no longer see it. A member who
 * comes back is tagged again.
 */
async function dropTags(trx: Executor, teamId: string, memberId: string) {
  await trx
    .deleteFrom("collection_tags")
    .where("user_id", "=", memberId)
    .where("collection_id", "in", (eb) =>
      eb.selectFrom("collections").select("collection_id").where("team_id", "=", teamId),
    )
    .execute();
}

/**
 * The caller leaves the team (ADR 095): any member but the owner (`ownerCannotLeave`: hand the
 * team over first) and internal members. The member becomes `left`, so every later call into the
 * team is refused (requireTeamMember); their files and collections stay. The address may be
 * invited again (a new invitation replaces the row).
 */
export async function leaveTeam(deps: MemberServiceDependencies, access: TeamAccess) {
  const { db, now } = deps;
  const { member, team } = access;
  if (member.role === "owner") {
    throw new ApiError(
      "ownerCannotLeave",
      "The owner cannot leave the team: hand the team over to an admin first",
    );
  }
  if (!canLeaveTeam(member)) {
    throw forbidden("An internal member does not leave: an administrator removes them");
  }
  const at = now();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("members")
      .set({ status: "left", updated_at: at })
      .where("team_id", "=", team.team_id)
      .where("member_id", "=", member.member_id)
      .where("status", "=", "active")
      .executeTakeFirst();
    // Left, banned or removed meanwhile: as any call into a team the caller is not in.
    if (Number(updated.numUpdatedRows) !== 1) throw new ApiError("notFound", "No such team");
    await dropTags(trx, team.team_id, member.member_id);
    await recordActivity(trx, {
      teamId: team.team_id,
      actorId: member.member_id,
      kind: "memberLeft",
      targetType: "member",
      targetId: member.member_id,
      targetName: member.nickname,
      at,
    });
  });
}

/** Bytes the team's files hold against its owner's storage (as the uploads count them). */
async function teamStorage(executor: Executor, where: { teamId?: string; ownerId?: string }) {
  let query = executor
    .selectFrom("files")
    .innerJoin("teams", "teams.team_id", "files.team_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("files.size"), eb.lit(0)).as("used"))
    .where("files.status", "!=", "failed");
  if (where.teamId !== undefined) query = query.where("teams.team_id", "=", where.teamId);
  if (where.ownerId !== undefined) query = query.where("teams.owner_id", "=", where.ownerId);
  const row = await query.executeTakeFirst();
  return Number(row?.used ?? 0);
}

/**
 * Hands the team over (ADR 095): the owner makes another active admin the owner (teams.owner_id
 * and the member's role) and becomes admin. The team's limits follow its owner, so the new
 * owner's plan must hold it: one team more (quotaExceededTeams), its files beside theirs
 * (quotaExceededStorage), its members (quotaExceededMembers) and aliases (quotaExceededAliases).
 * Guarded on the owner read at the start: of two transfers at once, the second finds the team
 * handed over already.
 */
export async function transferOwnership(
  deps: MemberServiceDependencies,
  access: TeamAccess,
  memberId: string,
) {
  const { db, now, plans } = deps;
  const { team, member } = access;
  const teamId = team.team_id;
  const actor = actorOf(access);
  if (actor.role !== "owner") throw forbidden("Only the owner hands the team over");
  if (memberId === actor.userId) {
    throw new ApiError("invalidInput", "userId: you own the team already");
  }
  const view = await findMember(deps, teamId, memberId);
  if (!view) throw new ApiError("invalidInput", "userId: no such member in this team", 404);
  if (!canTransferOwnership(actor, targetOf(deps, view)) || !view.user_id) {
    throw new ApiError(
      "invalidInput",
      "userId: the team can be handed over only to an active admin with an account of their own",
      409,
    );
  }
  const newOwnerId = view.user_id;
  // Read before the transaction: on SQLite it holds the one connection.
  const limits = await plans.limitsOf(newOwnerId);
  const at = now();
  await db.transaction().execute(async (trx) => {
    // The new owner's uploads and team creations take turns with this, so the counts hold.
    await takeUserTurn(trx, newOwnerId);
    const moved = await trx
      .updateTable("teams")
      .set({ owner_id: newOwnerId, updated_at: at, updated_by: actor.userId })
      .where("team_id", "=", teamId)
      .where("owner_id", "=", team.owner_id)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw ownerChangedMeanwhile();
    const promoted = await trx
      .updateTable("members")
      .set({ role: "owner", updated_at: at })
      .where("team_id", "=", teamId)
      .where("member_id", "=", view.member_id)
      .where("role", "=", "admin")
      .where("status", "=", "active")
      .executeTakeFirst();
    if (Number(promoted.numUpdatedRows) !== 1) throw ownerChangedMeanwhile();
    const demoted = await trx
      .updateTable("members")
      .set({ role: "admin", updated_at: at })
      .where("team_id", "=", teamId)
      .where("member_id", "=", member.member_id)
      .where("role", "=", "owner")
      .executeTakeFirst();
    if (Number(demoted.numUpdatedRows) !== 1) throw ownerChangedMeanwhile();
    await assertPlanHolds(trx, teamId, newOwnerId, limits);
    await recordActivity(trx, {
      teamId,
      actorId: actor.userId,
      kind: "teamOwnershipTransferred",
      targetType: "member",
      targetId: view.member_id,
      targetName: view.nickname,
      detail: { from: actor.userId, to: view.member_id },
      at,
    });
  });
  return toMember(deps, await getMember(deps, teamId, view.member_id), actor);
}

const ownerChangedMeanwhile = () =>
  new ApiError("invalidInput", "The team was handed over meanwhile; reload and try again", 409);

/** The new owner's plan holds the team, counted with the team already theirs. */
async function assertPlanHolds(
  trx: Executor,
  teamId: string,
  ownerId: string,
  limits: Awaited<ReturnType<PlanBook["limitsOf"]>>,
) {
  const owned = await trx
    .selectFrom("teams")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("owner_id", "=", ownerId)
    .executeTakeFirstOrThrow();
  if (Number(owned.count) > limits.limitTeams && limits.limitTeams !== UNLIMITED) {
    throw new ApiError(
      "quotaExceededTeams",
      `The new owner's plan allows ${limits.limitTeams} teams: they cannot own one more`,
    );
  }
  if (limits.limitStorageBytes !== UNLIMITED) {
    const used = await teamStorage(trx, { ownerId });
    if (used > limits.limitStorageBytes) {
      throw new ApiError(
        "quotaExceededStorage",
        "The team's files do not fit in the new owner's storage; check their plan",
      );
    }
  }
  const members = await trx
    .selectFrom("members")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("team_id", "=", teamId)
    .where("status", "not in", FORMER_MEMBER_STATUSES)
    .executeTakeFirstOrThrow();
  if (
    Number(members.count) > limits.limitMembersPerTeam &&
    limits.limitMembersPerTeam !== UNLIMITED
  ) {
    throw new ApiError(
      "quotaExceededMembers",
      `The new owner's plan allows ${limits.limitMembersPerTeam} members in a team`,
    );
  }
  const aliases = await trx
    .selectFrom("team_aliases")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("team_id", "=", teamId)
    .executeTakeFirstOrThrow();
  if (
    Number(aliases.count) > limits.limitAliasesPerTeam &&
    limits.limitAliasesPerTeam !== UNLIMITED
  ) {
    throw new ApiError(
      "quotaExceededAliases",
      `The new owner's plan allows ${limits.limitAliasesPerTeam} aliases in a team`,
    );
  }
}

/** Removes a member (owner only, never the owner); an internal member's account goes too. */
export async function removeMember(
  deps: MemberServiceDependencies,
  access: TeamAccess,
  memberId: string,
) {
  const teamId = access.team.team_id;
  const view = await getMember(deps, teamId, memberId);
  if (!canDeleteMember(actorOf(access), targetOf(deps, view))) {
    throw forbidden("Only the owner removes members, and the owner cannot be removed");
  }
  await deps.db.transaction().execute(async (trx) => {
    await recordActivity(trx, {
      teamId,
      actorId: actorOf(access).userId,
      kind: "memberRemoved",
      targetType: "member",
      targetId: view.member_id,
      targetName: view.nickname,
      at: deps.now(),
    });
    await trx
      .deleteFrom("members")
      .where("team_id", "=", teamId)
      .where("member_id", "=", view.member_id)
      .execute();
    await dropTags(trx, teamId, view.member_id);
    if (view.type === "internal" && view.user_id) {
      // Its sessions, refresh tokens and avatar go with it (foreign keys cascade).
      await trx
        .deleteFrom("users")
        .where("user_id", "=", view.user_id)
        .where("user_scope", "=", "team")
        .where("team_id", "=", teamId)
        .execute();
    }
  });
}

/**
 * New credentials for an internal member: a generated password to replace at the next sign-in.
 * Every session of the member ends, so the old password's sign-ins stop at once.
 */
export async function resetMemberPassword(
  deps: MemberServiceDependencies,
  access: TeamAccess,
  memberId: string,
) {
  const { db, now, sessions } = deps;
  const teamId = access.team.team_id;
  const view = await getMember(deps, teamId, memberId);
  if (!canResetMemberPassword(actorOf(access), targetOf(deps, view))) {
    throw forbidden("Only an internal member's password can be reset");
  }
  const userId = view.user_id;
  if (!userId || view.username === null) throw notFoundMember();
  const password = generatePassword();
  await db
    .updateTable("users")
    .set({
      password_hash: await hashPassword(password),
      must_change_password: 1,
      updated_at: now(),
    })
    .where("user_id", "=", userId)
    .where("team_id", "=", teamId)
    .execute();
  await sessions.revokeAll(userId);
  return credentials(access.team, view.username, password);
}

function credentials(team: TeamRow, username: string, password: string): Credentials {
  return { teamAlias: team.star_alias, teamId: team.team_id, username, password };
}
