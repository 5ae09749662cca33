import { randomUUID } from "node:crypto";
import { z } from "@hono/zod-openapi";
import type { Insertable } from "kysely";
import { sql } from "kysely";
import { recordActivity } from "#api/activity/record.ts";
import type { PlanBook } from "#api/billing/plans.ts";
import type { Clock } from "#api/clock.ts";
import { fixedQuery, shapedQuery } from "#api/db/fixed-query.ts";
import type { Db, MemberRow, TeamRow, TeamsTable } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { decodeKeyset, keysetPage } from "#api/http/keyset.ts";
import { ownImageDescription } from "#api/http/schemas.ts";
import { findUserById, takeUserTurn } from "#api/users/users.ts";
import { withinLimit } from "#domain/plans.ts";
import {
  can,
  canCreateTeam,
  canSeeAllCollections,
  DEFAULT_TEAM_MODE,
  ROLES,
  TEAM_MODES,
  type TeamMode,
} from "#domain/roles.ts";
import { newMemberRow } from "./members.ts";

/** The Team of docs/product.md#entities, as one team's page shows it. Absent values are null. */
export const TeamSchema = z
  .object({
    teamId: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    mode: z.enum(TEAM_MODES),
    logoUrl: z
      .string()
      .nullable()
      .openapi({ description: ownImageDescription("logo") }),
    createdBy: z.string(),
    ownerId: z.string(),
    createdAt: z.number().int().openapi({ description: "Epoch ms" }),
    updatedAt: z.number().int().openapi({ description: "Epoch ms" }),
    updatedBy: z.string(),
    starAlias: z.string().nullable().openapi({ description: "The favourite alias" }),
    aliases: z.array(z.string()).openapi({ description: "Every alias, oldest first" }),
    membersCount: z.number().int().openapi({ description: "Active members" }),
    collectionsCount: z.number().int(),
    memberRole: z.enum(ROLES).openapi({ description: "The caller's role in the team" }),
    membersWithoutCollections: z
      .number()
      .int()
      .nullable()
      .openapi({
        description:
          "How many active members can see no collection of the team (uploaders with no " +
          "collaborative collection and none of their own), for the roles that may share " +
          "collections (owner, admin); null for the others",
      }),
    trashRetentionDays: z
      .number()
      .int()
      .openapi({
        description:
          "Days what is deleted now stays in the team's trash, and the team waits if it is " +
          "deleted now: its owner's plan's (ADR 092, ADR 094)",
      }),
  })
  .openapi("Team");
export type Team = z.infer<typeof TeamSchema>;

/** A team as the team list shows it (docs/product.md#entities). */
export const TeamListItemSchema = z
  .object({
    teamId: z.string(),
    teamName: z.string(),
    teamMode: z.enum(TEAM_MODES),
    teamLogoUrl: z
      .string()
      .nullable()
      .openapi({ description: ownImageDescription("logo") }),
    teamCreatedBy: z.string(),
    teamOwnerId: z.string(),
    teamCreatedAt: z.number().int(),
    teamUpdatedAt: z.number().int(),
    teamUpdatedBy: z.string(),
    teamStarAlias: z.string().nullable(),
    teamMembersCount: z.number().int(),
    memberRole: z.enum(ROLES),
    teamDeletedAt: z.number().int().nullable().openapi({
      description: "When its owner deleted it (epoch ms); null for a live team (ADR 094)",
    }),
    teamPurgeAt: z.number().int().nullable().openapi({
      description: "When a deleted team is gone for good (epoch ms); null for a live team",
    }),
  })
  .openapi("TeamListItem");
export type TeamListItem = z.infer<typeof TeamListItemSchema>;

export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface TeamListQuery {
  lastKey?: string;
  limit: number;
  prefix?: string;
  from?: number;
  to?: number;
  sort: SortOrder;
  /**
   * The caller's own deleted teams, waiting for their purge, instead of the live ones they are
   * a member of (ADR 094).
   */
  deleted?: boolean;
}

/** `%`, `_` and the escape itself taken literally in a LIKE pattern (escape character `!`). */
function likePrefix(prefix: string) {
  return `${prefix.replace(/[!%_]/g, "!$&")}%`;
}

const activeMembers = fixedQuery((db: Db, teamId: string) =>
  db
    .selectFrom("members")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("team_id", "=", teamId)
    .where("status", "=", "active"),
);

/** A team's collections; with `memberId`, only the collaborative ones and that member's own. */
const collectionsCount = shapedQuery(
  (db: Db, _shape: null, values: { teamId: string; memberId?: string }) => {
    const { teamId, memberId } = values;
    let select = db
      .selectFrom("collections")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("team_id", "=", teamId)
      .where("deleted_at", "is", null);
    if (memberId !== undefined) {
      select = select.where((eb) =>
        eb.or([eb("mode", "=", "collaborative"), eb("created_by", "=", memberId)]),
      );
    }
    return select;
  },
);

const teamAliases = fixedQuery((db: Db, teamId: string) =>
  db
    .selectFrom("team_aliases")
    .select("alias")
    .where("team_id", "=", teamId)
    .orderBy("created_at")
    .orderBy("alias"),
);

