import { randomBytes, randomUUID } from "node:crypto";
import type { Locker } from "@tus/server";
import type { Logger } from "pino";
import { requireVisibleCollection } from "#api/access/collections.ts";
import { actorOf, requireTeamMember } from "#api/access/teams.ts";
import { recordActivity } from "#api/activity/record.ts";
import type { PlanBook } from "#api/billing/plans.ts";
import type { Clock } from "#api/clock.ts";
import type { Db, DropLinkRow, FileRow } from "#api/db/schema.ts";
import { EXIF_HEAD_BYTES, readPhotoFacts } from "#api/files/exif.ts";
import { EXPIRE_UPLOAD_JOB, type FileJobPayload, PROCESS_FILE_JOB } from "#api/files/process.ts";
import { SNIFF_BYTES, type SniffResult, sniffContent } from "#api/files/sniff.ts";
import { ApiError, diskFullError, isDiskFull } from "#api/http/errors.ts";
import type { JobQueue } from "#api/jobs/queue.ts";
import { UPLOAD_ID_PATTERN, type UploadStore } from "#api/storage/upload-store.ts";
import type { UploadUrlSigner } from "#api/storage/upload-urls.ts";
import { takeUserTurn } from "#api/users/users.ts";
import { NAME_MAX, NAME_MIN, UNLIMITED } from "#domain/constants.ts";
import { type DropLinkState, dropLinkState } from "#domain/drop-links.ts";
import { fileExtension, fileNameProblem } from "#domain/file-names.ts";
import { FILE_MAX_BYTES, refusalByDeclaration } from "#domain/file-types.ts";
import { hasTeamAccess } from "#domain/members.ts";
import { canCreateFile } from "#domain/roles.ts";
import { isSafeText } from "#domain/validation.ts";
import type { ChunkNotes } from "./proxy-chunks.ts";

/**
 * Files arrive in collections (docs/product.md#uploads; ADR 016):
 *
 * 1. A start — `POST .../collections/{id}/files` `{name, contentType, size}`, or a tus creation
 *    `POST /api/uploads` with Upload-Length and Upload-Metadata — is refused up front when the
 *    caller may not add files there, the input is bad, or the team owner's storage would run
 *    over the plan. Otherwise a file row (status uploading) and an empty tus upload are made,
 *    an `expireUpload` job is queued for when the address expires, and the caller gets the
 *    signed upload address `/api/uploads/{uploadId}?expires&signature` (24 hours, no bearer).
 * 2. The bytes come to that address as one PUT, or as tus PATCHes (HEAD tells the offset), into
 *    the tus store; never more than the declared size. The first bytes of a PUT or of a PATCH at
 *    offset 0 are sniffed before they are written (checkFirstBytes; ADR 076).
 * 3. After the last byte the head is sniffed: a refused or mismatching type removes the file and
 *    its bytes and answers 415 invalidInput; otherwise the file is processing and a
 *    `processFile` job (api/files/process.ts) stores, measures and previews it.
 */

/** How long an upload address works; an upload not complete by then is removed. */
export const UPLOAD_TTL_MS = 24 * 60 * 60_000;
/** The expiry job runs this long after the address expires, so a PATCH under way can end. */
const EXPIRY_GRACE_MS = 60 * 60_000;

/** The largest single file (domain/file-types.ts). */
export { FILE_MAX_BYTES };

/** The longest original file name kept. */
const ORIGINAL_NAME_MAX = 255;
/** Space kept free on the uploads' disk for the database and everything else (16 MiB). */
export const DISK_RESERVE_BYTES = 16 * 1024 * 1024;

export interface NewFile {
  name: string;
  contentType: string;
  size: number;
}

export interface FileUploadOptions {
  db: Db;
  uploads: UploadStore;
  jobs: JobQueue;
  now: Clock;
  logger: Logger;
  publicUrl: string;
  signer: UploadUrlSigner;
  /** The team owner's plan caps the storage of the teams they own. */
  plans: PlanBook;
}

