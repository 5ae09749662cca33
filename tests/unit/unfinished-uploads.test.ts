import { createHash, randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import {
  addressExpiry,
  bytesLeft,
  fileHead,
  forgetUpload,
  isSameFile,
  KEEP_FILE_MAX_BYTES,
  keepFile,
  noteSent,
  REMEMBER_MS,
  readUnfinished,
  rememberUpload,
  type UnfinishedUpload,
} from "#app/services/unfinished-uploads.ts";

/** The Web Storage API over a Map: Node has no localStorage; the e2e tests use Chromium's. */
class MemoryStorage {
  #items = new Map<string, string>();
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
}

beforeEach(() => {
  Object.assign(globalThis, { localStorage: new MemoryStorage() });
});

const now = Date.now();

function record(changes: Partial<UnfinishedUpload> = {}): UnfinishedUpload {
  return {
    uploadPath: "/api/uploads/0123?expires=1&signature=x",
    fileId: "file-1",
    scope: "collection:c1",
    teamId: "t1",
    label: "Site",
    href: "/teams/t1/collections/c1/upload",
    name: "IMG_0001.HEIC",
    size: 3_000_000,
    type: "image/heic",
    lastModified: now - 60_000,
    head: "ab".repeat(32),
    sent: 0,
    startedAt: now,
    expiresAt: now + REMEMBER_MS,
    kept: false,
    ...changes,
  };
}

describe("what the browser remembers of unfinished uploads", () => {
  it("keeps each upload until it is forgotten, and how far it got, never going back", () => {
    rememberUpload(record({ uploadPath: "/a" }));
    rememberUpload(record({ uploadPath: "/b", name: "IMG_0002.HEIC" }));
    noteSent("/a", 1_000_000);
    noteSent("/a", 500_000); // A late answer of an earlier chunk.
    expect(readUnfinished().map((r) => [r.uploadPath, r.sent])).toEqual([
      ["/a", 1_000_000],
      ["/b", 0],
    ]);
    expect(bytesLeft(readUnfinished())).toBe(2_000_000 + 3_000_000);
    forgetUpload("/a");
    expect(readUnfinished().map((r) => r.uploadPath)).toEqual(["/b"]);
  });

  it("remembers an upload once, however often it is started", () => {
    rememberUpload(record({ uploadPath: "/a", sent: 10 }));
    rememberUpload(record({ uploadPath: "/a", sent: 20 }));
    expect(readUnfinished().map((r) => r.sent)).toEqual([20]);
  });

  it("drops what has expired, and what is not a record", () => {
    localStorage.setItem(
      "uploads.unfinished",
      JSON.stringify([
        record({ uploadPath: "/old", expiresAt: now - 1 }),
        { uploadPath: 3 },
        "junk",
        record({ uploadPath: "/new" }),
      ]),
    );
    expect(readUnfinished(now).map((r) => r.uploadPath)).toEqual(["/new"]);
    localStorage.setItem("uploads.unfinished", "{not json");
    expect(readUnfinished(now)).toEqual([]);
  });

  it("forgets an upload when its address expires, and a day after it started at the latest", () => {
    const soon = now + 60 * 60 * 1000;
    expect(addressExpiry(`/api/uploads/x?expires=${soon}&signature=s`, now)).toBe(soon);
    expect(addressExpiry(`/api/uploads/x?expires=${now * 2}&signature=s`, now)).toBe(
      now + REMEMBER_MS,
    );
    expect(addressExpiry("/api/uploads/x", now)).toBe(now + REMEMBER_MS);
  });
});

describe("telling the same file again", () => {
  const bytes = new Uint8Array(randomBytes(200 * 1024));
  const file = (name: string, content: Uint8Array<ArrayBuffer> = bytes, lastModified = now) =>
    new File([content], name, { type: "image/jpeg", lastModified });

  it("fingerprints a file by SHA-256 of its first 64 KiB", async () => {
    expect(await fileHead(file("a.jpg"))).toBe(
      createHash("sha256")
        .update(bytes.subarray(0, 64 * 1024))
        .digest("hex"),
    );
  });

  it("takes a file of the same name, size and first bytes, whatever its modified time", async () => {
    const head = await fileHead(file("a.jpg"));
    const remembered = record({ name: "a.jpg", size: bytes.length, head });
    // iOS gives a photo picked from the library the time of the pick.
    const repicked = file("a.jpg", bytes, now + 3_600_000);
    expect(isSameFile(remembered, repicked, await fileHead(repicked))).toBe(true);
  });

  it("does not take another file of the same name and size, nor one of another name", async () => {
    const head = await fileHead(file("a.jpg"));
    const remembered = record({ name: "a.jpg", size: bytes.length, head });
    const other = file("a.jpg", new Uint8Array(randomBytes(bytes.length)));
    expect(isSameFile(remembered, other, await fileHead(other))).toBe(false);
    const renamed = file("b.jpg");
    expect(isSameFile(remembered, renamed, await fileHead(renamed))).toBe(false);
    expect(isSameFile(record({ head: "" }), file("a.jpg"), "")).toBe(false);
  });
});

describe("keeping files whole (ADR 104)", () => {
  it("does not keep a file over the budget, nor where there is no IndexedDB", async () => {
    rememberUpload(record({ uploadPath: "/big" }));
    const big = new File([new Uint8Array(KEEP_FILE_MAX_BYTES + 1)], "film.mov");
    expect(await keepFile("/big", big)).toBe(false);
    rememberUpload(record({ uploadPath: "/small" }));
    expect(await keepFile("/small", new File(["x"], "a.txt"))).toBe(false);
    expect(readUnfinished().every((r) => !r.kept)).toBe(true);
  });
});
