import { createHash } from "node:crypto";
import { Readable, Transform, type TransformCallback, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Logger } from "pino";
import type { Clock } from "#api/clock.ts";
import type { Db, FileRow, NoPreviewReason } from "#api/db/schema.ts";
import { createCrc32 } from "#api/files/crc32.ts";
import { EXIF_HEAD_BYTES } from "#api/files/exif.ts";
import { fileBlobKey } from "#api/files/file-views.ts";
import { pairLivePhotoQuietly } from "#api/files/live-photos.ts";
import { makePreviews } from "#api/files/previews.ts";
import type { JobQueue } from "#api/jobs/queue.ts";
import { findVideoTools, type VideoTools } from "#api/media/video.ts";
import type { BlobStore } from "#api/storage/index.ts";
import type { UploadStore } from "#api/storage/upload-store.ts";

/**
 * What happens to a file after its last byte has arrived and passed the sniff (status
 * processing), as durable jobs (api/jobs/queue.ts):
 *
 * - `processFile` copies the complete upload into the blob store at the file's original key,
 *   computing its CRC-32, SHA-256 and size on the way (one pass, one chunk in memory at a time) and
 *   keeping its head for the EXIF date; makes a WebP thumbnail and preview of a raster image
 *   (from the upload's file on disk when there is one, so libvips reads it in place); then sets
 *   the file ready with its ref_date (the EXIF capture date, else the upload time) and removes
 *   the upload. A corrupt or unreadable image is still ready, without derivatives. Every step
 *   can run again: a retry after the copy reads the blob instead of the upload.
 * - A file deleted while a job writes its bytes (a guest taking it back, a purge) loses them
 *   all: the delete removes the keys it knows of (api/trash/trash.ts, every usual key), and a
 *   job that finds the row gone after writing, or after an attempt cut short, removes every
 *   usual key of the file too. The row decides: a conditional update either lands before the
 *   delete (which then removes what it names) or finds no row (and the job removes its own).
 * - `expireUpload`, queued when the upload starts, due when its address expires: removes the
 *   file and its partial upload if the bytes never all arrived.
 */

export const PROCESS_FILE_JOB = "processFile";
export const EXPIRE_UPLOAD_JOB = "expireUpload";
export const MAKE_PREVIEWS_JOB = "makePreviews";

export interface FileJobPayload {
  fileId: string;
  uploadId: string;
  /**
   * The file's team, for its blob keys once its row is gone (processFile and failFile remove
   * what an attempt cut short wrote). Jobs queued before it was carried have none.
   */
  teamId?: string;
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
type Previews = {
  width: number | null;
  height: number | null;
  durationMs: number | null;
} & (
  | { thumbnail: string; thumbnailLarge: string; preview: string; reason: null }
  | { thumbnail: null; thumbnailLarge: null; preview: null; reason: NoPreviewReason }
);

/** The columns that record what processing made of a file's previews. */
function previewColumns(previews: Previews) {
  return {
    thumbnail_key: previews.thumbnail,
    thumbnail_large_key: previews.thumbnailLarge,
    preview_key: previews.preview,
    no_preview_reason: previews.reason,
    width: previews.width,
    height: previews.height,
    duration_ms: previews.durationMs,
  };
}

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
    durationMs: null,
    reason,
  };
}

/**
 * Passes bytes through, computing the CRC-32, the SHA-256 (ADR 102) and size and keeping the
 * first bytes.
 */
class Inspect extends Transform {
  readonly crc = createCrc32();
  readonly sha256 = createHash("sha256");
  bytes = 0;
  #head: Buffer[] = [];
  #headBytes = 0;

