import type { Readable } from "node:stream";

/**
 * Blob storage: one small interface over local disk and S3-compatible stores.
 *
 * Bodies stream in and out as Node `Readable`s; no implementation holds a whole blob in memory
 * (the S3 store buffers at most one multipart part). A web `Response` can be built with
 * `Readable.toWeb(body)`, and a web request body read with `Readable.fromWeb(request.body)`.
 */
export interface BlobStore {
  /**
   * Stores `body` under `key`, replacing any blob there. The new blob becomes visible whole or
   * not at all. When the body is longer than `maxBytes` (or `contentLength`, when given) the
   * upload stops while streaming, rejects with `BlobTooLargeError` (or `BlobLengthMismatchError`)
   * and leaves the previous blob, if any, as it was. On any failure `body` is destroyed.
   */
  put(key: string, body: Readable, options: PutBlobOptions): Promise<{ size: number }>;
  /**
   * Opens the blob, or the bytes `range.start` to `range.end` (inclusive, like HTTP; `end`
   * defaults to and is clamped to the last byte). `size` is always the whole blob's size.
   * Null when there is no such blob; `BlobRangeNotSatisfiableError` when `start` is past the end.
   */
  get(key: string, range?: BlobRange): Promise<BlobObject | null>;
  /** The blob's size, content type and last update (epoch milliseconds), or null. */
  head(key: string): Promise<BlobInfo | null>;
  /** Deletes the blob; deleting a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL that lets its holder GET (default) or PUT this one blob until it expires. The disk
   * store answers with a path (`/api/blobs/...`) that the API host prefixes with its origin;
   * the S3 store with an absolute URL on the bucket's endpoint.
   */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
  /**
   * Resolves when the store can be reached and used (the readiness check); rejects otherwise.
   * The disk store needs its folder writable, the S3 store its endpoint answering for the bucket.
   */
  ping(): Promise<void>;
}

export interface PutBlobOptions {
  contentType: string;
  /** The body's exact length, when known (S3 then streams it in a single request). */
  contentLength?: number;
  /** The largest body accepted. */
  maxBytes?: number;
}

/** A byte range with an inclusive `end`, as in HTTP's `Range: bytes=start-end`. */
export interface BlobRange {
  start: number;
  end?: number;
}

export interface BlobObject {
  body: Readable;
  /** The whole blob's size, even when only a range is read. */
  size: number;
  contentType: string;
  /** The range actually returned (end clamped to the last byte), when one was asked for. */
  range?: { start: number; end: number };
}

export interface BlobInfo {
  size: number;
  contentType: string;
  /** Epoch milliseconds (whole seconds on S3). */
  updatedAt: number;
}

export interface SignedUrlOptions {
  /** How long the link works, counted from `issuedAt`. */
  expiresInSeconds: number;
  /**
   * When the link counts as made (epoch ms, not in the future; default now). Links for one blob
   * issued at the same instant are the same URL, so a caller that rounds it down (thumbnails)
   * gives browsers a URL they can cache.
   */
  issuedAt?: number;
  method?: "GET" | "PUT";
  /** For GET: the Content-Disposition the download is served with. */
  contentDisposition?: string;
  /**
   * For GET of a file's bytes: the team member the link is given to. The disk store's link
   * names them and is served only while they may still read the file (ADR 085); a bucket's
   * link cannot be asked, and lasts only its few minutes.
   */
  holder?: string | undefined;
  /**
   * For GET of a file's bytes given through a drop link's gallery (ADR 100): the link's id. The
   * disk store's link names it and is served only while that link still opens its gallery; a
   * bucket's link cannot be asked, and lasts only its minutes.
   */
  dropLink?: string | undefined;
}

/** The longest key accepted. It leaves room for a temp-file prefix within a 255-byte name. */
export const MAX_BLOB_KEY_LENGTH = 200;

