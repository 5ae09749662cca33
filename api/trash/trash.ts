import { z } from "@hono/zod-openapi";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Logger } from "pino";
import { requireVisibleCollection } from "#api/access/collections.ts";
import { actorOf, type TeamAccess } from "#api/access/teams.ts";
import { recordActivity } from "#api/activity/record.ts";
import type { PlanBook } from "#api/billing/plans.ts";
import type { Clock } from "#api/clock.ts";
import { type Database, type Db, VISIBLE_FILE_STATUSES } from "#api/db/schema.ts";
import { FILE_VARIANTS, fileBlobKey } from "#api/files/files.ts";
import { ApiError } from "#api/http/errors.ts";
import { decodeKeyset, encodeKeyset } from "#api/http/keyset.ts";
import type { JobQueue } from "#api/jobs/queue.ts";
import type { BlobStore } from "#api/storage/index.ts";
import {
  type Actor,
  canDeleteCollection,
  canDeleteFile,
  canEmptyTrash,
  canRestoreCollection,
  canRestoreFile,
  canSeeAllCollections,
  canSeeTrash,
  canSeeWholeTrash,
} from "#domain/roles.ts";
import { trashPurgeAt } from "#domain/trash.ts";

// The trash (docs/decisions/092-deleted-files-and-collections-go-to-a-trash.md): deleting a file
// or a collection moves it here, with its bytes, for the team owner's plan's trashRetentionDays
// (TRASH_RETENTION_DAYS unless the plan sets them), fixed on the row as purge_at at the deletion;
// it can be restored until then. A collection's files go with it, hidden by the collection's own
// mark, and come back with it, except those trashed on their own before. Purging (a due job, an
// emptied trash, a delete forever) removes the rows at once, in one transaction with the activity
// entry and the jobs that remove the bytes from the blob store.

/** The job that purges one trashed file when its time has come: `{ fileId }`. */
export const PURGE_FILE_JOB = "trash.purgeFile";
/** The job that purges one trashed collection, with its files: `{ collectionId }`. */
export const PURGE_COLLECTION_JOB = "trash.purgeCollection";
/** The job that removes purged files' blobs from the store: `{ keys }`. */
export const REMOVE_BLOBS_JOB = "trash.removeBlobs";
/** The most blob keys one removal job takes. */
const KEYS_PER_JOB = 500;

export const TRASH_PAGE_MAX = 100;
export const TRASH_PAGE_DEFAULT = 20;

export const TrashItemSchema = z
  .object({
    type: z.enum(["file", "collection"]),
    id: z.string().openapi({ description: "The file's or the collection's id" }),
    name: z.string(),
    collectionId: z
      .string()
      .openapi({ description: "The file's collection; a collection's own id" }),
    collectionName: z.string(),
    size: z.number().int().openapi({
      description:
        "Bytes: a file's size; a collection's files' total (those that come back with it)",
    }),
    contentType: z
      .string()
      .nullable()
      .openapi({ description: "A file's type; null for a collection" }),
    filesCount: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "How many files come back with a collection; null for a file" }),
    deletedAt: z.number().int().openapi({ description: "When it went to the trash (epoch ms)" }),
    purgeAt: z
      .number()
      .int()
      .openapi({
        description:
          "When it is removed for good (epoch ms): deletedAt plus the trashRetentionDays of the " +
          "team owner's plan at the deletion",
      }),
    deletedBy: z
      .object({ userId: z.string(), nickname: z.string() })
      .nullable()
      .openapi({ description: "Who deleted it; null once they left the team" }),
    canRestore: z.boolean().openapi({
      description:
        "Whether the caller may restore it now (false for a file whose collection is in the trash too)",
    }),
    collectionInTrash: z.boolean().openapi({
      description:
        "A file whose collection is in the trash too: restoring it answers collectionInTrash " +
        "until the collection is restored. Always false for a collection",
    }),
  })
  .openapi("TrashItem");
export type TrashItem = z.infer<typeof TrashItemSchema>;

