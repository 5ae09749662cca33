import { sql } from "kysely";
import type { Logger } from "pino";
import type { Db } from "#api/db/schema.ts";

// Live Photos (ADR 063): an iPhone keeps a photo and a short film of the moments around it, and
// exports them as two files of one base name (IMG_0001.HEIC and IMG_0001.MOV). Sent together,
// the film becomes the photo's motion: lists show the photo alone, its preview plays the film,
// and both stay files of their own that download and zip as they are.

/** A Live Photo's film lasts about 3 s; a longer one is a video in its own right. */
export const LIVE_PHOTO_MAX_MS = 5_000;
/** The photo and its film arrive in one upload: at most this far apart. */
export const LIVE_PHOTO_WINDOW_MS = 60 * 60_000;

/** A still's types, and the extensions it is named with. */
const STILLS = {
  types: ["image/heic", "image/heif", "image/jpeg"],
  extensions: [".heic", ".heif", ".jpg", ".jpeg"],
};
/** A film's types (QuickTime from the phone; MP4 from some exports), and its extensions. */
const MOTIONS = { types: ["video/quicktime", "video/mp4"], extensions: [".mov", ".mp4"] };

/** A name without its last extension, lowercased: what a Live Photo's two files share. */
export function liveBaseName(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot > 0 ? name.slice(0, dot) : name).toLowerCase();
}

/**
 * Pairs a file that has just become ready with the other half of its Live Photo, when there is
 * one: the same collection and uploader, the same base name in its original name, a still and a
 * film of at most LIVE_PHOTO_MAX_MS, uploaded within LIVE_PHOTO_WINDOW_MS of each other, neither
 * paired yet. Whichever half is ready second finds the first, whatever the order, since each
 * looks after its own ready state has been committed. The unique index on `motion_of` keeps a
 * photo to one film when two look at once. Answers the pair made, or null.
 */
export async function pairLivePhoto(
  db: Db,
  fileId: string,
): Promise<{ stillId: string; motionId: string } | null> {
  const file = await db
    .selectFrom("files")
    .select(["file_id", "collection_id", "uploaded_by", "original_name", "content_type"])
    .select(["created_at", "status", "duration_ms", "motion_of", "guest_id", "review_state"])
    .where("file_id", "=", fileId)
    .executeTakeFirst();
  if (file?.status !== "ready" || file.motion_of !== null) return null;
  const isStill = STILLS.types.includes(file.content_type);
  if (!isStill && !isMotionFilm(file)) return null;
  const other = isStill ? MOTIONS : STILLS;
  const base = liveBaseName(file.original_name);
  const createdAt = Number(file.created_at);
  const candidates = await db
    .selectFrom("files")
    .select(["file_id", "created_at", "duration_ms", "content_type"])
    .where("collection_id", "=", file.collection_id)
    .where("uploaded_by", "=", file.uploaded_by)
    .where("status", "=", "ready")
    // A file in the trash pairs with nothing (ADR 092).
    .where("deleted_at", "is", null)
    // Halves pair only alike: one guest's, both held for review or neither (ADR 099).
    .where((eb) =>
      eb.and([
        file.guest_id === null ? eb("guest_id", "is", null) : eb("guest_id", "=", file.guest_id),
        file.review_state === null
          ? eb("review_state", "is", null)
          : eb("review_state", "=", file.review_state),
      ]),
    )
    .where("file_id", "!=", file.file_id)
    .where("content_type", "in", other.types)
    .where("created_at", ">=", createdAt - LIVE_PHOTO_WINDOW_MS)
    .where("created_at", "<=", createdAt + LIVE_PHOTO_WINDOW_MS)
    .where(
      sql<string>`lower(original_name)`,
      "in",
      other.extensions.map((extension) => base + extension),
    )
    .where("motion_of", "is", null)
    .execute();
  // The nearest in time first: two photos of one name in a collection are told apart by when.
  candidates.sort(
    (a, b) =>
      Math.abs(Number(a.created_at) - createdAt) - Math.abs(Number(b.created_at) - createdAt),
  );
  for (const candidate of candidates) {
    if (isStill && !isMotionFilm(candidate)) continue;
    const pair = isStill
      ? { stillId: file.file_id, motionId: candidate.file_id }
      : { stillId: candidate.file_id, motionId: file.file_id };
    if (await linkMotion(db, pair)) return pair;
  }
  return null;
}

/** A film short enough to be a Live Photo's; one of unknown length (no ffprobe here) is not. */
function isMotionFilm(file: { content_type: string; duration_ms: number | null }) {
  return (
    MOTIONS.types.includes(file.content_type) &&
    file.duration_ms !== null &&
    Number(file.duration_ms) <= LIVE_PHOTO_MAX_MS
  );
}

/** Makes the film the still's motion, unless either is taken by now; answers whether it did. */
async function linkMotion(db: Db, { stillId, motionId }: { stillId: string; motionId: string }) {
  try {
    const linked = await db
      .updateTable("files")
      .set({ motion_of: stillId })
      .where("file_id", "=", motionId)
      .where("motion_of", "is", null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("files as taken")
              .select("taken.file_id")
              .where("taken.motion_of", "=", stillId),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(linked.numUpdatedRows) > 0;
  } catch (error) {
    // Another instance gave the still its film between our check and our write: the unique
    // index refused ours.
    const taken = await db
      .selectFrom("files")
      .select("file_id")
      .where("motion_of", "=", stillId)
      .executeTakeFirst();
    if (taken) return false;
    throw error;
  }
}

/** pairLivePhoto, for a job that must go on whatever happens: a failure is logged, not thrown. */
export async function pairLivePhotoQuietly(db: Db, logger: Logger, fileId: string) {
  try {
    const pair = await pairLivePhoto(db, fileId);
    if (pair) logger.info(pair, "file: Live Photo paired");
  } catch (error) {
    logger.warn({ err: error, fileId }, "file: pairing a Live Photo failed");
  }
}
