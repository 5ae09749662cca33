import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { Readable } from "node:stream";
import type { Logger } from "pino";
import type { BackgroundWork } from "#api/background.ts";
import type { Clock } from "#api/clock.ts";
import type { AvatarUploadRow, AvatarUploadsTable, Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import {
  ImageDimensionsError,
  ImageTooLargeError,
  InvalidImageError,
  UnsupportedImageTypeError,
} from "#api/images/errors.ts";
import { IMAGE_SQUARE_PX, processImage } from "#api/images/process.ts";
import { peekImage, readImage } from "#api/images/read.ts";
import { sniffImageType } from "#api/images/sniff.ts";
import {
  isPublicAddress,
  parseSafeUrl,
  RemoteFetchError,
  RemoteTooLargeError,
  type SafeFetchOptions,
  safeFetch,
  UnsafeUrlError,
} from "#api/net/safe-fetch.ts";
import type { BlobStore } from "#api/storage/index.ts";
import {
  UPLOAD_URL_TTL_MS,
  type UploadKind,
  type UploadUrlSigner,
} from "#api/storage/upload-urls.ts";
import { IMAGE_MAX_BYTES } from "#domain/constants.ts";
import type { ErrorCode } from "#domain/errors.ts";
import { formatFileSize } from "#domain/format.ts";

/**
 * An image a user sets on something they own (their avatar, their team's logo), from request to
 * stored image (spec sections 3, 4 and 7). One flow for every kind; each kind names its table,
 * its error code and where the finished image goes (see `ImageKind`):
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

/** Image ids are 128 random bits in hex: they name the public image, so they must not be guessed. */
export const IMAGE_ID_PATTERN = /^[0-9a-f]{32}$/;

/** Processing that has not finished after this long was cut short (a restart). */
export const PROCESSING_STALE_MS = 5 * 60_000;

/** Where a kind's images are served: `GET /api/<kind>/<id>.webp`, public and immutable. */
export function imagePath(kind: UploadKind, id: string) {
  return `/api/${kind}/${id}.webp`;
}

/** Where a kind's images are kept in the blob store. */
export function imageBlobKey(kind: UploadKind, id: string) {
  return `${kind}/${id}.webp`;
}

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

/**
 * What differs between kinds. The upload tables share every column but the id and the owner
 * (avatar_uploads: avatar_id, owned by user_id; logo_uploads: logo_id, owned by team_id, with
 * the uploader in user_id), so the queries below are written once with those two names given.
 */
export interface ImageKind {
  /** The upload address kind, the blob folder and the public path. */
  kind: UploadKind;
  /** What the image is called in messages and logs: "avatar", "logo". */
  noun: string;
  /** The code of everything a user's image or link can get wrong. */
  invalidCode: Extract<ErrorCode, "invalidUserAvatar" | "invalidTeamLogo">;
  table: "avatar_uploads" | "logo_uploads";
  idColumn: "avatar_id" | "logo_id";
  ownerColumn: "user_id" | "team_id";
  /**
   * Makes `path` (or nothing) the owner's image, in the transaction that settles the upload.
   * `userId` is who uploaded it (or removes it).
   */
  setImage(
    trx: Db,
    change: { ownerId: string; userId: string; path: string | null; at: number },
  ): Promise<void>;
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

/** Why an image failed: the spec's code, the HTTP status for a synchronous answer, a text. */
interface Failure {
  errorCode: ErrorCode;
  status: number;
  message: string;
}

class ImageTypeMismatchError extends Error {
  override name = "ImageTypeMismatchError";
  constructor(sniffed: string, declared: string) {
    super(`The file is ${sniffed}, not the ${declared} announced`);
  }
}

class UploadInterruptedError extends Error {
  override name = "UploadInterruptedError";
  constructor(options?: { cause?: unknown }) {
    super("The upload did not arrive in full", options);
  }
}

const MAX_SIZE_TEXT = formatFileSize(IMAGE_MAX_BYTES);

/** Everything a user's image or link can get wrong is the kind's invalid code; the rest is ours. */
function failureOf(error: unknown, kind: ImageKind): Failure {
  const invalid = (status: number, message: string): Failure => ({
    errorCode: kind.invalidCode,
    status,
    message,
  });
  if (error instanceof ImageTooLargeError || error instanceof RemoteTooLargeError) {
    return invalid(413, `The image is larger than the ${MAX_SIZE_TEXT} allowed`);
  }
  if (error instanceof UnsupportedImageTypeError || error instanceof ImageTypeMismatchError) {
    return invalid(415, error.message);
  }
  if (
    error instanceof ImageDimensionsError ||
    error instanceof InvalidImageError ||
    error instanceof UploadInterruptedError ||
    error instanceof UnsafeUrlError
  ) {
    return invalid(400, error.message);
  }
  if (error instanceof RemoteFetchError) {
    return invalid(400, `The link could not be fetched: ${error.message}`);
  }
  return { errorCode: "generic", status: 500, message: `The ${kind.noun} could not be stored` };
}

/** The chunks a web body reader yields, as bytes for a Node stream. */
async function* chunksOf(reader: ReadableStreamDefaultReader<Uint8Array> | undefined) {
  if (!reader) return;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
}

/** A refused body's rest is read at most this far, then the request is cancelled. */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;

/** Reads and drops what is left of a body, in the background. */
function discard(reader: ReadableStreamDefaultReader<Uint8Array>) {
  void (async () => {
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      bytes += value.byteLength;
      if (bytes > DISCARD_MAX_BYTES) return void (await reader.cancel());
    }
  })().catch(() => {
    // The client went away: nothing is left to drop.
  });
}

/** What `view` reads of an upload row, its id under a common name. */
type UploadRow = Pick<
  AvatarUploadRow,
  "status" | "upload_expires_at" | "updated_at" | "error_code" | "error_message"
> & { id: string };

export function createImageUploadService(options: ImageUploadOptions, kind: ImageKind) {
  const { db, blobs, now, logger, publicUrl, signer, background, remoteFetch = {} } = options;
  const { noun } = kind;
  // The one place the two tables are seen as one: typed as avatar_uploads, named as the kind's.
  // Only the shared columns are written through these names; id and owner go through the casts.
  const table = kind.table as "avatar_uploads";
  const idColumn = kind.idColumn as "avatar_id";
  const ownerColumn = kind.ownerColumn as "user_id";

  function notFound(): never {
    throw new ApiError("notFound", `There is no such ${noun}`);
  }

  async function markError(id: string, failure: Failure) {
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

  async function deleteBlobs(ids: string[]) {
    for (const id of ids) {
      await blobs
        .delete(imageBlobKey(kind.kind, id))
        .catch((error) => logger.warn({ err: error, id }, `${noun}: old image not deleted`));
    }
  }

  /** Processes the bytes and makes the result the owner's image; failures end up in the row. */
  async function processAndStore(id: string, bytes: Buffer) {
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
      // Whatever was ready before is replaced. Taken in the transaction that set the image,
      // so two uploads finishing together still leave exactly one.
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
    await deleteBlobs(replaced ?? [id]);
  }

  /** Processing with its outcome recorded: ready, or error with the reason. */
  async function settle(id: string, bytes: () => Promise<Buffer>) {
    try {
      await processAndStore(id, await bytes());
    } catch (error) {
      const failure = failureOf(error, kind);
      if (failure.errorCode === "generic") {
        logger.error({ err: error, id }, `${noun}: processing failed`);
      } else {
        logger.info({ id, reason: failure.message }, `${noun}: refused`);
      }
      await markError(id, failure);
    }
  }

  function view(row: UploadRow): ImageStatusView {
    const { id } = row;
    const at = now();
    switch (row.status) {
      case "waiting":
        if (row.upload_expires_at !== null && at > row.upload_expires_at) {
          return {
            id,
            status: "error",
            errorCode: "expiredToken",
            message: "The upload address expired before an image arrived",
          };
        }
        return { id, status: "processing" };
      case "processing":
        if (at - row.updated_at > PROCESSING_STALE_MS) {
          return {
            id,
            status: "error",
            errorCode: "generic",
            message: "Processing was interrupted; try again",
          };
        }
        return { id, status: "processing" };
      case "ready":
        return { id, status: "ready", url: imagePath(kind.kind, id) };
      default:
        return {
          id,
          status: "error",
          errorCode: (row.error_code as ErrorCode | null) ?? "generic",
          message: row.error_message ?? `The ${noun} could not be set`,
        };
    }
  }

  /** A link's host that is an address must be public; names are checked after DNS, later. */
  function checkLink(link: string): URL {
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
   * Checks the upload address and claims it: it works once. A bad or expired signature is
   * refused before the database is asked.
   */
  async function claim(input: { id: string; expires?: string; signature?: string }) {
    const { id } = input;
    if (!IMAGE_ID_PATTERN.test(id)) notFound();
    const check = signer.check(kind.kind, id, input.expires, input.signature, now());
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
    if (!row) notFound();
    throw new ApiError("expiredToken", "This upload address has already been used");
  }

  /**
   * Reads an upload's body, no further than needed: a length announced over 3 MB is refused
   * unread, the first bytes must be an image of the announced type, and reading stops as soon
   * as the bytes pass 3 MB. At most 3 MB is ever held.
   */
  async function readUpload(
    reader: ReadableStreamDefaultReader<Uint8Array> | undefined,
    contentLength: string | undefined,
    declaredType: string | null,
  ): Promise<Buffer> {
    if (Number(contentLength) > IMAGE_MAX_BYTES) throw new ImageTooLargeError(IMAGE_MAX_BYTES);
    // Stopping this stream leaves the reader to `discard`, rather than cancelling the request.
    const stream = Readable.from(chunksOf(reader), { objectMode: false });
    try {
      const peeked = await peekImage(stream, { maxBytes: IMAGE_MAX_BYTES });
      const sniffed = await sniffImageType(peeked.head);
      if (sniffed !== declaredType) {
        peeked.body.destroy();
        if (!sniffed) throw new UnsupportedImageTypeError();
        throw new ImageTypeMismatchError(sniffed, declaredType ?? "another type");
      }
      return await readImage(peeked.body, IMAGE_MAX_BYTES);
    } catch (error) {
      stream.destroy();
      if (failureOf(error, kind).errorCode !== "generic") throw error;
      throw new UploadInterruptedError({ cause: error });
    }
  }

  /** The columns of a new row; the id, owner and uploader go under the kind's names. */
  function newRow(
    id: string,
    owner: { ownerId: string; userId: string },
    values: Pick<
      AvatarUploadsTable,
      "status" | "source" | "content_type" | "remote_url" | "upload_expires_at"
    >,
  ) {
    const at = now();
    return {
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
  }

  return {
    /**
     * Starts an image for `ownerId` (a user, a team), uploaded by `userId`. With `contentType`,
     * answers the upload address to PUT the image to; with `remoteUrl`, checks the link,
     * answers, and fetches it in the background.
     */
    async create(
      owner: { ownerId: string; userId: string },
      request: { contentType: string } | { remoteUrl: string },
    ): Promise<{ id: string; uploadUrl: string | null }> {
      const id = randomBytes(16).toString("hex");
      if ("remoteUrl" in request) {
        const url = checkLink(request.remoteUrl);
        await db
          .insertInto(table)
          .values(
            newRow(id, owner, {
              status: "processing",
              source: "remote",
              content_type: null,
              remote_url: url.href,
              upload_expires_at: null,
            }),
          )
          .execute();
        background.run(
          `${noun}: link fetch`,
          settle(id, async () => {
            const fetched = await safeFetch(url.href, {
              ...remoteFetch,
              maxBytes: IMAGE_MAX_BYTES,
            });
            return fetched.body;
          }),
        );
        return { id, uploadUrl: null };
      }
      const expiresAt = now() + UPLOAD_URL_TTL_MS;
      await db
        .insertInto(table)
        .values(
          newRow(id, owner, {
            status: "waiting",
            source: "upload",
            content_type: request.contentType,
            remote_url: null,
            upload_expires_at: expiresAt,
          }),
        )
        .execute();
      return { id, uploadUrl: signer.url(publicUrl, kind.kind, id, expiresAt) };
    },

    /**
     * The PUT to an upload address. Refuses a bad or expired signature before anything else,
     * then claims the address (it works once). The body is read only as far as needed: its
     * first bytes must be an image of the announced type, and reading stops past 3 MB. A
     * refused body fails the image; an accepted one is processed after the answer.
     */
    async receiveUpload(input: {
      id: string;
      expires: string | undefined;
      signature: string | undefined;
      contentLength: string | undefined;
      body: ReadableStream<Uint8Array> | null;
    }): Promise<ImageStatusView> {
      const reader = input.body?.getReader();
      try {
        const { content_type: declared } = await claim(input);
        const bytes = await readUpload(reader, input.contentLength, declared).catch(
          async (error: unknown) => {
            const failure = failureOf(error, kind);
            await markError(input.id, failure);
            throw new ApiError(failure.errorCode, failure.message, failure.status);
          },
        );
        background.run(
          `${noun}: processing`,
          settle(input.id, async () => bytes),
        );
        return { id: input.id, status: "processing" };
      } catch (error) {
        // What is left of a refused body is read and dropped, never kept, so the connection
        // stays usable and the client gets to read the answer. Closing it at once, with the
        // client still sending, would reset it before the answer arrives; the HTTP server ends
        // a client that keeps sending for too long.
        if (reader) discard(reader);
        throw error;
      }
    },

    /** The image's status, for its owner only: anyone else's id is notFound. */
    async status(ownerId: string, id: string): Promise<ImageStatusView> {
      if (!IMAGE_ID_PATTERN.test(id)) notFound();
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
      if (!row) notFound();
      return view(row);
    },

    /** Removes the owner's image: it has none, and the image is deleted. */
    async remove(owner: { ownerId: string; userId: string }) {
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
      await deleteBlobs(removed);
    },
  };
}

export type ImageUploadService = ReturnType<typeof createImageUploadService>;
