import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOWNLOAD_TTL_MS, DOWNLOADS_KEPT_MAX } from "#api/downloads/downloads.ts";
import { fileBlobKey } from "#api/files/files.ts";
import { crc32OfZeros, pythonZipCheck, unzipTest } from "#tests/support/zip-tools.ts";
import { bearer, expectError, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL, startApi, type TestApi } from "./support/api-server.ts";
import { insertCollection, type StoredCollection } from "./support/collections.ts";
import { insertFile, type StoredFile } from "./support/files.ts";
import { type LocalS3Server, startS3Server } from "./support/s3-server.ts";
import {
  addMember,
  createTeamFor,
  memberPath,
  ownedTeam,
  storedAccount,
  type TestTeam,
  type TestUser,
  tokensFor,
} from "./support/teams.ts";

// Collection downloads over real HTTP (docs/product.md#downloads, ADR 025): asking for a zip, its
// parts and links, the archive as Python's zipfile and Info-ZIP's unzip read it, Range resumption,
// who may download what, traffic counted toward the owner's plan, and ZIP64 past 4 GiB and 65,535
// entries.

const TRAFFIC_LIMIT = -1;

let api: TestApi;
let team: TestTeam;
let owner: Tokens;
let ownerUser: Awaited<ReturnType<typeof ownedTeam>>["owner"];
let collection: StoredCollection;
let files: StoredFile[];
const folder = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "raccolta-downloads-"));

