import { randomBytes } from "node:crypto";
import http from "node:http";
import { Readable } from "node:stream";
import { buffer as readAll } from "node:stream/consumers";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import { pino } from "pino";
import sharp from "sharp";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileRow } from "#api/db/schema.ts";
import { createFileProcessor, PROCESS_FILE_JOB } from "#api/files/process.ts";
import { metrics } from "#api/metrics.ts";
import { bearer, expectError, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL, startApi, type TestApi } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { type LocalS3Server, startS3Server } from "./support/s3-server.ts";
import { addMember, ownedTeam, type TestTeam, tokensFor } from "./support/teams.ts";

// Uploads over real HTTP (docs/product.md#uploads; ADR 016): the simple POST + PUT, tus with
// tus-js-client (creation, interruption, resumption from the offset), the refusals up front and
// after the last byte, and the processFile job that makes the file ready.

const STORAGE_LIMIT = 64 * 1024 * 1024;

let api: TestApi;
let team: TestTeam;
let owner: Tokens;
let collectionId: string;

beforeAll(async () => {
  api = await startApi({ planLimits: { limitStorageBytes: STORAGE_LIMIT } });
  const owned = await ownedTeam(api);
  team = owned.team;
  owner = owned.tokens;
  collectionId = (await insertCollection(api, team)).collectionId;
});
afterAll(() => api.close());

const filesPath = (id = collectionId) => `/api/teams/${team.teamId}/collections/${id}/files`;

/** The API's address for a signed upload URL (it is made on the public address). */
const local = (uploadUrl: string) => uploadUrl.replace(PUBLIC_URL, api.url);

async function start(
  body: { name: string; contentType: string; size: number },
  tokens = owner,
  collection = collectionId,
) {
  return api.request(filesPath(collection), {
    method: "POST",
    headers: bearer(tokens),
    json: body,
  });
}

async function started(body: { name: string; contentType: string; size: number }) {
  const response = await start(body);
  expect(response.status).toBe(201);
  const json = (await response.json()) as { fileId: string; uploadUrl: string };
  return { ...json, url: local(json.uploadUrl) };
}

function put(url: string, bytes: Buffer | Uint8Array, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: "PUT",
    headers: { "Content-Type": "application/octet-stream", ...headers },
    body: new Uint8Array(bytes),
  });
}

async function fileRow(fileId: string): Promise<FileRow | undefined> {
  return api.db.selectFrom("files").selectAll().where("file_id", "=", fileId).executeTakeFirst();
}

const crc32 = (bytes: Buffer) => zlib.crc32(bytes) >>> 0;

async function storedBytes(key: string) {
  const blob = await api.blobs.get(key);
  if (!blob) throw new Error(`no blob at ${key}`);
  return readAll(blob.body);
}

/** A counter's value in the metrics (api/metrics.ts): the API runs in this process. */
async function counted(name: string, labels: Record<string, string>) {
  const metric = await metrics.getSingleMetric(name)?.get();
  const value = metric?.values.find((entry) =>
    Object.entries(labels).every(([key, label]) => entry.labels[key] === label),
  );
  return value?.value ?? 0;
}

/** Text that passes the sniff as text/plain, `bytes` long. */
function text(bytes: number) {
  const alphabet = "abcdefghijklmnopqrstuvwxyz \n";
  const random = randomBytes(bytes);
  return Buffer.from(random.map((byte) => alphabet.charCodeAt(byte % alphabet.length)));
}

const CAPTURED = "2017:05:06 07:08:09";
const CAPTURED_MS = Date.UTC(2017, 4, 6, 7, 8, 9);

