import { z } from "@hono/zod-openapi";
import { hiddenCollection } from "#api/access/collections.ts";
import { actorOf, type TeamAccess } from "#api/access/teams.ts";
import { fixedQuery, shapedQuery } from "#api/db/fixed-query.ts";
import { type CollectionRow, type Db, VISIBLE_FILE_STATUSES } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { memberReferenceSchema } from "#api/http/schemas.ts";
import { canReviewGuestFiles } from "#domain/drop-links.ts";
import {
  COLLECTION_MODES,
  COLLECTION_STATUSES,
  canSeeAllCollections,
  canSeeCollection,
  ROLES,
} from "#domain/roles.ts";

// A collection as the caller gets it (docs/product.md#entities): its creator, the caller's read
// time, how many of its files the caller may see, its tags; and the one collection a caller may
// see. Lists (collection-lists.ts) and single-collection operations (collections.ts) build on
// these.

/** The Collection of docs/product.md#entities, as the caller sees it. Absent values are null. */
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
    heldFiles: z
      .number()
      .int()
      .openapi({
        description:
          "Guests' files held for review (ADR 099), counted for the owner and admins, who review " +
          "them; 0 for everyone else",
      }),
  })
  .openapi("Collection");
export type Collection = z.infer<typeof CollectionSchema>;

/** Roles that review guests' held files (ADR 099). */
const REVIEW_ROLES = ROLES.filter(canReviewGuestFiles);

/** Roles that see every collection of their team; the rest see their own and collaborative. */
export const SEE_ALL_ROLES = ROLES.filter(canSeeAllCollections);

/** The tags of one collection (a single collection's answer: GET, PATCH, create). */
const tagsOfOne = fixedQuery((db: Db, collectionId: string) =>
  db
    .selectFrom("collection_tags")
    .select(["collection_id", "user_id"])
    .where("collection_id", "=", collectionId)
    .orderBy("user_id"),
);

/**
 * Collections with their creator's membership, the caller's read time and how many files
 * the caller may see in each. `seesAll` is the caller's visibility when one team's role
 * decides it; across teams (undefined) each collection's team decides.
 */
export function selectCollections(from: Db, userId: string, seesAll?: boolean) {
  return (
    from
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
          .where("files.status", "in", VISIBLE_FILE_STATUSES)
          .where("files.deleted_at", "is", null)
          // Held for review: in no list, counted apart (heldFiles, ADR 099).
          .where("files.review_state", "is", null)
          // A Live Photo counts once, as the lists show it (ADR 063).
          .where("files.motion_of", "is", null);
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
      })
      .select((eb) =>
        eb
          .selectFrom("files")
          .select((count) => count.fn.countAll<number>().as("count"))
          .whereRef("files.collection_id", "=", "collections.collection_id")
          .where("files.review_state", "=", "held")
          .where("files.status", "in", VISIBLE_FILE_STATUSES)
          .where("files.deleted_at", "is", null)
          .where("files.motion_of", "is", null)
          // Only for those who review them: the owner and admins (canReviewGuestFiles).
          .where((inner) =>
            inner.exists(
              inner
                .selectFrom("members as reviewers")
                .select("reviewers.member_id")
                .whereRef("reviewers.team_id", "=", "collections.team_id")
                .where("reviewers.user_id", "=", userId)
                .where("reviewers.role", "in", REVIEW_ROLES),
            ),
          )
          .as("held_files"),
      )
      // A collection in the trash is in no list and no read but the trash's (ADR 092).
      .where("collections.deleted_at", "is", null)
  );
}

/** A collection as selectCollections reads it. */
export type CollectionViewRow = CollectionRow & {
  creator_nickname: string | null;
  creator_member_id: string | null;
  creator_avatar_url: string | null;
  read_at: number | null;
  files_count: number | string | null;
  held_files: number | string | null;
};

async function tagsOf(db: Db, collectionIds: string[]) {
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

/** Collection rows as the caller gets them, with their tags. */
export async function toCollections(db: Db, rows: CollectionViewRow[]): Promise<Collection[]> {
  const tags = await tagsOf(
    db,
    rows.map((row) => row.collection_id),
  );
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
    heldFiles: Number(row.held_files ?? 0),
  }));
}

/** One collection as selectCollections answers it, for a caller who sees all of them or not. */
const oneCollection = shapedQuery(
  (from: Db, seesAll: boolean, values: { userId: string; teamId: string; collectionId: string }) =>
    selectCollections(from, values.userId, seesAll)
      .where("collections.team_id", "=", values.teamId)
      .where("collections.collection_id", "=", values.collectionId),
);

/**
 * One collection of the team the caller may see; notFound when missing, forbidden (naming its
 * creator) when the caller may not see it (hiddenCollection).
 */
export async function visibleCollection(
  db: Db,
  access: TeamAccess,
  collectionId: string,
): Promise<CollectionViewRow> {
  const actor = actorOf(access);
  const [row]: (CollectionViewRow | undefined)[] = await oneCollection(
    db,
    canSeeAllCollections(actor.role),
    {
      userId: actor.userId,
      teamId: access.team.team_id,
      collectionId,
    },
  );
  if (!row) throw new ApiError("notFound", "No such collection in this team");
  if (!canSeeCollection(actor, { mode: row.mode, createdBy: row.created_by })) {
    throw hiddenCollection(
      row.creator_member_id === null || row.creator_nickname === null
        ? null
        : {
            userId: row.creator_member_id,
            nickname: row.creator_nickname,
            avatarUrl: row.creator_avatar_url,
          },
    );
  }
  return row;
}

/** One collection row as the caller gets it. */
export async function toCollection(db: Db, row: CollectionViewRow) {
  const [collection] = await toCollections(db, [row]);
  return collection as Collection;
}

/** One collection of the team the caller may see, as they get it, or notFound. */
export async function viewCollection(db: Db, access: TeamAccess, collectionId: string) {
  return toCollection(db, await visibleCollection(db, access, collectionId));
}
