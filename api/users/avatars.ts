import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { Readable } from "node:stream";
import type { Logger } from "pino";
import type { BackgroundWork } from "#api/background.ts";
import type { Clock } from "#api/clock.ts";
import type { AvatarUploadRow, Db } from "#api/db/schema.ts";
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
import { UPLOAD_URL_TTL_MS, type UploadUrlSigner } from "#api/uploads/upload-urls.ts";
import { IMAGE_MAX_BYTES } from "#domain/constants.ts";
import type { ErrorCode } from "#domain/errors.ts";
import { formatFileSize } from "#domain/format.ts";

/**
 * A user's avatar, from request to stored image (spec sections 3, 4 and 7):
 *
 * 1. `create` with a content type hands out a signed, single-use upload address (status
 *    waiting); with a link, it answers at once and fetches the link in the background.
 * 2. `receiveUpload` takes the PUT: the address is claimed once, the bytes are sniffed as they
 *    arrive and capped at 3 MB, and processing starts in the background.
 * 3. Processing makes a 256 px square WebP without metadata, stores it under a random id and
 *    makes it the user's avatar; the avatar it replaces is deleted.
 *
 * Processing runs in this process after the answer (`BackgroundWork`) until a job queue exists;
 * `status` is what clients poll. Work cut short by a restart shows as an error once it is
 * PROCESSING_STALE_MS old. See docs/decisions/008-avatar-uploads.md.
 */

/** Avatar ids are 128 random bits in hex: they name the public image, so they must not be guessed. */
export const AVATAR_ID_PATTERN = /^[0-9a-f]{32}$/;

/** Where avatar images are served: `GET /api/avatars/<avatarId>.webp`, public and immutable. */
export const AVATAR_URL_PATH = "/api/avatars/";

/** Processing that has not finished after this long was cut short (a restart). */
export const PROCESSING_STALE_MS = 5 * 60_000;

export function avatarPath(avatarId: string) {
  return `${AVATAR_URL_PATH}${avatarId}.webp`;
}

export function avatarBlobKey(avatarId: string) {
  return `avatars/${avatarId}.webp`;
}

/**
 * The avatar URL a client is given: stored avatars are kept as a path and answered on the
 * public address, so a change of PUBLIC_URL does not break them; anything else is left as is.
 */
export function publicAvatarUrl(stored: string | null, publicUrl: string): string | null {
  if (stored === null) return null;
  return stored.startsWith("/") ? `${publicUrl}${stored}` : stored;
}

/** How the server reaches links. Code-only: tests hand in a resolver, a CA and one allowance. */
export type RemoteFetchOptions = Pick<
  SafeFetchOptions,
  "resolve" | "ca" | "testOnlyAllow" | "timeoutMs"
>;

export type AvatarStatus = "processing" | "ready" | "error";

export interface AvatarStatusView {
  avatarId: string;
  status: AvatarStatus;
  /** When ready. */
  avatarUrl?: string;
  /** When error. */
  errorCode?: ErrorCode;
  message?: string;
}

export interface AvatarServiceOptions {
  db: Db;
  blobs: BlobStore;
  now: Clock;
  logger: Logger;
  /** The public address that avatar and upload URLs start with. */
  publicUrl: string;
  signer: UploadUrlSigner;
  /** Processing and link fetches run here, after the answer. */
  background: BackgroundWork;
  remoteFetch?: RemoteFetchOptions;
}

/** Why an avatar failed: the spec's code, the HTTP status for a synchronous answer, a text. */
interface Failure {
  errorCode: ErrorCode;
  status: number;
  message: string;
}

