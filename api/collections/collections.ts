import { randomUUID } from "node:crypto";
import { actorOf, type TeamAccess } from "#api/access/teams.ts";
import { recordActivity } from "#api/activity/record.ts";
import type { Clock } from "#api/clock.ts";
import { fixedQuery } from "#api/db/fixed-query.ts";
import type { CollectionsTable, Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import {
  type CollectionMode,
  can,
  canCreateCollection,
  canMakeCollaborative,
  canRenameCollection,
  shareTransition,
} from "#domain/roles.ts";
import {
  type CollectionListQuery,
  listMemberCollections,
  listMyCollections,
  listSharedCollections,
  listTeamCollections,
} from "./collection-lists.ts";
import type { CollectionChanges } from "./collection-patch.ts";
import {
  type Collection,
  toCollection,
  toCollections,
  viewCollection,
  visibleCollection,
} from "./collection-views.ts";

// Collections of a team (docs/product.md#collection-modes, docs/product.md#visibility): lists
// (collection-lists.ts), one collection, which the caller has then read, a new one, and a
// collection patch.

export {
  COLLECTION_PAGE_MAX,
  COLLECTION_SORTS,
  COLLECTION_VIEWS,
  type CollectionListQuery,
  type CollectionPage,
  type CollectionSort,
  type CollectionView,
} from "./collection-lists.ts";
export { type Collection, CollectionSchema } from "./collection-views.ts";

export interface NewCollection {
  name: string;
  description?: string;
  mode?: CollectionMode;
}

export interface CollectionServiceOptions {
  db: Db;
  now: Clock;
}

/** Records that a user opened a collection now. */
const markRead = fixedQuery((db: Db, collectionId: string, userId: string, at: number) =>
  db
    .insertInto("collection_reads")
    .values({ collection_id: collectionId, user_id: userId, read_at: at })
    .onConflict((oc) => oc.columns(["collection_id", "user_id"]).doUpdateSet({ read_at: at })),
);

export function createCollectionService(deps: CollectionServiceOptions) {
  const { db } = deps;
  return {
    listTeam: (access: TeamAccess, query: CollectionListQuery) =>
      listTeamCollections(db, access, query),
    listMember: (access: TeamAccess, memberId: string, query: CollectionListQuery) =>
      listMemberCollections(db, access, memberId, query),
    listShared: (access: TeamAccess, query: CollectionListQuery) =>
      listSharedCollections(db, access, query),
    listMine: (userId: string, query: CollectionListQuery) => listMyCollections(db, userId, query),
    read: (access: TeamAccess, collectionId: string) => readCollection(deps, access, collectionId),
    create: (access: TeamAccess, input: NewCollection) => createCollection(deps, access, input),
    update: (access: TeamAccess, collectionId: string, changes: CollectionChanges) =>
      updateCollection(deps, access, collectionId, changes),
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;

/** One collection, which the caller has now read. */
export async function readCollection(
  { db, now }: CollectionServiceOptions,
  access: TeamAccess,
  collectionId: string,
): Promise<Collection> {
  const row = await visibleCollection(db, access, collectionId);
  const at = now();
  await markRead.run(db, row.collection_id, actorOf(access).userId, at);
  const [collection] = await toCollections(db, [{ ...row, read_at: at }]);
  return collection as Collection;
}

/**
 * A new, published collection. Owner and admin always; uploader and upviewer only in a
 * collaborative team, and never a collaborative collection (docs/product.md#conditional-rules).
 */
export async function createCollection(
  { db, now }: CollectionServiceOptions,
  access: TeamAccess,
  input: NewCollection,
): Promise<Collection> {
  const actor = actorOf(access);
  if (!canCreateCollection(actor.role, access.team.mode)) {
    throw new ApiError("forbidden", "Your role cannot create collections in this team");
  }
  const mode = input.mode ?? "owned";
  if (mode === "collaborative" && !canMakeCollaborative(actor.role)) {
    throw new ApiError("forbidden", "Your role cannot make a collection collaborative");
  }
  const at = now();
  const row: CollectionsTable = {
    collection_id: randomUUID(),
    team_id: access.team.team_id,
    name: input.name,
    name_key: input.name.toLowerCase(),
    description: input.description ?? null,
    mode,
    status: "published",
    created_by: actor.userId,
    created_at: at,
    updated_at: at,
    updated_by: actor.userId,
    ref_date: at,
    deleted_at: null,
    deleted_by: null,
    purge_at: null,
  };
  // Its creator has read it: a new collection is not news to whoever made it
  // (docs/product.md#lists).
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("collections").values(row).execute();
    await recordActivity(trx, {
      teamId: row.team_id,
      actorId: actor.userId,
      kind: "collectionCreated",
      targetType: "collection",
      targetId: row.collection_id,
      targetName: row.name,
      ...(mode === "collaborative" && { detail: { mode } }),
      at,
    });
  });
  await markRead.run(db, row.collection_id, actor.userId, at);
  return viewCollection(db, access, row.collection_id);
}

/**
 * Applies a collection patch. Name, description and tags follow the rename rule (update
 * any, or update own on one's own owned collection); mode is share or unshare, update any
 * only and only between published owned and published collaborative. Tags must be active
 * members of the team.
 */
export async function updateCollection(
  { db, now }: CollectionServiceOptions,
  access: TeamAccess,
  collectionId: string,
  changes: CollectionChanges,
): Promise<Collection> {
  const actor = actorOf(access);
  const row = await visibleCollection(db, access, collectionId);
  const current = { mode: row.mode, createdBy: row.created_by, status: row.status };
  const edits = changes.name !== undefined || "description" in changes || changes.tags;
  if (edits && !canRenameCollection(actor, current)) {
    throw new ApiError("forbidden", "Your role cannot change this collection");
  }
  let mode: CollectionMode | undefined;
  if (changes.mode !== undefined) {
    if (!can(actor.role, "update", "collection:any")) {
      throw new ApiError("forbidden", "Your role cannot share or unshare collections");
    }
    if (changes.mode !== row.mode) {
      if (shareTransition(current)?.mode !== changes.mode) {
        throw new ApiError("forbidden", "Only a published collection can be shared or unshared");
      }
      mode = changes.mode;
    }
  }
  if (changes.tags) {
    const wanted = [...new Set(changes.tags)];
    const members = wanted.length
      ? await db
          .selectFrom("members")
          .select("member_id")
          .where("team_id", "=", access.team.team_id)
          .where("status", "=", "active")
          .where("member_id", "in", wanted)
          .execute()
      : [];
    if (members.length !== wanted.length) {
      throw new ApiError("invalidInput", "tags: each must be an active member of the team");
    }
    changes = { ...changes, tags: wanted };
  }
  const set: Partial<CollectionsTable> = {};
  if (changes.name !== undefined) {
    set.name = changes.name;
    set.name_key = changes.name.toLowerCase();
  }
  if ("description" in changes) set.description = changes.description ?? null;
  if (mode !== undefined) set.mode = mode;
  if (Object.keys(set).length === 0 && !changes.tags) return toCollection(db, row);
  const at = now();
  const tags = changes.tags;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("collections")
      .set({ ...set, updated_at: at, updated_by: actor.userId })
      .where("collection_id", "=", row.collection_id)
      .execute();
    // Read before the tags are replaced: an unchanged set records nothing.
    const before = tags
      ? await trx
          .selectFrom("collection_tags")
          .select("user_id")
          .where("collection_id", "=", row.collection_id)
          .execute()
      : [];
    if (tags) {
      await trx
        .deleteFrom("collection_tags")
        .where("collection_id", "=", row.collection_id)
        .execute();
      if (tags.length) {
        await trx
          .insertInto("collection_tags")
          .values(tags.map((userId) => ({ collection_id: row.collection_id, user_id: userId })))
          .execute();
      }
    }
    const entry = {
      teamId: row.team_id,
      actorId: actor.userId,
      targetType: "collection",
      targetId: row.collection_id,
      targetName: set.name ?? row.name,
      at,
    } as const;
    if (set.name !== undefined && set.name !== row.name) {
      await recordActivity(trx, {
        ...entry,
        kind: "collectionRenamed",
        detail: { from: row.name },
      });
    }
    if (set.description !== undefined && set.description !== row.description) {
      await recordActivity(trx, { ...entry, kind: "collectionDescribed" });
    }
    if (mode !== undefined) {
      const kind = mode === "collaborative" ? "collectionShared" : "collectionUnshared";
      await recordActivity(trx, { ...entry, kind });
    }
    const retagged =
      tags && (tags.length !== before.length || before.some((tag) => !tags.includes(tag.user_id)));
    if (retagged) {
      await recordActivity(trx, {
        ...entry,
        kind: "collectionTagged",
        detail: { count: tags.length },
      });
    }
  });
  return viewCollection(db, access, row.collection_id);
}
