import { Readable, Transform, type TransformCallback } from "node:stream";
import { Upload } from "@tus/server";
import { ApiError, diskFullError } from "#api/http/errors.ts";
import { uploadBytes } from "#api/metrics.ts";
import { SNIFF_BYTES } from "#domain/file-types.ts";
import { type DuplicateCandidate, findDuplicates } from "./duplicates.ts";
import { type ChunkNotes, createChunkNotes } from "./proxy-chunks.ts";
import { createTusServer, tusCreate, tusResume } from "./tus.ts";
import {
  checkAddress,
  checkFirstBytes,
  diskFilledUp,
  type FileUploadOptions,
  type FileUploads,
  finishUpload,
  type GuestSender,
  type NewFile,
  newUploadId,
  peekBody,
  startFile,
  startGuestFile,
  uploadRoom,
  uploadUrl,
} from "./upload-files.ts";
import { createUploadLocker } from "./upload-locks.ts";

// File uploads into collections: the service the upload routes call. The steps of an upload are
// in upload-files.ts, its tus protocol in tus.ts; here are the factory, a start by a plain POST
// and the single PUT of the bytes.

export {
  closedLinkError,
  type FileUploadOptions,
  type GuestSender,
  guestUsage,
  type NewFile,
  storageUsedBy,
} from "./upload-files.ts";

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

export function createFileUploadService(options: FileUploadOptions & { chunkNotes?: ChunkNotes }) {
  const deps: FileUploads = {
    ...options,
    chunkNotes: options.chunkNotes ?? createChunkNotes(options.logger),
    // Shared by every API instance: two requests for one upload never write it at once.
    locker: createUploadLocker({ db: options.db, logger: options.logger }),
    creators: new WeakMap(),
    created: new WeakMap(),
  };
  const tus = createTusServer(deps);
  return {
    create: (userId: string, teamId: string, collectionId: string, input: NewFile) =>
      createFileUpload(deps, (uploadId) =>
        startFile(deps, userId, teamId, collectionId, { ...input, uploadId }),
      ),
    /** A file a guest sends through a drop link the caller has checked (ADR 097). */
    createForGuest: (guest: GuestSender, input: NewFile) =>
      createFileUpload(deps, (uploadId) => startGuestFile(deps, guest, { ...input, uploadId })),
    tusCreate: (userId: string, request: Request) => tusCreate(deps, tus, userId, request),
    /** `OPTIONS /api/uploads[/{uploadId}]`: what the tus server supports. */
    tusOptions: async (request: Request) => tus.handleWeb(request),
    tusResume: (uploadId: string, request: Request) => tusResume(deps, tus, uploadId, request),
    receivePut: (uploadId: string, request: Request) => receivePut(deps, uploadId, request),
    /** What one more file may take in the collection (ADR 083). */
    room: (userId: string, teamId: string, collectionId: string) =>
      uploadRoom(deps, userId, teamId, collectionId),
    /** Which of the files a client is about to send are already in the collection (ADR 102). */
    duplicates: (
      userId: string,
      teamId: string,
      collectionId: string,
      candidates: DuplicateCandidate[],
    ) => findDuplicates(deps.db, userId, teamId, collectionId, candidates),
  };
}

export type FileUploadService = ReturnType<typeof createFileUploadService>;

/**
 * `POST .../collections/{collectionId}/files`, or a guest's `POST /drops/{token}/files`: a file
 * and its upload address.
 */
export async function createFileUpload(
  deps: FileUploads,
  start: (uploadId: string) => ReturnType<typeof startFile>,
) {
  const uploadId = newUploadId();
  const started = await start(uploadId);
  await deps.uploads.datastore.create(
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
  return { fileId: started.fileId, uploadUrl: uploadUrl(deps, uploadId, started.expiresAt) };
}

/**
 * `PUT` on the upload address: the whole body at once, at most the declared size, streamed
 * into the upload; a PUT after an interrupted one starts again from the first byte.
 */
export async function receivePut(deps: FileUploads, uploadId: string, request: Request) {
  const { uploads, locker, logger } = deps;
  const row = await checkAddress(deps, uploadId, new URL(request.url).searchParams);
  if (row.status !== "uploading") {
    throw new ApiError("expiredToken", "This upload is already complete");
  }
  const size = Number(row.size);
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > size) {
    throw new ApiError("invalidInput", `The body is larger than the ${size} bytes declared`, 413, {
      Connection: "close",
    });
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
    // The first bytes: a type the sniff refuses goes now, not after the whole file.
    const peeked = await peekBody(request.body, SNIFF_BYTES);
    await checkFirstBytes(deps, row, peeked.head);
    const body = peeked.body
      ? Readable.fromWeb(peeked.body as import("node:stream/web").ReadableStream)
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
      if (await diskFilledUp(deps, error)) {
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
  await finishUpload(deps, uploadId);
  return { fileId: row.file_id, status: "processing" as const };
}
