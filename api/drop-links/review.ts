import { z } from "@hono/zod-openapi";
import { requireVisibleCollection } from "#api/access/collections.ts";
import { actorOf, type TeamAccess } from "#api/access/teams.ts";
import { recordActivity } from "#api/activity/record.ts";
import type { Clock } from "#api/clock.ts";
import { type Db, VISIBLE_FILE_STATUSES } from "#api/db/schema.ts";
import {
  type FileServiceOptions,
  GuestAttributionSchema,
  guestOf,
  IMAGE_LINK_SECONDS,
} from "#api/files/file-views.ts";
import { contentDisposition } from "#api/http/content-disposition.ts";
import { ApiError } from "#api/http/errors.ts";
import { decodeKeyset, keysetPage } from "#api/http/keyset.ts";
import { signedLinkDescription } from "#api/http/schemas.ts";
import type { BlobStore } from "#api/storage/index.ts";
import type { TrashService } from "#api/trash/trash.ts";
import { canReviewGuestFiles } from "#domain/drop-links.ts";

// The review of guests' files (docs/decisions/099-guest-files-review-and-digest.md): a drop link
// that holds uploads marks its guests' files `review_state = 'held'`. They are in no list, count,
// read, search or download but this one, which only the owner and admins (canReviewGuestFiles)
// see. Approving clears the mark: the file joins the collection's lists. Rejecting moves it to
// the trash exactly as a delete does (the trash's own code), to be purged by the owner's plan.

