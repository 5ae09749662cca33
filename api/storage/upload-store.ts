import fs from "node:fs";
import { open, statfs } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import { type DataStore, ERRORS, type Upload } from "@tus/server";

/**
 * Where resumable uploads keep their bytes until they are complete: @tus/server's FileStore in
 * a folder (by default `DATA_DIR/uploads`), or its S3Store in the blob store's bucket when S3 is
 * configured (objects `<uploadId>`, `<uploadId>.info` and `<uploadId>.part` at the bucket's
 * root; upload ids are 32 hex digits, so they never meet a blob key, which has a `/`).
 * Once an upload is complete, the processFile job copies it into the blob store and removes it.
 */
export type UploadStoreConfig =
  | { directory: string }
  | {
      s3: {
        bucket: string;
        region?: string | undefined;
        endpoint?: string | undefined;
        accessKeyId?: string | undefined;
        secretAccessKey?: string | undefined;
        forcePathStyle?: boolean | undefined;
      };
    };

export interface UploadStore {
  datastore: DataStore;
  /** The complete upload's bytes, as a stream. */
  read(uploadId: string): Promise<Readable>;
  /** A path to the upload's bytes on this machine (FileStore only), for libvips to read. */
  localPath(uploadId: string): string | null;
  /** Removes the upload; a missing one is not an error. */
  remove(uploadId: string): Promise<void>;
  /** How many bytes have arrived, or null when there is no such upload. */
  offset(uploadId: string): Promise<number | null>;
  /**
   * The bytes free for this server on the disk uploads wait on, or null when they wait in a
   * bucket (no disk of ours fills up).
   */
  freeBytes(): Promise<number | null>;
}

/** Upload ids: 32 hex digits, what `newUploadId` makes. */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

export function createUploadStore(config: UploadStoreConfig): UploadStore {
  if ("s3" in config) {
    const { bucket, region, endpoint, accessKeyId, secretAccessKey, forcePathStyle } = config.s3;
    const clientConfig = {
      region: region || "us-east-1",
      forcePathStyle: forcePathStyle ?? false,
      ...(endpoint ? { endpoint } : {}),
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      // As the blob store (api/storage/s3-store.ts): no streamed checksums, which several
      // S3-compatible servers refuse.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    } as const;
    const datastore = new S3Store({
      partSize: 8 * 1024 * 1024,
      s3ClientConfig: { bucket, ...clientConfig },
    });
    const client = new S3Client(clientConfig);
    const store = wrap(
      datastore,
      async (id) => (await datastore.read(id)) as Readable,
      () => null,
      async () => null,
    );
    return {
      ...store,
      async remove(id) {
        await store.remove(id);
        // S3Store.remove stops at a completed upload (nothing left to abort) and leaves its
        // objects: delete them here, which is harmless when they are gone already.
        for (const key of [id, `${id}.info`, `${id}.part`]) {
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
        }
      },
    };
  }
  const directory = path.resolve(config.directory);
  // Before FileStore, which would make it 0755 under the usual umask (ADR 022).
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  const datastore = new PrivateFileStore({ directory });
  return wrap(
    datastore,
    async (id) => datastore.read(id),
    (id) => (UPLOAD_ID_PATTERN.test(id) ? path.join(directory, id) : null),
    async () => {
      const disk = await statfs(directory);
      return disk.bavail * disk.bsize;
    },
  );
}

/**
 * FileStore writes an upload's bytes and its `<uploadId>.json` with the default mode, which the
 * usual umask leaves readable by everyone on the machine. Both are made here first, empty and
 * for the server's user only; FileStore then writes into them, and writing keeps a file's mode.
 */
class PrivateFileStore extends FileStore {
  override async create(upload: Upload): Promise<Upload> {
    if (!UPLOAD_ID_PATTERN.test(upload.id)) throw new Error(`Not an upload id: ${upload.id}`);
    for (const name of [upload.id, `${upload.id}.json`]) {
      await (await open(path.join(this.directory, name), "a", 0o600)).close();
    }
    return super.create(upload);
  }
}

function isNotFound(error: unknown) {
  const status = (error as { status_code?: number } | null)?.status_code;
  return error === ERRORS.FILE_NOT_FOUND || status === 404 || status === 410;
}

/**
 * What the tus endpoint offers: creation (with an upload in it). Not deferred lengths (the size
 * is declared up front, for the quota), nor termination (files are deleted through the files
 * API), nor the stores' own expiration (the expireUpload job removes abandoned uploads).
 */
const TUS_EXTENSIONS = ["creation", "creation-with-upload"];

function wrap(
  datastore: DataStore,
  read: (id: string) => Promise<Readable>,
  localPath: (id: string) => string | null,
  freeBytes: () => Promise<number | null>,
): UploadStore {
  datastore.extensions = [...TUS_EXTENSIONS];
  return {
    datastore,
    read,
    localPath,
    freeBytes,
    async remove(id) {
      try {
        await datastore.remove(id);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    async offset(id) {
      try {
        return (await datastore.getUpload(id)).offset;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  };
}