beforeAll(async () => {
  api = await startApi({ planLimits: { limitTrafficBytes: TRAFFIC_LIMIT } });
  const owned = await ownedTeam(api);
  team = owned.team;
  owner = owned.tokens;
  ownerUser = owned.owner;
  collection = await insertCollection(api, team, { name: "Summer 2024" });
  const day = (d: number) => Date.UTC(2024, 6, d, 10, 0, 0);
  files = [
    await insertFile(api, team, collection, {
      name: "beach.jpg",
      refDate: day(3),
      withBlobs: true,
    }),
    await insertFile(api, team, collection, {
      name: "Beach.JPG",
      refDate: day(2),
      withBlobs: true,
    }),
    await insertFile(api, team, collection, {
      name: "notes.txt",
      contentType: "text/plain",
      refDate: day(1),
      withBlobs: true,
      content: Buffer.from("Sand, sun and a very long walk.\n"),
    }),
  ];
  // Not in any archive: still processing, failed, and still uploading.
  for (const status of ["processing", "failed", "uploading"] as const) {
    await insertFile(api, team, collection, { name: `${status}.jpg`, status, withBlobs: true });
  }
});
afterAll(async () => {
  await api.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const downloadsPath = (teamId = team.teamId) => `/api/teams/${teamId}/downloads`;
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function askFor(
  tokens: Tokens,
  body: Record<string, unknown> = { collectionId: collection.collectionId },
  on = api,
  teamId = team.teamId,
) {
  return on.request(downloadsPath(teamId), { method: "POST", headers: bearer(tokens), json: body });
}

async function requested(tokens = owner, body?: Record<string, unknown>, on = api) {
  const response = await askFor(tokens, body, on, on === api ? team.teamId : undefined);
  expect(response.status).toBe(201);
  return ((await response.json()) as { requestId: string }).requestId;
}

/** The signed link of a download's part (the first by default), as an address on `on`. */
async function archiveUrl(requestId: string, tokens = owner, part?: number, on = api) {
  const suffix = part === undefined ? "download" : `parts/${part}`;
  const response = await on.request(`${downloadsPath()}/${requestId}/${suffix}`, {
    headers: bearer(tokens),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(/^\/api\/archives\//);
  return `${on.url}${url}`;
}

async function save(url: string, name: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const file = path.join(folder, name);
  fs.writeFileSync(file, bytes);
  return { file, bytes, response };
}

async function trafficUsed(tokens = owner, on = api) {
  const response = await on.request("/api/users/@me/usage", { headers: bearer(tokens) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { traffic: { usedBytes: number } }).traffic.usedBytes;
}

describe("a collection's zip", () => {
  it("holds every ready file the caller may read, under clean unique names, read whole by Python and unzip", async () => {
    const requestId = await requested(owner, {
      collectionId: collection.collectionId,
      filesPrefix: "Summer 2024",
    });
    const status = await api.request(`${downloadsPath()}/${requestId}`, { headers: bearer(owner) });
    expect(status.status).toBe(200);
    const download = (await status.json()) as Record<string, unknown>;
    expect(download).toMatchObject({
      requestId,
      collectionId: collection.collectionId,
      status: "ready",
      totalParts: 1,
      parts: [{ partId: 1, fileCount: 3, size: expect.any(Number) }],
    });

    const { file, response } = await save(await archiveUrl(requestId), "summer.zip");
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toContain('filename="Summer 2024.zip"');
    expect(Number(response.headers.get("content-length"))).toBe(
      (download.parts as { size: number }[])[0]?.size,
    );
    expect(await unzipTest(file)).toMatch(/No errors detected/);
    const { entries } = await pythonZipCheck(file);
    // Newest first, as the files screen lists them; the second "beach" told apart.
    expect(entries.map((entry) => [entry.name, entry.sha256, entry.date])).toEqual([
      ["Summer 2024/beach.jpg", sha256(files[0]?.content as Buffer), [2024, 7, 3, 10, 0, 0]],
      ["Summer 2024/Beach (2).JPG", sha256(files[1]?.content as Buffer), [2024, 7, 2, 10, 0, 0]],
      ["Summer 2024/notes.txt", sha256(files[2]?.content as Buffer), [2024, 7, 1, 10, 0, 0]],
    ]);
  });

  it("is the same bytes on every read, and a range resumes where a broken download stopped", async () => {
    const requestId = await requested();
    const url = await archiveUrl(requestId);
    const whole = (await save(url, "first.zip")).bytes;
    const again = await fetch(url);
    const etag = again.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    expect(again.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await again.arrayBuffer()).equals(whole)).toBe(true);

    // Stop partway into the second file's bytes, then ask for the rest, as curl -C - does.
    const cut = Math.floor(whole.length * 0.6);
    const rest = await fetch(url, { headers: { Range: `bytes=${cut}-`, "If-Range": etag ?? "" } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get("content-range")).toBe(
      `bytes ${cut}-${whole.length - 1}/${whole.length}`,
    );
    const resumed = Buffer.concat([whole.subarray(0, cut), Buffer.from(await rest.arrayBuffer())]);
    expect(resumed.equals(whole)).toBe(true);

    // A range for an archive that is no longer the one asked about is answered whole.
    const stale = await fetch(url, { headers: { Range: "bytes=10-", "If-Range": '"other"' } });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer()).equals(whole)).toBe(true);
    const head = await fetch(url, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe(String(whole.length));
    const past = await fetch(url, { headers: { Range: `bytes=${whole.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${whole.length}`);
  });

  it("comes in standalone parts when it is larger than a part may be", async () => {
    const small = await startApi({ downloadPartMaxBytes: 10 * 1024 });
    try {
      const owned = await ownedTeam(small);
      const trip = await insertCollection(small, owned.team, { name: "Trip" });
      const stored = [];
      for (let i = 0; i < 5; i++) {
        stored.push(
          await insertFile(small, owned.team, trip, {
            name: `photo-${i}.jpg`,
            refDate: 1_700_000_000_000 - i * 1000,
            withBlobs: true,
            content: randomBytes(4000),
          }),
        );
      }
      const ask = await small.request(`/api/teams/${owned.team.teamId}/downloads`, {
        method: "POST",
        headers: bearer(owned.tokens),
        json: { collectionId: trip.collectionId },
      });
      const { requestId } = (await ask.json()) as { requestId: string };
      const info = (await (
        await small.request(`/api/teams/${owned.team.teamId}/downloads/${requestId}`, {
          headers: bearer(owned.tokens),
        })
      ).json()) as { totalParts: number; parts: { partId: number; size: number }[] };
      expect(info.totalParts).toBe(3);
      const names: string[] = [];
      for (const part of info.parts) {
        expect(part.size).toBeLessThanOrEqual(10 * 1024);
        const link = await small.request(
          `/api/teams/${owned.team.teamId}/downloads/${requestId}/parts/${part.partId}`,
          { headers: bearer(owned.tokens) },
        );
        const { url } = (await link.json()) as { url: string };
        const response = await fetch(`${small.url}${url}`);
        expect(response.headers.get("content-disposition")).toContain(
          `filename="Trip (${part.partId} of 3).zip"`,
        );
        const file = path.join(folder, `trip-${part.partId}.zip`);
        fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
        expect(await unzipTest(file)).toMatch(/No errors detected/);
        const { entries } = await pythonZipCheck(file);
        for (const entry of entries) {
          const source = stored.find((f) => f.name === entry.name);
          expect(entry.sha256).toBe(sha256(source?.content as Buffer));
          names.push(entry.name);
        }
      }
      expect(names).toEqual(stored.map((f) => f.name));
    } finally {
      await small.close();
    }
  });

  it("holds a file uploaded through the API, byte for byte, once processing made it ready", async () => {
    const uploads = await insertCollection(api, team, { name: "Uploads" });
    const bytes = Buffer.from(`${"plain text, uploaded for real. ".repeat(200)}\n`);
    const started = await api.request(
      `/api/teams/${team.teamId}/collections/${uploads.collectionId}/files`,
      {
        method: "POST",
        headers: bearer(owner),
        json: { name: "report.txt", contentType: "text/plain", size: bytes.length },
      },
    );
    const { uploadUrl } = (await started.json()) as { uploadUrl: string };
    const put = await fetch(uploadUrl.replace(PUBLIC_URL, api.url), {
      method: "PUT",
      headers: { "Content-Type": "application/octet-stream" },
      body: new Uint8Array(bytes),
    });
    expect(put.ok).toBe(true);
    await api.jobs.idle();
    const requestId = await requested(owner, { collectionId: uploads.collectionId });
    const { file } = await save(await archiveUrl(requestId), "uploaded.zip");
    const { entries } = await pythonZipCheck(file);
    expect(entries).toEqual([
      expect.objectContaining({ name: "report.txt", sha256: sha256(bytes), size: bytes.length }),
    ]);
  });
});

describe("a zip of chosen files", () => {
  const chosenBody = (fileIds: unknown) => ({
    collectionId: collection.collectionId,
    filesPrefix: "Chosen",
    fileIds,
  });

  it("holds exactly the chosen files, newest first, for every role that downloads", async () => {
    const chosen = [files[2]?.fileId, files[0]?.fileId, files[2]?.fileId];
    const members = [owner];
    for (const role of ["admin", "upviewer", "viewer"] as const) {
      members.push(await tokensFor(api, await addMember(api, team, { role })));
    }
    for (const [index, tokens] of members.entries()) {
      const requestId = await requested(tokens, chosenBody(chosen));
      const status = await api.request(`${downloadsPath()}/${requestId}`, {
        headers: bearer(tokens),
      });
      expect(await status.json()).toMatchObject({ parts: [{ partId: 1, fileCount: 2 }] });
      const { file } = await save(await archiveUrl(requestId, tokens), `chosen-${index}.zip`);
      const { entries } = await pythonZipCheck(file);
      expect(entries.map((entry) => [entry.name, entry.sha256])).toEqual([
        ["Chosen/beach.jpg", sha256(files[0]?.content as Buffer)],
        ["Chosen/notes.txt", sha256(files[2]?.content as Buffer)],
      ]);
    }
  });

  it("refuses an uploader, as for a whole collection", async () => {
    const uploader = await tokensFor(api, await addMember(api, team, { role: "uploader" }));
    await expectError(await askFor(uploader, chosenBody([files[0]?.fileId])), 403, "forbidden");
  });

  it("refuses a file of another collection or team, a missing one and one not ready, as notFound", async () => {
    const elsewhere = await insertCollection(api, team, { name: "Elsewhere" });
    const there = await insertFile(api, team, elsewhere, { name: "there.jpg", withBlobs: true });
    const other = await ownedTeam(api);
    const theirs = await insertFile(api, other.team, await insertCollection(api, other.team), {
      name: "theirs.jpg",
      withBlobs: true,
    });
    const processing = await insertFile(api, team, collection, {
      name: "later.jpg",
      status: "processing",
      withBlobs: true,
    });
    for (const stranger of [there.fileId, theirs.fileId, "nope", processing.fileId]) {
      await expectError(
        await askFor(owner, chosenBody([files[0]?.fileId, stranger])),
        404,
        "notFound",
      );
    }
  });

  it("answers invalidInput for an empty choice, too many files or ids that are not strings", async () => {
    const tooMany = Array.from({ length: 1001 }, (_, index) => `file-${index}`);
    for (const fileIds of [[], tooMany, [1, 2], "abc", [""]]) {
      await expectError(await askFor(owner, chosenBody(fileIds)), 400, "invalidInput");
    }
  });
});

describe("who may download", () => {
  it("lets owner, admin, upviewer and viewer ask; an uploader is forbidden", async () => {
    for (const role of ["admin", "upviewer", "viewer"] as const) {
      const member = await addMember(api, team, { role });
      const response = await askFor(await tokensFor(api, member));
      expect(response.status, role).toBe(201);
    }
    const uploader = await addMember(api, team, { role: "uploader" });
    await expectError(await askFor(await tokensFor(api, uploader)), 403, "forbidden");
  });

  it("answers invalidDownload for another member's download, another team's, a missing id and an expired one", async () => {
    const requestId = await requested();
    const viewerUser = await addMember(api, team, { role: "viewer" });
    const viewer = await tokensFor(api, viewerUser);
    const other = await ownedTeam(api);
    const theirs = await requested(owner);
    for (const [tokens, teamId, id] of [
      [viewer, team.teamId, requestId],
      [other.tokens, other.team.teamId, requestId],
      [owner, team.teamId, randomUUID()],
    ] as const) {
      const response = await api.request(`/api/teams/${teamId}/downloads/${id}`, {
        headers: bearer(tokens),
      });
      await expectError(response, 404, "invalidDownload");
    }
    const url = await archiveUrl(theirs);
    api.clock.advance(DOWNLOAD_TTL_MS + 1000);
    try {
      // Signed in again: the access token from a day before has expired too.
      const later = await tokensFor(api, ownerUser);
      await expectError(
        await api.request(`${downloadsPath()}/${theirs}`, { headers: bearer(later) }),
        404,
        "invalidDownload",
      );
      // Its link is past its time too.
      await expectError(await fetch(url), 410, "expiredToken");
    } finally {
      api.clock.advance(-(DOWNLOAD_TTL_MS + 1000));
    }
  });

  it("refuses a collection the caller cannot see, of this team or another, as notFound", async () => {
    const other = await ownedTeam(api);
    const theirs = await insertCollection(api, other.team);
    await expectError(await askFor(owner, { collectionId: theirs.collectionId }), 404, "notFound");
    await expectError(await askFor(owner, { collectionId: "nope" }), 404, "notFound");
    await expectError(
      await askFor(owner, { collectionId: collection.collectionId, x: 1 }),
      400,
      "invalidInput",
    );
  });

  it("refuses a link that was changed", async () => {
    const url = new URL(await archiveUrl(await requested()));
    url.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 1000));
    await expectError(await fetch(url), 403, "forbidden");
    const otherPart = url.href.replace(/\/1\?/, "/2?");
    await expectError(await fetch(otherPart), 403, "forbidden");
  });
});

describe("links of a member who may no longer read", () => {
  const contentPath = (fileId: string) =>
    `/api/teams/${team.teamId}/collections/${collection.collectionId}/files/${fileId}/content`;
  /** A zip link and file links, as a member gets them. */
  async function linksOf(tokens: Tokens) {
    const zip = await archiveUrl(await requested(tokens), tokens);
    const file = async (variant: string) => {
      const response = await api.request(
        `${contentPath((files[0] as StoredFile).fileId)}?variant=${variant}`,
        { headers: bearer(tokens) },
      );
      expect(response.status).toBe(200);
      return `${api.url}${((await response.json()) as { signedUrl: string }).signedUrl}`;
    };
    return { zip, original: await file("original"), preview: await file("preview") };
  }
  const status = async (url: string) => {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status;
  };
  const changeMember = (memberId: string, init: RequestInit & { json?: unknown }) =>
    api.request(memberPath(team, memberId), {
      ...init,
      headers: {
        ...bearer(owner),
        ...(init.body ? { "Content-Type": "application/json-patch+json" } : {}),
      },
    });

  it("stop working once the member is removed, disabled or banned; another member's still work", async () => {
    const removed = await addMember(api, team, { role: "viewer" });
    const disabled = await addMember(api, team, { role: "viewer" });
    const banned = await addMember(api, team, { role: "viewer" });
    const staying = await addMember(api, team, { role: "viewer" });
    const removedLinks = await linksOf(await tokensFor(api, removed));
    const disabledLinks = await linksOf(await tokensFor(api, disabled));
    const bannedLinks = await linksOf(await tokensFor(api, banned));
    const stayingLinks = await linksOf(await tokensFor(api, staying));
    for (const url of Object.values(removedLinks)) expect(await status(url)).toBe(200);

    expect((await changeMember(removed.memberId, { method: "DELETE" })).status).toBe(204);
    const patch = [{ op: "replace", path: "/status", value: "disabled" }];
    const disabling = await changeMember(disabled.memberId, {
      method: "PATCH",
      body: JSON.stringify(patch),
    });
    expect(disabling.status).toBe(200);
    // A ban (ADR 095) reuses the same check (ADR 085).
    const banning = await changeMember(banned.memberId, {
      method: "PATCH",
      body: JSON.stringify([{ op: "replace", path: "/status", value: "banned" }]),
    });
    expect(banning.status).toBe(200);

    for (const links of [removedLinks, disabledLinks, bannedLinks]) {
      await expectError(await fetch(links.zip), 404, "invalidDownload");
      await expectError(await fetch(links.original), 404, "notFound");
      await expectError(await fetch(links.preview), 404, "notFound");
    }
    for (const url of Object.values(stayingLinks)) expect(await status(url)).toBe(200);
  });

  it("stop working once the member's role no longer downloads", async () => {
    const member = await addMember(api, team, { role: "viewer" });
    const links = await linksOf(await tokensFor(api, member));
    const patch = [{ op: "replace", path: "/role", value: "uploader" }];
    const demoting = await changeMember(member.memberId, {
      method: "PATCH",
      body: JSON.stringify(patch),
    });
    expect(demoting.status).toBe(200);
    await expectError(await fetch(links.zip), 403, "forbidden");
    // An uploader sees only their own files: the owner's is no longer there for them.
    await expectError(await fetch(links.original), 404, "notFound");
    await expectError(await fetch(links.preview), 404, "notFound");
  });

  it("refuse a link whose member was changed to another", async () => {
    const member = await addMember(api, team, { role: "viewer" });
    const url = new URL((await linksOf(await tokensFor(api, member))).original);
    url.searchParams.set("member", team.ownerId);
    await expectError(await fetch(url), 403, "forbidden");
    url.searchParams.delete("member");
    await expectError(await fetch(url), 403, "forbidden");
  });
});

describe("traffic", () => {
  it("counts the bytes sent, once each when a download resumes, and single files' originals", async () => {
    const { tokens, team: own } = await ownedTeam(api);
    const trip = await insertCollection(api, own);
    const photo = await insertFile(api, own, trip, {
      withBlobs: true,
      content: randomBytes(50_000),
    });
    const before = await trafficUsed(tokens);
    expect(before).toBe(0);
    const ask = await api.request(`/api/teams/${own.teamId}/downloads`, {
      method: "POST",
      headers: bearer(tokens),
      json: { collectionId: trip.collectionId },
    });
    const { requestId } = (await ask.json()) as { requestId: string };
    const link = await api.request(`/api/teams/${own.teamId}/downloads/${requestId}/download`, {
      headers: bearer(tokens),
    });
    const url = `${api.url}${((await link.json()) as { url: string }).url}`;
    const first = await fetch(url, { headers: { Range: "bytes=0-9999" } });
    expect((await first.arrayBuffer()).byteLength).toBe(10_000);
    const rest = await fetch(url, { headers: { Range: "bytes=10000-" } });
    const size = 10_000 + (await rest.arrayBuffer()).byteLength;
    await expect.poll(() => trafficUsed(tokens)).toBe(size);

    // A file's original counts; its thumbnail does not.
    const contentPath = `/api/teams/${own.teamId}/collections/${trip.collectionId}/files/${photo.fileId}/content`;
    for (const variant of ["original", "thumbnail"]) {
      const signed = await api.request(`${contentPath}?variant=${variant}`, {
        headers: bearer(tokens),
      });
      const { signedUrl } = (await signed.json()) as { signedUrl: string };
      await (await fetch(`${api.url}${signedUrl}`)).arrayBuffer();
    }
    await expect.poll(() => trafficUsed(tokens)).toBe(size + 50_000);
  });

  it("refuses a download that would pass the plan's traffic, with quotaExceededTraffic", async () => {
    const tight = await startApi({ planLimits: { limitTrafficBytes: 30_000 } });
    try {
      const { tokens, team: own } = await ownedTeam(tight);
      const trip = await insertCollection(tight, own);
      await insertFile(tight, own, trip, { withBlobs: true, content: randomBytes(20_000) });
      const ask = await tight.request(`/api/teams/${own.teamId}/downloads`, {
        method: "POST",
        headers: bearer(tokens),
        json: { collectionId: trip.collectionId },
      });
      const { requestId } = (await ask.json()) as { requestId: string };
      const linkPath = `/api/teams/${own.teamId}/downloads/${requestId}/download`;
      const { url } = (await (
        await tight.request(linkPath, { headers: bearer(tokens) })
      ).json()) as {
        url: string;
      };
      expect((await fetch(`${tight.url}${url}`)).status).toBe(200);
      await expect.poll(() => trafficUsed(tokens, tight)).toBeGreaterThan(20_000);
      // A second time would pass 30,000 bytes: refused, at the link and at the archive.
      await expectError(
        await tight.request(linkPath, { headers: bearer(tokens) }),
        403,
        "quotaExceededTraffic",
      );
      await expectError(await fetch(`${tight.url}${url}`), 403, "quotaExceededTraffic");
      const usage = await tight.request("/api/users/@me/usage", { headers: bearer(tokens) });
      expect(await usage.json()).toEqual({
        storage: { usedBytes: 20_000, limitBytes: expect.any(Number) },
        traffic: {
          usedBytes: expect.any(Number),
          limitBytes: 30_000,
          limitType: "per_month",
          startPeriod: expect.any(Number),
          endPeriod: expect.any(Number),
        },
      });
    } finally {
      await tight.close();
    }
  });
});

describe("ZIP64 through the API", () => {
  // Parts as large as the file system allows: one archive goes past 4 GiB.
  let wide: TestApi;
  beforeAll(async () => {
    wide = await startApi({ downloadPartMaxBytes: 8 * 1024 ** 3 });
  });
  afterAll(() => wide?.close());

  it("holds more than 65,535 files", async () => {
    const api = wide;
    // The rows go in before any request: SQLite's inserts hold the event loop for seconds, and
    // a kept-alive connection could close under a request sent right after.
    const ownerOfMany = await storedAccount(api);
    const own = await createTeamFor(api, ownerOfMany);
    const many = await insertCollection(api, own, { name: "Many" });
    // One small blob behind every row: generated content, not 65,536 files on disk.
    const content = Buffer.from("x");
    const blobKey = fileBlobKey(own.teamId, "shared", "original");
    await api.blobs.put(blobKey, Readable.from([content]), { contentType: "text/plain" });
    const count = 65_536;
    const at = api.clock.now();
    const rows = Array.from({ length: count }, (_, i) => ({
      file_id: randomUUID(),
      team_id: own.teamId,
      collection_id: many.collectionId,
      name: `note-${i}.txt`,
      name_key: `note-${i}.txt`,
      original_name: `note-${i}.txt`,
      content_type: "text/plain",
      size: 1,
      crc32: zlib.crc32(content),
      status: "ready" as const,
      error_code: null,
      blob_key: blobKey,
      thumbnail_key: null,
      preview_key: null,
      upload_id: null,
      uploaded_by: own.ownerId,
      created_at: at,
      updated_at: at,
      updated_by: own.ownerId,
      ref_date: at - i,
    }));
    await api.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto("files")
          .values(rows.slice(i, i + 1000))
          .execute();
      }
    });
    const tokens = await tokensFor(api, ownerOfMany);
    const ask = await api.request(`/api/teams/${own.teamId}/downloads`, {
      method: "POST",
      headers: bearer(tokens),
      json: { collectionId: many.collectionId },
    });
    const { requestId } = (await ask.json()) as { requestId: string };
    const link = await api.request(`/api/teams/${own.teamId}/downloads/${requestId}/download`, {
      headers: bearer(tokens),
    });
    const { file } = await save(
      `${api.url}${((await link.json()) as { url: string }).url}`,
      "many.zip",
    );
    expect(await unzipTest(file)).toMatch(/No errors detected/);
    const { entries } = await pythonZipCheck(file, { sample: true });
    expect(entries).toHaveLength(count);
    expect(entries.at(-1)).toMatchObject({ name: "note-65535.txt", sha256: sha256(content) });
  }, 120_000);

  it("holds a file past 4 GiB and one stored after it, read over HTTP with Range", async () => {
    const api = wide;
    // The CRC-32 of 4 GiB of zeros first: it holds the event loop, as the inserts above do.
    const size = 4 * 1024 ** 3 + 10;
    const crc = await crc32OfZeros(size);
    const { tokens, team: own } = await ownedTeam(api);
    const big = await insertCollection(api, own, { name: "Big" });
    const after = await insertFile(api, own, big, {
      name: "after.txt",
      refDate: 1_000,
      withBlobs: true,
      content: Buffer.from("stored after 4 GiB\n"),
    });
    // A 4 GiB + 10 byte original as a sparse file: the disk store's blob, grown with zeros the
    // file system does not store.
    const huge = await insertFile(api, own, big, {
      name: "zeros.bin",
      refDate: 2_000,
      withBlobs: true,
      content: Buffer.alloc(1),
    });
    growSparse(api, fileBlobKey(own.teamId, huge.fileId, "original"), size);
    await api.db
      .updateTable("files")
      .set({ size, crc32: crc })
      .where("file_id", "=", huge.fileId)
      .execute();
    const ask = await api.request(`/api/teams/${own.teamId}/downloads`, {
      method: "POST",
      headers: bearer(tokens),
      json: { collectionId: big.collectionId },
    });
    const { requestId } = (await ask.json()) as { requestId: string };
    const link = await api.request(`/api/teams/${own.teamId}/downloads/${requestId}/download`, {
      headers: bearer(tokens),
    });
    const url = `${api.url}${((await link.json()) as { url: string }).url}`;
    const { entries, fetched } = await pythonZipCheck(url);
    expect(entries).toEqual([
      expect.objectContaining({
        name: "zeros.bin",
        size,
        head: "00".repeat(16),
        tail: "00".repeat(16),
      }),
      expect.objectContaining({ name: "after.txt", sha256: sha256(after.content as Buffer) }),
    ]);
    expect(fetched).toBeLessThan(1024 * 1024);
  }, 120_000);
});

/** Makes the disk store's blob at `key` hold `size` bytes, the new ones zeros, without writing them. */
function growSparse(on: TestApi, key: string, size: number) {
  const blobs = path.join(on.dataDir, "blobs");
  const name = key.replaceAll("/", "~");
  const shard = fs.readdirSync(blobs).find((dir) => fs.existsSync(path.join(blobs, dir, name)));
  if (!shard) throw new Error(`no blob file for ${key}`);
  const file = path.join(blobs, shard, name);
  // The file is the store's header and then the bytes: 1 byte now, `size` after.
  fs.truncateSync(file, fs.statSync(file).size - 1 + size);
}

describe("with blobs on S3-compatible storage", () => {
  let s3: LocalS3Server;
  let s3Api: TestApi;

  beforeAll(async () => {
    s3 = await startS3Server();
    s3Api = await startApi({ s3 });
  });
  afterAll(async () => {
    await s3Api?.close();
    await s3?.stop();
  });

  it("streams the archive from the bucket, every entry equal to its upload", async () => {
    const owned = await ownedTeam(s3Api);
    const trip = await insertCollection(s3Api, owned.team, { name: "Bucket" });
    const stored = [
      await insertFile(s3Api, owned.team, trip, { name: "a.jpg", refDate: 2, withBlobs: true }),
      await insertFile(s3Api, owned.team, trip, { name: "b.jpg", refDate: 1, withBlobs: true }),
    ];
    const ask = await s3Api.request(`/api/teams/${owned.team.teamId}/downloads`, {
      method: "POST",
      headers: bearer(owned.tokens),
      json: { collectionId: trip.collectionId },
    });
    const { requestId } = (await ask.json()) as { requestId: string };
    const link = await s3Api.request(
      `/api/teams/${owned.team.teamId}/downloads/${requestId}/download`,
      { headers: bearer(owned.tokens) },
    );
    const { url } = (await link.json()) as { url: string };
    const { file } = await save(`${s3Api.url}${url}`, "bucket.zip");
    expect(await unzipTest(file)).toMatch(/No errors detected/);
    const { entries } = await pythonZipCheck(file);
    expect(entries.map((entry) => [entry.name, entry.sha256])).toEqual(
      stored.map((f) => [f.name, sha256(f.content as Buffer)]),
    );
  });
});

describe("how many downloads one account asks for (docs/product.md#downloads)", () => {
  const HOUR_MS = 60 * 60 * 1000;

  it("30 an hour for every role, in parallel too, then tooManyRequests with Retry-After", async () => {
    const limited = await startApi({ rateLimits: "product" });
    try {
      const made = await ownedTeam(limited);
      const kept = await insertCollection(limited, made.team, { name: "Choir" });
      const people: [string, Tokens, TestUser][] = [["owner", made.tokens, made.owner]];
      for (const role of ["admin", "upviewer", "viewer"] as const) {
        const user = await addMember(limited, made.team, { role });
        people.push([role, await tokensFor(limited, user), user]);
      }
      const body = { collectionId: kept.collectionId };
      for (const [role, tokens] of people) {
        const answers = await Promise.all(
          Array.from({ length: 36 }, () => askFor(tokens, body, limited, made.team.teamId)),
        );
        const statuses = answers.map((response) => response.status);
        expect(
          statuses.filter((status) => status === 201),
          role,
        ).toHaveLength(30);
        const refused = answers.filter((response) => response.status === 429);
        expect(refused, role).toHaveLength(6);
        for (const response of refused) {
          const seconds = Number(response.headers.get("retry-after"));
          expect(seconds).toBeGreaterThan(0);
          expect(seconds).toBeLessThanOrEqual(3600);
          await expectError(response, 429, "tooManyRequests");
        }
      }
      // An hour on, each may ask again (signed in afresh: access tokens last less).
      limited.clock.advance(HOUR_MS + 1000);
      for (const [, , user] of people) {
        const tokens = await tokensFor(limited, user);
        expect((await askFor(tokens, body, limited, made.team.teamId)).status).toBe(201);
      }
    } finally {
      await limited.close();
    }
  });

  it(`keeps at most ${DOWNLOADS_KEPT_MAX} downloads per account, in parallel too, until the oldest expires`, async () => {
    const viewerUser = await addMember(api, team, { role: "viewer" });
    const viewer = await tokensFor(api, viewerUser);
    try {
      const answers = await Promise.all(
        Array.from({ length: DOWNLOADS_KEPT_MAX + 12 }, () => askFor(viewer)),
      );
      expect(answers.filter((response) => response.status === 201)).toHaveLength(
        DOWNLOADS_KEPT_MAX,
      );
      const refused = answers.filter((response) => response.status === 429);
      expect(refused).toHaveLength(12);
      const seconds = Number(refused[0]?.headers.get("retry-after"));
      expect(seconds).toBeGreaterThan(DOWNLOAD_TTL_MS / 1000 - 120);
      expect(seconds).toBeLessThanOrEqual(DOWNLOAD_TTL_MS / 1000);
      const error = await expectError(refused[0]!, 429, "tooManyRequests");
      expect(error.message).toContain(`${DOWNLOADS_KEPT_MAX} downloads`);
      // Another account is not held back.
      expect((await askFor(owner)).status).toBe(201);
      // Once the oldest have expired, there is room again.
      api.clock.advance(DOWNLOAD_TTL_MS + 1000);
      expect((await askFor(await tokensFor(api, viewerUser))).status).toBe(201);
    } finally {
      api.clock.reset();
    }
  });
});