export const REVIEW_PAGE_MAX = 100;
export const REVIEW_PAGE_DEFAULT = 20;
/** The most files one decision takes. */
export const REVIEW_DECISION_MAX = 200;
export const REVIEW_DECISIONS = ["approve", "reject"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const HeldFileSchema = z
  .object({
    fileId: z.string(),
    name: z.string(),
    size: z.number().int().openapi({ description: "Bytes" }),
    contentType: z.string(),
    createdAt: z.number().int().openapi({ description: "When the guest sent it (epoch ms)" }),
    guest: GuestAttributionSchema,
    thumbnailUrl: z
      .string()
      .nullable()
      .openapi({
        description: signedLinkDescription(
          "Signed inline link to its thumbnail, valid 1 hour, for the caller alone; null when none",
        ),
      }),
    previewUrl: z
      .string()
      .nullable()
      .openapi({
        description: signedLinkDescription(
          "Signed inline link to its preview, valid 1 hour, for the caller alone; null when none",
        ),
      }),
  })
  .openapi("HeldFile");
export type HeldFile = z.infer<typeof HeldFileSchema>;

export interface ReviewServiceOptions {
  db: Db;
  now: Clock;
  blobs: BlobStore;
  trash: TrashService;
}

function mayReview(access: TeamAccess) {
  const actor = actorOf(access);
  if (!canReviewGuestFiles(actor.role)) {
    throw new ApiError("forbidden", "Only the owner and admins review guests' files");
  }
  return actor;
}

/** Held files of a collection: photos and other files, not a Live Photo's film. */
function heldFiles(db: Db, collectionId: string) {
  return db
    .selectFrom("files")
    .where("files.collection_id", "=", collectionId)
    .where("files.review_state", "=", "held")
    .where("files.status", "in", VISIBLE_FILE_STATUSES)
    .where("files.deleted_at", "is", null)
    .where("files.motion_of", "is", null);
}

export function createReviewService({ db, now, blobs, trash }: ReviewServiceOptions) {
  const files: Pick<FileServiceOptions, "blobs"> = { blobs };

  /** A link to a held file's image that works for the reviewer it is given to, and no one else. */
  async function imageLink(key: string | null, name: string, holder: string) {
    if (key === null) return null;
    const dot = name.lastIndexOf(".");
    const webpName = `${dot > 0 ? name.slice(0, dot) : name}.webp`;
    return files.blobs.signedUrl(key, {
      expiresInSeconds: IMAGE_LINK_SECONDS,
      contentDisposition: contentDisposition("inline", webpName),
      holder,
    });
  }

  /** A page of a collection's held files, newest first (owner and admins). */
  async function list(
    access: TeamAccess,
    collectionId: string,
    query: { lastKey?: string; limit: number },
  ) {
    const actor = mayReview(access);
    const collection = await requireVisibleCollection(db, access, collectionId);
    const after = query.lastKey === undefined ? undefined : decodeKeyset(query.lastKey);
    let select = heldFiles(db, collection.collection_id)
      .leftJoin("drop_links", "drop_links.link_id", "files.drop_link_id")
      .select([
        "files.file_id",
        "files.name",
        "files.size",
        "files.content_type",
        "files.created_at",
        "files.thumbnail_key",
        "files.preview_key",
        "files.drop_link_id",
        "files.guest_name",
        "drop_links.title as guest_link_title",
      ]);
    if (after) {
      select = select.where((eb) =>
        eb(
          eb.refTuple("files.created_at", "files.file_id"),
          "<",
          eb.tuple(after.sortKey, after.id),
        ),
      );
    }
    const rows = await select
      .orderBy("files.created_at", "desc")
      .orderBy("files.file_id", "desc")
      .limit(query.limit + 1)
      .execute();
    const { page, lastKey } = keysetPage(rows, query.limit, (row) => [
      Number(row.created_at),
      row.file_id,
    ]);
    const items: HeldFile[] = await Promise.all(
      page.map(async (row) => ({
        fileId: row.file_id,
        name: row.name,
        size: Number(row.size),
        contentType: row.content_type,
        createdAt: Number(row.created_at),
        guest: guestOf(row) ?? { name: row.guest_name, linkId: "", linkTitle: "" },
        thumbnailUrl: await imageLink(row.thumbnail_key, row.name, actor.userId),
        previewUrl: await imageLink(row.preview_key, row.name, actor.userId),
      })),
    );
    return { pagination: { lastKey }, files: items };
  }

  /**
   * Approves or rejects held files of a collection (owner and admins), each with its Live
   * Photo's film, in one transaction with an activity entry per file. Ids that are not held
   * files of this collection (another collection's, a member's, one already reviewed, unknown)
   * are skipped and counted.
   */
  async function decide(
    access: TeamAccess,
    collectionId: string,
    input: { fileIds: string[]; decision: ReviewDecision },
  ) {
    const actor = mayReview(access);
    const collection = await requireVisibleCollection(db, access, collectionId);
    const wanted = [...new Set(input.fileIds)];
    const at = now();
    // Read before the transaction: on SQLite it holds the one connection.
    const purgeAt = input.decision === "reject" ? await trash.purgeAtFor(access, at) : 0;
    const done = await db.transaction().execute(async (trx) => {
      const held = await heldFiles(trx, collection.collection_id)
        .select(["files.file_id", "files.name", "files.drop_link_id", "files.guest_name"])
        .where("files.team_id", "=", access.team.team_id)
        .where("files.file_id", "in", wanted)
        .execute();
      const ids = held.map((row) => row.file_id);
      if (ids.length === 0) return [];
      // The mark goes either way: a rejected file restored from the trash is no longer held.
      await trx
        .updateTable("files")
        .set({ review_state: null })
        .where("review_state", "=", "held")
        .where((eb) => eb.or([eb("file_id", "in", ids), eb("motion_of", "in", ids)]))
        .execute();
      const moved =
        input.decision === "reject"
          ? new Set(await trash.trashChosenFiles(trx, access, ids, at, purgeAt))
          : new Set(ids);
      const decided = held.filter((row) => moved.has(row.file_id));
      for (const row of decided) {
        await recordActivity(trx, {
          teamId: access.team.team_id,
          actorId: actor.userId,
          kind: input.decision === "approve" ? "fileApproved" : "fileRejected",
          targetType: "file",
          targetId: row.file_id,
          targetName: row.name,
          detail: {
            collectionId: collection.collection_id,
            dropLinkId: row.drop_link_id,
            guestName: row.guest_name,
          },
          at,
        });
      }
      return decided;
    });
    const count = done.length;
    const skipped = input.fileIds.length - count;
    return input.decision === "approve"
      ? { approved: count, skipped }
      : { rejected: count, skipped };
  }

  return { list, decide };
}

export type ReviewService = ReturnType<typeof createReviewService>;
