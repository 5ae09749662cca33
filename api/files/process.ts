import { Readable, Transform, type TransformCallback, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Logger } from "pino";
import type { Clock } from "#api/clock.ts";
import type { Db, NoPreviewReason } from "#api/db/schema.ts";
import { createCrc32 } from "#api/files/crc32.ts";
import { makeDerivatives } from "#api/files/derivatives.ts";
import { EXIF_HEAD_BYTES } from "#api/files/exif.ts";
import { fileBlobKey } from "#api/files/file-views.ts";
import { RASTER_IMAGE_TYPES } from "#api/files/sniff.ts";
import {
  ImageDimensionsError,
  ImageTooLargeError,
  InvalidImageError,
  UnsupportedImageTypeError,
} from "#api/images/errors.ts";
import type { JobQueue } from "#api/jobs/queue.ts";
import type { BlobStore } from "#api/storage/index.ts";
import type { UploadStore } from "#api/storage/upload-store.ts";

/**
 * What happens to a file after its last byte has arrived and passed the sniff (status
 * processing), as durable jobs (api/jobs/queue.ts):
 *
 * - `processFile` copies the complete upload into the blob store at the file's original key,
 *   computing its CRC-32 and size on the way (one pass, one chunk in memory at a time) and
 *   keeping its head for the EXIF date; makes a WebP thumbnail and preview of a raster image
 *   (from the upload's file on disk when there is one, so libvips reads it in place); then sets
 *   the file ready with its ref_date (the EXIF capture date, else the upload time) and removes
 *   the upload. A corrupt or unreadable image is still ready, without derivatives. Every step
 *   can run again: a retry after the copy reads the blob instead of the upload.
 * - `expireUpload`, queued when the upload starts, due when its address expires: removes the
 *   file and its partial upload if the bytes never all arrived.
 */

export const PROCESS_FILE_JOB = "processFile";
export const EXPIRE_UPLOAD_JOB = "expireUpload";

export interface FileJobPayload {
  fileId: string;
  uploadId: string;
}

/** The contract's blob keys of a file: the original and its WebP derivatives. */
export function fileBlobKeys(teamId: string, fileId: string) {
  return {
    original: fileBlobKey(teamId, fileId, "original"),
    thumbnail: fileBlobKey(teamId, fileId, "thumbnail"),
    thumbnailLarge: fileBlobKey(teamId, fileId, "thumbnailLarge"),
    preview: fileBlobKey(teamId, fileId, "preview"),
  };
}

/** What processing made of a file's previews: their keys and its size, or why there are none. */
type Previews =
  | {
      thumbnail: string;
      thumbnailLarge: string;
      preview: string;
      width: number;
      height: number;
      reason: null;
    }
  | {
      thumbnail: null;
      thumbnailLarge: null;
      preview: null;
      width: null;
      height: null;
      reason: NoPreviewReason;
    };

/** The columns of a ready file without previews. */
function noPreviewColumns(reason: NoPreviewReason) {
  return {
    thumbnail_key: null,
    thumbnail_large_key: null,
    preview_key: null,
    no_preview_reason: reason,
  };
}

function noPreviews(reason: NoPreviewReason): Previews {
  return {
    thumbnail: null,
    thumbnailLarge: null,
    preview: null,
    width: null,
    height: null,
    reason,
  };
}

/** Types libvips reads here; others get no thumbnail. */
const RASTER_TYPES = new Set<string>(RASTER_IMAGE_TYPES);

/** Passes bytes through, computing the CRC-32 and size and keeping the first bytes. */
class Inspect extends Transform {
  readonly crc = createCrc32();
  bytes = 0;
  #head: Buffer[] = [];
  #headBytes = 0;

