import { randomBytes, randomUUID } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { ERRORS, Server, Upload } from "@tus/server";
import type { Logger } from "pino";
import { findTeamCollection } from "#api/access/collections.ts";
import { actorOf, requireTeamMember } from "#api/access/teams.ts";
import type { PlanBook } from "#api/billing/plans.ts";
import type { Clock } from "#api/clock.ts";
import type { Db, FileRow } from "#api/db/schema.ts";
import { EXIF_HEAD_BYTES, readCaptureDate } from "#api/files/exif.ts";
import { EXPIRE_UPLOAD_JOB, type FileJobPayload, PROCESS_FILE_JOB } from "#api/files/process.ts";
import { SNIFF_BYTES, type SniffResult, sniffContent } from "#api/files/sniff.ts";
import { ApiError, diskFullError, isDiskFull } from "#api/http/errors.ts";
import type { JobQueue } from "#api/jobs/queue.ts";
import { uploadBytes } from "#api/metrics.ts";
import { UPLOAD_ID_PATTERN, type UploadStore } from "#api/storage/upload-store.ts";
import type { UploadUrlSigner } from "#api/storage/upload-urls.ts";
import { NAME_MAX, NAME_MIN, UNLIMITED } from "#domain/constants.ts";
import { canCreateFile, canSeeCollection } from "#domain/roles.ts";
import { isSafeText } from "#domain/validation.ts";
import { createUploadLocker } from "./upload-locks.ts";

/**
 * Files arrive in collections (contract of issue 5, "Uploads"):
 *
 * 1. A start — `POST .../collections/{id}/files` `{name, contentType, size}`, or a tus creation
 *    `POST /api/uploads` with Upload-Length and Upload-Metadata — is refused up front when the
 *    caller may not add files there, the input is bad, or the team owner's storage would run
 *    over the plan. Otherwise a file row (status uploading) and an empty tus upload are made,
 *    an `expireUpload` job is queued for when the address expires, and the caller gets the
 *    signed upload address `/api/uploads/{uploadId}?expires&signature` (24 hours, no bearer).
 * 2. The bytes come to that address as one PUT, or as tus PATCHes (HEAD tells the offset), into
 *    the tus store; never more than the declared size.
 * 3. After the last byte the head is sniffed: a refused or mismatching type removes the file and
 *    its bytes and answers 415 invalidInput; otherwise the file is processing and a
 *    `processFile` job (api/files/process.ts) stores, measures and previews it.
 */

/** How long an upload address works; an upload not complete by then is removed. */
export const UPLOAD_TTL_MS = 24 * 60 * 60_000;
/** The expiry job runs this long after the address expires, so a PATCH under way can end. */
const EXPIRY_GRACE_MS = 60 * 60_000;
/** The largest single file: S3's largest object. Plans limit the total long before. */
export const FILE_MAX_BYTES = 5 * 1024 ** 4;
/** The longest original file name kept. */
const ORIGINAL_NAME_MAX = 255;
/** Space kept free on the uploads' disk for the database and everything else (16 MiB). */
export const DISK_RESERVE_BYTES = 16 * 1024 * 1024;
/** The tus endpoint, as the client sees it. */
export const TUS_PATH = "/api/uploads";

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

