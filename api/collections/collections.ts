import { randomUUID } from "node:crypto";
import { z } from "@hono/zod-openapi";
import type { TeamAccess } from "#api/access/teams.ts";
import { actorOf } from "#api/access/teams.ts";
import type { Clock } from "#api/clock.ts";
import { fixedQuery, shapedQuery } from "#api/db/fixed-query.ts";
import {
  type CollectionRow,
  type CollectionsTable,
  type Db,
  VISIBLE_FILE_STATUSES,
} from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { keysetPage, type ListPageValues, listPageValues } from "#api/http/keyset.ts";
import { memberReferenceSchema } from "#api/http/schemas.ts";
import {
  type Actor,
  COLLECTION_MODES,
  COLLECTION_STATUSES,
  type CollectionMode,
  can,
  canCreateCollection,
  canMakeCollaborative,
  canRenameCollection,
  canSeeAllCollections,
  canSeeCollection,
  ROLES,
  type Role,
  shareTransition,
} from "#domain/roles.ts";
import type { CollectionChanges } from "./collection-patch.ts";

/** The Collection of the spec (section 3), as the caller sees it. Absent values are null. */
export const CollectionSchema = z
  .object({
    collectionId: z.string(),
    teamId: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    mode: z.enum(COLLECTION_MODES),
    status: z.enum(COLLECTION_STATUSES),
    createdBy: z.string().openapi({ description: "The creator's user id" }),
    creator: memberReferenceSchema("The creator as a member of the team; null once removed"),
    updatedAt: z.number().int().openapi({ description: "Epoch ms of the last update" }),
    readAt: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "When the caller last opened it (epoch ms); null if never" }),
    tags: z.array(z.string()).openapi({ description: "User ids of the tagged members" }),
    refDate: z.number().int().openapi({ description: "What lists sort by (epoch ms)" }),
    filesCount: z.number().int(),
  })
  .openapi("Collection");
export type Collection = z.infer<typeof CollectionSchema>;

export const COLLECTION_SORTS = ["refDate:desc", "refDate:asc"] as const;
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

export interface NewCollection {
  name: string;
  description?: string;
  mode?: CollectionMode;
}

/** The tags of one collection (a single collection's answer: GET, PATCH, create). */
const tagsOfOne = fixedQuery((db: Db, collectionId: string) =>
  db
    .selectFrom("collection_tags")
    .select(["collection_id", "user_id"])
    .where("collection_id", "=", collectionId)
    .orderBy("user_id"),
);

/** Records that a user opened a collection now. */
const markRead = fixedQuery((db: Db, collectionId: string, userId: string, at: number) =>
  db
    .insertInto("collection_reads")
    .values({ collection_id: collectionId, user_id: userId, read_at: at })
    .onConflict((oc) => oc.columns(["collection_id", "user_id"]).doUpdateSet({ read_at: at })),
);

const notFoundCollection = () => new ApiError("notFound", "No such collection in this team");

/** Roles that see every collection of their team; the rest see their own and collaborative. */
const SEE_ALL_ROLES = ROLES.filter(canSeeAllCollections);

/** Which collections a list covers, besides the caller's visibility. */
type Scope =
  | { kind: "team"; teamId: string; actor: Actor }
  | { kind: "member"; teamId: string; actor: Actor; memberId: string }
  | { kind: "shared"; teamId: string; actor: Actor }
  | { kind: "mine"; userId: string };

export interface CollectionServiceOptions {
  db: Db;
  now: Clock;
}