/** A team's aliases, oldest first. */
async function aliasesOf(db: Db, teamId: string) {
  const rows = await teamAliases.all(db, teamId);
  return rows.map((row) => row.alias);
}

/** How many active members a team has: the membersCount of docs/product.md#entities. */
async function activeMembersCount(db: Db, teamId: string) {
  const rows = await activeMembers.all(db, teamId);
  return Number(rows[0]?.count);
}

/**
 * How many of the team's collections the member may see: the collectionsCount of
 * docs/product.md#entities.
 */
async function visibleCollectionsCount(db: Db, teamId: string, member: MemberRow) {
  const rows = await collectionsCount(db, null, {
    teamId,
    memberId: canSeeAllCollections(member.role) ? undefined : member.member_id,
  });
  return Number(rows[0]?.count);
}

/** Roles that see only their own and the collaborative collections (docs/product.md#visibility). */
const PARTIAL_VIEW_ROLES = ROLES.filter((role) => !canSeeAllCollections(role));

const membersWithoutCollections = fixedQuery((db: Db, teamId: string) =>
  db
    .selectFrom("members")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("members.team_id", "=", teamId)
    .where("members.status", "=", "active")
    .where("members.role", "in", PARTIAL_VIEW_ROLES)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("collections")
            .select("collections.collection_id")
            .whereRef("collections.team_id", "=", "members.team_id")
            .where("collections.deleted_at", "is", null)
            .where((inner) =>
              inner.or([
                inner("collections.mode", "=", "collaborative"),
                inner("collections.created_by", "=", inner.ref("members.member_id")),
              ]),
            ),
        ),
      ),
    ),
);

/**
 * How many active members see no collection at all, for the owner's and admins' warning on the
 * team's home (docs/product.md#visibility); null for roles that could not fix it by sharing one.
 */
async function unreachedMembersCount(db: Db, teamId: string, member: MemberRow) {
  if (!can(member.role, "update", "collection:any")) return null;
  const rows = await membersWithoutCollections.all(db, teamId);
  return Number(rows[0]?.count ?? 0);
}

export interface TeamServiceOptions {
  db: Db;
  now: Clock;
  /** Whose plan caps the teams a user owns. */
  plans: PlanBook;
}

export interface NewTeam {
  name: string;
  description?: string;
  nickname?: string;
  mode?: TeamMode;
}

