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
    .where("collection_id", "=", collectionId)
    // A collection in the trash is missing for everything but the trash (ADR 092).
    .where("deleted_at", "is", null),
);

/** A collection of the team, with what deciding who may see it needs; undefined if none. */
export function findTeamCollection(db: Db, teamId: string, collectionId: string) {
  return teamCollection.first(db, teamId, collectionId);
}

const creatorOf = fixedQuery((db: Db, teamId: string, memberId: string) =>
  db
    .selectFrom("members")
    .leftJoin("users", "users.user_id", "members.user_id")
    .select(["members.member_id", "members.nickname", "users.avatar_url"])
    .where("members.team_id", "=", teamId)
    .where("members.member_id", "=", memberId),
);

/** A collection's creator as a member reference: who to ask about it; null once removed. */
export async function collectionCreator(db: Db, teamId: string, createdBy: string) {
  const row = await creatorOf.first(db, teamId, createdBy);
  return row ? { userId: row.member_id, nickname: row.nickname, avatarUrl: row.avatar_url } : null;
}

/**
 * The refusal for a member who names a collection of their team they may not see: `forbidden`,
 * with its creator (`creator`), so the member learns whom to ask (docs/product.md#visibility,
 * ADR 071). Only members get this far: outsiders get notFound for the team itself.
 */
export function hiddenCollection(
  creator: { userId: string; nickname: string; avatarUrl: string | null } | null,
) {
  return new ApiError(
    "forbidden",
    "This collection is not shared with you: ask its creator or the team's owner or an admin",
    undefined,
    undefined,
    { creator },
  );
}

/**
 * A collection of the caller's team that the caller may see. A missing one is notFound; one the
 * caller may not see is forbidden, naming its creator (hiddenCollection).
 */
export async function requireVisibleCollection(db: Db, access: TeamAccess, collectionId: string) {
  const collection = await findTeamCollection(db, access.team.team_id, collectionId);
  const actor = actorOf(access);
  if (!collection) throw new ApiError("notFound", "No such collection in this team");
  if (!canSeeCollection(actor, { mode: collection.mode, createdBy: collection.created_by })) {
    throw hiddenCollection(await collectionCreator(db, access.team.team_id, collection.created_by));
  }
  return collection;
}