export function createCollectionService({ db, now }: CollectionServiceOptions) {
  /**
   * Collections with their creator's membership, the caller's read time and how many files
   * the caller may see in each. `seesAll` is the caller's visibility when one team's role
   * decides it; across teams (undefined) each collection's team decides.
   */
  function selectCollections(userId: string, seesAll?: boolean, from: Db = db) {
    return from
      .selectFrom("collections")
      .leftJoin("members as creators", (join) =>
        join
          .onRef("creators.team_id", "=", "collections.team_id")
          .onRef("creators.member_id", "=", "collections.created_by"),
      )
      .leftJoin("users as creator_users", "creator_users.user_id", "creators.user_id")
      .leftJoin("collection_reads as reads", (join) =>
        join
          .onRef("reads.collection_id", "=", "collections.collection_id")
          .on("reads.user_id", "=", userId),
      )
      .selectAll("collections")
      .select([
        "creators.nickname as creator_nickname",
        "creators.member_id as creator_member_id",
        "creator_users.avatar_url as creator_avatar_url",
        "reads.read_at as read_at",
      ])
      .select((eb) => {
        let files = eb
          .selectFrom("files")
          .select((count) => count.fn.countAll<number>().as("count"))
          .whereRef("files.collection_id", "=", "collections.collection_id")
          .where("files.status", "in", VISIBLE_FILE_STATUSES);
        if (seesAll === false) files = files.where("files.uploaded_by", "=", userId);
        if (seesAll === undefined) {
          files = files.where((inner) =>
            inner.or([
              inner("files.uploaded_by", "=", userId),
              inner.exists(
                inner
                  .selectFrom("members as viewers")
                  .select("viewers.member_id")
                  .whereRef("viewers.team_id", "=", "collections.team_id")
                  .where("viewers.user_id", "=", userId)
                  .where("viewers.role", "in", SEE_ALL_ROLES),
              ),
            ]),
          );
        }
        return files.as("files_count");
      });
  }
  type Row = CollectionRow & {
    creator_nickname: string | null;
    creator_member_id: string | null;
    creator_avatar_url: string | null;
    read_at: number | null;
    files_count: number | string | null;
  };

  async function tagsOf(collectionIds: string[]) {
    const tags = new Map<string, string[]>();
    if (collectionIds.length === 0) return tags;
    const rows =
      collectionIds.length === 1
        ? await tagsOfOne.all(db, collectionIds[0] as string)
        : await db
            .selectFrom("collection_tags")
            .select(["collection_id", "user_id"])
            .where("collection_id", "in", collectionIds)
            .orderBy("user_id")
            .execute();
    for (const row of rows) {
      const list = tags.get(row.collection_id) ?? [];
      list.push(row.user_id);
      tags.set(row.collection_id, list);
    }
    return tags;
  }

  async function toCollections(rows: Row[]): Promise<Collection[]> {
    const tags = await tagsOf(rows.map((row) => row.collection_id));
    return rows.map((row) => ({
      collectionId: row.collection_id,
      teamId: row.team_id,
      name: row.name,
      description: row.description,
      mode: row.mode,
      status: row.status,
      createdBy: row.created_by,
      creator:
        row.creator_member_id === null || row.creator_nickname === null
          ? null
          : {
              userId: row.creator_member_id,
              nickname: row.creator_nickname,
              avatarUrl: row.creator_avatar_url,
            },
      updatedAt: row.updated_at,
      // Read before the last update is unread again.
      readAt:
        row.read_at === null || Number(row.read_at) < row.updated_at ? null : Number(row.read_at),
      tags: tags.get(row.collection_id) ?? [],
      refDate: row.ref_date,
      filesCount: Number(row.files_count ?? 0),
    }));
  }

  /** One collection as selectCollections answers it, for a caller who sees all of them or not. */
  const oneCollection = shapedQuery(
    (
      from: Db,
      seesAll: boolean,
      values: { userId: string; teamId: string; collectionId: string },
    ) =>
      selectCollections(values.userId, seesAll, from)
        .where("collections.team_id", "=", values.teamId)
        .where("collections.collection_id", "=", values.collectionId),
  );

  /** One collection of the team the caller may see, or notFound. */
  async function findVisible(access: TeamAccess, collectionId: string): Promise<Row> {
    const actor = actorOf(access);
    const [row]: (Row | undefined)[] = await oneCollection(db, canSeeAllCollections(actor.role), {
      userId: actor.userId,
      teamId: access.team.team_id,
      collectionId,
    });
    if (!row || !canSeeCollection(actor, { mode: row.mode, createdBy: row.created_by })) {
      throw notFoundCollection();
    }
    return row;
  }

  /**
   * `list`'s query, compiled once for each shape (ADR 056): the scope's kind, the caller's role,
   * the view and the order, and which filters and position are given. The ids, the filters, the
   * position and the limit are its values.
   */
  const collectionPage = shapedQuery(
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
        userId,
        shape.kind === "mine" ? undefined : canSeeAllCollections(shape.role),
        from,
      );
      if (shape.kind === "mine") {
        // Every team the caller is an active member of, each with that team's visibility.
        select = select
          .innerJoin("members as callers", (join) =>
            join
              .onRef("callers.team_id", "=", "collections.team_id")
              .on("callers.user_id", "=", userId),
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

  async function list(scope: Scope, query: CollectionListQuery): Promise<CollectionPage> {
    const direction = query.sort === "refDate:asc" ? "asc" : "desc";
    const rows: Row[] = await collectionPage(
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
    return { pagination: { lastKey }, collections: await toCollections(page) };
  }

  return {
    /** A page of the team's collections the caller may see. */
    listTeam(access: TeamAccess, query: CollectionListQuery) {
      return list({ kind: "team", teamId: access.team.team_id, actor: actorOf(access) }, query);
    },

    /** A page of the collections one member of the team created (that the caller may see). */
    async listMember(access: TeamAccess, memberId: string, query: CollectionListQuery) {
      const member = await db
        .selectFrom("members")
        .select("member_id")
        .where("team_id", "=", access.team.team_id)
        .where("member_id", "=", memberId)
        .executeTakeFirst();
      if (!member) throw new ApiError("notFound", "No such member in this team");
      return list(
        { kind: "member", teamId: access.team.team_id, actor: actorOf(access), memberId },
        query,
      );
    },

    /** A page of the team's collaborative collections. */
    listShared(access: TeamAccess, query: CollectionListQuery) {
      return list({ kind: "shared", teamId: access.team.team_id, actor: actorOf(access) }, query);
    },

    /** A page of the collections the caller may see across all teams they are active in. */
    listMine(userId: string, query: CollectionListQuery) {
      return list({ kind: "mine", userId }, query);
    },

    /** One collection, which the caller has now read. */
    async read(access: TeamAccess, collectionId: string): Promise<Collection> {
      const row = await findVisible(access, collectionId);
      const at = now();
      await markRead.run(db, row.collection_id, actorOf(access).userId, at);
      const [collection] = await toCollections([{ ...row, read_at: at }]);
      return collection as Collection;
    },

    /**
     * A new, published collection. Owner and admin always; uploader and upviewer only in a
     * collaborative team, and never a collaborative collection (section 6).
     */
    async create(access: TeamAccess, input: NewCollection): Promise<Collection> {
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
      };
      await db.insertInto("collections").values(row).execute();
      return (await findAndView(access, row.collection_id)) as Collection;
    },

    /**
     * Applies a collection patch. Name, description and tags follow the rename rule (update
     * any, or update own on one's own owned collection); mode is share or unshare, update any
     * only and only between published owned and published collaborative. Tags must be active
     * members of the team.
     */
    async update(
      access: TeamAccess,
      collectionId: string,
      changes: CollectionChanges,
    ): Promise<Collection> {
      const actor = actorOf(access);
      const row = await findVisible(access, collectionId);
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
            throw new ApiError(
              "forbidden",
              "Only a published collection can be shared or unshared",
            );
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
      if (Object.keys(set).length === 0 && !changes.tags) return toOne(row);
      const at = now();
      const tags = changes.tags;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("collections")
          .set({ ...set, updated_at: at, updated_by: actor.userId })
          .where("collection_id", "=", row.collection_id)
          .execute();
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
      });
      return (await findAndView(access, row.collection_id)) as Collection;
    },
  };

  async function toOne(row: Row) {
    const [collection] = await toCollections([row]);
    return collection as Collection;
  }

  async function findAndView(access: TeamAccess, collectionId: string) {
    return toOne(await findVisible(access, collectionId));
  }
}

export type CollectionService = ReturnType<typeof createCollectionService>;
