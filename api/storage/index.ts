import type { BlobStore } from "./blob-store.ts";
import { DiskBlobStore } from "./disk-store.ts";
import { S3BlobStore, type S3BlobStoreOptions } from "./s3-store.ts";

export * from "./blob-store.ts";
export { BLOB_URL_PATH, DiskBlobStore, verifyBlobSignature } from "./disk-store.ts";
export { S3BlobStore } from "./s3-store.ts";

export interface BlobStoreConfig {
  /** The disk store's directory, e.g. `${DATA_DIR}/blobs`. */
  diskRoot: string;
  /** Signs the disk store's URLs; the `/api/blobs/` route verifies with the same secret. */
  signingSecret: string;
  /** S3-compatible storage, used instead of the disk when `bucket` is set. */
  s3?:
    | (Partial<Omit<S3BlobStoreOptions, "bucket" | "region">> & {
        bucket?: string | undefined;
        /** `us-east-1` when absent (what most S3-compatible servers expect). */
        region?: string | undefined;
      })
    | undefined;
}

/** The S3 store when a bucket is configured, else the disk store. */
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  const { s3 } = config;
  if (s3?.bucket) {
    return new S3BlobStore({ ...s3, bucket: s3.bucket, region: s3.region || "us-east-1" });
  }
  return new DiskBlobStore({ root: config.diskRoot, signingSecret: config.signingSecret });
}
