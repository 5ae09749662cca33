import type { Db } from "#api/db/schema.ts";

/** A collection of the team, with what deciding who may see it needs; undefined if none. */
export function findTeamCollection(db: Db, teamId: string, collectionId: string) {
  return db
    .selectFrom("collections")
    .select(["collection_id", "mode", "created_by"])
    .where("team_id", "=", teamId)
    .where("collection_id", "=", collectionId)
    .executeTakeFirst();
}