export interface TrashPage {
  items: TrashItem[];
  nextCursor: string | null;
  totalBytes: number;
}

export interface TrashServiceOptions {
  db: Db;
  now: Clock;
  blobs: BlobStore;
  jobs: JobQueue;
  /** The team owner's plan sets how long the trash keeps things (ADR 092). */
  plans: PlanBook;
  logger?: Logger;
}

type Trx = Kysely<Database>;

function fileNotFound() {
  return new ApiError("fileNotFound", "No such file here, or it is already in the trash");
}

function fileGone() {
  return new ApiError("fileNotFound", "No such file in the trash");
}

function collectionGone() {
  return new ApiError("notFound", "No such collection in the trash");
}

/** The keys a purged file's bytes may be under: its stored ones and the usual ones. */
function blobKeysOf(row: {
  team_id: string;
  file_id: string;
  blob_key: string | null;
  thumbnail_key: string | null;
  thumbnail_large_key: string | null;
  preview_key: string | null;
}) {
  const keys = new Set<string>();
  // The usual keys too, in case processing was still writing derivatives.
  for (const variant of FILE_VARIANTS) keys.add(fileBlobKey(row.team_id, row.file_id, variant));
  for (const key of [row.blob_key, row.thumbnail_key, row.thumbnail_large_key, row.preview_key]) {
    if (key !== null) keys.add(key);
  }
  return keys;
}

const BLOB_COLUMNS = [
  "files.file_id",
  "files.team_id",
  "files.blob_key",
  "files.thumbnail_key",
  "files.thumbnail_large_key",
  "files.preview_key",
] as const;

/**
 * A trashed file that is an item of the trash: not a Live Photo's film whose photo is in the
 * trash too (the film went with it, and comes back with it); a film trashed on its own is one.
 */
function notWithItsPhoto(eb: ExpressionBuilder<Database, "files">) {
  return eb.or([
    eb("files.motion_of", "is", null),
    eb.not(
      eb.exists(
        eb
          .selectFrom("files as stills")
          .select("stills.file_id")
          .whereRef("stills.file_id", "=", "files.motion_of")
          .where("stills.deleted_at", "is not", null),
      ),
    ),
  ]);
}