/**
 * What the upload operations work with: the options, the lock every API instance shares (two
 * requests for one upload never write it at once), and, keyed by the request, who sent a tus
 * creation and what it created.
 */
export interface FileUploads extends FileUploadOptions {
  locker: Locker;
  chunkNotes: ChunkNotes;
  creators: WeakMap<Request, string>;
  created: WeakMap<Request, { fileId: string; expiresAt: number }>;
}

/** A new upload id: 32 hex digits (UPLOAD_ID_PATTERN). */
export function newUploadId() {
  return randomBytes(16).toString("hex");
}

/** Bytes used against the storage limit of `ownerId`: files of every team they own. */
export async function storageUsedBy(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom("files")
    .innerJoin("teams", "teams.team_id", "files.team_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("files.size"), eb.lit(0)).as("used"))
    .where("teams.owner_id", "=", ownerId)
    .where("files.status", "!=", "failed")
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/**
 * A name within NAME_MAX, keeping the extension (fileExtension, the one renames keep) when a long
 * one is shortened.
 */
function shortenName(name: string): string {
  const chars = [...name];
  if (chars.length <= NAME_MAX) return name;
  const extension = [...fileExtension(name)];
  if (extension.length > 0) {
    return (
      chars
        .slice(0, NAME_MAX - extension.length)
        .join("")
        .trimEnd() + extension.join("")
    );
  }
  return chars.slice(0, NAME_MAX).join("").trimEnd();
}

function checkName(raw: unknown): { name: string; originalName: string } {
  if (typeof raw !== "string") throw new ApiError("invalidInput", "name: required");
  const trimmed = raw.trim();
  // The rule renames follow too (domain/file-names.ts); an extension browsers run is refused
  // below with the declared type, by refusalByDeclaration, with the same list.
  if (fileNameProblem(trimmed) === "fileNameCharacters") {
    throw new ApiError("invalidInput", "name: must not hold control characters or slashes");
  }
  // The rule every name follows (domain/validation.ts): no bidirectional controls, no lone
  // surrogates. The original name is kept too, so this is checked on the whole of it.
  if (!isSafeText(trimmed)) throw new ApiError("invalidInput", "name: invalidCharacters");
  const length = [...trimmed].length;
  if (length === 0) throw new ApiError("invalidInput", "name: fileNameRequired");
  if (length < NAME_MIN) throw new ApiError("invalidInput", "name: fileNameShort");
  if (length > ORIGINAL_NAME_MAX) {
    throw new ApiError("invalidInput", `name: at most ${ORIGINAL_NAME_MAX} characters`);
  }
  return { name: shortenName(trimmed), originalName: trimmed };
}

function checkContentType(raw: unknown): string {
  const type = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  if (type === "") return "application/octet-stream";
  if (type.length > 255 || !/^[\w.+-]+\/[\w.+-]+(\s*;[\x20-\x7e]*)?$/.test(type)) {
    throw new ApiError("invalidInput", "contentType: not a media type");
  }
  return type.split(";")[0]!.trim();
}

function checkSize(raw: unknown): number {
  if (typeof raw !== "number" || !Number.isSafeInteger(raw) || raw < 1) {
    throw new ApiError("invalidInput", "size: must be a whole number of bytes, at least 1");
  }
  if (raw > FILE_MAX_BYTES) {
    throw new ApiError("invalidInput", `size: at most ${FILE_MAX_BYTES} bytes`, 413);
  }
  return raw;
}

/** What the client is told when the sniff refuses the bytes. */
function refusal(result: Extract<SniffResult, { ok: false }>, declared: string): string {
  switch (result.reason) {
    case "forbiddenType":
      return "Files that a browser could run as a web page or script (HTML, SVG, JavaScript) are not accepted";
    case "typeMismatch":
      return `The file's content is not what its type (${declared}) says`;
    default:
      return "This kind of file is not accepted";
  }
}

/**
 * Whether a failed write failed for want of space. tus's FileStore reports any write error as
 * its own FILE_WRITE_ERROR, without the ENOSPC underneath: a failure while the disk has less
 * than the reserve left counts as the disk being full.
 */
export async function diskFilledUp({ uploads }: FileUploads, error: unknown) {
  if (isDiskFull(error)) return true;
  if ((error as { status_code?: number } | null)?.status_code !== 500) return false;
  const free = await uploads.freeBytes().catch(() => null);
  return free !== null && free < DISK_RESERVE_BYTES;
}

/** The signed address that takes an upload's bytes. */
export function uploadUrl({ signer, publicUrl }: FileUploads, uploadId: string, expiresAt: number) {
  return signer.url(publicUrl, "files", uploadId, expiresAt);
}

/**
 * What one more file may take in a collection, before any byte is sent (ADR 083): the largest
 * single file, and the room left on the team owner's plan (null when it has no limit). Callers
 * that must hold a file's bytes before they know its size (the web tier's form without
 * JavaScript) stop reading at this; startFile still decides, under the owner's turn.
 */
export async function uploadRoom(
  { db, plans }: FileUploads,
  userId: string,
  teamId: string,
  collectionId: string,
) {
  const access = await requireTeamMember(db, teamId, userId);
  const collection = await requireVisibleCollection(db, access, collectionId);
  const actor = actorOf(access);
  const allowed = canCreateFile(actor.role, {
    teamMode: access.team.mode,
    collectionMode: collection.mode,
    collectionCreatedBy: collection.created_by,
    userId: actor.userId,
  });
  if (!allowed) throw new ApiError("forbidden", "Your role cannot add files to this collection");
  const { limitStorageBytes: limit } = await plans.limitsOf(access.team.owner_id);
  const storageLeftBytes =
    limit === UNLIMITED
      ? null
      : Math.max(0, limit - (await storageUsedBy(db, access.team.owner_id)));
  return { fileMaxBytes: FILE_MAX_BYTES, storageLeftBytes };
}

/** Checks and records a new file; answers its ids and when its address expires. */
export async function startFile(
  deps: FileUploads,
  userId: string,
  teamId: string,
  collectionId: string,
  input: NewFile & { uploadId: string },
) {
  const { db } = deps;
  const access = await requireTeamMember(db, teamId, userId);
  // A collection the caller cannot see answers as missing, as every other endpoint does.
  const collection = await requireVisibleCollection(db, access, collectionId);
  const actor = actorOf(access);
  const context = {
    teamMode: access.team.mode,
    collectionMode: collection.mode,
    collectionCreatedBy: collection.created_by,
    userId: actor.userId,
  };
  if (!canCreateFile(actor.role, context)) {
    throw new ApiError("forbidden", "Your role cannot add files to this collection");
  }
  return insertFile(deps, {
    teamId: access.team.team_id,
    ownerId: access.team.owner_id,
    collectionId: collection.collection_id,
    uploadedBy: actor.userId,
    input,
  });
}

/** Who sends a file through a drop link (ADR 097), as startGuestFile needs them. */
export interface GuestSender {
  guestId: string;
  /** The name the guest gave; null: none. */
  name: string | null;
  link: Pick<
    DropLinkRow,
    | "link_id"
    | "team_id"
    | "collection_id"
    | "created_by"
    | "guest_max_files"
    | "guest_max_bytes"
    | "hold_for_review"
  >;
}

/**
 * A file a guest sends through a drop link (ADR 097). The caller has checked the link and the
 * guest (api/drop-links/); this checks what the guest may still send: the link's per-guest
 * limits, counted under the owner's turn with the plan's storage, so parallel starts never share
 * the room. The file is the link creator's (uploaded_by), marked with the link and the guest.
 */
export async function startGuestFile(
  deps: FileUploads,
  guest: GuestSender,
  input: NewFile & { uploadId: string },
) {
  const team = await deps.db
    .selectFrom("teams")
    .select("owner_id")
    .where("team_id", "=", guest.link.team_id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!team) throw new ApiError("notFound", "This link's team has been deleted");
  return insertFile(deps, {
    teamId: guest.link.team_id,
    ownerId: team.owner_id,
    collectionId: guest.link.collection_id,
    uploadedBy: guest.link.created_by,
    guest,
    input,
  });
}

/** What a guest has sent through their link: files and bytes, uploads under way included. */
export async function guestUsage(db: Db, guestId: string) {
  const row = await db
    .selectFrom("files")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("files"),
      eb.fn.coalesce(eb.fn.sum<number | string>("size"), eb.lit(0)).as("bytes"),
    ])
    .where("guest_id", "=", guestId)
    .where("status", "!=", "failed")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

async function insertFile(
  deps: FileUploads,
  target: {
    teamId: string;
    ownerId: string;
    collectionId: string;
    uploadedBy: string;
    guest?: GuestSender;
    input: NewFile & { uploadId: string };
  },
) {
  const { db, uploads, jobs, now, plans } = deps;
  const { input, guest } = target;
  const { name, originalName } = checkName(input.name);
  const contentType = checkContentType(input.contentType);
  const size = checkSize(input.size);
  // A type or extension that could run script in a browser, or a declared type no accepted
  // file comes with, is refused before any byte (ADR 076).
  const declared = refusalByDeclaration(contentType, originalName);
  if (declared) {
    throw new ApiError("invalidInput", refusal({ ok: false, reason: declared }, contentType), 415);
  }
  // Read before the transaction: on SQLite it holds the one connection.
  const { limitStorageBytes: limit } = await plans.limitsOf(target.ownerId);
  // On disk, the upload and then its blob take the file's size twice, and the database needs
  // room too: a file that would fill the disk is refused before a byte is sent.
  const free = await uploads.freeBytes();
  if (free !== null && free < 2 * size + DISK_RESERVE_BYTES) {
    throw diskFullError({ message: "The server has no room for this file now; try again later" });
  }
  const fileId = randomUUID();
  const at = now();
  const expiresAt = at + UPLOAD_TTL_MS;
  const payload: FileJobPayload = { fileId, uploadId: input.uploadId };
  const guestLimited =
    guest !== undefined &&
    (guest.link.guest_max_files !== null || guest.link.guest_max_bytes !== null);
  await db.transaction().execute(async (trx) => {
    if (limit !== UNLIMITED || guestLimited) {
      // Files created for one owner's teams take turns on the owner's row, so the room counted
      // here is still there when the row below takes it: parallel uploads never share it.
      await takeUserTurn(trx, target.ownerId);
    }
    if (limit !== UNLIMITED && (await storageUsedBy(trx, target.ownerId)) + size > limit) {
      throw new ApiError(
        "quotaExceededStorage",
        "This file does not fit in the team owner's storage; check the plan",
      );
    }
    if (guest && guestLimited) {
      const used = await guestUsage(trx, guest.guestId);
      const { guest_max_files: maxFiles, guest_max_bytes: maxBytes } = guest.link;
      if (maxFiles !== null && used.files + 1 > maxFiles) {
        throw new ApiError(
          "quotaExceededGuest",
          `This link takes at most ${maxFiles} files from each person`,
        );
      }
      if (maxBytes !== null && used.bytes + size > Number(maxBytes)) {
        throw new ApiError(
          "quotaExceededGuest",
          `This link takes at most ${maxBytes} bytes from each person`,
        );
      }
    }
    await trx
      .insertInto("files")
      .values({
        file_id: fileId,
        team_id: target.teamId,
        collection_id: target.collectionId,
        name,
        name_key: name.toLowerCase(),
        original_name: originalName,
        content_type: contentType,
        size,
        crc32: null,
        status: "uploading",
        error_code: null,
        blob_key: null,
        thumbnail_key: null,
        preview_key: null,
        upload_id: input.uploadId,
        uploaded_by: target.uploadedBy,
        created_at: at,
        updated_at: at,
        updated_by: target.uploadedBy,
        ref_date: at,
        ...(guest && {
          drop_link_id: guest.link.link_id,
          guest_id: guest.guestId,
          guest_name: guest.name,
          review_state: guest.link.hold_for_review ? ("held" as const) : null,
        }),
      })
      .execute();
    await jobs.enqueue(EXPIRE_UPLOAD_JOB, payload, {
      db: trx,
      runAt: expiresAt + EXPIRY_GRACE_MS,
    });
  });
  return { fileId, expiresAt, size, contentType, name };
}

/**
 * An upload whose collection went to the trash takes no more bytes and does not finish (ADR
 * 092): collectionInTrash, on its next chunk or at its last byte. What it sent stays until the
 * upload expires; restoring the collection lets it go on.
 */
async function refuseTrashedCollection({ db }: FileUploads, row: FileRow) {
  const collection = await db
    .selectFrom("collections")
    .select("deleted_at")
    .where("collection_id", "=", row.collection_id)
    .executeTakeFirst();
  if (collection && collection.deleted_at !== null) {
    throw new ApiError(
      "collectionInTrash",
      "This file's collection is in the trash: restore the collection to upload into it",
    );
  }
}

/**
 * The file an upload id belongs to, if any. An upload into a team deleted meanwhile is refused
 * on its next chunk or at its end (ADR 094): notFound, as the team is for everyone.
 */
export async function findUpload({ db }: FileUploads, uploadId: string) {
  const row = await db
    .selectFrom("files")
    .innerJoin("teams", "teams.team_id", "files.team_id")
    .selectAll("files")
    .select("teams.deleted_at as team_deleted_at")
    .where("upload_id", "=", uploadId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { team_deleted_at: deletedAt, ...file } = row;
  if (deletedAt !== null) {
    throw new ApiError("notFound", "The team of this upload has been deleted");
  }
  return file;
}

/** The first `bytes` of a complete upload. */
async function readHead(
  { uploads }: FileUploads,
  uploadId: string,
  bytes: number,
): Promise<Buffer> {
  const stream = await uploads.read(uploadId);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

/** Removes a file that will never be kept: its row and its bytes. */
async function discardFile({ db, uploads }: FileUploads, row: FileRow) {
  await db.deleteFrom("files").where("file_id", "=", row.file_id).execute();
  if (row.upload_id) await uploads.remove(row.upload_id);
}

/**
 * A request body's first `bytes` (fewer when it ends before), and a body that still gives every
 * byte, those first ones included, to whoever reads it next.
 */
export async function peekBody(body: ReadableStream<Uint8Array> | null, bytes: number) {
  if (!body) return { head: new Uint8Array(0), body: null };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    // A body that fails here fails again for its next reader, who reports it.
    const next = await reader.read().catch(() => null);
    if (!next) break;
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (ended) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head: Buffer.concat(chunks).subarray(0, bytes), body: rest };
}

/**
 * The first bytes of an upload have come (`head`: the body of the request that starts at offset
 * 0): the same sniff as after the last byte, on the same bytes, so a file it would refuse there
 * is refused now, before the rest is sent (ADR 076). Refused: the file and its bytes go, 415,
 * and the connection closes, since the rest of the body is not read. A head shorter than the
 * sniff reads (a first chunk of a few bytes) is left to the check after the last byte.
 */
export async function checkFirstBytes(deps: FileUploads, row: FileRow, head: Uint8Array) {
  if (head.length < Math.min(SNIFF_BYTES, Number(row.size))) return;
  const result = await sniffContent({
    head: head.subarray(0, SNIFF_BYTES),
    declaredType: row.content_type,
    fileName: row.original_name,
  });
  if (result.ok) return;
  await discardFile(deps, row);
  deps.logger.info(
    { fileId: row.file_id, reason: result.reason },
    "file: refused by the sniff at its first bytes",
  );
  throw new ApiError("invalidInput", refusal(result, row.content_type), 415, {
    Connection: "close",
  });
}

/**
 * The last byte has arrived: sniff the head. Refused → the file and its bytes go, 415.
 * Accepted → processing, with the sniffed type, and processFile is queued.
 */
export async function finishUpload(deps: FileUploads, uploadId: string) {
  const { db, jobs, now, logger } = deps;
  const row = await findUpload(deps, uploadId);
  if (!row) throw new ApiError("notFound", "There is no such upload");
  if (row.status !== "uploading") {
    throw new ApiError("expiredToken", "This upload is already complete");
  }
  await refuseTrashedCollection(deps, row);
  await refuseClosedLink(deps, row);
  // Enough for the EXIF date too: a file takes its place in lists (ref_date) before anyone
  // sees it, so pages never shift when processing ends.
  const head = await readHead(deps, uploadId, EXIF_HEAD_BYTES);
  const result = await sniffContent({
    head: head.subarray(0, SNIFF_BYTES),
    declaredType: row.content_type,
    fileName: row.original_name,
  });
  if (!result.ok) {
    await discardFile(deps, row);
    logger.info({ fileId: row.file_id, reason: result.reason }, "file: refused by the sniff");
    throw new ApiError("invalidInput", refusal(result, row.content_type), 415);
  }
  const payload: FileJobPayload = { fileId: row.file_id, uploadId, teamId: row.team_id };
  const photo = await readPhotoFacts(head);
  const at = now();
  const moved = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("files")
      .set({
        status: "processing",
        content_type: result.contentType,
        ref_date: photo.takenAt ?? Number(row.ref_date),
        taken_at: photo.takenAt,
        camera_make: photo.camera?.make ?? null,
        camera_model: photo.camera?.model ?? null,
        updated_at: at,
      })
      .where("file_id", "=", row.file_id)
      .where("status", "=", "uploading")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await jobs.enqueue(PROCESS_FILE_JOB, payload, { db: trx });
    if (row.drop_link_id !== null) {
      await recordGuestFile(trx, jobs, row, at);
      return true;
    }
    // The file appears in lists now, read by its uploader: what one sent is not news to them
    // (docs/product.md#lists). A later rename by someone else makes it unread again. A guest's
    // file is news to everyone, the link's creator too.
    await trx
      .insertInto("file_reads")
      .values({ file_id: row.file_id, user_id: row.uploaded_by, read_at: at })
      .onConflict((oc) => oc.columns(["file_id", "user_id"]).doUpdateSet({ read_at: at }))
      .execute();
    await recordActivity(trx, {
      teamId: row.team_id,
      actorId: row.uploaded_by,
      kind: "fileUploaded",
      targetType: "file",
      targetId: row.file_id,
      targetName: row.name,
      detail: { collectionId: row.collection_id },
      at,
    });
    return true;
  });
  if (!moved) throw new ApiError("expiredToken", "This upload is already complete");
  jobs.wake();
  return row;
}

