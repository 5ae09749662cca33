import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BlobLengthMismatchError,
  BlobRangeNotSatisfiableError,
  type BlobStore,
  BlobTooLargeError,
  InvalidBlobKeyError,
} from "#api/storage/blob-store.ts";
import { BLOB_URL_PATH, DiskBlobStore, verifyBlobSignature } from "#api/storage/disk-store.ts";
import { createBlobStore } from "#api/storage/index.ts";
import { S3BlobStore } from "#api/storage/s3-store.ts";
import { type LocalS3Server, startS3Server } from "#tests/api/support/s3-server.ts";

const KiB = 1024;
const MiB = 1024 * KiB;
const SECRET = "test-signing-secret-0123456789abcdef";

/** Byte `i` of generated body `seed`: cheap, position-based, so any range can be recomputed. */
function byteAt(seed: number, i: number): number {
  let v = Math.imul((i + Math.imul(seed, 0x9e3779b9)) | 0, 0x85ebca6b);
  v ^= v >>> 13;
  v = Math.imul(v, 0xc2b2ae35);
  v ^= v >>> 16;
  return v & 0xff;
}

function bytesAt(seed: number, start: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  for (let j = 0; j < length; j++) buffer[j] = byteAt(seed, start + j);
  return buffer;
}

/** A body made on the fly in uneven chunks; `emitted` tells how far it was read. */
class GeneratedBody extends Readable {
  emitted = 0;

  constructor(
    readonly size: number,
    readonly seed: number,
    private readonly failAfter?: number,
  ) {
    super();
  }

  override _read() {
    if (this.failAfter !== undefined && this.emitted >= this.failAfter) {
      this.destroy(new Error("the source broke"));
      return;
    }
    if (this.emitted >= this.size) {
      this.push(null);
      return;
    }
    const length = Math.min(64 * KiB - (this.emitted % 7) * 1000, this.size - this.emitted);
    const chunk = bytesAt(this.seed, this.emitted, length);
    this.emitted += length;
    this.push(chunk);
  }
}