/** Seven days: the longest validity S3 allows for a signed URL. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;

const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export class InvalidBlobKeyError extends Error {
  override name = "InvalidBlobKeyError";
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid blob key ${JSON.stringify(key.slice(0, MAX_BLOB_KEY_LENGTH + 1))}: ${reason}`);
  }
}

export class BlobTooLargeError extends Error {
  override name = "BlobTooLargeError";
  constructor(readonly maxBytes: number) {
    super(`The blob is larger than the ${maxBytes} bytes allowed`);
  }
}

export class BlobLengthMismatchError extends Error {
  override name = "BlobLengthMismatchError";
  constructor(readonly expectedBytes: number) {
    super(`The blob's body does not have the ${expectedBytes} bytes announced`);
  }
}

export class BlobRangeNotSatisfiableError extends Error {
  override name = "BlobRangeNotSatisfiableError";
  constructor(readonly size: number) {
    super(`The range starts past the end of the blob (${size} bytes)`);
  }
}

/**
 * Keys are slash-separated segments of letters, digits, `.`, `_` and `-`, each starting with a
 * letter or digit: so no `..`, no leading or doubled `/`, nothing a file system or URL would
 * read differently, e.g. `teams/3f2a/files/9c1d/original`.
 */
export function assertValidBlobKey(key: string): void {
  if (typeof key !== "string" || key.length === 0) {
    throw new InvalidBlobKeyError(String(key), "it is empty");
  }
  if (key.length > MAX_BLOB_KEY_LENGTH) {
    throw new InvalidBlobKeyError(key, `it is longer than ${MAX_BLOB_KEY_LENGTH} characters`);
  }
  for (const segment of key.split("/")) {
    if (!KEY_SEGMENT.test(segment)) {
      throw new InvalidBlobKeyError(
        key,
        "each /-separated part must start with a letter or digit and hold only " +
          "letters, digits, '.', '_' and '-'",
      );
    }
  }
}

/** A MIME type such as `image/jpeg` or `text/plain; charset=utf-8`: printable ASCII only. */
export function assertValidContentType(contentType: string): void {
  if (
    typeof contentType !== "string" ||
    contentType.length > 255 ||
    !/^[\w.+-]+\/[\w.+-]+(\s*;[\x20-\x7e]*)?$/.test(contentType)
  ) {
    throw new TypeError(`Invalid content type ${JSON.stringify(contentType)}`);
  }
}

/** Checks the sizes given to `put`; a declared length over the limit fails before any I/O. */
export function checkPutLimits(options: PutBlobOptions): void {
  const { contentLength, maxBytes } = options;
  for (const [name, value] of [
    ["contentLength", contentLength],
    ["maxBytes", maxBytes],
  ] as const) {
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
      throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
    }
  }
  if (contentLength !== undefined && maxBytes !== undefined && contentLength > maxBytes) {
    throw new BlobTooLargeError(maxBytes);
  }
}

/** A Content-Disposition value for a GET URL: printable ASCII (use RFC 6266 `filename*`). */
export function assertValidDisposition(method: string, disposition: string | undefined): void {
  if (disposition === undefined) return;
  if (method !== "GET") throw new TypeError("contentDisposition applies to GET URLs only");
  if (!/^[\x20-\x7e]{1,1024}$/.test(disposition)) {
    throw new TypeError(`Invalid content disposition ${JSON.stringify(disposition)}`);
  }
}

export function assertValidRange(range: BlobRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0) {
    throw new RangeError(`Range start must be a non-negative integer, got ${start}`);
  }
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start)) {
    throw new RangeError(`Range end must be an integer not below its start, got ${end}`);
  }
}

/** The instant a link counts from: `issuedAt`, else now. */
export function linkIssuedAt(options: SignedUrlOptions, now = Date.now()): number {
  const { issuedAt } = options;
  if (issuedAt === undefined) return now;
  if (!Number.isSafeInteger(issuedAt) || issuedAt > now) {
    throw new RangeError(`issuedAt must be an instant not in the future, got ${issuedAt}`);
  }
  return issuedAt;
}

export function assertValidExpiry(expiresInSeconds: number): void {
  if (
    !Number.isSafeInteger(expiresInSeconds) ||
    expiresInSeconds < 1 ||
    expiresInSeconds > MAX_SIGNED_URL_SECONDS
  ) {
    throw new RangeError(
      `expiresInSeconds must be an integer from 1 to ${MAX_SIGNED_URL_SECONDS}, ` +
        `got ${expiresInSeconds}`,
    );
  }
}