class AvatarTypeMismatchError extends Error {
  override name = "AvatarTypeMismatchError";
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

/** Everything a user's image or link can get wrong is invalidUserAvatar; the rest is ours. */
function failureOf(error: unknown): Failure {
  const invalid = (status: number, message: string): Failure => ({
    errorCode: "invalidUserAvatar",
    status,
    message,
  });
  if (error instanceof ImageTooLargeError || error instanceof RemoteTooLargeError) {
    return invalid(413, `The image is larger than the ${MAX_SIZE_TEXT} allowed`);
  }
  if (error instanceof UnsupportedImageTypeError || error instanceof AvatarTypeMismatchError) {
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
  return { errorCode: "generic", status: 500, message: "The avatar could not be stored" };
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

export function createAvatarService(options: AvatarServiceOptions) {
  const { db, blobs, now, logger, publicUrl, signer, background, remoteFetch = {} } = options;

  function notFound(): never {
    throw new ApiError("notFound", "There is no such avatar");
  }

  async function markError(avatarId: string, failure: Failure) {
    await db
      .updateTable("avatar_uploads")
      .set({
        status: "error",
        error_code: failure.errorCode,
        error_message: failure.message,
        updated_at: now(),
      })
      .where("avatar_id", "=", avatarId)
      .execute();
  }

  async function deleteBlobs(avatarIds: string[]) {
    for (const avatarId of avatarIds) {
      await blobs
        .delete(avatarBlobKey(avatarId))
        .catch((error) => logger.warn({ err: error, avatarId }, "avatar: old image not deleted"));
    }
  }

  /** Processes the bytes and makes the result the user's avatar; failures end up in the row. */
  async function processAndStore(avatarId: string, userId: string, bytes: Buffer) {
    const image = await processImage(bytes, { size: IMAGE_SQUARE_PX, maxBytes: IMAGE_MAX_BYTES });
    const key = avatarBlobKey(avatarId);
    await blobs.put(key, Readable.from([image.buffer]), {
      contentType: image.contentType,
      contentLength: image.buffer.length,
    });
    const replaced = await db.transaction().execute(async (trx) => {
      const at = now();
      const done = await trx
        .updateTable("avatar_uploads")
        .set({ status: "ready", updated_at: at })
        .where("avatar_id", "=", avatarId)
        .where("status", "=", "processing")
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return null;
      await trx
        .updateTable("users")
        .set({ avatar_url: avatarPath(avatarId), updated_at: at })
        .where("user_id", "=", userId)
        .execute();
      // Whatever was ready before is replaced. Taken in the transaction that wrote the user,
      // so two avatars finishing together still leave exactly one.
      const old = await trx
        .deleteFrom("avatar_uploads")
        .where("user_id", "=", userId)
        .where("status", "=", "ready")
        .where("avatar_id", "!=", avatarId)
        .returning("avatar_id")
        .execute();
      return old.map((row) => row.avatar_id);
    });
    // The row went away meanwhile (its user was deleted): so does the image.
    await deleteBlobs(replaced ?? [avatarId]);
  }

  /** Processing with its outcome recorded: ready, or error with the reason. */
  async function settle(avatarId: string, userId: string, bytes: () => Promise<Buffer>) {
    try {
      await processAndStore(avatarId, userId, await bytes());
    } catch (error) {
      const failure = failureOf(error);
      if (failure.errorCode === "generic") {
        logger.error({ err: error, avatarId }, "avatar: processing failed");
      } else {
        logger.info({ avatarId, reason: failure.message }, "avatar: refused");
      }
      await markError(avatarId, failure);
    }
  }

  function view(row: AvatarUploadRow): AvatarStatusView {
    const avatarId = row.avatar_id;
    const at = now();
    switch (row.status) {
      case "waiting":
        if (row.upload_expires_at !== null && at > row.upload_expires_at) {
          return {
            avatarId,
            status: "error",
            errorCode: "expiredToken",
            message: "The upload address expired before an image arrived",
          };
        }
        return { avatarId, status: "processing" };
      case "processing":
        if (at - row.updated_at > PROCESSING_STALE_MS) {
          return {
            avatarId,
            status: "error",
            errorCode: "generic",
            message: "Processing was interrupted; try again",
          };
        }
        return { avatarId, status: "processing" };
      case "ready":
        return { avatarId, status: "ready", avatarUrl: `${publicUrl}${avatarPath(avatarId)}` };
      default:
        return {
          avatarId,
          status: "error",
          errorCode: (row.error_code as ErrorCode | null) ?? "generic",
          message: row.error_message ?? "The avatar could not be set",
        };
    }
  }

  /** A link's host that is an address must be public; names are checked after DNS, later. */
  function checkLink(link: string): URL {
    let url: URL;
    try {
      url = parseSafeUrl(link);
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw new ApiError("invalidUserAvatar", error.message);
      throw error;
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    const allowed = remoteFetch.testOnlyAllow;
    if (isIP(host) !== 0 && !isPublicAddress(host) && allowed?.hostname !== host) {
      throw new ApiError(
        "invalidUserAvatar",
        "The link points at an address that is not on the public internet",
      );
    }
    return url;
  }

  /**
   * Checks the upload address and claims it: it works once. A bad or expired signature is
   * refused before the database is asked.
   */
  async function claim(input: { avatarId: string; expires?: string; signature?: string }) {
    const { avatarId } = input;
    if (!AVATAR_ID_PATTERN.test(avatarId)) notFound();
    const check = signer.check("avatars", avatarId, input.expires, input.signature, now());
    if (check === "invalid") throw new ApiError("forbidden", "This upload address is not valid");
    if (check === "expired") throw new ApiError("expiredToken", "This upload address has expired");
    const at = now();
    const claimed = await db
      .updateTable("avatar_uploads")
      .set({ status: "processing", upload_used_at: at, updated_at: at })
      .where("avatar_id", "=", avatarId)
      .where("status", "=", "waiting")
      .where("upload_used_at", "is", null)
      .returning(["user_id", "content_type"])
      .executeTakeFirst();
    if (claimed) return claimed;
    const row = await db
      .selectFrom("avatar_uploads")
      .select("avatar_id")
      .where("avatar_id", "=", avatarId)
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
        throw new AvatarTypeMismatchError(sniffed, declaredType ?? "another type");
      }
      return await readImage(peeked.body, IMAGE_MAX_BYTES);
    } catch (error) {
      stream.destroy();
      if (failureOf(error).errorCode !== "generic") throw error;
      throw new UploadInterruptedError({ cause: error });
    }
  }

  return {
    /**
     * Starts an avatar. With `contentType`, answers the upload address to PUT the image to;
     * with `remoteUrl`, checks the link, answers, and fetches it in the background.
     */
    async create(
      userId: string,
      request: { contentType: string } | { remoteUrl: string },
    ): Promise<{ avatarId: string; uploadUrl: string | null }> {
      const avatarId = randomBytes(16).toString("hex");
      const at = now();
      if ("remoteUrl" in request) {
        const url = checkLink(request.remoteUrl);
        await db
          .insertInto("avatar_uploads")
          .values({
            avatar_id: avatarId,
            user_id: userId,
            status: "processing",
            source: "remote",
            content_type: null,
            remote_url: url.href,
            error_code: null,
            error_message: null,
            upload_expires_at: null,
            upload_used_at: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
        background.run(
          "avatar: link fetch",
          settle(avatarId, userId, async () => {
            const fetched = await safeFetch(url.href, {
              ...remoteFetch,
              maxBytes: IMAGE_MAX_BYTES,
            });
            return fetched.body;
          }),
        );
        return { avatarId, uploadUrl: null };
      }
      const expiresAt = at + UPLOAD_URL_TTL_MS;
      await db
        .insertInto("avatar_uploads")
        .values({
          avatar_id: avatarId,
          user_id: userId,
          status: "waiting",
          source: "upload",
          content_type: request.contentType,
          remote_url: null,
          error_code: null,
          error_message: null,
          upload_expires_at: expiresAt,
          upload_used_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return { avatarId, uploadUrl: signer.url(publicUrl, "avatars", avatarId, expiresAt) };
    },

    /**
     * The PUT to an upload address. Refuses a bad or expired signature before anything else,
     * then claims the address (it works once). The body is read only as far as needed: its
     * first bytes must be an image of the announced type, and reading stops past 3 MB. A
     * refused body fails the avatar; an accepted one is processed after the answer.
     */
    async receiveUpload(input: {
      avatarId: string;
      expires: string | undefined;
      signature: string | undefined;
      contentLength: string | undefined;
      body: ReadableStream<Uint8Array> | null;
    }): Promise<AvatarStatusView> {
      const reader = input.body?.getReader();
      try {
        const { user_id: userId, content_type: declared } = await claim(input);
        const bytes = await readUpload(reader, input.contentLength, declared).catch(
          async (error: unknown) => {
            const failure = failureOf(error);
            await markError(input.avatarId, failure);
            throw new ApiError(failure.errorCode, failure.message, failure.status);
          },
        );
        background.run(
          "avatar: processing",
          settle(input.avatarId, userId, async () => bytes),
        );
        return { avatarId: input.avatarId, status: "processing" };
      } catch (error) {
        // What is left of a refused body is read and dropped, never kept, so the connection
        // stays usable and the client gets to read the answer. Closing it at once, with the
        // client still sending, would reset it before the answer arrives; the HTTP server ends
        // a client that keeps sending for too long.
        if (reader) discard(reader);
        throw error;
      }
    },

    /** The avatar's status, for its owner only: anyone else's id is notFound. */
    async status(userId: string, avatarId: string): Promise<AvatarStatusView> {
      if (!AVATAR_ID_PATTERN.test(avatarId)) notFound();
      const row = await db
        .selectFrom("avatar_uploads")
        .selectAll()
        .where("avatar_id", "=", avatarId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (!row) notFound();
      return view(row);
    },

    /** Removes the user's avatar: the user has none, and its image is deleted. */
    async remove(userId: string) {
      const removed = await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("users")
          .set({ avatar_url: null, updated_at: now() })
          .where("user_id", "=", userId)
          .execute();
        const rows = await trx
          .deleteFrom("avatar_uploads")
          .where("user_id", "=", userId)
          .where("status", "=", "ready")
          .returning("avatar_id")
          .execute();
        return rows.map((row) => row.avatar_id);
      });
      await deleteBlobs(removed);
    },
  };
}

export type AvatarService = ReturnType<typeof createAvatarService>;
