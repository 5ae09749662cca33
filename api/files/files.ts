import { sql } from "kysely";
import { requireVisibleCollection } from "#api/access/collections.ts";
import { actorOf, type TeamAccess } from "#api/access/teams.ts";
import { recordActivity } from "#api/activity/record.ts";
import { VISIBLE_FILE_STATUSES } from "#api/db/schema.ts";
import { contentDisposition } from "#api/http/content-disposition.ts";
import { ApiError } from "#api/http/errors.ts";
import { BLOB_URL_PATH } from "#api/storage/index.ts";
import { IMAGE_CONTENT_TYPES } from "#domain/constants.ts";
import { fileExtension } from "#domain/file-names.ts";
import { canDownloadFile, canRenameFile, canSeeAllCollections } from "#domain/roles.ts";
import { fileRenameSchema } from "#domain/validation.ts";
import {
  type FileFilters,
  type FileListQuery,
  fileNeighbours,
  listCollectionFiles,
  listMyFiles,
  listTeamFiles,
} from "./file-lists.ts";
import type { FileChanges } from "./file-patch.ts";
import {
  type File,
  type FileServiceOptions,
  type Files,
  type FileVariant,
  filesOf,
  findVisibleFile,
  IMAGE_LINK_SECONDS,
  signedLink,
  toFile,
  variantName,
} from "./file-views.ts";

// Files of collections (docs/product.md#files, docs/product.md#visibility): lists of a collection,
// of a team and of the caller across teams (file-lists.ts), one file (which the caller has then
// read), renaming, deleting, and signed links to the bytes. Every list and read obeys the
// visibility rule: an uploader sees only the files it uploaded, in collections it may see; the
// other roles see every file. Only files whose bytes have all arrived (processing, ready) exist for
// readers.

export {
  FILE_PAGE_MAX,
  FILE_SORTS,
  FILE_UPLOADER_FILTERS,
  type FileFilters,
  type FileListQuery,
  type FileNeighbours,
  type FilePage,
  type FileSort,
} from "./file-lists.ts";
export {
  FILE_VARIANTS,
  type File,
  FileSchema,
  type FileServiceOptions,
  type FileVariant,
  fileBlobKey,
  IMAGE_LINK_SECONDS,
} from "./file-views.ts";

export const FILE_DISPOSITIONS = ["attachment", "inline"] as const;
export type FileDisposition = (typeof FILE_DISPOSITIONS)[number];

/** How long a content link works: long enough to start a download, too short to pass around. */
export const CONTENT_LINK_SECONDS = 5 * 60;

export interface ContentLinkRequest {
  variant: FileVariant;
  disposition: FileDisposition;
}

/** Videos the preview plays: served inline, for a `<video>` element to seek with Range requests. */
export const VIDEO_TYPES: readonly string[] = ["video/mp4", "video/quicktime", "video/webm"];
/**
 * Types a browser shows without running anything; the only ones served inline (with `nosniff` and
 * `sandbox`, api/routes/blobs.ts).
 */
const INLINE_TYPES: readonly string[] = [...IMAGE_CONTENT_TYPES, ...VIDEO_TYPES];

export function createFileService(options: FileServiceOptions) {
  const files = filesOf(options);
  return {
    listCollection: (access: TeamAccess, collectionId: string, query: FileListQuery) =>
      listCollectionFiles(files, access, collectionId, query),
    listTeam: (access: TeamAccess, query: FileListQuery) => listTeamFiles(files, access, query),
    listMine: (userId: string, query: FileListQuery) => listMyFiles(files, userId, query),
    neighbours: (access: TeamAccess, collectionId: string, fileId: string, filters: FileFilters) =>
      fileNeighbours(files, access, collectionId, fileId, filters),
    read: (access: TeamAccess, collectionId: string, fileId: string) =>
      readFile(files, access, collectionId, fileId),
    markAllRead: (access: TeamAccess, collectionId: string) =>
      markCollectionFilesRead(files, access, collectionId),
    update: (access: TeamAccess, collectionId: string, fileId: string, changes: FileChanges) =>
      renameFile(files, access, collectionId, fileId, changes),
    contentLink: (
      access: TeamAccess,
      collectionId: string,
      fileId: string,
      request: ContentLinkRequest,
    ) => fileContentLink(files, access, collectionId, fileId, request),
  };
}

export type FileService = ReturnType<typeof createFileService>;

/** One file, which the caller has now read. */
export async function readFile(
  files: Files,
  access: TeamAccess,
  collectionId: string,
  fileId: string,
): Promise<File> {
  const { row, actor } = await findVisibleFile(files, access, collectionId, fileId);
  const at = files.now();
  await files.db
    .insertInto("file_reads")
    .values({ file_id: row.file_id, user_id: actor.userId, read_at: at })
    .onConflict((oc) => oc.columns(["file_id", "user_id"]).doUpdateSet({ read_at: at }))
    .execute();
  return toFile(files, { ...row, read_at: at });
}

/**
 * Marks every file of a collection the caller may see as read for the caller, and for no one
 * else: all of them for the roles that read any file, the caller's own for an uploader
 * (docs/product.md#lists). A file renamed later is unread again, as after any read.
 */
