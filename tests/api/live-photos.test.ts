import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_PHOTO_WINDOW_MS } from "#api/files/live-photos.ts";
import { heicFrom, tempFolder, tool } from "#tests/support/media-files.ts";
import { pythonZipCheck } from "#tests/support/zip-tools.ts";
import { bearer, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL, startApi, type TestApi } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { addMember, ownedTeam, type TestTeam, tokensFor } from "./support/teams.ts";

// Live Photos (ADR 063): an iPhone's photo and the short QuickTime film of the moments around it,
// exported as IMG_0001.HEIC and IMG_0001.MOV and sent in one upload, over real HTTP, made by
// heif-enc and ffmpeg, processed by the real job. Lists show one item, the photo, whose `motion`
// names the film; the film stays a file that reads, downloads and zips as sent.

let api: TestApi;
let team: TestTeam;
let owner: Tokens;
let dir: string;
let heic: Buffer;
let film: Buffer;

beforeAll(async () => {
  api = await startApi();
  const owned = await ownedTeam(api);
  team = owned.team;
  owner = owned.tokens;
  dir = await tempFolder("live-photos");
  const jpeg = path.join(dir, "still.jpg");
  await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a7" } })
    .jpeg()
    .toFile(jpeg);
  heic = await heicFrom([jpeg], path.join(dir, "still.heic"));
  film = await movie("motion.mov", 2.5);
});
afterAll(async () => {
  await api.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** A QuickTime film of `seconds`, H.264 as an iPhone's Live Photo holds it. */
async function movie(name: string, seconds: number) {
  const file = path.join(dir, name);
  await tool("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=480x360:rate=15:duration=${seconds}`,
    "-c:v",
    "libx264",
    "-pix_fmt",
    "yuv420p",
    file,
  ]);
  return fs.readFile(file);
}

interface ApiFile {
  fileId: string;
  name: string;
  contentType: string;
  previewStatus: string;
  motion: { fileId: string; durationMs: number } | null;
  motionOf: string | null;
}

const filesPath = (collectionId: string) =>
  `/api/teams/${team.teamId}/collections/${collectionId}/files`;

/** Starts an upload (POST) and sends its bytes (PUT), as the upload dialog does for each file. */
async function send(collectionId: string, name: string, bytes: Buffer, tokens = owner) {
  const created = await api.request(filesPath(collectionId), {
    method: "POST",
    headers: bearer(tokens),
    json: { name, contentType: "", size: bytes.length },
  });
  expect(created.status).toBe(201);
  const { fileId, uploadUrl } = (await created.json()) as { fileId: string; uploadUrl: string };
  const sent = await fetch(uploadUrl.replace(PUBLIC_URL, api.url), {
    method: "PUT",
    headers: { "Content-Type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  expect(sent.status).toBe(200);
  return fileId;
}

async function list(collectionId: string, tokens = owner) {
  const response = await api.request(filesPath(collectionId), { headers: bearer(tokens) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { files: ApiFile[] }).files;
}

async function read(collectionId: string, fileId: string, tokens = owner) {
  const response = await api.request(`${filesPath(collectionId)}/${fileId}`, {
    headers: bearer(tokens),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ApiFile;
}

async function filesCount(collectionId: string) {
  const response = await api.request(`/api/teams/${team.teamId}/collections/${collectionId}`, {
    headers: bearer(owner),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { filesCount: number }).filesCount;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("a Live Photo sent in one upload", () => {
  it("lists as the photo, which names its film; the film reads, plays and downloads as sent", async () => {
    const { collectionId } = await insertCollection(api, team);
    // Both sent before either is processed, as the dialog sends a selection.
    const stillId = await send(collectionId, "IMG_0001.HEIC", heic);
    const filmId = await send(collectionId, "IMG_0001.MOV", film);
    await api.jobs.idle();

    const items = await list(collectionId);
    expect(items.map((item) => item.fileId)).toEqual([stillId]);
    const [still] = items;
    expect(still).toMatchObject({
      name: "IMG_0001.HEIC",
      contentType: "image/heic",
      previewStatus: "ready",
      motion: { fileId: filmId },
      motionOf: null,
    });
    expect(Math.abs((still?.motion?.durationMs ?? 0) - 2500)).toBeLessThan(150);
    expect(await filesCount(collectionId)).toBe(1);

    const motion = await read(collectionId, filmId);
    expect(motion).toMatchObject({
      contentType: "video/quicktime",
      previewStatus: "ready",
      motion: null,
      motionOf: stillId,
    });
    // Played inline from its own link, which seeks by Range.
    const link = await api.request(
      `${filesPath(collectionId)}/${filmId}/content?variant=original&disposition=inline`,
      { headers: bearer(owner) },
    );
    expect(link.status).toBe(200);
    const { signedUrl } = (await link.json()) as { signedUrl: string };
    const part = await fetch(new URL(signedUrl, api.url), { headers: { Range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-disposition")).toMatch(/^inline/);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(film.subarray(0, 100));
  });

  it("pairs whichever half is ready second: the film sent and processed first", async () => {
    const { collectionId } = await insertCollection(api, team);
    const filmId = await send(collectionId, "img_0002.mov", film);
    await api.jobs.idle();
    expect((await list(collectionId)).map((item) => item.fileId)).toEqual([filmId]);
    const stillId = await send(collectionId, "IMG_0002.heic", heic);
    await api.jobs.idle();
    const items = await list(collectionId);
    expect(items.map((item) => [item.fileId, item.motion?.fileId])).toEqual([[stillId, filmId]]);
  });

  it("the collection's zip holds the photo and the film, byte for byte", async () => {
    const { collectionId } = await insertCollection(api, team, { name: "Live" });
    await send(collectionId, "IMG_0003.HEIC", heic);
    await send(collectionId, "IMG_0003.MOV", film);
    await api.jobs.idle();
    const asked = await api.request(`/api/teams/${team.teamId}/downloads`, {
      method: "POST",
      headers: bearer(owner),
      json: { collectionId },
    });
    expect(asked.status).toBe(201);
    const { requestId } = (await asked.json()) as { requestId: string };
    const linked = await api.request(`/api/teams/${team.teamId}/downloads/${requestId}/download`, {
      headers: bearer(owner),
    });
    expect(linked.status).toBe(200);
    const archive = Buffer.from(
      await (
        await fetch(`${api.url}${((await linked.json()) as { url: string }).url}`)
      ).arrayBuffer(),
    );
    const file = path.join(dir, "live.zip");
    await fs.writeFile(file, archive);
    const { entries } = await pythonZipCheck(file);
    expect(entries.map((entry) => [entry.name, entry.sha256]).sort()).toEqual(
      [
        ["IMG_0003.HEIC", sha256(heic)],
        ["IMG_0003.MOV", sha256(film)],
      ].sort(),
    );
  });

  it("deleting the photo moves its film to the trash with it, and restoring brings both back (ADR 092)", async () => {
    const { collectionId } = await insertCollection(api, team);
    const stillId = await send(collectionId, "IMG_0004.HEIC", heic);
    const filmId = await send(collectionId, "IMG_0004.MOV", film);
    await api.jobs.idle();
    const removed = await api.request(`${filesPath(collectionId)}/${stillId}`, {
      method: "DELETE",
      headers: bearer(owner),
    });
    expect(removed.status).toBe(204);
    expect(await list(collectionId)).toEqual([]);
    const gone = await api.request(`${filesPath(collectionId)}/${filmId}`, {
      headers: bearer(owner),
    });
    expect(gone.status).toBe(404);
    const trashed = await api.db
      .selectFrom("files")
      .select(["file_id", "deleted_at"])
      .where("file_id", "in", [stillId, filmId])
      .execute();
    expect(trashed.map((row) => row.deleted_at === null)).toEqual([false, false]);
    const restored = await api.request(`/api/teams/${team.teamId}/trash/files/${stillId}/restore`, {
      method: "POST",
      headers: bearer(owner),
    });
    expect(restored.status).toBe(200);
    expect(
      (await api.request(`${filesPath(collectionId)}/${filmId}`, { headers: bearer(owner) }))
        .status,
    ).toBe(200);
  });
});

describe("what is not a Live Photo", () => {
  it("a film longer than a Live Photo's, another member's photo of the name, and one in another collection stay apart", async () => {
    const { collectionId } = await insertCollection(api, team, { mode: "collaborative" });
    const elsewhere = (await insertCollection(api, team)).collectionId;
    const long = await movie("long.mov", 8);
    const member = await addMember(api, team, { role: "uploader" });
    const memberTokens = await tokensFor(api, member, team.teamId);

    const longFilm = await send(collectionId, "IMG_0010.MOV", long);
    const longStill = await send(collectionId, "IMG_0010.HEIC", heic);
    const theirs = await send(collectionId, "IMG_0011.HEIC", heic, memberTokens);
    const mine = await send(collectionId, "IMG_0011.MOV", film);
    const apart = await send(elsewhere, "IMG_0012.HEIC", heic);
    const apartFilm = await send(collectionId, "IMG_0012.MOV", film);
    await api.jobs.idle();

    const listed = (await list(collectionId)).map((item) => [item.fileId, item.motion]);
    expect(listed).toHaveLength(5);
    expect(new Map(listed as [string, unknown][])).toEqual(
      new Map([
        [longFilm, null],
        [longStill, null],
        [theirs, null],
        [mine, null],
        [apartFilm, null],
      ]),
    );
    expect((await list(elsewhere)).map((item) => [item.fileId, item.motion])).toEqual([
      [apart, null],
    ]);
  });

  it("a photo and a film of one name sent further apart than one upload", async () => {
    const { collectionId } = await insertCollection(api, team);
    const stillId = await send(collectionId, "IMG_0020.HEIC", heic);
    await api.jobs.idle();
    // Sent a day before, say: moved back rather than the clock forward, which would end sessions.
    await api.db
      .updateTable("files")
      .set({ created_at: api.clock.now() - LIVE_PHOTO_WINDOW_MS - 60_000 })
      .where("file_id", "=", stillId)
      .execute();
    await send(collectionId, "IMG_0020.MOV", film);
    await api.jobs.idle();
    const items = await list(collectionId);
    expect(items).toHaveLength(2);
    expect(items.find((item) => item.fileId === stillId)?.motion).toBeNull();
  });
});
