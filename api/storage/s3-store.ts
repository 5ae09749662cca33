import { pipeline, Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import {
  assertValidBlobKey,
  assertValidContentType,
  assertValidDisposition,
  assertValidExpiry,
  assertValidRange,
  type BlobInfo,
  type BlobObject,
  type BlobRange,
  BlobRangeNotSatisfiableError,
  type BlobStore,
  checkPutLimits,
  linkIssuedAt,
  type PutBlobOptions,
  type SignedUrlOptions,
} from "./blob-store.ts";
import { ByteLimit } from "./byte-limit.ts";

export interface S3BlobStoreOptions {
  bucket: string;
  /** For S3-compatible services (MinIO, R2, ...); AWS's own endpoint when absent. */
  endpoint?: string;
  region: string;
  /** Both or neither; without them the SDK's default chain (environment, IAM role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`. */
  forcePathStyle?: boolean;
  /** Bytes per multipart part, at least 5 MiB (S3's minimum); 8 MiB by default. */
  partSize?: number;
  /** Where the SDK's own warnings go (a pino logger fits); the console by default. */
  logger?: S3ClientConfig["logger"];
}

const MiB = 1024 * 1024;
const MIN_PART_BYTES = 5 * MiB;
const DEFAULT_PART_BYTES = 8 * MiB;
const MAX_PARTS = 10_000;
/** S3's limit for a single PutObject. */
const MAX_SINGLE_PUT_BYTES = 5 * 1024 * MiB;
const DEFAULT_CONTENT_TYPE = "application/octet-stream";

/**
 * Blobs as objects in one bucket, keyed by the blob key.
 *
 * A body of known length streams in one PutObject. A body of unknown length is cut into parts
 * (one part held in memory at a time) and sent as a multipart upload, or as one PutObject when
 * it fits in a single part; an upload that fails or runs over `maxBytes` is aborted, so nothing
 * becomes visible.
 */
export class S3BlobStore implements BlobStore {
  readonly bucket: string;
  readonly #client: S3Client;
  readonly #partSize: number;

  constructor(options: S3BlobStoreOptions) {
    const { bucket, endpoint, region, accessKeyId, secretAccessKey } = options;
    if (!bucket) throw new TypeError("S3BlobStore needs a bucket");
    if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
      throw new TypeError("Give both the S3 access key id and secret access key, or neither");
    }
    this.#partSize = options.partSize ?? DEFAULT_PART_BYTES;
    if (!Number.isSafeInteger(this.#partSize) || this.#partSize < MIN_PART_BYTES) {
      throw new RangeError(`partSize must be an integer of at least ${MIN_PART_BYTES} bytes`);
    }
    this.bucket = bucket;
    this.#client = new S3Client({
      region,
      forcePathStyle: options.forcePathStyle ?? false,
      ...(endpoint ? { endpoint } : {}),
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      // The SDK's default (checksums on every request) sends streamed bodies aws-chunked with a
      // trailing checksum, which several S3-compatible servers store verbatim or refuse, and it
      // adds checksum parameters to signed PUT URLs that browsers cannot honour.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, body: Readable, options: PutBlobOptions): Promise<{ size: number }> {
    try {
      assertValidBlobKey(key);
      assertValidContentType(options.contentType);
      checkPutLimits(options);
    } catch (error) {
      body.destroy();
      throw error;
    }
    const { contentType, contentLength, maxBytes } = options;
    const limit = new ByteLimit({ maxBytes, expectedBytes: contentLength });
    pipeline(body, limit, () => {});
    if (contentLength !== undefined && contentLength <= MAX_SINGLE_PUT_BYTES) {
      await this.#putStream(key, limit, contentType, contentLength);
    } else {
      const partSize = Math.max(this.#partSize, Math.ceil((contentLength ?? 0) / MAX_PARTS));
      await this.#putInParts(key, limit, contentType, partSize);
    }
    return { size: limit.bytes };
  }

  async get(key: string, range?: BlobRange): Promise<BlobObject | null> {
    assertValidBlobKey(key);
    if (range) assertValidRange(range);
    try {
      const result = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ""}` } : {}),
        }),
      );
      const body = result.Body;
      if (!(body instanceof Readable)) throw new Error("S3 answered without a body stream");
      const contentType = result.ContentType || DEFAULT_CONTENT_TYPE;
      if (!range) return { body, size: result.ContentLength ?? 0, contentType };
      const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(result.ContentRange ?? "");
      if (!match) {
        body.destroy();
        throw new Error(`S3 answered a range request without a valid Content-Range`);
      }
      const [, start, end, size] = match.map(Number) as [number, number, number, number];
      return { body, size, contentType, range: { start, end } };
    } catch (error) {
      if (isNotFound(error)) return null;
      if (range && statusOf(error) === 416) {
        const info = await this.head(key);
        if (!info) return null;
        throw new BlobRangeNotSatisfiableError(info.size);
      }
      throw error;
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertValidBlobKey(key);
    try {
      const result = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return {
        size: result.ContentLength ?? 0,
        contentType: result.ContentType || DEFAULT_CONTENT_TYPE,
        updatedAt: result.LastModified?.getTime() ?? 0,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async ping(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (error) {
      // A missing bucket (404), no answer or a 5xx: not usable.
      if (statusOf(error) !== 403) throw error;
    }
    // Credentials without s3:ListBucket may not ask about the bucket: ask about an object that
    // is never written instead. Any answer about it (404, or 403 without ListBucket) will do.
    try {
      await this.#client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: "status/readiness-probe" }),
      );
    } catch (error) {
      const status = statusOf(error);
      if (status !== 403 && status !== 404) throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidBlobKey(key);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    const method = options.method ?? "GET";
    assertValidBlobKey(key);
    assertValidExpiry(options.expiresInSeconds);
    assertValidDisposition(method, options.contentDisposition);
    const command =
      method === "PUT"
        ? new PutObjectCommand({ Bucket: this.bucket, Key: key })
        : new GetObjectCommand({
            Bucket: this.bucket,
            Key: key,
            ...(options.contentDisposition
              ? { ResponseContentDisposition: options.contentDisposition }
              : {}),
          });
    return getSignedUrl(this.#client, command, {
      expiresIn: options.expiresInSeconds,
      signingDate: new Date(linkIssuedAt(options)),
    });
  }

  /** Closes the client's pooled connections. */
  destroy(): void {
    this.#client.destroy();
  }

  async #putStream(key: string, body: ByteLimit, contentType: string, contentLength: number) {
    // The SDK pipes the body into the request but does not watch it for errors: abort the
    // request ourselves when the body fails (too long, too short, or the source broke).
    const controller = new AbortController();
    let bodyError: unknown;
    body.once("error", (error) => {
      bodyError = error;
      controller.abort(error);
    });
    try {
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentLength: contentLength,
          ContentType: contentType,
        }),
        { abortSignal: controller.signal },
      );
    } catch (error) {
      body.destroy();
      throw bodyError ?? error;
    }
    if (bodyError) throw bodyError;
  }

  async #putInParts(key: string, body: ByteLimit, contentType: string, partSize: number) {
    const target = { Bucket: this.bucket, Key: key };
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const uploadPart = async (part: Buffer) => {
      if (parts.length === MAX_PARTS) throw new Error("The blob has too many parts for S3");
      if (uploadId === undefined) {
        const created = await this.#client.send(
          new CreateMultipartUploadCommand({ ...target, ContentType: contentType }),
        );
        if (!created.UploadId) throw new Error("S3 started a multipart upload without an id");
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const { ETag } = await this.#client.send(
        new UploadPartCommand({ ...target, UploadId: uploadId, PartNumber, Body: part }),
      );
      parts.push({ PartNumber, ETag });
    };

    try {
      let chunks: Buffer[] = [];
      let buffered = 0;
      for await (const chunk of body as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        buffered += chunk.length;
        while (buffered >= partSize) {
          const all = Buffer.concat(chunks, buffered);
          await uploadPart(all.subarray(0, partSize));
          chunks = [all.subarray(partSize)];
          buffered -= partSize;
        }
      }
      const rest = Buffer.concat(chunks, buffered);
      if (uploadId === undefined) {
        await this.#client.send(
          new PutObjectCommand({
            ...target,
            Body: rest,
            ContentLength: rest.length,
            ContentType: contentType,
          }),
        );
        return;
      }
      if (rest.length > 0) await uploadPart(rest);
      await this.#client.send(
        new CompleteMultipartUploadCommand({
          ...target,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      body.destroy();
      if (uploadId !== undefined) {
        // Best effort: a bucket lifecycle rule should also expire incomplete uploads.
        await this.#client
          .send(new AbortMultipartUploadCommand({ ...target, UploadId: uploadId }))
          .catch(() => {});
      }
      throw error;
    }
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  if (name === "NoSuchKey" || name === "NotFound") return true;
  return statusOf(error) === 404 && name !== "NoSuchBucket";
}