  constructor(private readonly headMax: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.crc.update(chunk);
    this.sha256.update(chunk);
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

export interface FileProcessorOptions {
  db: Db;
  blobs: BlobStore;
  uploads: UploadStore;
  logger: Logger;
  now: Clock;
  /** Which video tools run here; found on the PATH (FFPROBE_PATH, FFMPEG_PATH) when absent. */
  videoTools?: () => Promise<VideoTools>;
  /** Where a video kept in a bucket is copied for ffmpeg; the system's temp folder by default. */
  scratchDir?: string;
}

export function createFileProcessor({
  db,
  blobs,
  uploads,
  logger,
  now,
  videoTools = () => findVideoTools(),
  scratchDir,
}: FileProcessorOptions) {
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

  /**
   * Removes every usual blob of a file whose row is gone; answers whether it was. Deleting a
   * missing blob is fine, so a job may call it whatever it wrote.
   */
  async function removeIfGone(fileId: string, keys: ReturnType<typeof fileBlobKeys>) {
    if (await findFile(fileId)) return false;
    await deleteBlobs(Object.values(keys));
    return true;
  }

  /**
   * A job's file whose row is gone: its upload goes, and with its team known, every usual blob
   * an attempt cut short may have written.
   */
  async function forgetVanished({ fileId, uploadId, teamId }: FileJobPayload) {
    if (teamId !== undefined) await deleteBlobs(Object.values(fileBlobKeys(teamId, fileId)));
    await uploads.remove(uploadId);
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
    return {
      crc32: inspect.crc.digest(),
      sha256: inspect.sha256.digest("hex"),
      size: inspect.bytes,
      head: inspect.head,
    };
  }

  /** Reads a stored original once, for its CRC-32, SHA-256, size and head. */
  async function inspectBlob(key: string) {
    const blob = await blobs.get(key);
    if (!blob) throw new Error(`The blob ${key} is missing`);
    const inspect = new Inspect(EXIF_HEAD_BYTES);
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    await pipeline(blob.body, inspect, sink);
    return {
      crc32: inspect.crc.digest(),
      sha256: inspect.sha256.digest("hex"),
      size: inspect.bytes,
      head: inspect.head,
    };
  }

  /** Thumbnails and preview, made and stored; no keys, and why, when there can be none. */
  async function derive(
    fileId: string,
    contentType: string,
    keys: ReturnType<typeof fileBlobKeys>,
    uploadId: string | null,
  ): Promise<Previews> {
    const local = uploadId === null ? null : uploads.localPath(uploadId);
    const fromUpload =
      local !== null && uploadId !== null && (await uploads.offset(uploadId)) !== null;
    const result = await makePreviews(
      contentType,
      {
        localPath: fromUpload ? local : null,
        open: async () => {
          const blob = await blobs.get(keys.original);
          if (!blob) throw new Error(`The blob ${keys.original} is missing`);
          return blob.body;
        },
      },
      { videoTools, scratchDir },
    );
    if (result.made === null) {
      logger.info({ fileId, reason: result.reason }, "file: no previews");
      return {
        ...noPreviews(result.reason),
        width: result.width,
        height: result.height,
        durationMs: result.durationMs,
      };
    }
    const { made } = result;
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
      durationMs: result.durationMs,
      reason: null,
    };
  }

  /** processFile's work on a file it found processing. */
  async function storeAndDerive(
    row: FileRow,
    uploadId: string,
    keys: ReturnType<typeof fileBlobKeys>,
  ) {
    const fileId = row.file_id;
    let seen: { crc32: number; sha256: string; size: number; head: Buffer };
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
        .set({
          blob_key: keys.original,
          crc32: seen.crc32,
          sha256: seen.sha256,
          size: seen.size,
        })
        .where("file_id", "=", fileId)
        .execute();
    } else {
      seen = await inspectBlob(stored);
    }
    const derived = await derive(fileId, row.content_type, keys, uploadId);
    const done = await db
      .updateTable("files")
      .set({
        status: "ready",
        blob_key: keys.original,
        crc32: seen.crc32,
        sha256: seen.sha256,
        size: seen.size,
        ...previewColumns(derived),
        // ref_date was set from the EXIF head when the last byte arrived, and updated_at stays:
        // processing changes nothing the reader sees as the file, so it neither moves in
        // lists nor becomes unread.
      })
      .where("file_id", "=", fileId)
      .where("status", "=", "processing")
      .executeTakeFirst();
    // Deleted while it was processed: so are its bytes.
    if (Number(done.numUpdatedRows) === 0) await removeIfGone(fileId, keys);
    // Looked for once this file's ready state is committed (live-photos.ts says why).
    if (Number(done.numUpdatedRows) > 0) await pairLivePhotoQuietly(db, logger, fileId);
    await uploads.remove(uploadId);
  }

