import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { Readable } from "node:stream";
import type { Logger } from "pino";
import type { BackgroundWork } from "#api/background.ts";
import type { Clock } from "#api/clock.ts";
import type { AvatarUploadRow, AvatarUploadsTable, Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { IMAGE_SQUARE_PX, processImage } from "#api/images/process.ts";
import {
  isPublicAddress,
  parseSafeUrl,
  type SafeFetchOptions,
  safeFetch,
  UnsafeUrlError,
} from "#api/net/safe-fetch.ts";
import type { BlobStore } from "#api/storage/index.ts";
import { UPLOAD_URL_TTL_MS, type UploadUrlSigner } from "#api/storage/upload-urls.ts";
import { IMAGE_MAX_BYTES } from "#domain/constants.ts";
import type { ErrorCode } from "#domain/errors.ts";
import { IMAGE_ID_PATTERN, type ImageKind, imageBlobKey, imagePath } from "./kinds.ts";
import { discard, type Failure, failureOf, readUpload } from "./received-bytes.ts";

/**
 * An image a user sets on something they own (their avatar, their team's logo), from request to
 * stored image (docs/product.md#images). One flow for every kind; each kind names its table,
 * its error code and where the finished image goes (kinds.ts):
 *
 * 1. `create` with a content type hands out a signed, single-use upload address (status
 *    waiting); with a link, it answers at once and fetches the link in the background.
 * 2. `receiveUpload` takes the PUT: the address is claimed once, the bytes are sniffed as they
 *    arrive and capped at 3 MB, and processing starts in the background.
 * 3. Processing makes a 256 px square WebP without metadata, stores it under a random id and
 *    makes it the owner's image; the image it replaces is deleted.
 *
 * Processing runs in this process after the answer (`BackgroundWork`) until a job queue exists;
 * `status` is what clients poll. Work cut short by a restart shows as an error once it is
 * PROCESSING_STALE_MS old. See docs/decisions/008-avatar-uploads.md and
 * docs/decisions/012-teams-api-shared-image-uploads-and-plan-limits.md.
 */

/** Processing that has not finished after this long was cut short (a restart). */
export const PROCESSING_STALE_MS = 5 * 60_000;

/** How the server reaches links. Code-only: tests hand in a resolver, a CA and one allowance. */
export type RemoteFetchOptions = Pick<
  SafeFetchOptions,
  "resolve" | "ca" | "testOnlyAllow" | "timeoutMs"
>;

export type ImageStatus = "processing" | "ready" | "error";

/** What `status` answers; each kind's route names `id` and `url` after itself. */
export interface ImageStatusView {
  id: string;
  status: ImageStatus;
  /** When ready. */
  url?: string;
  /** When error. */
  errorCode?: ErrorCode;
  message?: string;
}

export interface ImageUploadOptions {
  db: Db;
  blobs: BlobStore;
  now: Clock;
  logger: Logger;
  /** The public address that upload URLs start with (images are answered as paths: ADR 024). */
  publicUrl: string;
  signer: UploadUrlSigner;
  /** Processing and link fetches run here, after the answer. */
  background: BackgroundWork;
  remoteFetch?: RemoteFetchOptions;
}

/** Whose image it is (a user, a team) and who acts on it. */
export interface ImageOwner {
  ownerId: string;
  userId: string;
}

/** What starts an image: an upload of a type, or a link to fetch. */
export type ImageRequest = { contentType: string } | { remoteUrl: string };

/** A PUT to an upload address, as the route hands it on. */
export interface ImageUpload {
  id: string;
  expires: string | undefined;
  signature: string | undefined;
  contentLength: string | undefined;
  body: ReadableStream<Uint8Array> | null;
}

/** What every step of the flow works with: the options and one kind. */
export interface ImageUploads extends ImageUploadOptions {
  kind: ImageKind;
  // The one place the two tables are seen as one: typed as avatar_uploads, named as the kind's.
  // Only the shared columns are written through these names; id and owner go through the casts.
  table: "avatar_uploads";
  idColumn: "avatar_id";
  ownerColumn: "user_id";
}

export function createImageUploadService(options: ImageUploadOptions, kind: ImageKind) {
  const deps: ImageUploads = {
    ...options,
    kind,
    table: kind.table as "avatar_uploads",
    idColumn: kind.idColumn as "avatar_id",
    ownerColumn: kind.ownerColumn as "user_id",
  };
  return {
    create: (owner: ImageOwner, request: ImageRequest) => startImage(deps, owner, request),
    receiveUpload: (upload: ImageUpload) => receiveImageUpload(deps, upload),
    status: (ownerId: string, id: string) => imageStatus(deps, ownerId, id),
    remove: (owner: ImageOwner) => removeImage(deps, owner),
  };
}

export type ImageUploadService = ReturnType<typeof createImageUploadService>;

/**
 * Starts an image for `ownerId` (a user, a team), uploaded by `userId`. With `contentType`,
 * answers the upload address to PUT the image to; with `remoteUrl`, checks the link, answers,
 * and fetches it in the background.
 */
export async function startImage(
  deps: ImageUploads,
  owner: ImageOwner,
  request: ImageRequest,
): Promise<{ id: string; uploadUrl: string | null }> {
  const { now, kind, background, remoteFetch = {} } = deps;
  const id = randomBytes(16).toString("hex");
  if ("remoteUrl" in request) {
    const url = checkLink(deps, request.remoteUrl);
    await insertRow(deps, id, owner, {
      status: "processing",
      source: "remote",
      content_type: null,
      remote_url: url.href,
      upload_expires_at: null,
    });
    background.run(
      `${kind.noun}: link fetch`,
      settle(deps, id, async () => {
        const fetched = await safeFetch(url.href, { ...remoteFetch, maxBytes: IMAGE_MAX_BYTES });
        return fetched.body;
      }),
    );
    return { id, uploadUrl: null };
  }
  const expiresAt = now() + UPLOAD_URL_TTL_MS;
  await insertRow(deps, id, owner, {
    status: "waiting",
    source: "upload",
    content_type: request.contentType,
    remote_url: null,
    upload_expires_at: expiresAt,
  });
  return { id, uploadUrl: deps.signer.url(deps.publicUrl, kind.kind, id, expiresAt) };
}

/**
 * The PUT to an upload address. Refuses a bad or expired signature before anything else, then
 * claims the address (it works once). The body is read only as far as needed: its first bytes
 * must be an image of the announced type, and reading stops past 3 MB. A refused body fails
 * the image; an accepted one is processed after the answer.
 */
export async function receiveImageUpload(
  deps: ImageUploads,
  upload: ImageUpload,
): Promise<ImageStatusView> {
  const reader = upload.body?.getReader();
  try {
    const { content_type: declared } = await claim(deps, upload);
    const bytes = await readUpload(deps.kind, reader, upload.contentLength, declared).catch(
      async (error: unknown) => {
        const failure = failureOf(error, deps.kind);
        await markError(deps, upload.id, failure);
        throw new ApiError(failure.errorCode, failure.message, failure.status);
      },
    );
    deps.background.run(
      `${deps.kind.noun}: processing`,
      settle(deps, upload.id, async () => bytes),
    );
    return { id: upload.id, status: "processing" };
  } catch (error) {
    // What is left of a refused body is read and dropped, never kept, so the connection stays
    // usable and the client gets to read the answer. Closing it at once, with the client still
    // sending, would reset it before the answer arrives; the HTTP server ends a client that
    // keeps sending for too long.
    if (reader) discard(reader);
    throw error;
  }
}

/** The image's status, for its owner only: anyone else's id is notFound. */
export async function imageStatus(
  deps: ImageUploads,
  ownerId: string,
  id: string,
): Promise<ImageStatusView> {
  const { db, table, idColumn, ownerColumn } = deps;
  if (!IMAGE_ID_PATTERN.test(id)) notFound(deps);
  const row = await db
    .selectFrom(table)
    .select((eb) => [
      eb.ref(idColumn).as("id"),
      "status",
      "upload_expires_at",
      "updated_at",
      "error_code",
      "error_message",
    ])
    .where(idColumn, "=", id)
    .where(ownerColumn, "=", ownerId)
    .executeTakeFirst();
  if (!row) notFound(deps);
  return statusOf(deps, row);
}

/** Removes the owner's image: it has none, and the image is deleted. */
export async function removeImage(deps: ImageUploads, owner: ImageOwner) {
  const { db, table, idColumn, ownerColumn, kind, now } = deps;
  const removed = await db.transaction().execute(async (trx) => {
    await kind.setImage(trx, { ...owner, path: null, at: now() });
    const rows = await trx
      .deleteFrom(table)
      .where(ownerColumn, "=", owner.ownerId)
      .where("status", "=", "ready")
      .returning((eb) => eb.ref(idColumn).as("id"))
      .execute();
    return rows.map((row) => row.id);
  });
  await deleteBlobs(deps, removed);
}

function notFound({ kind }: ImageUploads): never {
  throw new ApiError("notFound", `There is no such ${kind.noun}`);
}

/** Records a new image; the id, owner and uploader go under the kind's names. */
async function insertRow(
  { db, table, kind, now }: ImageUploads,
  id: string,
  owner: ImageOwner,
  values: Pick<
    AvatarUploadsTable,
    "status" | "source" | "content_type" | "remote_url" | "upload_expires_at"
  >,
) {
  const at = now();
  const row = {
    ...values,
    error_code: null,
    error_message: null,
    upload_used_at: null,
    created_at: at,
    updated_at: at,
    user_id: owner.userId,
    [kind.idColumn]: id,
    [kind.ownerColumn]: owner.ownerId,
  } as unknown as AvatarUploadsTable;
  await db.insertInto(table).values(row).execute();
}

/** A link's host that is an address must be public; names are checked after DNS, later. */
function checkLink({ kind, remoteFetch = {} }: ImageUploads, link: string): URL {
  let url: URL;
  try {
    url = parseSafeUrl(link);
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw new ApiError(kind.invalidCode, error.message);
    throw error;
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const allowed = remoteFetch.testOnlyAllow;
  if (isIP(host) !== 0 && !isPublicAddress(host) && allowed?.hostname !== host) {
    throw new ApiError(
      kind.invalidCode,
      "The link points at an address that is not on the public internet",
    );
  }
  return url;
}

/**
 * Checks the upload address and claims it: it works once. A bad or expired signature is refused
 * before the database is asked.
 */
async function claim(
  deps: ImageUploads,
  input: { id: string; expires?: string | undefined; signature?: string | undefined },
) {
  const { db, table, idColumn, now, kind } = deps;
  const { id } = input;
  if (!IMAGE_ID_PATTERN.test(id)) notFound(deps);
  const check = deps.signer.check(kind.kind, id, input.expires, input.signature, now());
  if (check === "invalid") throw new ApiError("forbidden", "This upload address is not valid");
  if (check === "expired") throw new ApiError("expiredToken", "This upload address has expired");
  const at = now();
  const claimed = await db
    .updateTable(table)
    .set({ status: "processing", upload_used_at: at, updated_at: at })
    .where(idColumn, "=", id)
    .where("status", "=", "waiting")
    .where("upload_used_at", "is", null)
    .returning("content_type")
    .executeTakeFirst();
  if (claimed) return claimed;
  const row = await db
    .selectFrom(table)
    .select(idColumn)
    .where(idColumn, "=", id)
    .executeTakeFirst();
  if (!row) notFound(deps);
  throw new ApiError("expiredToken", "This upload address has already been used");
}

/** What `statusOf` reads of an upload row, its id under a common name. */
type UploadRow = Pick<
  AvatarUploadRow,
  "status" | "upload_expires_at" | "updated_at" | "error_code" | "error_message"
> & { id: string };

/** An upload row as its status: a waiting address past its time, or stale processing, is an error. */
function statusOf({ kind, now }: ImageUploads, row: UploadRow): ImageStatusView {
  const { id } = row;
  const at = now();
  const failed = (errorCode: ErrorCode, message: string): ImageStatusView => ({
    id,
    status: "error",
    errorCode,
    message,
  });
  switch (row.status) {
    case "waiting":
      if (row.upload_expires_at !== null && at > row.upload_expires_at) {
        return failed("expiredToken", "The upload address expired before an image arrived");
      }
      return { id, status: "processing" };
    case "processing":
      if (at - row.updated_at > PROCESSING_STALE_MS) {
        return failed("generic", "Processing was interrupted; try again");
      }
      return { id, status: "processing" };
    case "ready":
      return { id, status: "ready", url: imagePath(kind.kind, id) };
    default:
      return failed(
        (row.error_code as ErrorCode | null) ?? "generic",
        row.error_message ?? `The ${kind.noun} could not be set`,
      );
  }
}

/** Processing with its outcome recorded: ready, or error with the reason. */
async function settle(deps: ImageUploads, id: string, bytes: () => Promise<Buffer>) {
  try {
    await processAndStore(deps, id, await bytes());
  } catch (error) {
    const failure = failureOf(error, deps.kind);
    if (failure.errorCode === "generic") {
      deps.logger.error({ err: error, id }, `${deps.kind.noun}: processing failed`);
    } else {
      deps.logger.info({ id, reason: failure.message }, `${deps.kind.noun}: refused`);
    }
    await markError(deps, id, failure);
  }
}

/** Processes the bytes and makes the result the owner's image; failures end up in the row. */
async function processAndStore(deps: ImageUploads, id: string, bytes: Buffer) {
  const { db, blobs, table, idColumn, ownerColumn, kind, now } = deps;
  const image = await processImage(bytes, { size: IMAGE_SQUARE_PX, maxBytes: IMAGE_MAX_BYTES });
  await blobs.put(imageBlobKey(kind.kind, id), Readable.from([image.buffer]), {
    contentType: image.contentType,
    contentLength: image.buffer.length,
  });
  const replaced = await db.transaction().execute(async (trx) => {
    const at = now();
    const done = await trx
      .updateTable(table)
      .set({ status: "ready", updated_at: at })
      .where(idColumn, "=", id)
      .where("status", "=", "processing")
      .returning((eb) => [eb.ref(ownerColumn).as("owner_id"), "user_id"])
      .executeTakeFirst();
    if (!done) return null;
    await kind.setImage(trx, {
      ownerId: done.owner_id,
      userId: done.user_id,
      path: imagePath(kind.kind, id),
      at,
    });
    // Whatever was ready before is replaced. Taken in the transaction that set the image, so two
    // uploads finishing together still leave exactly one.
    const old = await trx
      .deleteFrom(table)
      .where(ownerColumn, "=", done.owner_id)
      .where("status", "=", "ready")
      .where(idColumn, "!=", id)
      .returning((eb) => eb.ref(idColumn).as("id"))
      .execute();
    return old.map((row) => row.id);
  });
  // The row went away meanwhile (its owner was deleted): so does the image.
  await deleteBlobs(deps, replaced ?? [id]);
}

async function markError({ db, table, idColumn, now }: ImageUploads, id: string, failure: Failure) {
  await db
    .updateTable(table)
    .set({
      status: "error",
      error_code: failure.errorCode,
      error_message: failure.message,
      updated_at: now(),
    })
    .where(idColumn, "=", id)
    .execute();
}

async function deleteBlobs({ blobs, kind, logger }: ImageUploads, ids: string[]) {
  for (const id of ids) {
    await blobs
      .delete(imageBlobKey(kind.kind, id))
      .catch((error) => logger.warn({ err: error, id }, `${kind.noun}: old image not deleted`));
  }
}
