import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { access, constants, type FileHandle, mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
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

/** Where the API serves disk blobs to holders of a signed URL: `GET|PUT /api/blobs/<key>`. */
export const BLOB_URL_PATH = "/api/blobs/";

export interface DiskBlobStoreOptions {
  /** The directory holding the blobs, e.g. `${DATA_DIR}/blobs`; created when missing. */
  root: string;
  /** The HMAC-SHA256 key for signed URLs (at least 32 characters). */
  signingSecret: string;
}

/*
 * Layout: each blob is one file, `<root>/<shard>/<key with "/" as "~">`, where shard is the first
 * two hex digits of the key's SHA-256. A flat name per key means `a` and `a/b` never fight over
 * being a file or a folder, and no key can reach outside the root. The file starts with a small
 * header holding the content type (magic "RBL1", a uint32 length, then JSON), so the bytes and
 * their type are replaced together by one atomic rename from a temp file in the same folder.
 * Temp files start with "." and so never collide with a key (key segments start alphanumeric).
 */
const MAGIC = Buffer.from("RBL1", "latin1");
const FIXED_HEADER_BYTES = 8;
const MAX_META_BYTES = 4096;
const TEMP_PREFIX = ".tmp-";
/** What the first read of a blob takes: its header (at most 4 KiB) and a small blob whole. */
const FIRST_READ_BYTES = 16 * 1024;

export class DiskBlobStore implements BlobStore {
  readonly root: string;
  readonly #secret: string;

  constructor(options: DiskBlobStoreOptions) {
    if (!options.root) throw new TypeError("DiskBlobStore needs a root directory");
    assertStrongSecret(options.signingSecret);
    this.root = path.resolve(options.root);
    this.#secret = options.signingSecret;
  }

  async put(key: string, body: Readable, options: PutBlobOptions): Promise<{ size: number }> {
    let temp: string | undefined;
    let output: WriteStream | undefined;
    try {
      assertValidBlobKey(key);
      assertValidContentType(options.contentType);
      checkPutLimits(options);
      const file = this.#pathOf(key);
      // The blobs and their folders are the server's user's alone (ADR 022).
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      temp = path.join(path.dirname(file), `${TEMP_PREFIX}${randomUUID()}`);
      // `flush` fsyncs before the close that pipeline waits for: the bytes are on disk before
      // the rename makes them the blob.
      output = createWriteStream(temp, { flags: "wx", mode: 0o600, flush: true });
      output.write(encodeHeader(options.contentType));
      const limit = new ByteLimit({
        maxBytes: options.maxBytes,
        expectedBytes: options.contentLength,
      });
      await pipeline(body, limit, output);
      await rename(temp, file);
      return { size: limit.bytes };
    } catch (error) {
      body.destroy();
      // A stream destroyed before its file opened still opens (creates) it, then closes: wait for
      // that, or the temporary file would appear after it was removed.
      if (output) {
        output.destroy();
        await finished(output).catch(() => undefined);
      }
      if (temp) await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: BlobRange): Promise<BlobObject | null> {
    assertValidBlobKey(key);
    if (range) assertValidRange(range);
    const blob = await this.#open(key);
    if (!blob) return null;
    const { handle, headerBytes, size, contentType, first } = blob;
    try {
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? size - 1, size - 1);
      if (range && start >= size) throw new BlobRangeNotSatisfiableError(size);
      const served = range ? { range: { start, end } } : {};
      // Already read with the header (a thumbnail, a small document): no stream to open.
      if (headerBytes + end < first.length || end < start) {
        await handle.close();
        const bytes = first.subarray(headerBytes + start, headerBytes + end + 1);
        return {
          body: Readable.from(bytes.length > 0 ? [bytes] : []),
          size,
          contentType,
          ...served,
        };
      }
      // The stream closes the handle when it ends or is destroyed.
      const body = handle.createReadStream({ start: headerBytes + start, end: headerBytes + end });
      return { body, size, contentType, ...served };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async ping(): Promise<void> {
    // A fresh DATA_DIR has no blobs folder until the first blob: made here as put would.
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    await access(this.root, constants.R_OK | constants.W_OK | constants.X_OK);
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertValidBlobKey(key);
    const blob = await this.#open(key, { withTime: true });
    if (!blob) return null;
    await blob.handle.close();
    return { size: blob.size, contentType: blob.contentType, updatedAt: blob.updatedAt };
  }

  async delete(key: string): Promise<void> {
    assertValidBlobKey(key);
    await rm(this.#pathOf(key), { force: true });
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    const method = options.method ?? "GET";
    assertValidBlobKey(key);
    assertValidExpiry(options.expiresInSeconds);
    assertValidDisposition(method, options.contentDisposition);
    const expires = linkIssuedAt(options) + options.expiresInSeconds * 1000;
    const query = new URLSearchParams({ expires: String(expires) });
    if (options.contentDisposition) query.set("disposition", options.contentDisposition);
    if (options.holder) {
      assertValidHolder(options.holder);
      query.set("member", options.holder);
    }
    if (options.dropLink) {
      assertValidHolder(options.dropLink);
      query.set("link", options.dropLink);
    }
    query.set(
      "signature",
      signBlob(
        this.#secret,
        method,
        key,
        expires,
        options.contentDisposition,
        options.holder,
        options.dropLink,
      ),
    );
    return `${BLOB_URL_PATH}${key}?${query}`;
  }

  #pathOf(key: string): string {
    const shard = createHash("sha256").update(key).digest("hex").slice(0, 2);
    return path.join(this.root, shard, key.replaceAll("/", "~"));
  }

  /**
   * Opens a blob and reads its first FIRST_READ_BYTES in one read: the header, and the whole of
   * a small blob, whose size the short read then tells without a stat. A zip of many small
   * files, or a page of thumbnails, opens one blob each (ADR 025).
   */
  async #open(key: string, { withTime = false } = {}) {
    let handle: FileHandle;
    try {
      handle = await open(this.#pathOf(key), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    try {
      const buffer = Buffer.allocUnsafe(FIRST_READ_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, FIRST_READ_BYTES, 0);
      const first = buffer.subarray(0, bytesRead);
      const metaBytes = bytesRead >= FIXED_HEADER_BYTES ? first.readUInt32BE(4) : 0;
      const headerBytes = FIXED_HEADER_BYTES + metaBytes;
      if (
        bytesRead < FIXED_HEADER_BYTES ||
        !first.subarray(0, 4).equals(MAGIC) ||
        metaBytes > MAX_META_BYTES ||
        bytesRead < headerBytes
      ) {
        throw new Error(`The blob file for ${key} has no valid header`);
      }
      const meta = first.subarray(FIXED_HEADER_BYTES, headerBytes);
      const { contentType } = JSON.parse(meta.toString("utf8")) as { contentType: string };
      const whole = bytesRead < FIRST_READ_BYTES;
      const stat = withTime || !whole ? await handle.stat() : undefined;
      const size = (stat ? stat.size : bytesRead) - headerBytes;
      const updatedAt = stat ? Math.floor(stat.mtimeMs) : 0;
      return { handle, headerBytes, size, contentType, updatedAt, first };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
}

function encodeHeader(contentType: string): Buffer {
  const meta = Buffer.from(JSON.stringify({ contentType }), "utf8");
  const fixed = Buffer.alloc(FIXED_HEADER_BYTES);
  MAGIC.copy(fixed, 0);
  fixed.writeUInt32BE(meta.length, 4);
  return Buffer.concat([fixed, meta]);
}

function assertStrongSecret(secret: string): void {
  if (typeof secret !== "string" || secret.length < 32) {
    throw new TypeError("The blob signing secret must be at least 32 characters");
  }
}

/** A link's holder (a member id) or drop link id: printable and without a newline. */
function assertValidHolder(holder: string): void {
  if (!/^[\x21-\x7e]{1,320}$/.test(holder)) {
    throw new TypeError("A link's holder must be a member id of printable characters");
  }
}

/** How much of the HMAC-SHA-256 a link carries: 128 bits, out of reach of guessing. */
const SIGNATURE_BYTES = 16;

function signBlob(
  secret: string,
  method: string,
  key: string,
  expires: number,
  contentDisposition: string | undefined,
  holder?: string | undefined,
  dropLink?: string | undefined,
): string {
  // Neither a key, a disposition, a holder nor a link id can hold a newline, so the fields
  // cannot run together; a link with a holder has one field more than one without, and one
  // given through a drop link two more, whatever its holder.
  const payload = ["raccolta-blob-v1", method, key, String(expires), contentDisposition ?? ""];
  if (holder || dropLink) payload.push(holder ?? "");
  if (dropLink) payload.push(dropLink);
  // The first 128 bits of the HMAC (RFC 2104 section 5; HMAC-SHA-256-128 of RFC 4868): a page of
  // thumbnails carries one signature per picture, twice (its HTML and its data), 22 characters
  // each rather than 43.
  const mac = createHmac("sha256", secret).update(payload.join("\n")).digest();
  return mac.subarray(0, SIGNATURE_BYTES).toString("base64url");
}

/**
 * Checks a disk signed URL's query against the request: the API's `/api/blobs/<key>` route calls
 * it with the request method, the key from the path and the `expires`, `signature` and (for a
 * download) `disposition` query values. `expires` and `now` are epoch milliseconds. True only
 * when the signature matches and has not expired; the comparison is timing-safe.
 */
export function verifyBlobSignature(
  secret: string,
  method: string,
  key: string,
  expires: string | number | null | undefined,
  signature: string | null | undefined,
  now: number = Date.now(),
  contentDisposition?: string | null,
  holder?: string | null,
  dropLink?: string | null,
): boolean {
  if (method !== "GET" && method !== "PUT") return false;
  if (typeof signature !== "string" || signature.length === 0) return false;
  const expiresAt =
    typeof expires === "string" && /^\d{1,16}$/.test(expires) ? Number(expires) : expires;
  if (typeof expiresAt !== "number" || !Number.isSafeInteger(expiresAt) || now > expiresAt) {
    return false;
  }
  const disposition = contentDisposition || undefined;
  const member = holder || undefined;
  const link = dropLink || undefined;
  try {
    assertValidBlobKey(key);
    assertValidDisposition(method, disposition);
    if (member !== undefined) assertValidHolder(member);
    if (link !== undefined) assertValidHolder(link);
  } catch {
    return false;
  }
  const expected = Buffer.from(signBlob(secret, method, key, expiresAt, disposition, member, link));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