export function createTeamService({ db, now, plans }: TeamServiceOptions) {
  return {
    /** The Team as the caller sees it, from their membership. */
    async view(team: TeamRow, member: MemberRow): Promise<Team> {
      return {
        teamId: team.team_id,
        name: team.name,
        description: team.description,
        mode: team.mode,
        logoUrl: team.logo_url,
        createdBy: team.created_by,
        ownerId: team.owner_id,
        createdAt: team.created_at,
        updatedAt: team.updated_at,
        updatedBy: team.updated_by,
        starAlias: team.star_alias,
        aliases: await aliasesOf(db, team.team_id),
        membersCount: await activeMembersCount(db, team.team_id),
        collectionsCount: await visibleCollectionsCount(db, team.team_id, member),
        memberRole: member.role,
        membersWithoutCollections: await unreachedMembersCount(db, team.team_id, member),
        trashRetentionDays: await plans.trashRetentionDaysOf(team.owner_id),
      };
    },

    /**
     * The teams the user is an active member of, one page at a time: newest first unless
     * `sort` is asc, optionally only names starting with `prefix` (any case) and created
     * within `from`..`to` (epoch ms, inclusive).
     */
    async list(
      userId: string,
      query: TeamListQuery,
    ): Promise<{ pagination: { lastKey: string | null }; teams: TeamListItem[] }> {
      const after = query.lastKey === undefined ? undefined : decodeKeyset(query.lastKey);
      const direction = query.sort;
      const beyond = direction === "asc" ? ">" : "<";
      let select = db
        .selectFrom("members")
        .innerJoin("teams", "teams.team_id", "members.team_id")
        .selectAll("teams")
        .select("members.role as member_role")
        .select((eb) =>
          eb
            .selectFrom("members as counted")
            .select(eb.fn.countAll<number | string>().as("count"))
            .whereRef("counted.team_id", "=", "teams.team_id")
            .where("counted.status", "=", "active")
            .as("members_count"),
        )
        .where("members.user_id", "=", userId)
        .where("members.status", "=", "active");
      // A deleted team is missing from every list but its owner's list of deleted teams.
      select = query.deleted
        ? select
            .where("teams.deleted_at", "is not", null)
            .where("teams.owner_id", "=", userId)
            .where("teams.purge_at", ">", now())
        : select.where("teams.deleted_at", "is", null);
      if (query.prefix) {
        const pattern = likePrefix(query.prefix.toLowerCase());
        select = select.where(
          sql<boolean>`${sql.ref("teams.name_key")} like ${pattern} escape '!'`,
        );
      }
      if (query.from !== undefined) select = select.where("teams.created_at", ">=", query.from);
      if (query.to !== undefined) select = select.where("teams.created_at", "<=", query.to);
      if (after) {
        select = select.where((eb) =>
          eb.or([
            eb("teams.created_at", beyond, after.sortKey),
            eb.and([
              eb("teams.created_at", "=", after.sortKey),
              eb("teams.team_id", beyond, after.id),
            ]),
          ]),
        );
      }
      const rows = await select
        .orderBy("teams.created_at", direction)
        .orderBy("teams.team_id", direction)
        .limit(query.limit + 1)
        .execute();
      // Keyset pages in (created_at, team_id) order.
      const { page, lastKey } = keysetPage(rows, query.limit, (row) => [
        row.created_at,
        row.team_id,
      ]);
      return {
        pagination: { lastKey },
        teams: page.map((row) => ({
          teamId: row.team_id,
          teamName: row.name,
          teamMode: row.mode,
          teamLogoUrl: row.logo_url,
          teamCreatedBy: row.created_by,
          teamOwnerId: row.owner_id,
          teamCreatedAt: row.created_at,
          teamUpdatedAt: row.updated_at,
          teamUpdatedBy: row.updated_by,
          teamStarAlias: row.star_alias,
          teamMembersCount: Number(row.members_count ?? 0),
          memberRole: row.member_role,
          teamDeletedAt: row.deleted_at === null ? null : Number(row.deleted_at),
          teamPurgeAt: row.purge_at === null ? null : Number(row.purge_at),
        })),
      };
    },

    /**
     * A new team, owned by its creator: only a global user may create one, and no more than
     * the plan's limitTeams. The creator becomes its active owner member, under the nickname
     * given or their own.
     */
    async create(userId: string, input: NewTeam): Promise<{ teamId: string }> {
      const user = await findUserById(db, userId);
      if (!user) throw new ApiError("notAuthorized", "This account no longer exists");
      if (!canCreateTeam(user.user_scope)) {
        throw new ApiError("forbidden", "Members of a team cannot create teams");
      }
      const teamId = randomUUID();
      const nickname = input.nickname ?? user.nickname ?? user.username;
      // Read before the transaction: on SQLite it holds the one connection.
      const { limitTeams } = await plans.limitsOf(userId);
      await db.transaction().execute(async (trx) => {
        // Concurrent creations by one user, and the account's deletion, take turns, so the
        // count below holds.
        await takeUserTurn(trx, userId);
        const owned = await trx
          .selectFrom("teams")
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .where("owner_id", "=", userId)
          // A deleted team no longer counts; restoring it checks the limit again (ADR 094).
          .where("deleted_at", "is", null)
          .executeTakeFirstOrThrow();
        if (!withinLimit(Number(owned.count), limitTeams)) {
          throw new ApiError(
            "quotaExceededTeams",
            `Your plan allows ${limitTeams} teams; check your plan`,
          );
        }
        const at = now();
        const team: Insertable<TeamsTable> = {
          team_id: teamId,
          name: input.name,
          name_key: input.name.toLowerCase(),
          description: input.description ?? null,
          mode: input.mode ?? DEFAULT_TEAM_MODE,
          logo_url: null,
          created_by: userId,
          owner_id: userId,
          updated_by: userId,
          star_alias: null,
          created_at: at,
          updated_at: at,
        };
        await trx.insertInto("teams").values(team).execute();
        await trx
          .insertInto("members")
          .values(
            newMemberRow({
              teamId,
              userId,
              email: user.email?.toLowerCase() ?? null,
              nickname,
              role: "owner",
              type: "other",
              locale: user.locale,
              createdBy: userId,
              at,
            }),
          )
          .execute();
        await recordActivity(trx, {
          teamId,
          actorId: userId,
          kind: "teamCreated",
          targetType: "team",
          targetId: teamId,
          targetName: input.name,
          at,
        });
      });
      return { teamId };
    },

    /** Applies column changes (from a team patch) and records who made them. */
    async update(
      team: TeamRow,
      userId: string,
      changes: Partial<Pick<TeamsTable, "name" | "description" | "mode">>,
    ): Promise<TeamRow> {
      if (Object.keys(changes).length === 0) return team;
      const at = now();
      const set = {
        ...changes,
        ...(changes.name === undefined ? {} : { name_key: changes.name.toLowerCase() }),
        updated_at: at,
        updated_by: userId,
      };
      const changed = { ...team, ...set };
      const entry = { teamId: team.team_id, actorId: userId, at } as const;
      const target = {
        targetType: "team",
        targetId: team.team_id,
        targetName: changed.name,
      } as const;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable("teams").set(set).where("team_id", "=", team.team_id).execute();
        if (changes.name !== undefined && changes.name !== team.name) {
          await recordActivity(trx, {
            ...entry,
            ...target,
            kind: "teamRenamed",
            detail: { from: team.name },
          });
        }
        if ("description" in changes && (changes.description ?? null) !== team.description) {
          await recordActivity(trx, { ...entry, ...target, kind: "teamDescribed" });
        }
        if (changes.mode !== undefined && changes.mode !== team.mode) {
          await recordActivity(trx, {
            ...entry,
            ...target,
            kind: "teamModeChanged",
            detail: { from: team.mode, to: changes.mode },
          });
        }
      });
      return changed;
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