describe("POST .../files and PUT to the uploadUrl", () => {
  it("stores a JPEG, reads its EXIF date, makes a thumbnail and a preview", async () => {
    const jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .jpeg()
      .withExif({ IFD0: { Model: "Test camera" }, IFD2: { DateTimeOriginal: CAPTURED } })
      .toBuffer();
    const { fileId, uploadUrl, url } = await started({
      name: "holiday.jpg",
      contentType: "image/jpeg",
      size: jpeg.length,
    });
    expect(uploadUrl).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/uploads/[0-9a-f]{32}\\?expires=\\d+&signature=`),
    );
    expect((await fileRow(fileId))?.status).toBe("uploading");

    const putBytesBefore = await counted("upload_bytes_total", { method: "put" });
    const response = await put(url, jpeg, { "Content-Type": "image/jpeg" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ fileId, status: "processing" });
    expect(await counted("upload_bytes_total", { method: "put" })).toBe(
      putBytesBefore + jpeg.length,
    );

    await api.jobs.idle();
    const row = await fileRow(fileId);
    expect(row).toMatchObject({
      status: "ready",
      content_type: "image/jpeg",
      name: "holiday.jpg",
      original_name: "holiday.jpg",
      blob_key: `teams/${team.teamId}/files/${fileId}/original`,
      thumbnail_key: `teams/${team.teamId}/files/${fileId}/thumbnail`,
      thumbnail_large_key: `teams/${team.teamId}/files/${fileId}/thumbnail-large`,
      preview_key: `teams/${team.teamId}/files/${fileId}/preview`,
      no_preview_reason: null,
      width: 800,
      height: 600,
    });
    expect(Number(row?.ref_date)).toBe(CAPTURED_MS);
    expect(Number(row?.taken_at)).toBe(CAPTURED_MS);
    expect([row?.camera_make, row?.camera_model]).toEqual([null, "Test camera"]);
    expect(Number(row?.size)).toBe(jpeg.length);
    expect(Number(row?.crc32)).toBe(crc32(jpeg));
    expect((await storedBytes(row?.blob_key ?? "")).equals(jpeg)).toBe(true);
    const thumbnail = await sharp(await storedBytes(row?.thumbnail_key ?? "")).metadata();
    expect(thumbnail).toMatchObject({ format: "webp", width: 70, height: 70 });
    const large = await sharp(await storedBytes(row?.thumbnail_large_key ?? "")).metadata();
    expect(large).toMatchObject({ format: "webp", width: 320, height: 320 });
    const preview = await sharp(await storedBytes(row?.preview_key ?? "")).metadata();
    expect(preview).toMatchObject({ format: "webp", width: 800, height: 600 });
    // The upload is gone once the blob holds the bytes.
    const uploadId = new URL(uploadUrl).pathname.split("/").pop() ?? "";
    expect(await api.uploadStore.offset(uploadId)).toBeNull();
  });

  it("processes a file again from its stored blob when its upload is gone (a crash, or a restored backup)", async () => {
    const bytes = text(40_000);
    const { fileId, url } = await started({
      name: "again.txt",
      contentType: "text/plain",
      size: bytes.length,
    });
    expect((await put(url, bytes)).status).toBe(200);
    await api.jobs.idle();
    const stored = await fileRow(fileId);
    expect(stored?.status).toBe("ready");
    // As a database copied between storing the blob and recording it: processing, no blob key,
    // and the upload removed since.
    await api.db
      .updateTable("files")
      .set({ status: "processing", blob_key: null })
      .where("file_id", "=", fileId)
      .execute();
    await api.jobs.enqueue(PROCESS_FILE_JOB, { fileId, uploadId: "0".repeat(32) });
    await api.jobs.idle();
    const again = await fileRow(fileId);
    expect(again).toMatchObject({
      status: "ready",
      blob_key: stored?.blob_key,
      preview_key: null,
      no_preview_reason: "unsupportedType",
    });
    expect(Number(again?.crc32)).toBe(crc32(bytes));
    expect((await storedBytes(again?.blob_key ?? "")).equals(bytes)).toBe(true);
  });

  it("keeps a file without an EXIF date at its upload time, and a corrupt image without thumbnails", async () => {
    const before = api.clock.now();
    const jpeg = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .jpeg()
      .toBuffer();
    // A JPEG cut short: the sniff sees a JPEG, libvips cannot decode it.
    const broken = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const { fileId, url } = await started({
      name: "broken.jpg",
      contentType: "image/jpeg",
      size: broken.length,
    });
    expect((await put(url, broken)).status).toBe(200);
    await api.jobs.idle();
    const row = await fileRow(fileId);
    expect(row).toMatchObject({
      status: "ready",
      thumbnail_key: null,
      thumbnail_large_key: null,
      preview_key: null,
      no_preview_reason: "damagedFile",
    });
    expect(Number(row?.ref_date)).toBeGreaterThanOrEqual(before);
    // No date taken: it is not made up from the upload's.
    expect(row).toMatchObject({ taken_at: null, camera_make: null, camera_model: null });
    expect(Number(row?.crc32)).toBe(crc32(Buffer.from(broken)));
  });

  it("keeps a stored file ready without previews when processing fails every attempt, and fails one never stored", async () => {
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 9, g: 9, b: 9 } },
    })
      .jpeg()
      .toBuffer();
    const { fileId, url } = await started({
      name: "stubborn.jpg",
      contentType: "image/jpeg",
      size: jpeg.length,
    });
    expect((await put(url, jpeg)).status).toBe(200);
    await api.jobs.idle();
    // As the queue leaves a file whose previews failed on every attempt: the original stored,
    // the row still processing.
    await api.db
      .updateTable("files")
      .set({ status: "processing", thumbnail_key: null, preview_key: null })
      .where("file_id", "=", fileId)
      .execute();
    const processor = createFileProcessor({
      db: api.db,
      blobs: api.blobs,
      uploads: api.uploadStore,
      logger: pino({ level: "silent" }),
      now: api.clock.now,
    });
    await processor.failFile({ fileId, uploadId: "0".repeat(32) });
    const kept = await fileRow(fileId);
    expect(kept).toMatchObject({
      status: "ready",
      preview_key: null,
      no_preview_reason: "processingFailed",
    });
    expect((await storedBytes(kept?.blob_key ?? "")).equals(jpeg)).toBe(true);
    const listed = (await (
      await api.request(`${filesPath()}/${fileId}`, { headers: bearer(owner) })
    ).json()) as { previewStatus: string; noPreviewReason: string };
    expect(listed).toMatchObject({ previewStatus: "none", noPreviewReason: "processingFailed" });

    // Never stored: nothing to keep, the file is failed and no longer listed.
    const lost = await started({ name: "lost.txt", contentType: "text/plain", size: 10 });
    await api.db
      .updateTable("files")
      .set({ status: "processing" })
      .where("file_id", "=", lost.fileId)
      .execute();
    await processor.failFile({ fileId: lost.fileId, uploadId: "0".repeat(32) });
    expect((await fileRow(lost.fileId))?.status).toBe("failed");
  });

  it("refuses a .jpg that is really HTML, and removes the file", async () => {
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const { fileId, url } = await started({
      name: "photo.jpg",
      contentType: "image/jpeg",
      size: html.length,
    });
    const response = await put(url, html);
    const body = await expectError(response, 415, "invalidInput");
    expect(body.message).toMatch(/HTML/);
    expect(await fileRow(fileId)).toBeUndefined();
    await api.jobs.idle();
    expect(await fileRow(fileId)).toBeUndefined();
  });

  it("refuses an SVG with a script: up front when announced, after the bytes otherwise", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    await expectError(
      await start({ name: "drawing.svg", contentType: "image/svg+xml", size: svg.length }),
      415,
      "invalidInput",
    );
    const { fileId, url } = await started({
      name: "drawing.png",
      contentType: "image/png",
      size: svg.length,
    });
    await expectError(await put(url, svg), 415, "invalidInput");
    expect(await fileRow(fileId)).toBeUndefined();
  });

  it("refuses a body larger than declared, announced or streamed", async () => {
    const { fileId, url } = await started({ name: "a.txt", contentType: "text/plain", size: 10 });
    await expectError(await put(url, text(100)), 413, "invalidInput");
    const streamed = await fetch(url, {
      method: "PUT",
      body: Readable.toWeb(Readable.from([text(8), text(8)])) as ReadableStream,
      duplex: "half",
    } as RequestInit);
    await expectError(streamed, 413, "invalidInput");
    expect((await fileRow(fileId))?.status).toBe("uploading");
    // The right body still goes through afterwards.
    const bytes = text(10);
    expect((await put(url, bytes)).status).toBe(200);
    await api.jobs.idle();
    expect(await fileRow(fileId)).toMatchObject({ status: "ready", content_type: "text/plain" });
  });

  it("refuses a forged or expired upload address, and removes the abandoned upload", async () => {
    const { fileId, url } = await started({ name: "b.txt", contentType: "text/plain", size: 5 });
    const uploadId = new URL(url).pathname.split("/").pop() ?? "";
    expect(await api.uploadStore.offset(uploadId)).toBe(0);
    const forged = url.replace(/signature=[^&]+/, "signature=AAAA");
    await expectError(await put(forged, text(5)), 403, "forbidden");
    const otherId = url.replace(/uploads\/[0-9a-f]{32}/, `uploads/${"0".repeat(32)}`);
    await expectError(await put(otherId, text(5)), 403, "forbidden");
    api.clock.advance(24 * 60 * 60_000 + 1000);
    try {
      await expectError(await put(url, text(5)), 410, "expiredToken");
      // An hour later the abandoned upload is removed with its file.
      api.clock.advance(60 * 60_000);
      await api.jobs.idle();
      expect(await fileRow(fileId)).toBeUndefined();
      expect(await api.uploadStore.offset(uploadId)).toBeNull();
    } finally {
      api.clock.reset();
    }
  });

  it("refuses bad input", async () => {
    await expectError(
      await start({ name: "x", contentType: "text/plain", size: 5 }),
      400,
      "invalidInput",
    );
    await expectError(
      await start({ name: "ok.txt", contentType: "text/plain", size: 0 }),
      400,
      "invalidInput",
    );
    await expectError(
      await start({ name: "ok.txt", contentType: "not a type", size: 5 }),
      400,
      "invalidInput",
    );
    const unknownCollection = await start(
      { name: "ok.txt", contentType: "text/plain", size: 5 },
      owner,
      "no-such-collection",
    );
    await expectError(unknownCollection, 404, "notFound");
  });

  it("shortens a long name to 50 characters, keeping the extension and the original name", async () => {
    const long = `${"a".repeat(80)}.txt`;
    const { fileId } = await started({ name: long, contentType: "text/plain", size: 5 });
    const row = await fileRow(fileId);
    expect(row?.name).toBe(`${"a".repeat(46)}.txt`);
    expect(row?.original_name).toBe(long);
  });
});

describe("who may upload", () => {
  it("refuses a viewer, and an uploader in someone else's owned collection (hidden from them)", async () => {
    const viewer = await addMember(api, team, { role: "viewer" });
    const viewerTokens = await tokensFor(api, viewer);
    await expectError(
      await start({ name: "v.txt", contentType: "text/plain", size: 5 }, viewerTokens),
      403,
      "forbidden",
    );
    const uploader = await addMember(api, team, { role: "uploader" });
    const uploaderTokens = await tokensFor(api, uploader);
    await expectError(
      await start({ name: "u.txt", contentType: "text/plain", size: 5 }, uploaderTokens),
      403,
      "forbidden",
    );
    // Their own collection, and a collaborative one, take their files.
    const own = await insertCollection(api, team, { createdBy: uploader.userId });
    const shared = await insertCollection(api, team, { mode: "collaborative" });
    for (const target of [own.collectionId, shared.collectionId]) {
      const response = await start(
        { name: "u.txt", contentType: "text/plain", size: 5 },
        uploaderTokens,
        target,
      );
      expect(response.status).toBe(201);
    }
  });

  it("refuses a file that does not fit in the owner's storage, counting uploads under way", async () => {
    const used = await api.db
      .selectFrom("files")
      .select((eb) => eb.fn.sum<number>("size").as("used"))
      .where("team_id", "=", team.teamId)
      .where("status", "!=", "failed")
      .executeTakeFirstOrThrow();
    const free = STORAGE_LIMIT - Number(used.used ?? 0);
    await expectError(
      await start({ name: "big.bin", contentType: "", size: free + 1 }),
      403,
      "quotaExceededStorage",
    );
    const { fileId } = await started({ name: "half.bin", contentType: "", size: free - 100 });
    await expectError(
      await start({ name: "more.bin", contentType: "", size: 101 }),
      403,
      "quotaExceededStorage",
    );
    await api.db.deleteFrom("files").where("file_id", "=", fileId).execute();
  });
});

describe("tus", () => {
  const SIZE = 3 * 1024 * 1024 + 123;

  function upload(
    bytes: Buffer,
    options: tus.UploadOptions,
  ): { done: Promise<void>; upload: tus.Upload } {
    let instance!: tus.Upload;
    const done = new Promise<void>((resolve, reject) => {
      instance = new tus.Upload(bytes, {
        retryDelays: [],
        ...options,
        onSuccess: () => resolve(),
        onError: (error) => reject(error),
      });
    });
    return { done, upload: instance };
  }

  /** A tus creation request with these headers (and Tus-Resumable). */
  function tusCreate(headers: Record<string, string>) {
    return fetch(`${api.url}/api/uploads`, {
      method: "POST",
      headers: { "Tus-Resumable": "1.0.0", ...headers },
    });
  }

  /** An Upload-Metadata header: each value base64 (a string as UTF-8, or the bytes given). */
  function tusMetadata(values: Record<string, string | Uint8Array>) {
    return Object.entries(values)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
      .join(",");
  }

  async function offsetOf(url: string) {
    const response = await fetch(url, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0" } });
    expect(response.status).toBe(200);
    return Number(response.headers.get("upload-offset"));
  }

  it("resumes an interrupted upload from its offset, given the uploadUrl", async () => {
    const bytes = text(SIZE);
    const { fileId, url } = await started({
      name: "notes.txt",
      contentType: "text/plain",
      size: SIZE,
    });
    // First attempt: aborted once more than a third has arrived.
    let aborted!: () => void;
    const stopped = new Promise<void>((resolve) => {
      aborted = resolve;
    });
    const first = upload(bytes, {
      uploadUrl: url,
      chunkSize: 256 * 1024,
      onChunkComplete: (_chunk, accepted) => {
        if (accepted > SIZE / 3) {
          void first.upload.abort().then(aborted);
        }
      },
    });
    first.upload.start();
    await stopped;
    const offset = await offsetOf(url);
    expect(offset).toBeGreaterThan(SIZE / 3);
    expect(offset).toBeLessThan(SIZE);
    expect((await fileRow(fileId))?.status).toBe("uploading");

    // Second attempt with the same address: it starts from the offset.
    let firstProgress: number | undefined;
    const second = upload(bytes, {
      uploadUrl: url,
      onProgress: (sent) => {
        firstProgress ??= sent;
      },
    });
    second.upload.start();
    await second.done;
    expect(firstProgress).toBeGreaterThanOrEqual(offset);

    await api.jobs.idle();
    const row = await fileRow(fileId);
    expect(row).toMatchObject({ status: "ready", content_type: "text/plain" });
    expect(Number(row?.size)).toBe(SIZE);
    expect(Number(row?.crc32)).toBe(crc32(bytes));
    expect((await storedBytes(row?.blob_key ?? "")).equals(bytes)).toBe(true);
    // A complete upload tells a client resuming it that nothing is left.
    expect(await offsetOf(url)).toBe(SIZE);
  });

  it("hands an upload over between instances: a request on the second stops the first's, then resumes", async () => {
    const bytes = text(SIZE);
    const { fileId, url } = await started({
      name: "handed-over.txt",
      contentType: "text/plain",
      size: SIZE,
    });
    const other = await api.anotherInstance();
    const tusBytesBefore = await counted("upload_bytes_total", { method: "tus" });
    try {
      // A PATCH on the first instance that sends 256 KiB, then hangs with its connection open,
      // as a phone's upload does when the phone walks out of coverage.
      const hanging = http.request(url, {
        method: "PATCH",
        headers: {
          "Tus-Resumable": "1.0.0",
          "Upload-Offset": "0",
          "Content-Type": "application/offset+octet-stream",
        },
      });
      const settled = new Promise<string>((resolve) => {
        hanging.on("response", (response) => {
          response.resume();
          resolve(`answered ${response.statusCode}`);
        });
        hanging.on("error", () => resolve("closed"));
      });
      hanging.write(bytes.subarray(0, 256 * 1024));
      await sleep(300);

      // The client comes back through the other instance: it asks where to resume from. The
      // lock is the database's, so that request asks the hanging one to stop, and waits.
      const resumeFrom = await offsetOf(url.replace(api.url, other.url));
      expect(await Promise.race([settled, sleep(10_000).then(() => "still open")])).not.toBe(
        "still open",
      );
      expect(resumeFrom).toBeLessThanOrEqual(256 * 1024);
      expect((await fileRow(fileId))?.status).toBe("uploading");

      const rest = await fetch(url.replace(api.url, other.url), {
        method: "PATCH",
        headers: {
          "Tus-Resumable": "1.0.0",
          "Upload-Offset": String(resumeFrom),
          "Content-Type": "application/offset+octet-stream",
        },
        body: new Uint8Array(bytes.subarray(resumeFrom)),
      });
      expect(rest.status).toBe(204);
      // Both requests' bytes are counted, once each: the whole file.
      expect(await counted("upload_bytes_total", { method: "tus" })).toBe(tusBytesBefore + SIZE);
      hanging.destroy();
      await api.jobs.idle();
      const row = await fileRow(fileId);
      expect(row).toMatchObject({ status: "ready" });
      expect((await storedBytes(row?.blob_key ?? "")).equals(bytes)).toBe(true);
      expect(await api.db.selectFrom("upload_locks").selectAll().execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("creates an upload with POST /api/uploads and a bearer token", async () => {
    const bytes = text(100_000);
    let fileId: string | null = null;
    // The Location is on the public address; this client reaches it on the test's port.
    const stack = new tus.DefaultHttpStack({});
    const httpStack: tus.HttpStack = {
      createRequest: (method, url) => stack.createRequest(method, local(url)),
      getName: () => "local",
    };
    const { done, upload: instance } = upload(bytes, {
      httpStack,
      endpoint: `${api.url}/api/uploads`,
      headers: bearer(owner),
      metadata: { teamId: team.teamId, collectionId, filename: "tus.txt", filetype: "text/plain" },
      onAfterResponse: (_request, response) => {
        fileId ??= response.getHeader("File-Id") ?? null;
      },
    });
    instance.start();
    await done;
    expect(instance.url).toMatch(new RegExp(`^${PUBLIC_URL}/api/uploads/[0-9a-f]{32}\\?expires=`));
    expect(fileId).toBeTruthy();
    await api.jobs.idle();
    const row = await fileRow(fileId ?? "");
    expect(row).toMatchObject({ status: "ready", name: "tus.txt", content_type: "text/plain" });
    expect(Number(row?.crc32)).toBe(crc32(bytes));
  });

  it("answers tus creation refusals as JSON errors", async () => {
    const create = (headers: Record<string, string>) =>
      tusCreate({ "Upload-Length": "10", ...headers });
    const meta = tusMetadata;
    await expectError(await create({}), 401, "authorizationRequired");
    // tus's own refusals are JSON too.
    const { url } = await started({ name: "d.txt", contentType: "text/plain", size: 10 });
    await expectError(await fetch(url, { method: "PATCH" }), 412, "invalidInput");
    const viewer = await tokensFor(api, await addMember(api, team, { role: "viewer" }));
    await expectError(
      await create({
        ...bearer(viewer),
        "Upload-Metadata": meta({ teamId: team.teamId, collectionId, filename: "x.txt" }),
      }),
      403,
      "forbidden",
    );
    await expectError(
      await create({
        ...bearer(owner),
        "Upload-Length": String(STORAGE_LIMIT + 1),
        "Upload-Metadata": meta({ teamId: team.teamId, collectionId, filename: "x.txt" }),
      }),
      403,
      "quotaExceededStorage",
    );
    await expectError(
      await create({ ...bearer(owner), "Upload-Metadata": meta({ filename: "x.txt" }) }),
      400,
      "invalidInput",
    );
  });

  it("refuses a deferred length with 400 and the API's error body: the length comes up front", async () => {
    const metadata = tusMetadata({ teamId: team.teamId, collectionId, filename: "later.txt" });
    const deferrals: Record<string, string>[] = [
      { "Upload-Defer-Length": "1" },
      { "Upload-Defer-Length": "1", "Upload-Length": "10" },
    ];
    for (const headers of deferrals) {
      const response = await tusCreate({
        ...bearer(owner),
        "Upload-Metadata": metadata,
        ...headers,
      });
      const body = await expectError(response, 400, "invalidInput");
      expect(body.message).toMatch(/Upload-Length/);
      expect(body.message).toMatch(/up front/);
    }
    // Nor can a PATCH declare the length later.
    const { url } = await started({ name: "e.txt", contentType: "text/plain", size: 10 });
    const patch = await fetch(url, {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Upload-Length": "10",
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Uint8Array(text(10)),
    });
    expect((await expectError(patch, 400, "invalidInput")).message).toMatch(/up front/);
    expect(await offsetOf(url)).toBe(0);
  });

  it("answers every malformed or unsupported tus header with a 4xx and the API's error body", async () => {
    const metadata = tusMetadata({ teamId: team.teamId, collectionId, filename: "h.txt" });
    const creations: Record<string, string>[] = [
      { "Upload-Length": "abc" },
      { "Upload-Length": "-1" },
      { "Upload-Length": "1e3" },
      { "Upload-Length": "99999999999999999999999" },
      { "Upload-Length": "10", "Upload-Offset": "x" },
      { "Upload-Defer-Length": "0" },
      { "Upload-Length": "10", "Tus-Resumable": "0.2.2" },
      { "Upload-Length": "10", "Upload-Metadata": "filename !!!!" },
      { "Upload-Length": "10", "Upload-Metadata": "" },
      { "Upload-Length": "10", "Upload-Metadata": `${metadata},${metadata}` },
      { "Upload-Length": "10", "Upload-Concat": "partial" },
      { "Upload-Length": "10", "Upload-Concat": "final;/api/uploads/a /api/uploads/b" },
      { "Upload-Length": "10", "Upload-Concat": "zzz" },
      { "Upload-Length": "10", "X-Forwarded-Proto": "gopher" },
    ];
    for (const headers of creations) {
      const response = await tusCreate({
        ...bearer(owner),
        "Upload-Metadata": metadata,
        ...headers,
      });
      expect(response.status, JSON.stringify(headers)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(headers)).toBeLessThan(500);
      await expectError(response, response.status, "invalidInput");
    }
    const { url } = await started({ name: "f.txt", contentType: "text/plain", size: 10 });
    const patches: Record<string, string>[] = [
      {},
      { "Upload-Offset": "x" },
      { "Upload-Offset": "1.5" },
      { "Upload-Offset": "5" },
      { "Upload-Offset": "0", "Upload-Length": "zz" },
      { "Upload-Offset": "0", "Content-Type": "text/plain" },
      { "Upload-Offset": "0", "Tus-Resumable": "0.2.2" },
      { "Upload-Offset": "0", "Upload-Metadata": "a b c" },
    ];
    for (const headers of patches) {
      const response = await fetch(url, {
        method: "PATCH",
        headers: {
          "Tus-Resumable": "1.0.0",
          "Content-Type": "application/offset+octet-stream",
          ...headers,
        },
        body: new Uint8Array(text(3)),
      });
      expect(response.status, JSON.stringify(headers)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(headers)).toBeLessThan(500);
      await expectError(response, response.status, "invalidInput");
    }
    expect(await offsetOf(url)).toBe(0);
  });

  it("answers the last PATCH of refused content with 415, and removes the file", async () => {
    const html = Buffer.from("<html><body><script>alert(1)</script></body></html>");
    const { fileId, url } = await started({
      name: "cat.jpg",
      contentType: "image/jpeg",
      size: html.length,
    });
    const response = await fetch(url, {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Uint8Array(html),
    });
    const body = await expectError(response, 415, "invalidInput");
    expect(body.message).toMatch(/HTML/);
    expect(await fileRow(fileId)).toBeUndefined();
  });

  it("refuses a PATCH past the declared size", async () => {
    const { url } = await started({ name: "c.txt", contentType: "text/plain", size: 10 });
    const response = await fetch(url, {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Uint8Array(text(20)),
    });
    await expectError(response, 413, "invalidInput");
  });
});

// Blobs in the bucket, and the uploads waiting on disk or (as in production with S3) in the
// bucket through @tus/s3-store.
describe.each([
  { where: "on disk", s3Uploads: false },
  { where: "in the bucket", s3Uploads: true },
])("with blobs on S3-compatible storage, uploads waiting $where", ({ s3Uploads }) => {
  let s3: LocalS3Server;
  let s3Api: TestApi;
  let s3Owner: Tokens;
  let s3Team: TestTeam;
  let s3Collection: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    s3Api = await startApi({ s3, s3Uploads });
    const owned = await ownedTeam(s3Api);
    s3Team = owned.team;
    s3Owner = owned.tokens;
    s3Collection = (await insertCollection(s3Api, s3Team)).collectionId;
  });
  afterAll(async () => {
    await s3Api?.close();
    await s3?.stop();
  });

  it("stores a PUT and a resumed tus upload in the bucket", async () => {
    const jpeg = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 9, g: 99, b: 199 } },
    })
      .jpeg()
      .withExif({ IFD2: { DateTimeOriginal: CAPTURED } })
      .toBuffer();
    const startOn = async (body: { name: string; contentType: string; size: number }) => {
      const response = await s3Api.request(
        `/api/teams/${s3Team.teamId}/collections/${s3Collection}/files`,
        { method: "POST", headers: bearer(s3Owner), json: body },
      );
      expect(response.status).toBe(201);
      const json = (await response.json()) as { fileId: string; uploadUrl: string };
      return { fileId: json.fileId, url: json.uploadUrl.replace(PUBLIC_URL, s3Api.url) };
    };
    const photo = await startOn({ name: "p.jpg", contentType: "image/jpeg", size: jpeg.length });
    expect((await put(photo.url, jpeg)).status).toBe(200);

    const size = 6 * 1024 * 1024 + 7;
    const bytes = text(size);
    const notes = await startOn({ name: "n.txt", contentType: "text/plain", size });
    let aborted!: () => void;
    const stopped = new Promise<void>((resolve) => {
      aborted = resolve;
    });
    const first: tus.Upload = new tus.Upload(bytes, {
      uploadUrl: notes.url,
      chunkSize: 5 * 1024 * 1024,
      retryDelays: [],
      onChunkComplete: () => void first.abort().then(aborted),
    });
    first.start();
    await stopped;
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(bytes, {
        uploadUrl: notes.url,
        retryDelays: [],
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });

    await s3Api.jobs.idle();
    const rows = await s3Api.db
      .selectFrom("files")
      .selectAll()
      .where("file_id", "in", [photo.fileId, notes.fileId])
      .execute();
    const byId = new Map(rows.map((row) => [row.file_id, row]));
    const photoRow = byId.get(photo.fileId);
    expect(photoRow).toMatchObject({ status: "ready", content_type: "image/jpeg" });
    expect(Number(photoRow?.ref_date)).toBe(CAPTURED_MS);
    expect(photoRow?.thumbnail_key).toBeTruthy();
    const notesRow = byId.get(notes.fileId);
    expect(notesRow).toMatchObject({ status: "ready" });
    expect(Number(notesRow?.crc32)).toBe(crc32(bytes));
    const stored = await s3Api.blobs.get(notesRow?.blob_key ?? "");
    expect(stored && (await readAll(stored.body)).equals(bytes)).toBe(true);
  });
});
