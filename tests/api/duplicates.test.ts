import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bearer, expectError, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { insertFile } from "./support/files.ts";
import { guestOf, insertDropLink, jpeg, sendGuestFile } from "./support/guest-files.ts";
import { addMember, ownedTeam, type TestTeam, tokensFor } from "./support/teams.ts";

// The duplicates check (ADR 102) over real HTTP on a fresh database: processing records each
// file's SHA-256 and the file answers it; a candidate matches a visible file of the collection
// by SHA-256, or by name and size (byKey) without one; only files the caller may see count;
// whoever may add files may ask, every role checked; bad input is a 400.

const api = apiForThisFile({ planLimits: { limitMembersPerTeam: -1, limitTeams: -1 } });

const ROLES = ["owner", "admin", "upviewer", "uploader", "viewer"] as const;
type Who = (typeof ROLES)[number];
type Person = { userId: string; nickname: string; tokens: Tokens };

interface Match {
  key: string;
  fileId: string;
  name: string;
  uploadedBy: { userId: string; nickname: string } | null;
  guestName?: string | null;
  uploadedAt: number;
  takenAt: number | null;
  byKey: boolean;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A team with a member of every role, each signed in, and a collaborative collection. */
async function crew() {
  const { owner, tokens, team } = await ownedTeam(api);
  const people = {
    owner: { ...owner, nickname: "The owner", tokens },
  } as unknown as Record<Who, Person>;
  for (const role of ["admin", "upviewer", "uploader", "viewer"] as const) {
    const member = await addMember(api, team, { role, nickname: `The ${role}` });
    people[role] = { ...member, nickname: `The ${role}`, tokens: await tokensFor(api, member) };
  }
  const { collectionId } = await insertCollection(api, team, { mode: "collaborative" });
  return { team, collectionId, ...people };
}

function ask(tokens: Tokens, team: TestTeam | string, collectionId: string, body: unknown) {
  const teamId = typeof team === "string" ? team : team.teamId;
  return api.request(`/api/teams/${teamId}/collections/${collectionId}/duplicates`, {
    method: "POST",
    headers: bearer(tokens),
    json: body,
  });
}

async function matchesOf(response: Response): Promise<Match[]> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { matches: Match[] }).matches;
}