  return {
    async processFile({ fileId, uploadId, teamId }: FileJobPayload) {
      const row = await findFile(fileId);
      if (!row) {
        // Deleted while it waited, or while an attempt that wrote some of its bytes was cut
        // short (a crash): nothing to keep.
        await forgetVanished({ fileId, uploadId, teamId });
        return;
      }
      if (row.status !== "processing") return;
      const keys = fileBlobKeys(row.team_id, row.file_id);
      try {
        await storeAndDerive(row, uploadId, keys);
      } catch (error) {
        // Deleted while this attempt wrote: what it wrote goes, and there is nothing to retry.
        if (await removeIfGone(fileId, keys)) {
          await uploads.remove(uploadId);
          return;
        }
        throw error;
      }
    },

    /**
     * The last attempt failed. A file whose original is stored is kept, ready without previews
     * (processingFailed): its bytes are what the contributor sent, and they download and zip as
     * any other. Otherwise the file is failed (never listed) and whatever was written goes.
     */
    async failFile({ fileId, uploadId, teamId }: FileJobPayload) {
      const row = await findFile(fileId);
      if (!row) {
        await forgetVanished({ fileId, uploadId, teamId });
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
          await pairLivePhotoQuietly(db, logger, fileId);
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

    /**
     * Makes the previews of a ready file that has none and no reason: a HEIC or video stored
     * before this server could make theirs (migration 0011). Anything else is left as it is.
     */
    async makeMissingPreviews({ fileId }: { fileId: string }) {
      const row = await findFile(fileId);
      if (!row || !needsPreviews(row)) return;
      const keys = fileBlobKeys(row.team_id, row.file_id);
      let derived: Previews;
      try {
        derived = await derive(fileId, row.content_type, keys, null);
      } catch (error) {
        if (await removeIfGone(fileId, keys)) return;
        throw error;
      }
      const done = await db
        .updateTable("files")
        .set({
          ...previewColumns(derived),
        })
        .where("file_id", "=", fileId)
        .where("status", "=", "ready")
        .where("preview_key", "is", null)
        .where("no_preview_reason", "is", null)
        .executeTakeFirst();
      // Purged while they were made: so are they.
      if (Number(done.numUpdatedRows) === 0) await removeIfGone(fileId, keys);
    },

    /** The missing previews failed every attempt: said so, rather than tried forever. */
    async failMissingPreviews({ fileId }: { fileId: string }) {
      await db
        .updateTable("files")
        .set(noPreviewColumns("processingFailed"))
        .where("file_id", "=", fileId)
        .where("status", "=", "ready")
        .where("preview_key", "is", null)
        .where("no_preview_reason", "is", null)
        .execute();
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

/** A ready file without previews or a reason for it: made before its type's previews could be. */
function needsPreviews(
  row: Pick<FileRow, "status" | "blob_key" | "preview_key" | "no_preview_reason">,
) {
  return (
    row.status === "ready" &&
    row.blob_key !== null &&
    row.preview_key === null &&
    row.no_preview_reason === null
  );
}

/**
 * Queues the previews of every ready file that has none and no reason (see makeMissingPreviews);
 * answers how many. Run at start-up: each job checks again, so running it twice costs a read.
 */
export async function enqueueMissingPreviews(
  db: Db,
  queue: Pick<JobQueue, "enqueue">,
): Promise<number> {
  const rows = await db
    .selectFrom("files")
    .select("file_id")
    .where("status", "=", "ready")
    .where("blob_key", "is not", null)
    .where("preview_key", "is", null)
    .where("no_preview_reason", "is", null)
    .execute();
  for (const row of rows) await queue.enqueue(MAKE_PREVIEWS_JOB, { fileId: row.file_id });
  return rows.length;
}

/** Registers the file jobs on the queue. */
export function registerFileJobs(queue: JobQueue, processor: FileProcessor) {
  queue.register<FileJobPayload>(PROCESS_FILE_JOB, {
    run: (payload) => processor.processFile(payload),
    giveUp: (payload) => processor.failFile(payload),
  });
  queue.register<{ fileId: string }>(MAKE_PREVIEWS_JOB, {
    run: (payload) => processor.makeMissingPreviews(payload),
    giveUp: (payload) => processor.failMissingPreviews(payload),
  });
  queue.register<FileJobPayload>(EXPIRE_UPLOAD_JOB, {
    run: (payload) => processor.expireUpload(payload),
  });
}