/** A name within NAME_MAX, keeping the extension when a long one is shortened. */
function shortenName(name: string): string {
  const chars = [...name];
  if (chars.length <= NAME_MAX) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  if (extension.length > 0 && extension.length <= 10) {
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
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused.
  if (/[\u0000-\u001f\u007f/\\]/.test(trimmed)) {
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

/**
 * Upload-Metadata's values, read strictly. tus decodes them as UTF-8 with U+FFFD for whatever
 * is not, so a name could change on the way in without anyone being told: invalid UTF-8 is
 * refused instead. tus has already checked the header's shape (keys, base64, no repeats).
 */
function readUploadMetadata(header: string | null): Record<string, string | null> {
  const metadata: Record<string, string | null> = Object.create(null);
  if (!header) return metadata;
  const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  for (const pair of header.split(",")) {
    const [key = "", value] = pair.split(" ");
    try {
      metadata[key] = value === undefined ? null : utf8.decode(Buffer.from(value, "base64"));
    } catch {
      throw new ApiError("invalidInput", `Upload-Metadata: ${key} is not valid UTF-8`);
    }
  }
  return metadata;
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
 * tus answers a request for an extension we do not offer (api/storage/upload-store.ts) with 501, as
 * if the server were at fault. It is the request that asks for too much: a 400 that says what to
 * send instead.
 */
const UNOFFERED_EXTENSIONS = new Map<unknown, string>([
  [
    ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION,
    "The upload's length must be given up front, in Upload-Length when it is created: " +
      "deferred lengths (Upload-Defer-Length, or Upload-Length on a PATCH) are not taken",
  ],
  [
    ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION,
    "Upload-Concat is not taken: send each file as one upload, without parallel parts",
  ],
]);

/** The error body of a refused tus request, from an ApiError or tus's own errors. */
export function tusErrorBody(error: unknown): { status_code: number; body: string } {
  const unoffered = UNOFFERED_EXTENSIONS.get(error);
  if (unoffered) return tusErrorBody(new ApiError("invalidInput", unoffered));
  if (error instanceof ApiError) {
    return {
      status_code: error.status,
      body: JSON.stringify({
        statusCode: error.status,
        errorCode: error.errorCode,
        message: error.message,
      }),
    };
  }
  const tus = error as { status_code?: number; body?: string; message?: string };
  const status = tus.status_code ?? 500;
  const errorCode =
    status === 404 || status === 410 ? "notFound" : status >= 500 ? "generic" : "invalidInput";
  const message =
    status >= 500
      ? "Something went wrong on our side"
      : (tus.body ?? tus.message ?? "Invalid upload request").trim();
  return {
    status_code: status,
    body: JSON.stringify({ statusCode: status, errorCode, message }),
  };
}

/** Counts bytes on the way and fails past `maxBytes`. */
class Cap extends Transform {
  bytes = 0;
  exceeded = false;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.exceeded = true;
      callback(new Error("The body is larger than the size declared"));
    } else {
      callback(null, chunk);
    }
  }
}

/** Adds what a tus request stored (its answer's offset past the one it began at) to the metrics. */
function countReceived(request: Request, response: Response) {
  if (request.method !== "PATCH" && request.method !== "POST") return;
  const from = Number(request.headers.get("Upload-Offset") ?? 0);
  const to = Number(response.headers.get("Upload-Offset"));
  if (response.headers.has("Upload-Offset") && to > from)
    uploadBytes.inc({ method: "tus" }, to - from);
}

export function createFileUploadService(options: FileUploadOptions) {
  const { db, uploads, jobs, now, logger, publicUrl, signer, plans } = options;
  /** Who sent a tus creation request, and what it created: keyed by the request. */
  const creators = new WeakMap<Request, string>();
  const created = new WeakMap<Request, { fileId: string; expiresAt: number }>();
  // Shared by every API instance: two requests for one upload never write it at once.
  const locker = createUploadLocker({ db, logger });

  /**
   * Whether a failed write failed for want of space. tus's FileStore reports any write error as
   * its own FILE_WRITE_ERROR, without the ENOSPC underneath: a failure while the disk has less
   * than the reserve left counts as the disk being full.
   */
  async function diskFilledUp(error: unknown) {
    if (isDiskFull(error)) return true;
    if ((error as { status_code?: number } | null)?.status_code !== 500) return false;
    const free = await uploads.freeBytes().catch(() => null);
    return free !== null && free < DISK_RESERVE_BYTES;
  }

  function uploadUrl(uploadId: string, expiresAt: number) {
    return signer.url(publicUrl, "files", uploadId, expiresAt);
  }

  /** Checks and records a new file; answers its ids and when its address expires. */
  async function start(
    userId: string,
    teamId: string,
    collectionId: string,
    input: NewFile & { uploadId: string },
  ) {
    const access = await requireTeamMember(db, teamId, userId);
    const collection = await findTeamCollection(db, access.team.team_id, collectionId);
    if (!collection) throw new ApiError("notFound", "No such collection in this team");
    const actor = actorOf(access);
    const context = {
      teamMode: access.team.mode,
      collectionMode: collection.mode,
      collectionCreatedBy: collection.created_by,
      userId: actor.userId,
    };
    // A collection the caller cannot see answers as missing, as every other endpoint does.
    if (!canSeeCollection(actor, { mode: collection.mode, createdBy: collection.created_by })) {
      throw new ApiError("notFound", "No such collection in this team");
    }
    if (!canCreateFile(actor.role, context)) {
      throw new ApiError("forbidden", "Your role cannot add files to this collection");
    }
    const { name, originalName } = checkName(input.name);
    const contentType = checkContentType(input.contentType);
    const size = checkSize(input.size);
    // A type or extension that could run script in a browser is refused before any byte.
    const announced = await sniffContent({
      head: new Uint8Array(0),
      declaredType: contentType,
      fileName: originalName,
    });
    if (!announced.ok && announced.reason === "forbiddenType") {
      throw new ApiError("invalidInput", refusal(announced, contentType), 415);
    }
    const { limitStorageBytes: limit } = await plans.limitsOf(access.team.owner_id);
    if (limit !== UNLIMITED) {
      const used = await storageUsedBy(db, access.team.owner_id);
      if (used + size > limit) {
        throw new ApiError(
          "quotaExceededStorage",
          "This file does not fit in the team owner's storage; check the plan",
        );
      }
    }
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
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("files")
        .values({
          file_id: fileId,
          team_id: access.team.team_id,
          collection_id: collection.collection_id,
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
          uploaded_by: actor.userId,
          created_at: at,
          updated_at: at,
          updated_by: actor.userId,
          ref_date: at,
        })
        .execute();
      await jobs.enqueue(EXPIRE_UPLOAD_JOB, payload, {
        db: trx,
        runAt: expiresAt + EXPIRY_GRACE_MS,
      });
    });
    return { fileId, expiresAt, size, contentType, name };
  }

  async function findUpload(uploadId: string) {
    return db.selectFrom("files").selectAll().where("upload_id", "=", uploadId).executeTakeFirst();
  }

  /** The first `bytes` of a complete upload. */
  async function readHead(uploadId: string, bytes: number): Promise<Buffer> {
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
  async function discardFile(row: FileRow) {
    await db.deleteFrom("files").where("file_id", "=", row.file_id).execute();
    if (row.upload_id) await uploads.remove(row.upload_id);
  }

  /**
   * The last byte has arrived: sniff the head. Refused → the file and its bytes go, 415.
   * Accepted → processing, with the sniffed type, and processFile is queued.
   */
  async function finish(uploadId: string) {
    const row = await findUpload(uploadId);
    if (!row) throw new ApiError("notFound", "There is no such upload");
    if (row.status !== "uploading") {
      throw new ApiError("expiredToken", "This upload is already complete");
    }
    // Enough for the EXIF date too: a file takes its place in lists (ref_date) before anyone
    // sees it, so pages never shift when processing ends.
    const head = await readHead(uploadId, EXIF_HEAD_BYTES);
    const result = await sniffContent({
      head: head.subarray(0, SNIFF_BYTES),
      declaredType: row.content_type,
      fileName: row.original_name,
    });
    if (!result.ok) {
      await discardFile(row);
      logger.info({ fileId: row.file_id, reason: result.reason }, "file: refused by the sniff");
      throw new ApiError("invalidInput", refusal(result, row.content_type), 415);
    }
    const payload: FileJobPayload = { fileId: row.file_id, uploadId };
    const moved = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("files")
        .set({
          status: "processing",
          content_type: result.contentType,
          ref_date: (await readCaptureDate(head)) ?? Number(row.ref_date),
          updated_at: now(),
        })
        .where("file_id", "=", row.file_id)
        .where("status", "=", "uploading")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await jobs.enqueue(PROCESS_FILE_JOB, payload, { db: trx });
      return true;
    });
    if (!moved) throw new ApiError("expiredToken", "This upload is already complete");
    jobs.wake();
    return row;
  }

  const tus = new Server({
    path: TUS_PATH,
    datastore: uploads.datastore,
    locker,
    maxSize: FILE_MAX_BYTES,
    namingFunction: () => newUploadId(),
    getFileIdFromRequest: (req) => {
      const last = new URL(req.url).pathname.split("/").pop() ?? "";
      return UPLOAD_ID_PATTERN.test(last) ? last : undefined;
    },
    generateUrl: (req, { id }) => {
      const expiresAt = created.get(req as unknown as Request)?.expiresAt ?? now() + UPLOAD_TTL_MS;
      return uploadUrl(id, expiresAt);
    },
    onUploadCreate: async (req, upload) => {
      const userId = creators.get(req as unknown as Request);
      if (!userId) throw new ApiError("notAuthorized", "Sign in to upload");
      const metadata = readUploadMetadata(
        (req as unknown as Request).headers.get("upload-metadata"),
      );
      const teamId = metadata.teamId ?? "";
      const collectionId = metadata.collectionId ?? "";
      if (!teamId || !collectionId) {
        throw new ApiError("invalidInput", "Upload-Metadata must name teamId and collectionId");
      }
      const started = await start(userId, teamId, collectionId, {
        uploadId: upload.id,
        name: metadata.filename ?? metadata.name ?? "",
        contentType: metadata.filetype ?? metadata.contentType ?? "",
        size: upload.size ?? 0,
      });
      created.set(req as unknown as Request, {
        fileId: started.fileId,
        expiresAt: started.expiresAt,
      });
      return {
        metadata: {
          fileId: started.fileId,
          filename: started.name,
          filetype: started.contentType,
        },
      };
    },
    onUploadFinish: async (_req, upload) => {
      await finish(upload.id);
      return {};
    },
    onResponseError: async (_req, error) => {
      if (await diskFilledUp(error)) {
        logger.error({ err: error }, "the disk is full");
        return tusErrorBody(diskFullError());
      }
      const mapped = tusErrorBody(error);
      if (mapped.status_code >= 500) logger.error({ err: error }, "upload failed");
      return mapped;
    },
  });

  /**
   * A tus answer with every error as our JSON body: the ones our hooks threw already are (via
   * onResponseError); tus's own early refusals (a missing Tus-Resumable, a bad header) are text.
   */
  async function withJsonErrors(response: Response) {
    if (response.status < 400) return response;
    const text = await response.text();
    let body: string;
    try {
      const parsed = JSON.parse(text) as { errorCode?: unknown };
      if (typeof parsed.errorCode !== "string") throw new Error("not ours");
      body = text;
    } catch {
      body = tusErrorBody({ status_code: response.status, body: text }).body;
    }
    const headers = new Headers(response.headers);
    headers.set("Content-Type", "application/json");
    headers.delete("Content-Length");
    return new Response(body, { status: response.status, headers });
  }

  /** The upload address's checks: signature, expiry, and a file still waiting for bytes. */
  async function checkAddress(uploadId: string, query: URLSearchParams) {
    if (!UPLOAD_ID_PATTERN.test(uploadId))
      throw new ApiError("notFound", "There is no such upload");
    const check = signer.check(
      "files",
      uploadId,
      query.get("expires") ?? undefined,
      query.get("signature") ?? undefined,
      now(),
    );
    if (check === "invalid") throw new ApiError("forbidden", "This upload address is not valid");
    if (check === "expired") throw new ApiError("expiredToken", "This upload address has expired");
    const row = await findUpload(uploadId);
    if (!row) throw new ApiError("notFound", "There is no such upload");
    return row;
  }

  return {
    /** `POST .../collections/{collectionId}/files`: a file and its upload address. */
    async create(userId: string, teamId: string, collectionId: string, input: NewFile) {
      const uploadId = newUploadId();
      const started = await start(userId, teamId, collectionId, { ...input, uploadId });
      await uploads.datastore.create(
        new Upload({
          id: uploadId,
          size: started.size,
          offset: 0,
          metadata: {
            fileId: started.fileId,
            filename: started.name,
            filetype: started.contentType,
          },
        }),
      );
      return { fileId: started.fileId, uploadUrl: uploadUrl(uploadId, started.expiresAt) };
    },

    /** `POST /api/uploads` (tus creation) by a signed-in user. */
    async tusCreate(userId: string, request: Request) {
      creators.set(request, userId);
      const response = await withJsonErrors(await tus.handleWeb(request));
      countReceived(request, response);
      const fileId = created.get(request)?.fileId;
      if (fileId && response.status === 201) response.headers.set("File-Id", fileId);
      return response;
    },

    /** `OPTIONS /api/uploads[/{uploadId}]`: what the tus server supports. */
    async tusOptions(request: Request) {
      return tus.handleWeb(request);
    },

    /** `HEAD` and `PATCH` on the upload address: tus, once the address checks out. */
    async tusResume(uploadId: string, request: Request) {
      const row = await checkAddress(uploadId, new URL(request.url).searchParams);
      if (row.status !== "uploading") {
        if (request.method === "HEAD") {
          // Complete: a client resuming it learns there is nothing left to send.
          return new Response(null, {
            status: 200,
            headers: {
              "Tus-Resumable": "1.0.0",
              "Upload-Offset": String(row.size),
              "Upload-Length": String(row.size),
              "Cache-Control": "no-store",
            },
          });
        }
        throw new ApiError("expiredToken", "This upload is already complete");
      }
      const response = await withJsonErrors(await tus.handleWeb(request));
      countReceived(request, response);
      return response;
    },

    /**
     * `PUT` on the upload address: the whole body at once, at most the declared size, streamed
     * into the upload; a PUT after an interrupted one starts again from the first byte.
     */
    async receivePut(uploadId: string, request: Request) {
      const row = await checkAddress(uploadId, new URL(request.url).searchParams);
      if (row.status !== "uploading") {
        throw new ApiError("expiredToken", "This upload is already complete");
      }
      const size = Number(row.size);
      const declared = request.headers.get("content-length");
      if (declared !== null && Number(declared) > size) {
        throw new ApiError(
          "invalidInput",
          `The body is larger than the ${size} bytes declared`,
          413,
          {
            Connection: "close",
          },
        );
      }
      if (declared !== null && Number(declared) < size) {
        throw new ApiError("invalidInput", `The body must hold all ${size} bytes declared`, 400, {
          Connection: "close",
        });
      }
      const lock = locker.newLock(uploadId);
      const stop = new AbortController();
      await lock
        .lock(stop.signal, () => {})
        .catch(() => {
          throw new ApiError("invalidInput", "Another request is sending this upload", 409);
        });
      let received: number;
      const cap = new Cap(size);
      try {
        const offset = await uploads.offset(uploadId);
        if (offset !== 0) {
          // A PUT starts over: whatever an earlier, interrupted one left goes.
          await uploads.remove(uploadId);
          await uploads.datastore.create(
            new Upload({
              id: uploadId,
              size,
              offset: 0,
              metadata: { fileId: row.file_id, filename: row.name, filetype: row.content_type },
            }),
          );
        }
        const body = request.body
          ? Readable.fromWeb(request.body as import("node:stream/web").ReadableStream)
          : Readable.from([]);
        body.on("error", (error) => cap.destroy(error));
        body.pipe(cap);
        try {
          received = await uploads.datastore.write(cap, uploadId, 0);
        } catch (error) {
          if (cap.exceeded) {
            throw new ApiError(
              "invalidInput",
              `The body is larger than the ${size} bytes declared`,
              413,
              {
                Connection: "close",
              },
            );
          }
          if (await diskFilledUp(error)) {
            logger.error({ err: error, uploadId }, "the disk is full");
            // The rest of the body is not read: the client must not reuse this connection.
            throw diskFullError({ headers: { Connection: "close" } });
          }
          logger.info({ err: error, uploadId }, "file: PUT interrupted");
          throw new ApiError("invalidInput", "The upload was interrupted; send it again", 400);
        }
      } finally {
        await lock.unlock();
      }
      uploadBytes.inc({ method: "put" }, received);
      if (received !== size) {
        throw new ApiError("invalidInput", `The body must hold all ${size} bytes declared`, 400);
      }
      await finish(uploadId);
      return { fileId: row.file_id, status: "processing" as const };
    },
  };
}

export type FileUploadService = ReturnType<typeof createFileUploadService>;