export async function markCollectionFilesRead(
  files: Files,
  access: TeamAccess,
  collectionId: string,
): Promise<void> {
  await requireVisibleCollection(files.db, access, collectionId);
  const actor = actorOf(access);
  const at = files.now();
  let visible = files.db
    .selectFrom("files")
    .select((eb) => [
      "files.file_id",
      eb.val(actor.userId).as("user_id"),
      // Typed, for PostgreSQL: a bare parameter in a select list would be text.
      sql<number>`cast(${at} as bigint)`.as("read_at"),
    ])
    .where("files.team_id", "=", access.team.team_id)
    .where("files.collection_id", "=", collectionId)
    .where("files.status", "in", VISIBLE_FILE_STATUSES)
    .where("files.deleted_at", "is", null)
    .where("files.review_state", "is", null);
  if (!canSeeAllCollections(actor.role)) {
    visible = visible.where("files.uploaded_by", "=", actor.userId);
  }
  await files.db
    .insertInto("file_reads")
    .columns(["file_id", "user_id", "read_at"])
    .expression(visible)
    .onConflict((oc) => oc.columns(["file_id", "user_id"]).doUpdateSet({ read_at: at }))
    .execute();
}

/**
 * Renames a file: update any file, or update own file on one the caller uploaded. The name keeps
 * the file's extension (docs/product.md#files).
 */
export async function renameFile(
  files: Files,
  access: TeamAccess,
  collectionId: string,
  fileId: string,
  changes: FileChanges,
): Promise<File> {
  const { row, actor } = await findVisibleFile(files, access, collectionId, fileId);
  if (!canRenameFile(actor, { uploadedBy: row.uploaded_by })) {
    throw new ApiError("forbidden", "Your role cannot rename this file");
  }
  if (changes.name === undefined) return toFile(files, row);
  const name = renamedFileName(changes.name, row.original_name);
  if (name === row.name) return toFile(files, row);
  const at = files.now();
  await files.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("files")
      .set({
        name,
        name_key: name.toLowerCase(),
        updated_at: at,
        updated_by: actor.userId,
      })
      .where("file_id", "=", row.file_id)
      .execute();
    // The change is news to everyone who read the file but its author (docs/product.md#lists).
    await trx
      .insertInto("file_reads")
      .values({ file_id: row.file_id, user_id: actor.userId, read_at: at })
      .onConflict((oc) => oc.columns(["file_id", "user_id"]).doUpdateSet({ read_at: at }))
      .execute();
    await recordActivity(trx, {
      teamId: row.team_id,
      actorId: actor.userId,
      kind: "fileRenamed",
      targetType: "file",
      targetId: row.file_id,
      targetName: name,
      detail: { from: row.name, collectionId: row.collection_id },
      at,
    });
  });
  return toFile(files, (await findVisibleFile(files, access, collectionId, fileId)).row);
}

/**
 * The name a rename saves: the name before the extension checked by the file name rule, then the
 * extension of the name the file was uploaded with (ADR 070).
 */
function renamedFileName(typed: string, originalName: string): string {
  const parsed = fileRenameSchema(fileExtension(originalName)).safeParse(typed);
  if (parsed.success) return parsed.data;
  const messages = parsed.error.issues.map((issue) => `name: ${issue.message}`);
  throw new ApiError("invalidInput", messages.join("; "));
}

/**
 * A signed GET link (5 minutes) to a file's bytes, thumbnail or preview. Inline only for raster
 * images, videos and the webp derivatives; anything else downloads as an attachment, named after
 * the file's current name. A video's inline link works IMAGE_LINK_SECONDS, for playback.
 */
export async function fileContentLink(
  files: Files,
  access: TeamAccess,
  collectionId: string,
  fileId: string,
  request: ContentLinkRequest,
): Promise<{ signedUrl: string }> {
  const { row, actor } = await findVisibleFile(files, access, collectionId, fileId);
  if (request.variant === "original" && !canDownloadFile(actor, { uploadedBy: row.uploaded_by })) {
    throw new ApiError("forbidden", "Your role cannot download this file");
  }
  const key = {
    original: row.blob_key,
    thumbnail: row.thumbnail_key,
    thumbnailLarge: row.thumbnail_large_key,
    preview: row.preview_key,
  }[request.variant];
  if (key === null) throw new ApiError("notFound", `This file has no ${request.variant}`);
  const contentType = row.content_type.split(";")[0]?.trim().toLowerCase() ?? "";
  const inlineAllowed = request.variant !== "original" || INLINE_TYPES.includes(contentType);
  const type = request.disposition === "inline" && inlineAllowed ? "inline" : "attachment";
  const disposition = contentDisposition(type, variantName(row.name, request.variant));
  // A video plays and seeks for as long as a preview page stays open: its Range requests need
  // the link to work for as long as the page's images do.
  const playing =
    type === "inline" && request.variant === "original" && VIDEO_TYPES.includes(contentType);
  const seconds = playing ? IMAGE_LINK_SECONDS : CONTENT_LINK_SECONDS;
  // Named after the member it is for: it stops working once they may no longer read the file.
  const signedUrl = await signedLink(files, key, disposition, seconds, undefined, actor.userId);
  const { traffic } = files;
  if (request.variant === "original" && traffic) {
    const size = Number(row.size);
    await traffic.check(access.team.owner_id, size);
    // The disk store's links come back to /api/blobs, which counts the bytes it sends; a bucket
    // serves its own links, so the file is counted when its link is given (ADR 025).
    if (!signedUrl.startsWith(BLOB_URL_PATH)) traffic.charge(access.team.owner_id, size);
  }
  return { signedUrl };
}
