import { describe, expect, it } from "vitest";
import { bearer, expectError, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { insertFile } from "./support/files.ts";
import { addMember, ownedTeam, storedAccount, type TestTeam, tokensFor } from "./support/teams.ts";

// Unread means unread (docs/product.md#lists): one's own uploads and collections are read from
// the start, a rename by someone else makes a file unread again, and "mark all as read" marks a
// collection's files for the caller alone. And the owner's count of members who see no
// collection (docs/product.md#visibility). The real API over HTTP, uploads through the real
// upload address.

const api = apiForThisFile({ planLimits: { limitMembersPerTeam: -1, limitTeams: -1 } });

interface FileItem {
  fileId: string;
  name: string;
  uploadedBy: string;
  updatedAt: number;
  readAt: number | null;
}

type Person = { userId: string; tokens: Tokens };

async function crew(mode: "collaborative" | "controlled" = "collaborative") {
  const { owner, tokens, team } = await ownedTeam(api, { mode });
  const people = {} as Record<"admin" | "upviewer" | "uploader" | "uploader2" | "viewer", Person>;
  for (const [key, role] of [
    ["admin", "admin"],
    ["upviewer", "upviewer"],
    ["uploader", "uploader"],
    ["uploader2", "uploader"],
    ["viewer", "viewer"],
  ] as const) {
    const member = await addMember(api, team, { role, nickname: `The ${key}` });
    people[key] = { ...member, tokens: await tokensFor(api, member) };
  }
  return { team, owner: { ...owner, tokens }, ...people };
}

function call(tokens: Tokens, path: string, init: RequestInit & { json?: unknown } = {}) {
  return api.request(path, { ...init, headers: bearer(tokens) });
}

const collectionPath = (team: TestTeam, collectionId: string) =>
  `/api/teams/${team.teamId}/collections/${collectionId}`;

async function listFiles(tokens: Tokens, team: TestTeam, collectionId: string) {
  const response = await call(tokens, `${collectionPath(team, collectionId)}/files`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { files: FileItem[] }).files;
}

const readAtOf = (files: FileItem[], fileId: string) =>
  files.find((file) => file.fileId === fileId)?.readAt;

/** A text file sent through the real upload: start, then PUT the bytes to the signed address. */
async function upload(tokens: Tokens, team: TestTeam, collectionId: string, name: string) {
  const bytes = Buffer.from(`Notes for ${name}\n`);
  const started = await call(tokens, `${collectionPath(team, collectionId)}/files`, {
    method: "POST",
    json: { name, contentType: "text/plain", size: bytes.length },
  });
  expect(started.status).toBe(201);
  const { fileId, uploadUrl } = (await started.json()) as { fileId: string; uploadUrl: string };
  const put = await fetch(uploadUrl.replace(PUBLIC_URL, api.url), {
    method: "PUT",
    headers: { "Content-Type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return fileId;
}

describe("one's own uploads and collections", () => {
  it("are read for the uploader and unread for everyone else", async () => {
    const c = await crew();
    const shared = await insertCollection(api, c.team, { mode: "collaborative" });
    const fileId = await upload(c.uploader.tokens, c.team, shared.collectionId, "mine.txt");
    const mine = (await listFiles(c.uploader.tokens, c.team, shared.collectionId)).find(
      (file) => file.fileId === fileId,
    );
    expect(mine?.readAt).toBe(mine?.updatedAt);
    for (const other of [c.owner, c.admin, c.upviewer, c.viewer]) {
      expect(readAtOf(await listFiles(other.tokens, c.team, shared.collectionId), fileId)).toBe(
        null,
      );
    }
    // The same for the owner's upload: read for the owner, unread for the viewer.
    const ownersFile = await upload(c.owner.tokens, c.team, shared.collectionId, "owner.txt");
    const ownerSees = (await listFiles(c.owner.tokens, c.team, shared.collectionId)).find(
      (file) => file.fileId === ownersFile,
    );
    expect(ownerSees?.readAt).toBe(ownerSees?.updatedAt);
    expect(
      readAtOf(await listFiles(c.viewer.tokens, c.team, shared.collectionId), ownersFile),
    ).toBe(null);
  });

  it("a rename by someone else makes one's own upload unread again; one's own rename does not", async () => {
    const c = await crew();
    const shared = await insertCollection(api, c.team, { mode: "collaborative" });
    const fileId = await upload(c.uploader.tokens, c.team, shared.collectionId, "draft.txt");
    const path = `${collectionPath(c.team, shared.collectionId)}/files/${fileId}`;
    api.clock.advance(1000);
    const renamed = await call(c.owner.tokens, path, {
      method: "PATCH",
      json: [{ op: "replace", path: "/name", value: "final.txt" }],
    });
    expect(renamed.status).toBe(200);
    expect(readAtOf(await listFiles(c.uploader.tokens, c.team, shared.collectionId), fileId)).toBe(
      null,
    );
    // Its own rename leaves it read for the uploader.
    api.clock.advance(1000);
    const own = await call(c.uploader.tokens, path, {
      method: "PATCH",
      json: [{ op: "replace", path: "/name", value: "mine.txt" }],
    });
    expect(own.status).toBe(200);
    expect(
      readAtOf(await listFiles(c.uploader.tokens, c.team, shared.collectionId), fileId),
    ).toEqual(expect.any(Number));
    expect(readAtOf(await listFiles(c.owner.tokens, c.team, shared.collectionId), fileId)).toBe(
      null,
    );
    // Opening it reads it again.
    api.clock.advance(1000);
    expect((await call(c.owner.tokens, path)).status).toBe(200);
    expect(readAtOf(await listFiles(c.owner.tokens, c.team, shared.collectionId), fileId)).toEqual(
      expect.any(Number),
    );
  });

  it("a new collection is read for its creator and unread for the others", async () => {
    const c = await crew();
    const response = await call(c.uploader.tokens, `/api/teams/${c.team.teamId}/collections`, {
      method: "POST",
      json: { name: "Holidays" },
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { collectionId: string; updatedAt: number };
    const readAtFor = async (tokens: Tokens) => {
      const list = await call(tokens, `/api/teams/${c.team.teamId}/collections`);
      const body = (await list.json()) as {
        collections: { collectionId: string; readAt: number | null }[];
      };
      return body.collections.find((item) => item.collectionId === created.collectionId)?.readAt;
    };
    expect(await readAtFor(c.uploader.tokens)).toBe(created.updatedAt);
    expect(await readAtFor(c.owner.tokens)).toBeNull();
    expect(await readAtFor(c.viewer.tokens)).toBeNull();
  });
});

describe("POST /api/teams/{teamId}/collections/{collectionId}/read", () => {
  async function setUp() {
    const c = await crew();
    const shared = await insertCollection(api, c.team, { mode: "collaborative" });
    const other = await insertCollection(api, c.team, { mode: "collaborative" });
    const files = {
      owner: await insertFile(api, c.team, shared, { uploadedBy: c.owner.userId }),
      uploader: await insertFile(api, c.team, shared, { uploadedBy: c.uploader.userId }),
      uploader2: await insertFile(api, c.team, shared, { uploadedBy: c.uploader2.userId }),
      processing: await insertFile(api, c.team, shared, { status: "processing" }),
      elsewhere: await insertFile(api, c.team, other),
    };
    api.clock.advance(1000);
    return { c, shared, other, files };
  }
  const markRead = (tokens: Tokens, team: TestTeam, collectionId: string) =>
    call(tokens, `${collectionPath(team, collectionId)}/read`, { method: "POST" });

  it("marks every file of the collection the caller sees, and the collection, for the caller only", async () => {
    const { c, shared, other, files } = await setUp();
    const response = await markRead(c.viewer.tokens, c.team, shared.collectionId);
    expect(response.status).toBe(204);
    const seen = await listFiles(c.viewer.tokens, c.team, shared.collectionId);
    expect(seen).toHaveLength(4);
    for (const file of seen) expect(file.readAt).toEqual(expect.any(Number));
    // Only this collection's files, only for the caller.
    expect(
      readAtOf(
        await listFiles(c.viewer.tokens, c.team, other.collectionId),
        files.elsewhere.fileId,
      ),
    ).toBeNull();
    for (const file of await listFiles(c.admin.tokens, c.team, shared.collectionId)) {
      expect(file.readAt).toBeNull();
    }
    const collection = (await (
      await call(c.admin.tokens, `/api/teams/${c.team.teamId}/collections`)
    ).json()) as { collections: { collectionId: string; readAt: number | null }[] };
    expect(
      collection.collections.find((item) => item.collectionId === shared.collectionId)?.readAt,
    ).toBeNull();
    const viewers = (await (
      await call(c.viewer.tokens, `/api/teams/${c.team.teamId}/collections`)
    ).json()) as { collections: { collectionId: string; readAt: number | null }[] };
    expect(
      viewers.collections.find((item) => item.collectionId === shared.collectionId)?.readAt,
    ).toEqual(expect.any(Number));
  });

  it("marks an uploader's own files only, the others' staying unread for whoever sees them", async () => {
    const { c, shared, files } = await setUp();
    expect((await markRead(c.uploader.tokens, c.team, shared.collectionId)).status).toBe(204);
    const own = await listFiles(c.uploader.tokens, c.team, shared.collectionId);
    expect(own.map((file) => file.fileId)).toEqual([files.uploader.fileId]);
    expect(own[0]?.readAt).toEqual(expect.any(Number));
    // No read was written for files the uploader cannot see.
    const reads = await api.db
      .selectFrom("file_reads")
      .select("file_id")
      .where("user_id", "=", c.uploader.userId)
      .execute();
    expect(reads.map((read) => read.file_id)).toEqual([files.uploader.fileId]);
  });

  it("a file renamed after it was marked is unread again", async () => {
    const { c, shared, files } = await setUp();
    expect((await markRead(c.viewer.tokens, c.team, shared.collectionId)).status).toBe(204);
    api.clock.advance(1000);
    const renamed = await call(
      c.owner.tokens,
      `${collectionPath(c.team, shared.collectionId)}/files/${files.owner.fileId}`,
      { method: "PATCH", json: [{ op: "replace", path: "/name", value: "Renamed.jpg" }] },
    );
    expect(renamed.status).toBe(200);
    const seen = await listFiles(c.viewer.tokens, c.team, shared.collectionId);
    expect(readAtOf(seen, files.owner.fileId)).toBeNull();
    expect(readAtOf(seen, files.uploader.fileId)).toEqual(expect.any(Number));
  });

  it("is allowed to every role that reads the collection, forbidden on a hidden one, 404 outside", async () => {
    const { c, shared } = await setUp();
    for (const who of [c.owner, c.admin, c.upviewer, c.uploader, c.uploader2, c.viewer]) {
      expect((await markRead(who.tokens, c.team, shared.collectionId)).status).toBe(204);
    }
    const hidden = await insertCollection(api, c.team, { createdBy: c.owner.userId });
    await expectError(
      await markRead(c.uploader.tokens, c.team, hidden.collectionId),
      403,
      "forbidden",
    );
    await expectError(await markRead(c.owner.tokens, c.team, "no-such-one"), 404, "notFound");
    const stranger = await tokensFor(api, await storedAccount(api));
    await expectError(await markRead(stranger, c.team, shared.collectionId), 404, "notFound");
    const response = await api.request(`${collectionPath(c.team, shared.collectionId)}/read`, {
      method: "POST",
    });
    expect(response.status).toBe(401);
  });
});

describe("membersWithoutCollections on the team", () => {
  const count = async (tokens: Tokens, team: TestTeam) =>
    (
      (await (await call(tokens, `/api/teams/${team.teamId}`)).json()) as {
        membersWithoutCollections: number | null;
      }
    ).membersWithoutCollections;

  it("counts the uploaders who see no collection, for owner and admin only", async () => {
    const c = await crew("controlled");
    // An owned collection of the owner: neither uploader sees anything.
    await insertCollection(api, c.team, { createdBy: c.owner.userId });
    expect(await count(c.owner.tokens, c.team)).toBe(2);
    expect(await count(c.admin.tokens, c.team)).toBe(2);
    for (const who of [c.upviewer, c.uploader, c.viewer]) {
      expect(await count(who.tokens, c.team)).toBeNull();
    }
    // One uploader's own collection: one left.
    await insertCollection(api, c.team, { createdBy: c.uploader.userId });
    expect(await count(c.owner.tokens, c.team)).toBe(1);
    // A collaborative collection: everyone sees one.
    await insertCollection(api, c.team, { mode: "collaborative" });
    expect(await count(c.owner.tokens, c.team)).toBe(0);
  });

  it("leaves out members who are not active", async () => {
    const { team, tokens } = await ownedTeam(api);
    await addMember(api, team, { role: "uploader", status: "disabled" });
    await addMember(api, team, { role: "uploader", status: "invited" });
    expect(await count(tokens, team)).toBe(0);
    await addMember(api, team, { role: "uploader" });
    expect(await count(tokens, team)).toBe(1);
  });
});
