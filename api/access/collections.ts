import { fixedQuery } from "#api/db/fixed-query.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { canSeeCollection } from "#domain/roles.ts";
import { actorOf, type TeamAccess } from "./teams.ts";

// Which collections of a team the caller may see: shared by the features that reach a
// collection's files (ADR 058).

const teamCollection = fixedQuery((db: Db, teamId: string, collectionId: string) =>
  db
    .selectFrom("collections")
    .select(["collection_id", "name", "mode", "created_by"])
    .where("team_id", "=", teamId)
    .where("collection_id", "=", collectionId),
);

/** A collection of the team, with what deciding who may see it needs; undefined if none. */
export function findTeamCollection(db: Db, teamId: string, collectionId: string) {
  return teamCollection.first(db, teamId, collectionId);
}

/**
 * A collection of the caller's team that the caller may see, or notFound: a missing one and
 * one the caller may not see answer alike.
 */
export async function requireVisibleCollection(db: Db, access: TeamAccess, collectionId: string) {
  const collection = await findTeamCollection(db, access.team.team_id, collectionId);
  const actor = actorOf(access);
  if (
    !collection ||
    !canSeeCollection(actor, { mode: collection.mode, createdBy: collection.created_by })
  ) {
    throw new ApiError("notFound", "No such collection in this team");
  }
  return collection;
}
