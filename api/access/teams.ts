import { fixedQuery } from "#api/db/fixed-query.ts";
import type { Db, MemberRow, TeamRow } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { readOncePerPage } from "#api/http/page-reads.ts";
import { hasTeamAccess } from "#domain/members.ts";
import { type Action, type Actor, can, type Resource, ROLES } from "#domain/roles.ts";

// Who may enter a team, and as what: shared by every feature below the routes (ADR 058).

/** A team as the caller may see it, with their own membership in it. */
export interface TeamAccess {
  team: TeamRow;
  member: MemberRow;
}

/** The actor of a team access: who is acting, with which role. */
export function actorOf(access: TeamAccess): Actor {
  return { userId: access.member.member_id, role: access.member.role };
}

// A deleted team (ADR 094) is found by neither its id nor its aliases: it answers as missing
// everywhere, until its owner restores it.
const teamById = fixedQuery((db: Db, teamId: string) =>
  db.selectFrom("teams").selectAll().where("team_id", "=", teamId).where("deleted_at", "is", null),
);

const teamByAlias = fixedQuery((db: Db, alias: string) =>
  db
    .selectFrom("teams")
    .innerJoin("team_aliases", "team_aliases.team_id", "teams.team_id")
    .selectAll("teams")
    .where("team_aliases.alias", "=", alias)
    .where("teams.deleted_at", "is", null),
);

const membership = fixedQuery((db: Db, teamId: string, userId: string) =>
  db.selectFrom("members").selectAll().where("team_id", "=", teamId).where("user_id", "=", userId),
);

/**
 * The team an id or one of its aliases names, or undefined. Aliases are lowercase. A deleted
 * team is undefined here (ADR 094).
 */
export async function findTeam(db: Db, idOrAlias: string) {
  return (await teamById.first(db, idOrAlias)) ?? teamByAlias.first(db, idOrAlias.toLowerCase());
}

/**
 * The team `idOrAlias` names and the user's membership in it, whatever its status; either may be
 * missing. The calls of one web page share the answer (ADR 050), so it is frozen: no handler has
 * cause to change it.
 */
function teamAndMembership(db: Db, idOrAlias: string, userId: string) {
  return readOncePerPage(`team ${idOrAlias} ${userId}`, async () => {
    const team = await findTeam(db, idOrAlias);
    const member = team ? await membership.first(db, team.team_id, userId) : undefined;
    return { team: team && Object.freeze(team), member: member && Object.freeze(member) };
  });
}

/**
 * The team `idOrAlias` names and the caller's membership, when the caller is an active member.
 * A team the caller cannot enter answers exactly like a missing one: `notFound`, so nobody learns
 * which teams exist. Disabled, banned, left, rejected and invited members have no access.
 */
export async function requireTeamMember(
  db: Db,
  idOrAlias: string,
  userId: string,
): Promise<TeamAccess> {
  const { team, member } = await teamAndMembership(db, idOrAlias, userId);
  if (!team || !member || !hasTeamAccess(member.status)) {
    throw new ApiError("notFound", "No such team");
  }
  return { team, member };
}

/**
 * `requireTeamMember`, and then one cell of the permission matrix (domain/roles.ts): a member
 * whose role lacks it is `forbidden`.
 */
export async function requireTeamPermission(
  db: Db,
  idOrAlias: string,
  userId: string,
  action: Action,
  resource: Resource,
): Promise<TeamAccess> {
  const access = await requireTeamMember(db, idOrAlias, userId);
  if (!can(access.member.role, action, resource)) {
    throw new ApiError("forbidden", `Your role cannot ${action} ${resource.split(":")[0]}`);
  }
  return access;
}

/** The roles that run a team: those the permission matrix lets update it (owner and admin). */
const TEAM_RUNNERS = ROLES.filter((role) => can(role, "update", "team"));

/**
 * Whether the user runs some team, as its active owner or admin, that is not deleted: the people
 * the notes meant for an operator are shown to (ADR 103), as the product has no operator role.
 */
export async function runsATeam(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("members")
    .innerJoin("teams", "teams.team_id", "members.team_id")
    .select("members.team_id")
    .where("members.user_id", "=", userId)
    .where("members.status", "=", "active")
    .where("members.role", "in", TEAM_RUNNERS)
    .where("teams.deleted_at", "is", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