/** The SHA-256 and length of what a stream yields, read as a stream. */
async function digest(body: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/** The digest of bytes `start` to `end` (inclusive) of generated body `seed`. */
function expectedDigest(seed: number, start: number, end: number) {
  const hash = createHash("sha256");
  for (let position = start; position <= end; position += MiB) {
    hash.update(bytesAt(seed, position, Math.min(MiB, end + 1 - position)));
  }
  return { sha256: hash.digest("hex"), bytes: end + 1 - start };
}

async function text(body: Readable): Promise<string> {
  let result = "";
  for await (const chunk of body as AsyncIterable<Buffer>) result += chunk.toString("utf8");
  return result;
}

interface StoreFixture {
  store: BlobStore;
  /** Makes the request a holder of a signed URL makes, as the API or S3 would answer it. */
  request(url: string, init?: RequestInit): Promise<Response>;
  cleanup(): Promise<void>;
}

/** The behaviour every blob store must have. */
function contract(name: string, makeStore: () => Promise<StoreFixture>) {
  describe(`${name} blob store`, () => {
    let fixture: StoreFixture;
    let store: BlobStore;

    beforeAll(async () => {
      fixture = await makeStore();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    it("streams a multi-megabyte body of known length in and out unchanged", async () => {
      const size = 6 * MiB + 321;
      const body = new GeneratedBody(size, 1);
      const stored = await store.put("round-trip/known", body, {
        contentType: "image/jpeg",
        contentLength: size,
      });
      expect(stored).toEqual({ size });
      const blob = await store.get("round-trip/known");
      expect(blob).not.toBeNull();
      expect(blob?.size).toBe(size);
      expect(blob?.contentType).toBe("image/jpeg");
      expect(blob?.range).toBeUndefined();
      expect(await digest(blob!.body)).toEqual(expectedDigest(1, 0, size - 1));
    });

    it("streams a body of unknown length, larger than one upload part, unchanged", async () => {
      const size = 12 * MiB + 5;
      const stored = await store.put("round-trip/unknown", new GeneratedBody(size, 2), {
        contentType: "video/mp4",
      });
      expect(stored).toEqual({ size });
      expect(await store.head("round-trip/unknown")).toMatchObject({
        size,
        contentType: "video/mp4",
      });
      const blob = await store.get("round-trip/unknown");
      expect(await digest(blob!.body)).toEqual(expectedDigest(2, 0, size - 1));
    });

    it("answers the readiness ping", async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it("stores an empty blob", async () => {
      expect(await store.put("empty", Readable.from([]), { contentType: "text/plain" })).toEqual({
        size: 0,
      });
      const blob = await store.get("empty");
      expect(blob?.size).toBe(0);
      expect(await digest(blob!.body)).toEqual({
        sha256: expectedDigest(0, 0, -1).sha256,
        bytes: 0,
      });
    });

    describe("byte ranges", () => {
      const size = MiB + 7;
      beforeAll(async () => {
        await store.put("ranges", new GeneratedBody(size, 3), {
          contentType: "application/pdf",
          contentLength: size,
        });
      });

      it("reads from a start to the end", async () => {
        const blob = await store.get("ranges", { start: 1000 });
        expect(blob?.size).toBe(size);
        expect(blob?.contentType).toBe("application/pdf");
        expect(blob?.range).toEqual({ start: 1000, end: size - 1 });
        expect(await digest(blob!.body)).toEqual(expectedDigest(3, 1000, size - 1));
      });

      it("reads from a start to an inclusive end", async () => {
        const blob = await store.get("ranges", { start: 70_000, end: 70_009 });
        expect(blob?.range).toEqual({ start: 70_000, end: 70_009 });
        expect(await digest(blob!.body)).toEqual(expectedDigest(3, 70_000, 70_009));
      });

      it("reads the last byte, and clamps an end past the last byte", async () => {
        const last = await store.get("ranges", { start: size - 1, end: size - 1 });
        expect(await digest(last!.body)).toEqual(expectedDigest(3, size - 1, size - 1));
        const clamped = await store.get("ranges", { start: size - 10, end: size + 100 });
        expect(clamped?.range).toEqual({ start: size - 10, end: size - 1 });
        expect(await digest(clamped!.body)).toEqual(expectedDigest(3, size - 10, size - 1));
      });

      it("refuses a range that starts past the end, telling the size", async () => {
        const error = await store.get("ranges", { start: size }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(BlobRangeNotSatisfiableError);
        expect((error as BlobRangeNotSatisfiableError).size).toBe(size);
      });

      it("reads a small blob, whole and in ranges, around the end of the store's first read", async () => {
        // The disk store reads a small blob with its header in one go (16 KiB): both sides.
        for (const small of [1, 700, 16 * KiB - 100, 16 * KiB, 16 * KiB + 100]) {
          const key = `small-${small}`;
          await store.put(key, new GeneratedBody(small, 5), { contentType: "image/webp" });
          const whole = await store.get(key);
          expect(whole?.size).toBe(small);
          expect(whole?.contentType).toBe("image/webp");
          expect(await digest(whole!.body)).toEqual(expectedDigest(5, 0, small - 1));
          const end = Math.min(small - 1, 40);
          const part = await store.get(key, { start: small - 1 - end, end: small + 5 });
          expect(part?.range).toEqual({ start: small - 1 - end, end: small - 1 });
          expect(await digest(part!.body)).toEqual(expectedDigest(5, small - 1 - end, small - 1));
          expect((await store.head(key))?.size).toBe(small);
        }
      });

      it("refuses a malformed range", async () => {
        await expect(store.get("ranges", { start: -1 })).rejects.toBeInstanceOf(RangeError);
        await expect(store.get("ranges", { start: 10, end: 9 })).rejects.toBeInstanceOf(RangeError);
      });
    });

    it("tells a blob's size, content type and update time", async () => {
      const before = Date.now() - 1000; // S3 keeps whole seconds
      await store.put("head", Readable.from([Buffer.from("hello, world")]), {
        contentType: "text/plain; charset=utf-8",
      });
      const after = Date.now() + 1000;
      const info = await store.head("head");
      expect(info).toMatchObject({ size: 12, contentType: "text/plain; charset=utf-8" });
      expect(info!.updatedAt).toBeGreaterThanOrEqual(before);
      expect(info!.updatedAt).toBeLessThanOrEqual(after);
      const blob = await store.get("head");
      expect(blob?.contentType).toBe("text/plain; charset=utf-8");
      expect(await text(blob!.body)).toBe("hello, world");
    });

    it("replaces a blob put again under the same key, with its new content type", async () => {
      await store.put("replaced", Readable.from(["first version"]), { contentType: "text/plain" });
      await store.put("replaced", Readable.from(['{"second":true}']), {
        contentType: "application/json",
      });
      const blob = await store.get("replaced");
      expect(blob?.contentType).toBe("application/json");
      expect(await text(blob!.body)).toBe('{"second":true}');
    });

    it("answers null for a missing key", async () => {
      expect(await store.get("missing/blob")).toBeNull();
      expect(await store.get("missing/blob", { start: 0 })).toBeNull();
      expect(await store.head("missing/blob")).toBeNull();
    });

    it("deletes a blob, and deleting it again is not an error", async () => {
      await store.put("deleted", Readable.from(["bye"]), { contentType: "text/plain" });
      await store.delete("deleted");
      expect(await store.head("deleted")).toBeNull();
      expect(await store.get("deleted")).toBeNull();
      await expect(store.delete("deleted")).resolves.toBeUndefined();
      await expect(store.delete("never/existed")).resolves.toBeUndefined();
    });

    it("stops at maxBytes while streaming and leaves nothing behind", async () => {
      const body = new GeneratedBody(3 * MiB, 4);
      const put = store.put("too-large", body, { contentType: "image/png", maxBytes: MiB });
      await expect(put).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(body.emitted).toBeLessThan(2 * MiB);
      expect(body.destroyed).toBe(true);
      expect(await store.head("too-large")).toBeNull();
    });

    it("keeps the previous blob when a replacement runs over maxBytes", async () => {
      await store.put("kept", Readable.from(["original"]), { contentType: "text/plain" });
      const put = store.put("kept", new GeneratedBody(2 * MiB, 5), {
        contentType: "image/png",
        maxBytes: MiB,
      });
      await expect(put).rejects.toBeInstanceOf(BlobTooLargeError);
      const blob = await store.get("kept");
      expect(blob?.contentType).toBe("text/plain");
      expect(await text(blob!.body)).toBe("original");
    });

    it("refuses a declared length over maxBytes before reading the body", async () => {
      const body = new GeneratedBody(2 * MiB, 6);
      const put = store.put("declared-too-large", body, {
        contentType: "image/png",
        contentLength: 2 * MiB,
        maxBytes: MiB,
      });
      const error = await put.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BlobTooLargeError);
      expect((error as BlobTooLargeError).maxBytes).toBe(MiB);
      expect(body.emitted).toBe(0);
      expect(body.destroyed).toBe(true);
      expect(await store.head("declared-too-large")).toBeNull();
    });

    it("refuses a body longer or shorter than its declared length", async () => {
      const longer = store.put("mismatch", new GeneratedBody(300 * KiB, 7), {
        contentType: "image/png",
        contentLength: 100 * KiB,
      });
      await expect(longer).rejects.toBeInstanceOf(BlobLengthMismatchError);
      const shorter = store.put("mismatch", new GeneratedBody(100 * KiB, 7), {
        contentType: "image/png",
        contentLength: 300 * KiB,
      });
      await expect(shorter).rejects.toBeInstanceOf(BlobLengthMismatchError);
    });

    it("passes on a failing body's error and leaves nothing behind", async () => {
      const body = new GeneratedBody(4 * MiB, 8, 1.5 * MiB);
      await expect(store.put("broken", body, { contentType: "image/png" })).rejects.toThrow(
        "the source broke",
      );
      expect(await store.head("broken")).toBeNull();
    });

    it("refuses invalid keys with a clear error", async () => {
      const invalid = [
        "",
        "../etc/passwd",
        "a/../b",
        "a/./b",
        "/absolute",
        "trailing/",
        "a//b",
        ".hidden",
        "back\\slash",
        "with space",
        "percent%2e",
        "new\nline",
        "accentuée",
        "x".repeat(201),
      ];
      for (const key of invalid) {
        await expect(
          store.put(key, Readable.from(["x"]), { contentType: "text/plain" }),
        ).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.head(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.signedUrl(key, { expiresInSeconds: 60 })).rejects.toBeInstanceOf(
          InvalidBlobKeyError,
        );
      }
      await expect(store.get("a/../b")).rejects.toThrow(/Invalid blob key "a\/\.\.\/b"/);
    });

    it("accepts keys that are another key's prefix, and names with dots and dashes", async () => {
      const keys = ["x", "x/y", "x/y/z", "Team-1/file_2.v3.tar.gz", "x".repeat(200)];
      for (const key of keys) {
        await store.put(key, Readable.from([key]), { contentType: "text/plain" });
      }
      for (const key of keys) {
        expect(await text((await store.get(key))!.body)).toBe(key);
      }
    });

    it("refuses an invalid content type", async () => {
      for (const contentType of ["", "text", "text/plain\r\nX-Evil: 1", "a/b; é"]) {
        await expect(
          store.put("bad-type", Readable.from(["x"]), { contentType }),
        ).rejects.toBeInstanceOf(TypeError);
      }
      expect(await store.head("bad-type")).toBeNull();
    });

    describe("signed URLs", () => {
      beforeAll(async () => {
        await store.put("signed/report.txt", Readable.from(["signed content"]), {
          contentType: "text/plain",
        });
      });

      it("serves the blob to a GET, with the content disposition asked for", async () => {
        const url = await store.signedUrl("signed/report.txt", {
          expiresInSeconds: 60,
          contentDisposition: 'attachment; filename="report.txt"',
        });
        const response = await fixture.request(url);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("text/plain");
        expect(response.headers.get("content-disposition")).toBe(
          'attachment; filename="report.txt"',
        );
        expect(await response.text()).toBe("signed content");
      });

      it("accepts an upload with a PUT URL", async () => {
        const url = await store.signedUrl("signed/upload.json", {
          expiresInSeconds: 60,
          method: "PUT",
        });
        const response = await fixture.request(url, {
          method: "PUT",
          body: '{"uploaded":true}',
          headers: { "content-type": "application/json" },
        });
        expect(response.status).toBe(200);
        const blob = await store.get("signed/upload.json");
        expect(blob?.contentType).toBe("application/json");
        expect(await text(blob!.body)).toBe('{"uploaded":true}');
      });

      it("refuses a URL once it has expired", async () => {
        const url = await store.signedUrl("signed/report.txt", { expiresInSeconds: 1 });
        await sleep(1500);
        const response = await fixture.request(url);
        expect(response.status).toBe(403);
        await response.body?.cancel();
      });

      it("gives the same URL for links issued at the same instant, expiring from it", async () => {
        const issuedAt = Date.now() - 10_000;
        const options = { expiresInSeconds: 60, issuedAt, contentDisposition: "inline" };
        const first = await store.signedUrl("signed/report.txt", options);
        expect(await store.signedUrl("signed/report.txt", options)).toBe(first);
        expect(
          await store.signedUrl("signed/report.txt", { ...options, issuedAt: issuedAt + 1000 }),
        ).not.toBe(first);
        const fresh = await fixture.request(first);
        expect(fresh.status).toBe(200);
        await fresh.body?.cancel();
        // Issued 10 seconds ago for 9 seconds: already over.
        const old = await store.signedUrl("signed/report.txt", { ...options, expiresInSeconds: 9 });
        const expired = await fixture.request(old);
        expect(expired.status).toBe(403);
        await expired.body?.cancel();
        await expect(
          store.signedUrl("signed/report.txt", { ...options, issuedAt: Date.now() + 60_000 }),
        ).rejects.toBeInstanceOf(RangeError);
      });

      it("refuses an expiry out of bounds and a disposition on a PUT", async () => {
        for (const expiresInSeconds of [0, 1.5, 8 * 24 * 3600]) {
          await expect(
            store.signedUrl("signed/report.txt", { expiresInSeconds }),
          ).rejects.toBeInstanceOf(RangeError);
        }
        await expect(
          store.signedUrl("signed/report.txt", {
            expiresInSeconds: 60,
            method: "PUT",
            contentDisposition: "attachment",
          }),
        ).rejects.toBeInstanceOf(TypeError);
      });
    });
  });
}

/** What the API's `/api/blobs/<key>` route does with a disk signed URL, without HTTP. */
async function serveDiskBlob(store: DiskBlobStore, url: string, init: RequestInit = {}) {
  const request = new Request(new URL(url, "http://raccolta.test"), init);
  const { pathname, searchParams } = new URL(request.url);
  const key = pathname.slice(BLOB_URL_PATH.length);
  const disposition = searchParams.get("disposition");
  const valid = verifyBlobSignature(
    SECRET,
    request.method,
    key,
    searchParams.get("expires"),
    searchParams.get("signature"),
    Date.now(),
    disposition,
  );
  if (!pathname.startsWith(BLOB_URL_PATH) || !valid) return new Response(null, { status: 403 });
  if (request.method === "PUT") {
    const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
    await store.put(key, body, {
      contentType: request.headers.get("content-type") ?? "application/octet-stream",
    });
    return new Response(null, { status: 200 });
  }
  const blob = await store.get(key);
  if (!blob) return new Response(null, { status: 404 });
  const headers = new Headers({
    "content-type": blob.contentType,
    "content-length": String(blob.size),
  });
  if (disposition) headers.set("content-disposition", disposition);
  return new Response(Readable.toWeb(blob.body) as ReadableStream<Uint8Array>, { headers });
}

contract("disk", async () => {
  const diskRoot = await mkdtemp(path.join(tmpdir(), "raccolta-blobs-"));
  const store = new DiskBlobStore({ root: diskRoot, signingSecret: SECRET });
  return {
    store,
    request: (url, init) => serveDiskBlob(store, url, init),
    cleanup: () => rm(diskRoot, { recursive: true, force: true }),
  };
});

describe("disk blob store specifics", () => {
  let root: string;
  let store: DiskBlobStore;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "raccolta-blobs-"));
    store = new DiskBlobStore({ root, signingSecret: SECRET });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("makes /api/blobs paths that verifyBlobSignature accepts until they expire", async () => {
    const now = Date.now();
    const url = await store.signedUrl("teams/t1/logo", { expiresInSeconds: 60 });
    expect(url).toMatch(/^\/api\/blobs\/teams\/t1\/logo\?expires=\d+&signature=[\w-]{22}$/);
    const query = new URL(url, "http://raccolta.test").searchParams;
    const expires = query.get("expires")!;
    const signature = query.get("signature")!;
    expect(Number(expires)).toBeGreaterThanOrEqual(now + 60_000);
    expect(Number(expires)).toBeLessThanOrEqual(Date.now() + 60_000);

    const valid = {
      secret: SECRET,
      method: "GET",
      key: "teams/t1/logo",
      expires: expires as string | number,
      signature,
      now,
      contentDisposition: null as string | null,
    };
    const verify = (changes: Partial<typeof valid> = {}) => {
      const args = { ...valid, ...changes };
      return verifyBlobSignature(
        args.secret,
        args.method,
        args.key,
        args.expires,
        args.signature,
        args.now,
        args.contentDisposition,
      );
    };
    expect(verify()).toBe(true);
    expect(verify({ expires: Number(expires) })).toBe(true);
    expect(verify({ now: Number(expires) })).toBe(true);
    expect(verify({ now: Number(expires) + 1 })).toBe(false);
    expect(verify({ secret: "another-secret-of-enough-length-0123456789" })).toBe(false);
    expect(verify({ method: "PUT" })).toBe(false);
    expect(verify({ method: "DELETE" })).toBe(false);
    expect(verify({ key: "teams/t1/logo2" })).toBe(false);
    expect(verify({ key: "../teams/t1/logo" })).toBe(false);
    expect(verify({ expires: String(Number(expires) + 60_000) })).toBe(false);
    expect(verify({ expires: `${expires}.0` })).toBe(false);
    expect(verify({ expires: "not-a-number" })).toBe(false);
    expect(
      verify({ signature: `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}` }),
    ).toBe(false);
    expect(verify({ signature: signature.slice(0, -1) })).toBe(false);
    expect(verify({ signature: "" })).toBe(false);
    expect(verify({ contentDisposition: "attachment" })).toBe(false);
  });

  it("signs the content disposition with the URL", async () => {
    const now = Date.now();
    const url = await store.signedUrl("a", {
      expiresInSeconds: 60,
      contentDisposition: "attachment; filename*=UTF-8''caf%C3%A9.jpg",
    });
    const query = new URL(url, "http://raccolta.test").searchParams;
    const args = [SECRET, "GET", "a", query.get("expires"), query.get("signature"), now] as const;
    expect(verifyBlobSignature(...args, query.get("disposition"))).toBe(true);
    expect(verifyBlobSignature(...args, "inline")).toBe(false);
    expect(verifyBlobSignature(...args)).toBe(false);
  });

  it("signs the holder and the drop link with the URL, neither standing for the other", async () => {
    const now = Date.now();
    const url = await store.signedUrl("a", {
      expiresInSeconds: 60,
      contentDisposition: "attachment",
      holder: "member-1",
      dropLink: "link-1",
    });
    const query = new URL(url, "http://raccolta.test").searchParams;
    expect([query.get("member"), query.get("link")]).toEqual(["member-1", "link-1"]);
    const args = [SECRET, "GET", "a", query.get("expires"), query.get("signature"), now] as const;
    const verify = (member?: string, link?: string) =>
      verifyBlobSignature(...args, "attachment", member, link);
    expect(verify("member-1", "link-1")).toBe(true);
    expect(verify("member-1")).toBe(false);
    expect(verify("member-1", "link-2")).toBe(false);
    expect(verify(undefined, "link-1")).toBe(false);
    expect(verify("link-1")).toBe(false);
    const linkOnly = new URL(
      await store.signedUrl("a", { expiresInSeconds: 60, dropLink: "link-1" }),
      "http://raccolta.test",
    ).searchParams;
    const only = [SECRET, "GET", "a", linkOnly.get("expires"), linkOnly.get("signature")] as const;
    expect(verifyBlobSignature(...only, now, undefined, undefined, "link-1")).toBe(true);
    expect(verifyBlobSignature(...only, now, undefined, "link-1")).toBe(false);
    expect(verifyBlobSignature(...only, now)).toBe(false);
  });

  it("keeps a blob being written invisible until it is complete", async () => {
    await store.put("in-progress", Readable.from(["old"]), { contentType: "text/plain" });
    const body = new PassThrough();
    const put = store.put("in-progress", body, { contentType: "text/csv" });
    body.write("new,");
    await sleep(20);
    const during = await store.get("in-progress");
    expect(during?.contentType).toBe("text/plain");
    expect(await text(during!.body)).toBe("old");
    body.end("content");
    await put;
    const after = await store.get("in-progress");
    expect(after?.contentType).toBe("text/csv");
    expect(await text(after!.body)).toBe("new,content");
  });

  it("leaves no temporary files behind after failed uploads", async () => {
    const failing = [
      store.put("fail-1", new GeneratedBody(MiB, 9), { contentType: "a/b", maxBytes: 1000 }),
      store.put("fail-2", new GeneratedBody(MiB, 9, 100 * KiB), { contentType: "a/b" }),
      store.put("fail-3", new GeneratedBody(10, 9), { contentType: "a/b", contentLength: 11 }),
    ];
    const results = await Promise.allSettled(failing);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected"]);
    await store.put("ok", Readable.from(["ok"]), { contentType: "text/plain" });
    const files = await readdir(root, { recursive: true, withFileTypes: true });
    const names = files.filter((entry) => entry.isFile()).map((entry) => entry.name);
    expect(names).toContain("ok");
    expect(names.filter((name) => name.startsWith(".") || name.startsWith("fail"))).toEqual([]);
  });

  it("refuses a short signing secret", () => {
    expect(() => new DiskBlobStore({ root, signingSecret: "short" })).toThrow(/32 characters/);
  });
});

contract("S3", async () => {
  const s3: LocalS3Server = await startS3Server();
  // The SDK warns on every aborted streaming request, which some tests cause on purpose.
  const quiet = { debug() {}, info() {}, warn() {}, error() {} };
  const store = new S3BlobStore({ ...s3, forcePathStyle: true, partSize: 5 * MiB, logger: quiet });
  return {
    store,
    request: (url, init) => fetch(url, init),
    async cleanup() {
      store.destroy();
      await s3.stop();
    },
  };
});

describe("readiness ping", () => {
  it("fails for a disk store whose folder cannot be made", async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), "raccolta-ping-")), "a-file");
    await writeFile(file, "not a folder");
    const store = new DiskBlobStore({ root: path.join(file, "blobs"), signingSecret: SECRET });
    await expect(store.ping()).rejects.toMatchObject({ code: "ENOTDIR" });
  });

  it("fails for an S3 bucket that is missing, or an endpoint that does not answer", async () => {
    const s3 = await startS3Server();
    const quiet = { debug() {}, info() {}, warn() {}, error() {} };
    const options = { ...s3, forcePathStyle: true, logger: quiet };
    const missing = new S3BlobStore({ ...options, bucket: "no-such-bucket" });
    const closed = new S3BlobStore({ ...options, endpoint: "http://127.0.0.1:9" });
    try {
      await expect(missing.ping()).rejects.toThrow();
      await expect(closed.ping()).rejects.toThrow();
    } finally {
      missing.destroy();
      closed.destroy();
      await s3.stop();
    }
  });
});

describe("createBlobStore", () => {
  it("uses S3 when a bucket is configured, else the disk", () => {
    const diskRoot = path.join(tmpdir(), "raccolta-unused");
    const disk = createBlobStore({ diskRoot, signingSecret: SECRET, s3: { bucket: undefined } });
    expect(disk).toBeInstanceOf(DiskBlobStore);
    expect(createBlobStore({ diskRoot, signingSecret: SECRET })).toBeInstanceOf(DiskBlobStore);
    const s3Store = createBlobStore({
      diskRoot,
      signingSecret: SECRET,
      s3: { bucket: "media", endpoint: "http://127.0.0.1:9", forcePathStyle: true },
    });
    expect(s3Store).toBeInstanceOf(S3BlobStore);
    (s3Store as S3BlobStore).destroy();
  });
});