/** Uploads bytes the way clients do (start, PUT) and lets processing run. */
async function upload(
  tokens: Tokens,
  team: TestTeam,
  collectionId: string,
  name: string,
  bytes: Buffer,
) {
  const started = await api.request(`/api/teams/${team.teamId}/collections/${collectionId}/files`, {
    method: "POST",
    headers: bearer(tokens),
    json: { name, contentType: "image/jpeg", size: bytes.length },
  });
  expect(started.status).toBe(201);
  const { fileId, uploadUrl } = (await started.json()) as { fileId: string; uploadUrl: string };
  const put = await fetch(uploadUrl.replace(PUBLIC_URL, api.url), {
    method: "PUT",
    headers: { "Content-Type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  await api.jobs.idle();
  return fileId;
}

/** A file row with a known SHA-256, as processing leaves it. */
async function storedWithHash(
  team: TestTeam,
  collectionId: string,
  options: Parameters<typeof insertFile>[3] & { sha256: string },
) {
  const { sha256: hash, ...rest } = options;
  const file = await insertFile(api, team, { collectionId }, rest);
  await api.db
    .updateTable("files")
    .set({ sha256: hash })
    .where("file_id", "=", file.fileId)
    .execute();
  return file;
}

describe("a file's SHA-256", () => {
  it("is computed by processing, in the pass that stores it, and answered on the file", async () => {
    const c = await crew();
    const bytes = await jpeg(80);
    const fileId = await upload(c.owner.tokens, c.team, c.collectionId, "beach.jpg", bytes);
    const row = await api.db
      .selectFrom("files")
      .select(["sha256", "status"])
      .where("file_id", "=", fileId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sha256: sha256(bytes), status: "ready" });
    const read = await api.request(
      `/api/teams/${c.team.teamId}/collections/${c.collectionId}/files/${fileId}`,
      { headers: bearer(c.owner.tokens) },
    );
    expect(read.status).toBe(200);
    expect(((await read.json()) as { sha256: string | null }).sha256).toBe(sha256(bytes));
  });
});

describe("POST .../collections/{collectionId}/duplicates", () => {
  it("matches by SHA-256 when given, else by name (any case) and size, answered byKey", async () => {
    const c = await crew();
    const bytes = await jpeg(96);
    const fileId = await upload(c.uploader.tokens, c.team, c.collectionId, "IMG_0001.jpg", bytes);
    const other = await jpeg(97);
    const matches = await matchesOf(
      await ask(c.owner.tokens, c.team, c.collectionId, {
        files: [
          { key: "k1", name: "img_0001.JPG", size: bytes.length, lastModified: 1_700_000_000_000 },
          { key: "k2", name: "renamed.jpg", size: 1, sha256: sha256(bytes).toUpperCase() },
          { key: "k3", name: "IMG_0001.jpg", size: bytes.length + 1 },
          { key: "k4", name: "IMG_0001.jpg", size: bytes.length, sha256: sha256(other) },
          { key: "k5", name: "new.jpg", size: other.length },
        ],
      }),
    );
    const uploaded = await api.db
      .selectFrom("files")
      .select(["created_at", "taken_at"])
      .where("file_id", "=", fileId)
      .executeTakeFirstOrThrow();
    const expected = {
      fileId,
      name: "IMG_0001.jpg",
      uploadedBy: { userId: c.uploader.userId, nickname: "The uploader" },
      uploadedAt: Number(uploaded.created_at),
      takenAt: uploaded.taken_at === null ? null : Number(uploaded.taken_at),
    };
    expect(matches).toEqual([
      { key: "k1", ...expected, byKey: true },
      { key: "k2", ...expected, byKey: false },
    ]);
  });

  it("counts only visible files: not uploading, failed, in the trash or held for review", async () => {
    const c = await crew();
    const hash = (n: number) => createHash("sha256").update(`file ${n}`).digest("hex");
    await storedWithHash(c.team, c.collectionId, { status: "uploading", sha256: hash(1) });
    await storedWithHash(c.team, c.collectionId, { status: "failed", sha256: hash(2) });
    const trashed = await storedWithHash(c.team, c.collectionId, { sha256: hash(3) });
    await api.db
      .updateTable("files")
      .set({ deleted_at: api.clock.now(), deleted_by: c.team.ownerId })
      .where("file_id", "=", trashed.fileId)
      .execute();
    const held = await storedWithHash(c.team, c.collectionId, { sha256: hash(4) });
    await api.db
      .updateTable("files")
      .set({ review_state: "held" })
      .where("file_id", "=", held.fileId)
      .execute();
    const processing = await storedWithHash(c.team, c.collectionId, {
      status: "processing",
      sha256: hash(5),
    });
    // Another collection's file is not this one's duplicate.
    const elsewhere = await insertCollection(api, c.team, { mode: "collaborative" });
    await storedWithHash(c.team, elsewhere.collectionId, { sha256: hash(6) });
    const matches = await matchesOf(
      await ask(c.admin.tokens, c.team, c.collectionId, {
        files: [1, 2, 3, 4, 5, 6].map((n) => ({
          key: `k${n}`,
          name: `f${n}.jpg`,
          size: 4096,
          sha256: hash(n),
        })),
      }),
    );
    expect(matches.map((m) => [m.key, m.fileId])).toEqual([["k5", processing.fileId]]);
  });

  it("shows an uploader only its own files; the other roles every file", async () => {
    const c = await crew();
    const hash = createHash("sha256").update("shared").digest("hex");
    const mine = await storedWithHash(c.team, c.collectionId, {
      uploadedBy: c.owner.userId,
      name: "Owners.jpg",
      sha256: hash,
    });
    const body = {
      files: [
        { key: "h", name: "x.jpg", size: 4096, sha256: hash },
        { key: "n", name: "owners.jpg", size: 4096 },
      ],
    };
    for (const role of ["owner", "admin", "upviewer"] as const) {
      const matches = await matchesOf(await ask(c[role].tokens, c.team, c.collectionId, body));
      expect(
        matches.map((m) => [m.key, m.fileId, m.byKey]),
        role,
      ).toEqual([
        ["h", mine.fileId, false],
        ["n", mine.fileId, true],
      ]);
    }
    expect(await matchesOf(await ask(c.uploader.tokens, c.team, c.collectionId, body))).toEqual([]);
    // Its own file, the uploader sees.
    const own = await storedWithHash(c.team, c.collectionId, {
      uploadedBy: c.uploader.userId,
      sha256: hash,
    });
    const matches = await matchesOf(await ask(c.uploader.tokens, c.team, c.collectionId, body));
    expect(matches.map((m) => [m.key, m.fileId])).toEqual([["h", own.fileId]]);
  });

  it("names the guest of a guest's file", async () => {
    const c = await crew();
    const link = await insertDropLink(api, c.team, c.collectionId);
    const bytes = await jpeg(70);
    const fileId = await sendGuestFile(api, await guestOf(api, link, "Ana"), {
      name: "party.jpg",
      content: bytes,
    });
    const [match] = await matchesOf(
      await ask(c.owner.tokens, c.team, c.collectionId, {
        files: [{ key: "g", name: "party.jpg", size: bytes.length, sha256: sha256(bytes) }],
      }),
    );
    expect(match).toMatchObject({
      key: "g",
      fileId,
      guestName: "Ana",
      uploadedBy: { userId: c.team.ownerId },
      byKey: false,
    });
  });

  it("answers whoever may add files; a viewer 403, a stranger and another team 404", async () => {
    const c = await crew();
    const body = { files: [{ key: "a", name: "a.jpg", size: 1 }] };
    const statuses: Record<string, number> = {};
    for (const role of ROLES) {
      statuses[role] = (await ask(c[role].tokens, c.team, c.collectionId, body)).status;
    }
    expect(statuses).toEqual({ owner: 200, admin: 200, upviewer: 200, uploader: 200, viewer: 403 });
    await expectError(await ask(c.viewer.tokens, c.team, c.collectionId, body), 403, "forbidden");

    // A collection someone else owns: the contributors may not add files there.
    const owned = await insertCollection(api, c.team, { createdBy: c.admin.userId });
    for (const role of ["upviewer", "uploader"] as const) {
      expect((await ask(c[role].tokens, c.team, owned.collectionId, body)).status, role).toBe(403);
    }
    expect((await ask(c.admin.tokens, c.team, owned.collectionId, body)).status).toBe(200);

    const stranger = await ownedTeam(api);
    await expectError(await ask(stranger.tokens, c.team, c.collectionId, body), 404, "notFound");
    await expectError(await ask(c.owner.tokens, c.team, randomUUID(), body), 404, "notFound");
    const unsigned = await api.request(
      `/api/teams/${c.team.teamId}/collections/${c.collectionId}/duplicates`,
      { method: "POST", json: body },
    );
    expect(unsigned.status).toBe(401);
  });

  it("refuses bad input with a 400 that names the field", async () => {
    const c = await crew();
    const file = { key: "a", name: "a.jpg", size: 1 };
    const cases: [unknown, string][] = [
      [{}, "files"],
      [{ files: [] }, "files: at least one file"],
      [{ files: Array.from({ length: 501 }, (_, i) => ({ ...file, key: `${i}` })) }, "files:"],
      [{ files: [{ ...file, sha256: "abc" }] }, "files.0.sha256: must be the SHA-256 in hex"],
      [{ files: [{ ...file, size: -1 }] }, "files.0.size"],
      [{ files: [{ name: "a.jpg", size: 1 }] }, "files.0.key"],
      [{ files: [{ ...file, key: "" }] }, "files.0.key"],
      [{ files: [{ ...file, lastModified: "yesterday" }] }, "files.0.lastModified"],
      [{ files: [{ ...file, extra: 1 }] }, "files.0"],
    ];
    for (const [body, message] of cases) {
      const response = await ask(c.owner.tokens, c.team, c.collectionId, body);
      const error = (await expectError(response, 400, "invalidInput")) as unknown as {
        message: string;
      };
      expect(error.message, JSON.stringify(body).slice(0, 80)).toContain(message);
    }
    // 500 is the most one question may hold.
    const most = Array.from({ length: 500 }, (_, i) => ({ ...file, key: `${i}` }));
    expect(
      await matchesOf(await ask(c.owner.tokens, c.team, c.collectionId, { files: most })),
    ).toEqual([]);
  });
});