/** The job that mails a drop link's creator what its guests sent lately: `{ linkId }`. */
export const GUEST_DIGEST_JOB = "dropLinks.digest";
/** A digest waits this long after the file that calls for it, to gather the files that follow. */
export const GUEST_DIGEST_DELAY_MS = 5 * 60_000;
/** At most one digest an hour for each link (ADR 099). */
export const GUEST_DIGEST_INTERVAL_MS = 60 * 60_000;

/**
 * A guest's file has arrived: the log names the link it came through and the guest (ADR 097),
 * and a digest for the link's creator is due (ADR 099): at most one waits for each link, to run
 * a short delay from now but never within the hour after the last one went out.
 */
async function recordGuestFile(trx: Db, jobs: JobQueue, row: FileRow, at: number) {
  // The write locks the link's row on PostgreSQL: two files finishing at once see each other's
  // digest, and only one is queued.
  const link = await trx
    .updateTable("drop_links")
    .set((eb) => ({ digest_sent_at: eb.ref("digest_sent_at") }))
    .where("link_id", "=", row.drop_link_id ?? "")
    .returning(["title", "digest_sent_at"])
    .executeTakeFirst();
  await recordActivity(trx, {
    teamId: row.team_id,
    actorId: null,
    kind: "fileSentByGuest",
    targetType: "file",
    targetId: row.file_id,
    targetName: row.name,
    detail: {
      collectionId: row.collection_id,
      dropLinkId: row.drop_link_id,
      linkTitle: link?.title ?? null,
      guestName: row.guest_name,
    },
    at,
  });
  if (!link || row.drop_link_id === null) return;
  const payload = { linkId: row.drop_link_id };
  const waiting = await trx
    .selectFrom("jobs")
    .select("job_id")
    .where("kind", "=", GUEST_DIGEST_JOB)
    .where("payload", "=", JSON.stringify(payload))
    // One a worker holds now may have counted already: it does not count as waiting.
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
    .executeTakeFirst();
  if (waiting) return;
  const sentAt = link.digest_sent_at === null ? null : Number(link.digest_sent_at);
  const runAt = Math.max(
    at + GUEST_DIGEST_DELAY_MS,
    sentAt === null ? 0 : sentAt + GUEST_DIGEST_INTERVAL_MS,
  );
  await jobs.enqueue(GUEST_DIGEST_JOB, payload, { db: trx, runAt });
}