export function createTrashService(options: TrashServiceOptions) {
  const { db, now, jobs, blobs, plans, logger } = options;

  /** When what the team deletes at `at` is purged: by its owner's plan now (ADR 092). */
  async function purgeAtFor(access: TeamAccess, at: number) {
    return trashPurgeAt(at, await plans.trashRetentionDaysOf(access.team.owner_id));
  }

  /** A row's purge instant; rows trashed before purge_at was kept get the constant's. */
  function purgeAtOf(row: {
    deleted_at: number | string | null;
    purge_at: number | string | null;
  }) {
    return row.purge_at === null ? trashPurgeAt(Number(row.deleted_at)) : Number(row.purge_at);
  }

  /**
   * Removes files' rows (a Live Photo's film with its photo) and enqueues the removal of their
   * bytes, in the caller's transaction. Answers how many rows went.
   */
  async function purgeFiles(trx: Trx, where: { fileIds?: string[]; collectionId?: string }) {
    let select = trx.selectFrom("files").select(BLOB_COLUMNS);
    if (where.collectionId !== undefined) {
      select = select.where("files.collection_id", "=", where.collectionId);
    } else {
      const ids = where.fileIds ?? [];
      if (ids.length === 0) return 0;
      select = select.where((eb) =>
        eb.or([eb("files.file_id", "in", ids), eb("files.motion_of", "in", ids)]),
      );
    }
    const rows = await select.execute();
    if (rows.length === 0) return 0;
    const keys = new Set<string>();
    for (const row of rows) for (const key of blobKeysOf(row)) keys.add(key);
    const gone = rows.map((row) => row.file_id);
    // Films first: a photo's row is what their motion_of names.
    for (let start = 0; start < gone.length; start += KEYS_PER_JOB) {
      await trx
        .deleteFrom("files")
        .where("file_id", "in", gone.slice(start, start + KEYS_PER_JOB))
        .where("motion_of", "is not", null)
        .execute();
    }
    for (let start = 0; start < gone.length; start += KEYS_PER_JOB) {
      await trx
        .deleteFrom("files")
        .where("file_id", "in", gone.slice(start, start + KEYS_PER_JOB))
        .execute();
    }
    const all = [...keys];
    for (let start = 0; start < all.length; start += KEYS_PER_JOB) {
      await jobs.enqueue(
        REMOVE_BLOBS_JOB,
        { keys: all.slice(start, start + KEYS_PER_JOB) },
        {
          db: trx,
        },
      );
    }
    return rows.length;
  }

  /** Removes a collection's rows (its files, tags, reads, downloads) and enqueues its bytes'. */
  async function purgeCollectionRows(trx: Trx, collectionId: string) {
    await purgeFiles(trx, { collectionId });
    const gone = await trx
      .deleteFrom("collections")
      .where("collection_id", "=", collectionId)
      .executeTakeFirst();
    return Number(gone.numDeletedRows);
  }

  /** The trash a caller sees: the whole team's, or only their own files. */
  function requireTrashReader(access: TeamAccess) {
    const actor = actorOf(access);
    if (!canSeeTrash(actor.role)) throw new ApiError("forbidden", "Your role has no trash");
    return actor;
  }

  function requireTrashEmptier(access: TeamAccess) {
    const actor = actorOf(access);
    if (!canEmptyTrash(actor.role)) {
      throw new ApiError("forbidden", "Your role cannot delete items of the trash forever");
    }
    return actor;
  }

  /** Trashed files as a trash reader sees them: the team's, or the caller's own. */
  function trashedFiles(teamId: string, actor: Actor) {
    let select = db
      .selectFrom("files")
      .innerJoin("collections", "collections.collection_id", "files.collection_id")
      .leftJoin("members as deleters", (join) =>
        join
          .onRef("deleters.team_id", "=", "files.team_id")
          .onRef("deleters.member_id", "=", "files.deleted_by"),
      )
      .where("files.team_id", "=", teamId)
      .where("files.deleted_at", "is not", null)
      // A Live Photo's film is in the trash with its photo, as one item.
      .where(notWithItsPhoto);
    if (!canSeeWholeTrash(actor.role)) {
      // Their own files, of collections they may still add to, that are not in the trash.
      select = select
        .where("files.uploaded_by", "=", actor.userId)
        .where("collections.deleted_at", "is", null)
        .where((eb) =>
          eb.or([
            eb("collections.mode", "=", "collaborative"),
            eb("collections.created_by", "=", actor.userId),
          ]),
        );
    }
    return select;
  }

  async function listTrash(
    access: TeamAccess,
    query: { cursor?: string; limit: number },
  ): Promise<TrashPage> {
    const actor = requireTrashReader(access);
    const teamId = access.team.team_id;
    const after = query.cursor === undefined ? undefined : decodeKeyset(query.cursor);
    const take = query.limit + 1;
    let files = trashedFiles(teamId, actor).select([
      "files.file_id",
      "files.name",
      "files.size",
      "files.content_type",
      "files.deleted_at",
      "files.purge_at",
      "files.deleted_by",
      "files.uploaded_by",
      "files.collection_id",
      "collections.name as collection_name",
      "collections.mode as collection_mode",
      "collections.created_by as collection_created_by",
      "collections.deleted_at as collection_deleted_at",
      "deleters.nickname as deleter_nickname",
    ]);
    if (after) {
      files = files.where((eb) =>
        eb(
          eb.refTuple("files.deleted_at", "files.file_id"),
          "<",
          eb.tuple(after.sortKey, after.id),
        ),
      );
    }
    const fileRows = await files
      .orderBy("files.deleted_at", "desc")
      .orderBy("files.file_id", "desc")
      .limit(take)
      .execute();
    const items: (TrashItem & { sortId: string })[] = fileRows.map((row) => {
      const deletedAt = Number(row.deleted_at);
      const collectionInTrash = row.collection_deleted_at !== null;
      return {
        sortId: row.file_id,
        type: "file",
        id: row.file_id,
        name: row.name,
        collectionId: row.collection_id,
        collectionName: row.collection_name,
        size: Number(row.size),
        contentType: row.content_type,
        filesCount: null,
        deletedAt,
        purgeAt: purgeAtOf(row),
        deletedBy:
          row.deleted_by === null || row.deleter_nickname === null
            ? null
            : { userId: row.deleted_by, nickname: row.deleter_nickname },
        canRestore:
          !collectionInTrash &&
          canRestoreFile(
            actor,
            { uploadedBy: row.uploaded_by },
            { mode: row.collection_mode, createdBy: row.collection_created_by },
          ),
        collectionInTrash,
      };
    });
    if (canSeeWholeTrash(actor.role)) {
      let collections = db
        .selectFrom("collections")
        .leftJoin("members as deleters", (join) =>
          join
            .onRef("deleters.team_id", "=", "collections.team_id")
            .onRef("deleters.member_id", "=", "collections.deleted_by"),
        )
        .select([
          "collections.collection_id",
          "collections.name",
          "collections.deleted_at",
          "collections.purge_at",
          "collections.deleted_by",
          "deleters.nickname as deleter_nickname",
        ])
        .select((eb) => {
          // What comes back with it: its files not trashed on their own.
          const own = eb
            .selectFrom("files")
            .whereRef("files.collection_id", "=", "collections.collection_id")
            .where("files.deleted_at", "is", null);
          return [
            own
              .select((inner) =>
                inner.fn
                  .coalesce(inner.fn.sum<number | string>("files.size"), inner.lit(0))
                  .as("s"),
              )
              .where("files.status", "!=", "failed")
              .as("size"),
            own
              .select((inner) => inner.fn.countAll<number | string>().as("c"))
              .where("files.status", "in", VISIBLE_FILE_STATUSES)
              .where("files.motion_of", "is", null)
              .as("files_count"),
          ];
        })
        .where("collections.team_id", "=", teamId)
        .where("collections.deleted_at", "is not", null);
      if (after) {
        collections = collections.where((eb) =>
          eb(
            eb.refTuple("collections.deleted_at", "collections.collection_id"),
            "<",
            eb.tuple(after.sortKey, after.id),
          ),
        );
      }
      const collectionRows = await collections
        .orderBy("collections.deleted_at", "desc")
        .orderBy("collections.collection_id", "desc")
        .limit(take)
        .execute();
      for (const row of collectionRows) {
        const deletedAt = Number(row.deleted_at);
        items.push({
          sortId: row.collection_id,
          type: "collection",
          id: row.collection_id,
          name: row.name,
          collectionId: row.collection_id,
          collectionName: row.name,
          size: Number(row.size ?? 0),
          contentType: null,
          filesCount: Number(row.files_count ?? 0),
          deletedAt,
          purgeAt: purgeAtOf(row),
          deletedBy:
            row.deleted_by === null || row.deleter_nickname === null
              ? null
              : { userId: row.deleted_by, nickname: row.deleter_nickname },
          canRestore: canRestoreCollection(actor.role),
          collectionInTrash: false,
        });
      }
    }
    // Newest deletion first; ties by id, as the cursor compares them.
    items.sort((a, b) =>
      a.deletedAt !== b.deletedAt
        ? b.deletedAt - a.deletedAt
        : a.sortId < b.sortId
          ? 1
          : a.sortId > b.sortId
            ? -1
            : 0,
    );
    const page = items.slice(0, query.limit);
    const last = page[page.length - 1];
    const nextCursor =
      items.length > query.limit && last ? encodeKeyset(last.deletedAt, last.sortId) : null;
    return {
      items: page.map(({ sortId: _, ...item }) => item),
      nextCursor,
      totalBytes: await trashBytes(teamId, actor),
    };
  }

  /** The bytes of the trash the caller sees: what emptying it (or waiting) frees. */
  async function trashBytes(teamId: string, actor: Actor) {
    let select = db
      .selectFrom("files")
      .innerJoin("collections", "collections.collection_id", "files.collection_id")
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number | string>("files.size"), eb.lit(0)).as("bytes"),
      )
      .where("files.team_id", "=", teamId)
      .where("files.status", "!=", "failed");
    if (canSeeWholeTrash(actor.role)) {
      select = select.where((eb) =>
        eb.or([
          eb("files.deleted_at", "is not", null),
          eb("collections.deleted_at", "is not", null),
        ]),
      );
    } else {
      select = select
        .where("files.deleted_at", "is not", null)
        .where("files.uploaded_by", "=", actor.userId)
        .where("collections.deleted_at", "is", null)
        .where((eb) =>
          eb.or([
            eb("collections.mode", "=", "collaborative"),
            eb("collections.created_by", "=", actor.userId),
          ]),
        );
    }
    const row = await select.executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  /**
   * Moves a file to the trash (canDeleteFile). A file the caller does not see, or one already in
   * the trash, is fileNotFound; of two requests racing, one wins and the other gets fileNotFound.
   */
  async function trashFile(access: TeamAccess, collectionId: string, fileId: string) {
    const collection = await requireVisibleCollection(db, access, collectionId);
    const actor = actorOf(access);
    const row = await db
      .selectFrom("files")
      .select(["file_id", "name", "uploaded_by"])
      .where("team_id", "=", access.team.team_id)
      .where("collection_id", "=", collection.collection_id)
      .where("file_id", "=", fileId)
      .where("status", "in", VISIBLE_FILE_STATUSES)
      .where("deleted_at", "is", null)
      // Held for review: rejected from the review list, not deleted (ADR 099).
      .where("review_state", "is", null)
      .executeTakeFirst();
    if (!row || (!canSeeAllCollections(actor.role) && row.uploaded_by !== actor.userId)) {
      throw fileNotFound();
    }
    const where = { mode: collection.mode, createdBy: collection.created_by };
    if (!canDeleteFile(actor, { uploadedBy: row.uploaded_by }, where)) {
      throw new ApiError("forbidden", "Your role cannot delete this file");
    }
    const at = now();
    // Read before the transaction: on SQLite it holds the one connection.
    const purgeAt = await purgeAtFor(access, at);
    await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("files")
        .set({ deleted_at: at, deleted_by: actor.userId, purge_at: purgeAt })
        .where("file_id", "=", row.file_id)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) throw fileNotFound();
      // A Live Photo's film goes with its photo, as the one item lists show (ADR 063).
      await trx
        .updateTable("files")
        .set({ deleted_at: at, deleted_by: actor.userId, purge_at: purgeAt })
        .where("motion_of", "=", row.file_id)
        .where("deleted_at", "is", null)
        .execute();
      await recordActivity(trx, {
        teamId: access.team.team_id,
        actorId: actor.userId,
        kind: "fileDeleted",
        targetType: "file",
        targetId: row.file_id,
        targetName: row.name,
        detail: { collectionId: collection.collection_id },
        at,
      });
      await jobs.enqueue(PURGE_FILE_JOB, { fileId: row.file_id }, { db: trx, runAt: purgeAt });
    });
  }

  /**
   * Moves files the caller has already chosen and checked to the trash in the caller's
   * transaction, exactly as a delete does: each with its Live Photo film, marked by the actor,
   * to be purged by the owner's plan, with its purge job. Answers the ids that moved (one in the
   * trash already, or gone, is left out). The caller records the activity.
   */
  async function trashChosenFiles(
    trx: Trx,
    access: TeamAccess,
    fileIds: readonly string[],
    at: number,
    purgeAt: number,
  ): Promise<string[]> {
    const actor = actorOf(access);
    const moved: string[] = [];
    for (const fileId of fileIds) {
      const result = await trx
        .updateTable("files")
        .set({ deleted_at: at, deleted_by: actor.userId, purge_at: purgeAt })
        .where("file_id", "=", fileId)
        .where("team_id", "=", access.team.team_id)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) continue;
      await trx
        .updateTable("files")
        .set({ deleted_at: at, deleted_by: actor.userId, purge_at: purgeAt })
        .where("motion_of", "=", fileId)
        .where("deleted_at", "is", null)
        .execute();
      await jobs.enqueue(PURGE_FILE_JOB, { fileId }, { db: trx, runAt: purgeAt });
      moved.push(fileId);
    }
    return moved;
  }

  /** Moves a collection, with its files, to the trash (canDeleteCollection). */
  async function trashCollection(access: TeamAccess, collectionId: string) {
    const actor = actorOf(access);
    if (!canDeleteCollection(actor.role)) {
      throw new ApiError("forbidden", "Your role cannot delete collections");
    }
    const collection = await requireVisibleCollection(db, access, collectionId);
    const at = now();
    const purgeAt = await purgeAtFor(access, at);
    await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("collections")
        .set({ deleted_at: at, deleted_by: actor.userId, purge_at: purgeAt })
        .where("collection_id", "=", collection.collection_id)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) {
        throw new ApiError("notFound", "No such collection in this team");
      }
      await recordActivity(trx, {
        teamId: access.team.team_id,
        actorId: actor.userId,
        kind: "collectionDeleted",
        targetType: "collection",
        targetId: collection.collection_id,
        targetName: collection.name,
        at,
      });
      await jobs.enqueue(
        PURGE_COLLECTION_JOB,
        { collectionId: collection.collection_id },
        { db: trx, runAt: purgeAt },
      );
    });
  }

  /**
   * Brings a file back (canRestoreFile). Its bytes never left the owner's storage count, so a
   * restore is never refused for storage, even after a plan downgrade (ADR 092).
   */
  async function restoreFile(access: TeamAccess, fileId: string) {
    const actor = requireTrashReader(access);
    const row = await db
      .selectFrom("files")
      .innerJoin("collections", "collections.collection_id", "files.collection_id")
      .select([
        "files.file_id",
        "files.name",
        "files.uploaded_by",
        "files.collection_id",
        "files.deleted_at",
        "collections.mode",
        "collections.created_by",
        "collections.deleted_at as collection_deleted_at",
      ])
      .where("files.team_id", "=", access.team.team_id)
      .where("files.file_id", "=", fileId)
      .where("files.deleted_at", "is not", null)
      .executeTakeFirst();
    const collection = row && { mode: row.mode, createdBy: row.created_by };
    if (
      !row ||
      !collection ||
      (!canSeeWholeTrash(actor.role) &&
        (row.uploaded_by !== actor.userId || row.collection_deleted_at !== null))
    ) {
      throw fileGone();
    }
    if (!canRestoreFile(actor, { uploadedBy: row.uploaded_by }, collection)) {
      throw fileGone();
    }
    if (row.collection_deleted_at !== null) {
      throw new ApiError(
        "collectionInTrash",
        "This file's collection is in the trash too: restore the collection first",
      );
    }
    const at = now();
    await db.transaction().execute(async (trx) => {
      const back = await trx
        .updateTable("files")
        .set({ deleted_at: null, deleted_by: null, purge_at: null })
        .where("file_id", "=", row.file_id)
        .where("deleted_at", "=", Number(row.deleted_at))
        .executeTakeFirst();
      if (Number(back.numUpdatedRows) === 0) throw fileGone();
      await trx
        .updateTable("files")
        .set({ deleted_at: null, deleted_by: null, purge_at: null })
        .where("motion_of", "=", row.file_id)
        .where("deleted_at", "=", Number(row.deleted_at))
        .execute();
      await recordActivity(trx, {
        teamId: access.team.team_id,
        actorId: actor.userId,
        kind: "fileRestored",
        targetType: "file",
        targetId: row.file_id,
        targetName: row.name,
        detail: { collectionId: row.collection_id },
        at,
      });
    });
    return { fileId: row.file_id, collectionId: row.collection_id };
  }

  /** Brings a collection back with its files, but those trashed on their own before. */
  async function restoreCollection(access: TeamAccess, collectionId: string) {
    const actor = actorOf(access);
    if (!canRestoreCollection(actor.role)) {
      throw new ApiError("forbidden", "Your role cannot restore collections");
    }
    const row = await db
      .selectFrom("collections")
      .select(["collection_id", "name", "deleted_at"])
      .where("team_id", "=", access.team.team_id)
      .where("collection_id", "=", collectionId)
      .where("deleted_at", "is not", null)
      .executeTakeFirst();
    if (!row) throw collectionGone();
    const at = now();
    await db.transaction().execute(async (trx) => {
      const back = await trx
        .updateTable("collections")
        .set({ deleted_at: null, deleted_by: null, purge_at: null })
        .where("collection_id", "=", row.collection_id)
        .where("deleted_at", "=", Number(row.deleted_at))
        .executeTakeFirst();
      if (Number(back.numUpdatedRows) === 0) throw collectionGone();
      await recordActivity(trx, {
        teamId: access.team.team_id,
        actorId: actor.userId,
        kind: "collectionRestored",
        targetType: "collection",
        targetId: row.collection_id,
        targetName: row.name,
        at,
      });
    });
    return { collectionId: row.collection_id };
  }

  /** Deletes one trashed file forever: its rows now, its bytes by a job. */
  async function deleteFileForever(access: TeamAccess, fileId: string) {
    const actor = requireTrashEmptier(access);
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("files")
        .select(["file_id", "name", "collection_id"])
        .where("team_id", "=", access.team.team_id)
        .where("file_id", "=", fileId)
        .where("deleted_at", "is not", null)
        .executeTakeFirst();
      if (!row) throw fileGone();
      if ((await purgeFiles(trx, { fileIds: [row.file_id] })) === 0) throw fileGone();
      await recordActivity(trx, {
        teamId: access.team.team_id,
        actorId: actor.userId,
        kind: "filePurged",
        targetType: "file",
        targetId: row.file_id,
        targetName: row.name,
        detail: { collectionId: row.collection_id },
        at,
      });
    });
    jobs.wake();
  }

  /** Deletes one trashed collection forever, with all its files. */
  async function deleteCollectionForever(access: TeamAccess, collectionId: string) {
    const actor = requireTrashEmptier(access);
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("collections")
        .select(["collection_id", "name"])
        .where("team_id", "=", access.team.team_id)
        .where("collection_id", "=", collectionId)
        .where("deleted_at", "is not", null)
        .executeTakeFirst();
      if (!row) throw collectionGone();
      if ((await purgeCollectionRows(trx, row.collection_id)) === 0) throw collectionGone();
      await recordActivity(trx, {
        teamId: access.team.team_id,
        actorId: actor.userId,
        kind: "collectionPurged",
        targetType: "collection",
        targetId: row.collection_id,
        targetName: row.name,
        at,
      });
    });
    jobs.wake();
  }

  /**
   * Empties the team's trash: every trashed collection (with its files) and every file trashed
   * on its own leave at once; their bytes go by jobs. Answers how many items went.
   */
  async function emptyTrash(access: TeamAccess) {
    const actor = requireTrashEmptier(access);
    const teamId = access.team.team_id;
    const at = now();
    const items = await db.transaction().execute(async (trx) => {
      const collections = await trx
        .selectFrom("collections")
        .select("collection_id")
        .where("team_id", "=", teamId)
        .where("deleted_at", "is not", null)
        .execute();
      const files = await trx
        .selectFrom("files")
        .innerJoin("collections", "collections.collection_id", "files.collection_id")
        .select(["files.file_id", "collections.deleted_at as collection_deleted_at"])
        .where("files.team_id", "=", teamId)
        .where("files.deleted_at", "is not", null)
        .where(notWithItsPhoto)
        .execute();
      for (const { collection_id } of collections) await purgeCollectionRows(trx, collection_id);
      // Files of trashed collections went with them.
      const alone = files.filter((file) => file.collection_deleted_at === null);
      for (let start = 0; start < alone.length; start += KEYS_PER_JOB) {
        await purgeFiles(trx, {
          fileIds: alone.slice(start, start + KEYS_PER_JOB).map((file) => file.file_id),
        });
      }
      const count = collections.length + files.length;
      await recordActivity(trx, {
        teamId,
        actorId: actor.userId,
        kind: "trashEmptied",
        targetType: "team",
        targetId: teamId,
        targetName: access.team.name,
        detail: { items: count },
        at,
      });
      return count;
    });
    jobs.wake();
    return { items };
  }

  /** The purge job of one file: still in the trash, and due. */
  async function purgeDueFile(fileId: string) {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("files")
        .select(["file_id", "name", "team_id", "collection_id", "deleted_at", "purge_at"])
        .where("file_id", "=", fileId)
        .where("deleted_at", "is not", null)
        .executeTakeFirst();
      // Restored, purged already, or trashed again later (that trashing has its own job).
      if (!row || purgeAtOf(row) > now()) return;
      await purgeFiles(trx, { fileIds: [row.file_id] });
      await recordActivity(trx, {
        teamId: row.team_id,
        actorId: null,
        kind: "filePurged",
        targetType: "file",
        targetId: row.file_id,
        targetName: row.name,
        detail: { collectionId: row.collection_id },
        at: now(),
      });
    });
  }

  /** The purge job of one collection: still in the trash, and due. */
  async function purgeDueCollection(collectionId: string) {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("collections")
        .select(["collection_id", "name", "team_id", "deleted_at", "purge_at"])
        .where("collection_id", "=", collectionId)
        .where("deleted_at", "is not", null)
        .executeTakeFirst();
      if (!row || purgeAtOf(row) > now()) return;
      await purgeCollectionRows(trx, row.collection_id);
      await recordActivity(trx, {
        teamId: row.team_id,
        actorId: null,
        kind: "collectionPurged",
        targetType: "collection",
        targetId: row.collection_id,
        targetName: row.name,
        at: now(),
      });
    });
  }

  /** Removes purged blobs; any failure makes the job try again later (deleting twice is fine). */
  async function removeBlobs(keys: string[]) {
    const results = await Promise.allSettled(keys.map((key) => blobs.delete(key)));
    const failed = results.filter((result) => result.status === "rejected");
    if (failed.length > 0) {
      logger?.warn({ failed: failed.length }, "purged files' blobs could not all be removed");
      throw (failed[0] as PromiseRejectedResult).reason;
    }
  }

  return {
    list: listTrash,
    trashFile,
    trashChosenFiles,
    purgeAtFor,
    trashCollection,
    restoreFile,
    restoreCollection,
    deleteFileForever,
    deleteCollectionForever,
    empty: emptyTrash,
    purgeDueFile,
    purgeDueCollection,
    removeBlobs,
    /**
     * Removes files for good in the caller's transaction, as the trash's purge does (a Live
     * Photo's film with its photo; their bytes by a job): for features that delete files without
     * the trash, such as a guest taking back what they sent (ADR 098). Wake the queue after.
     */
    purgeFilesNow: (trx: Trx, fileIds: string[]) => purgeFiles(trx, { fileIds }),
  };
}

export type TrashService = ReturnType<typeof createTrashService>;

/** Registers the trash's jobs: the purges when items are due, and the removal of their bytes. */
export function registerTrashJobs(queue: JobQueue, trash: TrashService) {
  queue.register<{ fileId: string }>(PURGE_FILE_JOB, {
    run: ({ fileId }) => trash.purgeDueFile(fileId),
  });
  queue.register<{ collectionId: string }>(PURGE_COLLECTION_JOB, {
    run: ({ collectionId }) => trash.purgeDueCollection(collectionId),
  });
  queue.register<{ keys: string[] }>(REMOVE_BLOBS_JOB, {
    run: ({ keys }) => trash.removeBlobs(keys),
    maxAttempts: 10,
  });
}