  constructor(private readonly headMax: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.crc.update(chunk);
    this.bytes += chunk.length;
    if (this.#headBytes < this.headMax) {
      const part = chunk.subarray(0, this.headMax - this.#headBytes);
      this.#head.push(Buffer.from(part));
      this.#headBytes += part.length;
    }
    callback(null, chunk);
  }

  get head(): Buffer {
    return Buffer.concat(this.#head);
  }
}

/** Why a derivative failure leaves the file ready without previews; null for other failures. */
function noPreviewReasonOf(error: unknown): NoPreviewReason | null {
  if (error instanceof UnsupportedImageTypeError) return "unsupportedType";
  if (error instanceof ImageDimensionsError || error instanceof ImageTooLargeError) {
    return "tooLarge";
  }
  if (error instanceof InvalidImageError) return "damagedFile";
  return null;
}

export interface FileProcessorOptions {
  db: Db;
  blobs: BlobStore;
  uploads: UploadStore;
  logger: Logger;
  now: Clock;
}

export function createFileProcessor({ db, blobs, uploads, logger, now }: FileProcessorOptions) {
  async function findFile(fileId: string) {
    return db.selectFrom("files").selectAll().where("file_id", "=", fileId).executeTakeFirst();
  }

  async function deleteBlobs(keys: string[]) {
    for (const key of keys) {
      await blobs
        .delete(key)
        .catch((error) => logger.warn({ err: error, key }, "blob not deleted"));
    }
  }

  /** Copies the complete upload to the original's key; answers what it saw on the way. */
  async function copyUpload(uploadId: string, key: string, contentType: string, size: number) {
    if ((await uploads.offset(uploadId)) === null) {
      throw new Error(`The upload ${uploadId} is gone before it was stored`);
    }
    const source = await uploads.read(uploadId);
    const inspect = new Inspect(EXIF_HEAD_BYTES);
    const piped = pipeline(source, inspect).catch(() => undefined);
    await blobs.put(key, inspect, { contentType, contentLength: size });
    await piped;
    return { crc32: inspect.crc.digest(), size: inspect.bytes, head: inspect.head };
  }

  /** Reads a stored original once, for its CRC-32, size and head. */
  async function inspectBlob(key: string) {
    const blob = await blobs.get(key);
    if (!blob) throw new Error(`The blob ${key} is missing`);
    const inspect = new Inspect(EXIF_HEAD_BYTES);
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    await pipeline(blob.body, inspect, sink);
    return { crc32: inspect.crc.digest(), size: inspect.bytes, head: inspect.head };
  }

  /** Thumbnails and preview, stored; no keys, and why, when the image cannot be read. */
  async function derive(
    fileId: string,
    keys: ReturnType<typeof fileBlobKeys>,
    uploadId: string,
  ): Promise<Previews> {
    const local = uploads.localPath(uploadId);
    const fromUpload = local !== null && (await uploads.offset(uploadId)) !== null;
    let input: string | Readable;
    if (fromUpload && local) {
      input = local;
    } else {
      const blob = await blobs.get(keys.original);
      if (!blob) throw new Error(`The blob ${keys.original} is missing`);
      input = blob.body;
    }
    try {
      const made = await makeDerivatives(input);
      for (const [key, derivative] of [
        [keys.thumbnail, made.thumbnail],
        [keys.thumbnailLarge, made.thumbnailLarge],
        [keys.preview, made.preview],
      ] as const) {
        await blobs.put(key, Readable.from([derivative.buffer]), {
          contentType: derivative.contentType,
          contentLength: derivative.buffer.length,
        });
      }
      return {
        thumbnail: keys.thumbnail,
        thumbnailLarge: keys.thumbnailLarge,
        preview: keys.preview,
        width: made.width,
        height: made.height,
        reason: null,
      };
    } catch (error) {
      if (typeof input !== "string") input.destroy();
      const reason = noPreviewReasonOf(error);
      if (reason === null) throw error;
      logger.info({ fileId, reason, cause: (error as Error).message }, "file: no previews");
      return noPreviews(reason);
    }
  }

  return {
    async processFile({ fileId, uploadId }: FileJobPayload) {
      const row = await findFile(fileId);
      if (!row) {
        // Deleted while it waited: nothing to keep.
        await uploads.remove(uploadId);
        return;
      }
      if (row.status !== "processing") return;
      const keys = fileBlobKeys(row.team_id, row.file_id);
      let seen: { crc32: number; size: number; head: Buffer };
      // The stored original: recorded, or stored before the row said so (a crash in between, or
      // a backup taken then), when the upload is gone; a blob is written whole or not at all.
      const stored =
        row.blob_key ??
        ((await uploads.offset(uploadId)) === null && (await blobs.head(keys.original))
          ? keys.original
          : null);
      if (stored === null) {
        seen = await copyUpload(uploadId, keys.original, row.content_type, Number(row.size));
        await db
          .updateTable("files")
          .set({ blob_key: keys.original, crc32: seen.crc32, size: seen.size })
          .where("file_id", "=", fileId)
          .execute();
      } else {
        seen = await inspectBlob(stored);
      }
      const derived = RASTER_TYPES.has(row.content_type)
        ? await derive(fileId, keys, uploadId)
        : noPreviews("unsupportedType");
      const done = await db
        .updateTable("files")
        .set({
          status: "ready",
          blob_key: keys.original,
          crc32: seen.crc32,
          size: seen.size,
          thumbnail_key: derived.thumbnail,
          thumbnail_large_key: derived.thumbnailLarge,
          preview_key: derived.preview,
          no_preview_reason: derived.reason,
          width: derived.width,
          height: derived.height,
          // ref_date was set from the EXIF head when the last byte arrived, and updated_at stays:
          // processing changes nothing the reader sees as the file, so it neither moves in
          // lists nor becomes unread.
        })
        .where("file_id", "=", fileId)
        .where("status", "=", "processing")
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0 && !(await findFile(fileId))) {
        // Deleted while it was processed: so are its bytes.
        await deleteBlobs(Object.values(keys));
      }
      await uploads.remove(uploadId);
    },

    /**
     * The last attempt failed. A file whose original is stored is kept, ready without previews
     * (processingFailed): its bytes are what the contributor sent, and they download and zip as
     * any other. Otherwise the file is failed (never listed) and whatever was written goes.
     */
    async failFile({ fileId, uploadId }: FileJobPayload) {
      const row = await findFile(fileId);
      if (!row) {
        await uploads.remove(uploadId);
        return;
      }
      const keys = fileBlobKeys(row.team_id, row.file_id);
      if (row.blob_key !== null) {
        const kept = await db
          .updateTable("files")
          .set({
            status: "ready",
            ...noPreviewColumns("processingFailed"),
          })
          .where("file_id", "=", fileId)
          .where("status", "=", "processing")
          .executeTakeFirst();
        if (Number(kept.numUpdatedRows) > 0) {
          logger.warn({ fileId }, "file: previews failed every attempt; kept without them");
          await deleteBlobs([keys.thumbnail, keys.thumbnailLarge, keys.preview]);
        }
      } else {
        await db
          .updateTable("files")
          .set({ status: "failed", error_code: "generic", updated_at: now() })
          .where("file_id", "=", fileId)
          .where("status", "=", "processing")
          .execute();
        await deleteBlobs(Object.values(keys));
      }
      await uploads.remove(uploadId);
    },

    /** Removes a file whose bytes never all arrived, with its partial upload. */
    async expireUpload({ fileId, uploadId }: FileJobPayload) {
      const removed = await db
        .deleteFrom("files")
        .where("file_id", "=", fileId)
        .where("status", "=", "uploading")
        .executeTakeFirst();
      const row = await findFile(fileId);
      if (Number(removed.numDeletedRows) > 0 || !row) {
        if (Number(removed.numDeletedRows) > 0) {
          logger.info({ fileId, uploadId }, "file: abandoned upload removed");
        }
        await uploads.remove(uploadId);
      }
    },
  };
}

export type FileProcessor = ReturnType<typeof createFileProcessor>;

/** Registers the file jobs on the queue. */
export function registerFileJobs(queue: JobQueue, processor: FileProcessor) {
  queue.register<FileJobPayload>(PROCESS_FILE_JOB, {
    run: (payload) => processor.processFile(payload),
    giveUp: (payload) => processor.failFile(payload),
  });
  queue.register<FileJobPayload>(EXPIRE_UPLOAD_JOB, {
    run: (payload) => processor.expireUpload(payload),
  });
}