/**
 * A guest's upload takes bytes only while its drop link is open (ADR 097): a link paused,
 * revoked or past its deadline refuses the next chunk, on every instance, since each chunk reads
 * the link's row.
 */
async function refuseClosedLink({ db, now }: FileUploads, row: FileRow) {
  if (row.drop_link_id === null) return;
  const link = await db
    .selectFrom("drop_links")
    .select(["status", "deadline_at"])
    .where("link_id", "=", row.drop_link_id)
    .executeTakeFirst();
  const state = link
    ? dropLinkState({ status: link.status, deadlineAt: link.deadline_at }, now())
    : "revoked";
  if (state !== "open") throw closedLinkError(state);
}

/** What a guest is told when a drop link takes no files. */
export function closedLinkError(state: Exclude<DropLinkState, "open">) {
  switch (state) {
    case "paused":
      return new ApiError("dropLinkPaused", "This link is paused: try again later");
    case "expired":
      return new ApiError("dropLinkExpired", "This link's deadline has passed");
    default:
      return new ApiError("dropLinkRevoked", "This link no longer works");
  }
}

/** The upload address's checks: signature, expiry, and a file still waiting for bytes. */
export async function checkAddress(deps: FileUploads, uploadId: string, query: URLSearchParams) {
  if (!UPLOAD_ID_PATTERN.test(uploadId)) throw new ApiError("notFound", "There is no such upload");
  const check = deps.signer.check(
    "files",
    uploadId,
    query.get("expires") ?? undefined,
    query.get("signature") ?? undefined,
    deps.now(),
  );
  if (check === "invalid") throw new ApiError("forbidden", "This upload address is not valid");
  if (check === "expired") throw new ApiError("expiredToken", "This upload address has expired");
  const row = await findUpload(deps, uploadId);
  if (!row) throw new ApiError("notFound", "There is no such upload");
  if (row.status === "uploading") {
    await refuseTrashedCollection(deps, row);
    await refuseClosedLink(deps, row);
  }
  // An upload address works only while its uploader may still enter the team: a member banned,
  // gone or disabled mid-upload has their next chunk refused (ADR 085, ADR 095).
  const uploader = await deps.db
    .selectFrom("members")
    .select("status")
    .where("team_id", "=", row.team_id)
    .where("member_id", "=", row.uploaded_by)
    .executeTakeFirst();
  if (!uploader || !hasTeamAccess(uploader.status)) {
    throw new ApiError("forbidden", "The uploader is no longer an active member of this team");
  }
  return row;
}
