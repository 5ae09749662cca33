import { actorOf, type TeamAccess } from "#api/access/teams.ts";
import { shapedQuery } from "#api/db/fixed-query.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import {
  keysetPage,
  type ListPageValues,
  listPageValues,
  REF_DATE_SORTS,
  refDateDirection,
} from "#api/http/keyset.ts";
import { type Actor, canSeeAllCollections, type Role } from "#domain/roles.ts";
import {
  type Collection,
  type CollectionViewRow,
  SEE_ALL_ROLES,
  selectCollections,
  toCollections,
} from "./collection-views.ts";

// Lists of collections (docs/product.md#lists, docs/product.md#visibility): of a team, of one
// member's, the team's shared ones, and the caller's across teams; each holds only what the caller
// may see.

export const COLLECTION_SORTS = REF_DATE_SORTS;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];
export const COLLECTION_VIEWS = ["all", "collaborative"] as const;
export type CollectionView = (typeof COLLECTION_VIEWS)[number];
/** The most collections one page holds. */
export const COLLECTION_PAGE_MAX = 100;

export interface CollectionListQuery {
  lastKey?: string;
  limit: number;
  creator?: string;
  tagged?: string;
  view: CollectionView;
  from?: number;
  to?: number;
  sort: CollectionSort;
}

export interface CollectionPage {
  pagination: { lastKey: string | null };
  collections: Collection[];
}

/** Which collections a list covers, besides the caller's visibility. */
type Scope =
  | { kind: "team"; teamId: string; actor: Actor }
  | { kind: "member"; teamId: string; actor: Actor; memberId: string }
  | { kind: "shared"; teamId: string; actor: Actor }
  | { kind: "mine"; userId: string };

/** A page of the team's collections the caller may see. */
export function listTeamCollections(db: Db, access: TeamAccess, query: CollectionListQuery) {
  return collectionPage(
    db,
    { kind: "team", teamId: access.team.team_id, actor: actorOf(access) },
    query,
  );
}

/** A page of the collections one member of the team created (that the caller may see). */
export async function listMemberCollections(
  db: Db,
  access: TeamAccess,
  memberId: string,
  query: CollectionListQuery,
) {
  const member = await db
    .selectFrom("members")
    .select("member_id")
    .where("team_id", "=", access.team.team_id)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (!member) throw new ApiError("notFound", "No such member in this team");
  return collectionPage(
    db,
    { kind: "member", teamId: access.team.team_id, actor: actorOf(access), memberId },
    query,
  );
}

/** A page of the team's collaborative collections. */
export function listSharedCollections(db: Db, access: TeamAccess, query: CollectionListQuery) {
  return collectionPage(
    db,
    { kind: "shared", teamId: access.team.team_id, actor: actorOf(access) },
    query,
  );
}

/** A page of the collections the caller may see across all teams they are active in. */
export function listMyCollections(db: Db, userId: string, query: CollectionListQuery) {
  return collectionPage(db, { kind: "mine", userId }, query);
}

/** One page of a scope's collections, in the query's order, after its `lastKey`. */
async function collectionPage(
  db: Db,
  scope: Scope,
  query: CollectionListQuery,
): Promise<CollectionPage> {
  const direction = refDateDirection(query.sort);
  const rows: CollectionViewRow[] = await collectionPageQuery(
    db,
    scope.kind === "mine"
      ? { kind: "mine", view: query.view, direction }
      : { kind: scope.kind, role: scope.actor.role, view: query.view, direction },
    {
      userId: scope.kind === "mine" ? scope.userId : scope.actor.userId,
      teamId: scope.kind === "mine" ? undefined : scope.teamId,
      memberId: scope.kind === "member" ? scope.memberId : undefined,
      tagged: query.tagged,
      ...listPageValues(query),
    },
  );
  const { page, lastKey } = keysetPage(rows, query.limit, (row) => [
    row.ref_date,
    row.collection_id,
  ]);
  return { pagination: { lastKey }, collections: await toCollections(db, page) };
}

/**
 * `list`'s query, compiled once for each shape (ADR 056): the scope's kind, the caller's role,
 * the view and the order, and which filters and position are given. The ids, the filters, the
 * position and the limit are its values.
 */
const collectionPageQuery = shapedQuery(
  (
    from: Db,
    shape:
      | { kind: "mine"; view: CollectionView; direction: "asc" | "desc" }
      | {
          kind: "team" | "member" | "shared";
          role: Role;
          view: CollectionView;
          direction: "asc" | "desc";
        },
    values: ListPageValues & { memberId?: string; tagged?: string },
  ) => {
    const { userId } = values;
    const { direction } = shape;
    // Keyset pages on (ref_date, collection_id): the id breaks ties, so the order is total.
    let select = selectCollections(
      from,
      userId,
      shape.kind === "mine" ? undefined : canSeeAllCollections(shape.role),
    );
    if (shape.kind === "mine") {
      // Every team the caller is an active member of, each with that team's visibility.
      select = select
        .innerJoin("members as callers", (join) =>
          join
            .onRef("callers.team_id", "=", "collections.team_id")
            .on("callers.user_id", "=", userId),
        )
        // A deleted team's collections are missing with it (ADR 094).
        .innerJoin("teams as live_teams", (join) =>
          join
            .onRef("live_teams.team_id", "=", "collections.team_id")
            .on("live_teams.deleted_at", "is", null),
        )
        .where("callers.status", "=", "active")
        .where((eb) =>
          eb.or([
            eb("callers.role", "in", SEE_ALL_ROLES),
            eb("collections.mode", "=", "collaborative"),
            eb("collections.created_by", "=", userId),
          ]),
        );
    } else {
      select = select.where("collections.team_id", "=", values.teamId ?? "");
      if (!canSeeAllCollections(shape.role)) {
        select = select.where((eb) =>
          eb.or([
            eb("collections.mode", "=", "collaborative"),
            eb("collections.created_by", "=", userId),
          ]),
        );
      }
      if (shape.kind === "member") {
        select = select.where("collections.created_by", "=", values.memberId ?? "");
      }
    }
    if (shape.kind === "shared" || shape.view === "collaborative") {
      select = select.where("collections.mode", "=", "collaborative");
    }
    if (values.creator !== undefined) {
      select = select.where("collections.created_by", "=", values.creator);
    }
    const tagged = values.tagged;
    if (tagged !== undefined) {
      select = select.where((eb) =>
        eb.exists(
          eb
            .selectFrom("collection_tags")
            .select("collection_tags.user_id")
            .whereRef("collection_tags.collection_id", "=", "collections.collection_id")
            .where("collection_tags.user_id", "=", tagged),
        ),
      );
    }
    if (values.from !== undefined) {
      select = select.where("collections.ref_date", ">=", values.from);
    }
    if (values.to !== undefined) select = select.where("collections.ref_date", "<=", values.to);
    const { afterSortKey, afterId = "" } = values;
    if (afterSortKey !== undefined) {
      // A row-value comparison: one index range on both databases (see api/files/files.ts).
      select = select.where((eb) =>
        eb(
          eb.refTuple("collections.ref_date", "collections.collection_id"),
          direction === "asc" ? ">" : "<",
          eb.tuple(afterSortKey, afterId),
        ),
      );
    }
    return select
      .orderBy("collections.ref_date", direction)
      .orderBy("collections.collection_id", direction)
      .limit(values.limit);
  },
);
