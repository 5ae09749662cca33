import { beforeAll, describe, expect, it } from "vitest";
import { fileBlobKey } from "#api/files/files.ts";
import { bearer, expectError, type Tokens } from "./support/accounts.ts";
import { insertCollection, type StoredCollection } from "./support/collections.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { insertFile } from "./support/files.ts";
import { addMember, ownedTeam, type TestTeam, tokensFor } from "./support/teams.ts";

// The files API over real HTTP on a fresh database. Files are written to the database (and
// their bytes to the API's blob store) by support/files.ts in the states uploads leave them,
// so these tests choose refDates, uploaders and statuses freely.

const api = apiForThisFile({ planLimits: { limitMembersPerTeam: -1, limitTeams: -1 } });

interface FileItem {
  fileId: string;
  teamId: string;
  collectionId: string;
  name: string;
  originalName: string;
  contentType: string;
  size: number;
  status: string;
  thumbnailUrl: string | null;
  previewUrl: string | null;
  uploadedBy: string;
  uploader: { userId: string; nickname: string; avatarUrl: string | null } | null;
  createdAt: number;
  updatedAt: number;
  refDate: number;
  readAt: number | null;
}
interface FilePage {
  pagination: { lastKey: string | null };
  files: FileItem[];
}
interface CollectionItem {
  collectionId: string;
  name: string;
  readAt: number | null;
  filesCount: number;
}

type Person = { userId: string; tokens: Tokens };

/** A team with a member of every role, each signed in. */
async function crew() {
  const { owner, tokens, team } = await ownedTeam(api);
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

async function page(tokens: Tokens, path: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await call(tokens, `${path}?${search}`);
  expect(response.status).toBe(200);
  return (await response.json()) as FilePage;
}

const names = (result: FilePage) => result.files.map((file) => file.name);
const collectionFiles = (team: TestTeam, collection: { collectionId: string }) =>
  `/api/teams/${team.teamId}/collections/${collection.collectionId}/files`;
const filePath = (team: TestTeam, collection: { collectionId: string }, fileId: string) =>
  `${collectionFiles(team, collection)}/${fileId}`;
const replace = (path: string, value: unknown) => [{ op: "replace", path, value }];

async function readFile(tokens: Tokens, path: string) {
  const response = await call(tokens, path);
  expect(response.status).toBe(200);
  return (await response.json()) as FileItem;
}

async function contentLink(tokens: Tokens, path: string, query = "") {
  const response = await call(tokens, `${path}/content${query}`);
  expect(response.status).toBe(200);
  const { signedUrl } = (await response.json()) as { signedUrl: string };
  return signedUrl;
}

/**
 * Fetches a signed link through the running API. Disk links are paths on our own site, not on
 * PUBLIC_URL, so a browser loads them from whatever address it used (ADR 024).
 */
function fetchSigned(signedUrl: string, init: RequestInit = {}) {
  expect(signedUrl).toMatch(/^\/api\/blobs\//);
  return fetch(`${api.url}${signedUrl}`, init);
}

describe("GET /api/teams/{teamId}/collections/{collectionId}/files", () => {
  const T = 1_700_000_000_000;
  let c: Awaited<ReturnType<typeof crew>>;
  let collection: StoredCollection;
  const base = () => collectionFiles(c.team, collection);

  beforeAll(async () => {
    c = await crew();
    collection = await insertCollection(api, c.team, { mode: "collaborative" });
    await insertFile(api, c.team, collection, { name: "A.jpg", refDate: T + 1000 });
    await insertFile(api, c.team, collection, {
      name: "B.png",
      refDate: T + 2000,
      uploadedBy: c.admin.userId,
      contentType: "image/png",
      status: "processing",
    });
    await insertFile(api, c.team, collection, {
      name: "C.pdf",
      refDate: T + 3000,
      uploadedBy: c.uploader.userId,
      contentType: "application/pdf",
    });
    // Bytes not all there yet, or refused: never listed.
    await insertFile(api, c.team, collection, { name: "Up.jpg", status: "uploading" });
    await insertFile(api, c.team, collection, { name: "Bad.jpg", status: "failed" });
  });

  it("lists the files newest refDate first, as the File schema", async () => {
    const result = await page(c.owner.tokens, base());
    expect(names(result)).toEqual(["C.pdf", "B.png", "A.jpg"]);
    expect(result.pagination.lastKey).toBeNull();
    const file = result.files[1] as FileItem;
    expect(file).toEqual({
      fileId: expect.any(String),
      teamId: c.team.teamId,
      collectionId: collection.collectionId,
      name: "B.png",
      originalName: "B.png",
      contentType: "image/png",
      size: 4096,
      sha256: null,
      status: "processing",
      previewStatus: "pending",
      noPreviewReason: null,
      width: null,
      height: null,
      durationMs: null,
      thumbnailUrl: null,
      thumbnailLargeUrl: null,
      previewUrl: null,
      uploadedBy: c.admin.userId,
      uploader: { userId: c.admin.userId, nickname: "The admin", avatarUrl: null },
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
      refDate: T + 2000,
      takenAt: null,
      camera: null,
      readAt: null,
      motion: null,
      motionOf: null,
      guest: null,
    });
  });

  it("sorts ascending, filters by creator and dates", async () => {
    expect(names(await page(c.viewer.tokens, base(), { sort: "refDate:asc" }))).toEqual([
      "A.jpg",
      "B.png",
      "C.pdf",
    ]);
    expect(names(await page(c.viewer.tokens, base(), { creator: c.admin.userId }))).toEqual([
      "B.png",
    ]);
    expect(names(await page(c.viewer.tokens, base(), { from: T + 2000 }))).toEqual([
      "C.pdf",
      "B.png",
    ]);
    expect(names(await page(c.viewer.tokens, base(), { to: T + 2000 }))).toEqual([
      "B.png",
      "A.jpg",
    ]);
    expect(
      names(await page(c.viewer.tokens, base(), { from: T + 1500, to: T + 2500, creator: "" })),
    ).toEqual(["B.png"]);
  });

  it("refuses an unknown sort, reversed dates, bad limits and keys", async () => {
    await expectError(await call(c.owner.tokens, `${base()}?sort=name:asc`), 400, "invalidSorting");
    const reversed = await expectError(
      await call(c.owner.tokens, `${base()}?from=${T + 2000}&to=${T}`),
      400,
      "invalidInput",
    );
    expect(reversed.message).toContain("filterStartEndDateInvalid");
    for (const query of ["limit=0", "limit=101", "limit=x", "lastKey=garbage", "from=-1"]) {
      await expectError(await call(c.owner.tokens, `${base()}?${query}`), 400, "invalidInput");
    }
  });

  it("answers notFound for a missing collection or one in another team", async () => {
    const other = await ownedTeam(api);
    const elsewhere = await insertCollection(api, other.team);
    await expectError(
      await call(c.owner.tokens, collectionFiles(c.team, { collectionId: "nope" })),
      404,
      "notFound",
    );
    await expectError(
      await call(c.owner.tokens, collectionFiles(c.team, elsewhere)),
      404,
      "notFound",
    );
  });

  it("answers the collection too with include=collection, and marks it read", async () => {
    const fresh = await insertCollection(api, c.team, { name: "Asked once" });
    await insertFile(api, c.team, fresh, { name: "Only.jpg", refDate: T });
    const path = collectionFiles(c.team, fresh);
    const listed = (await page(c.viewer.tokens, path, { include: "collection" })) as FilePage & {
      collection: CollectionItem;
    };
    expect(names(listed)).toEqual(["Only.jpg"]);
    expect(listed.collection).toMatchObject({
      collectionId: fresh.collectionId,
      name: "Asked once",
      readAt: expect.any(Number),
      filesCount: 1,
    });
    // As GET of the collection answers it, and read from now on.
    api.clock.advance(1000);
    const got = (await (
      await call(c.viewer.tokens, path.replace(/\/files$/, ""))
    ).json()) as CollectionItem;
    expect({ ...got, readAt: null }).toEqual({ ...listed.collection, readAt: null });
    const team = (await (
      await call(c.viewer.tokens, `/api/teams/${c.team.teamId}/collections`)
    ).json()) as { collections: CollectionItem[] };
    expect(team.collections.find((item) => item.name === "Asked once")?.readAt).toEqual(
      expect.any(Number),
    );
    // Without it, the answer is the page alone, and a second viewer has read nothing.
    expect(await page(c.upviewer.tokens, path)).not.toHaveProperty("collection");
    const other = (await (
      await call(c.upviewer.tokens, `/api/teams/${c.team.teamId}/collections`)
    ).json()) as { collections: CollectionItem[] };
    expect(other.collections.find((item) => item.name === "Asked once")?.readAt).toBeNull();
    await expectError(await call(c.viewer.tokens, `${path}?include=team`), 400, "invalidInput");
    await expectError(
      await call(
        c.viewer.tokens,
        `${collectionFiles(c.team, { collectionId: "nope" })}?include=collection`,
      ),
      404,
      "notFound",
    );
  });

  it("pages 20 at a time by default, up to 100", async () => {
    const many = await insertCollection(api, c.team);
    for (let i = 0; i < 25; i++) {
      await insertFile(api, c.team, many, { name: `N${i}.jpg`, refDate: T + i });
    }
    const first = await page(c.owner.tokens, collectionFiles(c.team, many));
    expect(first.files).toHaveLength(20);
    const rest = await page(c.owner.tokens, collectionFiles(c.team, many), {
      lastKey: first.pagination.lastKey as string,
    });
    expect(rest.files).toHaveLength(5);
    expect(rest.pagination.lastKey).toBeNull();
    const all = await page(c.owner.tokens, collectionFiles(c.team, many), { limit: 100 });
    expect(all.files).toHaveLength(25);
  });
});

describe("pagination while new files arrive", () => {
  const T = 1_600_000_000_000;

  for (const sort of ["refDate:desc", "refDate:asc"] as const) {
    it(`neither repeats nor skips a file (${sort})`, async () => {
      const { team, owner, tokens } = await ownedTeam(api);
      const collection = await insertCollection(api, team);
      const original = new Set<string>();
      for (let i = 0; i < 23; i++) {
        // Groups of three share a refDate, so pages end inside ties.
        const file = await insertFile(api, team, collection, {
          name: `F${i}.jpg`,
          refDate: T + Math.floor(i / 3) * 1000,
        });
        original.add(file.fileId);
      }
      const seen: string[] = [];
      let lastKey: string | null = null;
      let round = 0;
      do {
        const query: Record<string, string | number> = { limit: 4, sort };
        if (lastKey) query.lastKey = lastKey;
        const result = await page(tokens, collectionFiles(team, collection), query);
        seen.push(...result.files.map((file) => file.fileId));
        lastKey = result.pagination.lastKey;
        // Between pages: new uploads dated now, dated in the middle, tied with existing ones.
        for (const refDate of [api.clock.now(), T + 3500, T + 2000, T - 1]) {
          await insertFile(api, team, collection, {
            uploadedBy: owner.userId,
            name: `New ${round}.jpg`,
            refDate,
          });
        }
        round++;
      } while (lastKey && round < 50);
      expect(new Set(seen).size).toBe(seen.length);
      for (const fileId of original) expect(seen).toContain(fileId);
    });
  }
});

describe("the uploader's visibility", () => {
  let c: Awaited<ReturnType<typeof crew>>;
  let shared: StoredCollection;
  let ownerOnly: StoredCollection;
  let mine: StoredCollection;
  const ids = {} as Record<string, string>;

  beforeAll(async () => {
    c = await crew();
    shared = await insertCollection(api, c.team, { mode: "collaborative", name: "Shared" });
    ownerOnly = await insertCollection(api, c.team, { name: "Owner only" });
    mine = await insertCollection(api, c.team, { createdBy: c.uploader.userId, name: "Mine" });
    const put = async (
      key: string,
      collection: StoredCollection,
      uploadedBy: string,
      refDate: number,
    ) => {
      ids[key] = (
        await insertFile(api, c.team, collection, { name: key, uploadedBy, refDate })
      ).fileId;
    };
    await put("shared-owner", shared, c.team.ownerId, 1000);
    await put("shared-uploader", shared, c.uploader.userId, 2000);
    await put("shared-uploader2", shared, c.uploader2.userId, 3000);
    await put("owner-owner", ownerOnly, c.team.ownerId, 4000);
    // Sent while the collection was collaborative; it is not any longer.
    await put("owner-uploader", ownerOnly, c.uploader.userId, 5000);
    await put("mine-uploader", mine, c.uploader.userId, 6000);
    await insertFile(api, c.team, shared, {
      uploadedBy: c.uploader.userId,
      status: "uploading",
    });
  });

  it("shows an uploader only its own files, in collections it may see", async () => {
    const t = c.uploader.tokens;
    expect(names(await page(t, collectionFiles(c.team, shared)))).toEqual(["shared-uploader"]);
    expect(names(await page(t, collectionFiles(c.team, mine)))).toEqual(["mine-uploader"]);
    // A collection of the team it may not see is forbidden, naming its creator (ADR 071).
    await expectError(await call(t, collectionFiles(c.team, ownerOnly)), 403, "forbidden");
    await expectError(
      await call(t, `${collectionFiles(c.team, ownerOnly)}?include=collection`),
      403,
      "forbidden",
    );
    const withCollection = await page(t, collectionFiles(c.team, shared), {
      include: "collection",
    });
    expect(names(withCollection)).toEqual(["shared-uploader"]);
    expect(withCollection).toMatchObject({ collection: { name: "Shared", filesCount: 1 } });
    expect(names(await page(t, `/api/teams/${c.team.teamId}/files`))).toEqual([
      "mine-uploader",
      "shared-uploader",
    ]);
    expect(names(await page(t, "/api/files"))).toEqual(["mine-uploader", "shared-uploader"]);
    // A filter only narrows what the caller sees.
    expect(
      names(await page(t, `/api/teams/${c.team.teamId}/files`, { creator: c.team.ownerId })),
    ).toEqual([]);
    expect(
      names(await page(t, collectionFiles(c.team, shared), { creator: c.uploader2.userId })),
    ).toEqual([]);
  });

  it("shows every other role every file", async () => {
    const all = [
      "mine-uploader",
      "owner-uploader",
      "owner-owner",
      "shared-uploader2",
      "shared-uploader",
      "shared-owner",
    ];
    for (const person of [c.owner, c.admin, c.upviewer, c.viewer]) {
      expect(names(await page(person.tokens, `/api/teams/${c.team.teamId}/files`))).toEqual(all);
      expect(names(await page(person.tokens, collectionFiles(c.team, shared)))).toHaveLength(3);
    }
  });

  it("answers notFound for another member's file; forbidden for any in a hidden collection", async () => {
    const t = c.uploader.tokens;
    const own = filePath(c.team, shared, ids["shared-uploader"] as string);
    expect((await readFile(t, own)).name).toBe("shared-uploader");
    expect(await contentOrStatus(t, own)).toBe(404); // no bytes stored: no original yet
    for (const path of [
      filePath(c.team, shared, ids["shared-owner"] as string),
      filePath(c.team, shared, ids["shared-uploader2"] as string),
      // A file named under the wrong collection is not there either.
      filePath(c.team, mine, ids["shared-uploader"] as string),
    ]) {
      await expectError(await call(t, path), 404, "notFound");
      await expectError(
        await call(t, path, { method: "PATCH", json: replace("/name", "Mine now") }),
        404,
        "notFound",
      );
      await expectError(await call(t, path, { method: "DELETE" }), 404, "fileNotFound");
      await expectError(await call(t, `${path}/content`), 404, "notFound");
    }
    // The collection is what is hidden: it answers before any file of it is looked for, so
    // the answer says nothing of the file (ADR 071).
    for (const fileId of [ids["owner-uploader"] as string, "no-such-file"]) {
      const path = filePath(c.team, ownerOnly, fileId);
      await expectError(await call(t, path), 403, "forbidden");
      await expectError(
        await call(t, path, { method: "PATCH", json: replace("/name", "Mine now") }),
        403,
        "forbidden",
      );
      await expectError(await call(t, path, { method: "DELETE" }), 403, "forbidden");
      await expectError(await call(t, `${path}/content`), 403, "forbidden");
    }
  });

  it("counts only the files the caller may see in each collection", async () => {
    const counts = async (tokens: Tokens, path: string) => {
      const response = await call(tokens, path);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { collections: CollectionItem[] };
      return Object.fromEntries(body.collections.map((item) => [item.name, item.filesCount]));
    };
    const teamList = `/api/teams/${c.team.teamId}/collections`;
    expect(await counts(c.uploader.tokens, teamList)).toEqual({ Shared: 1, Mine: 1 });
    expect(await counts(c.uploader.tokens, "/api/collections")).toEqual({ Shared: 1, Mine: 1 });
    expect(await counts(c.uploader2.tokens, teamList)).toEqual({ Shared: 1 });
    for (const person of [c.owner, c.viewer]) {
      const all = { Shared: 3, "Owner only": 2, Mine: 1 };
      expect(await counts(person.tokens, teamList)).toEqual(all);
      expect(await counts(person.tokens, "/api/collections")).toEqual(all);
    }
    const one = await call(c.uploader.tokens, `${teamList}/${shared.collectionId}`);
    expect(((await one.json()) as CollectionItem).filesCount).toBe(1);
    const again = await call(c.admin.tokens, `${teamList}/${shared.collectionId}`);
    expect(((await again.json()) as CollectionItem).filesCount).toBe(3);
  });
});

async function contentOrStatus(tokens: Tokens, path: string) {
  const response = await call(tokens, `${path}/content`);
  await response.body?.cancel();
  return response.status;
}

describe("GET /api/files across teams", () => {
  it("holds each team's files with that team's visibility, active memberships only", async () => {
    const first = await ownedTeam(api);
    const firstCollection = await insertCollection(api, first.team);
    const second = await ownedTeam(api);
    const secondCollection = await insertCollection(api, second.team, { mode: "collaborative" });
    const third = await ownedTeam(api);
    const thirdCollection = await insertCollection(api, third.team);
    const me = await addMember(api, first.team, { role: "viewer" });
    const tokens = await tokensFor(api, me);
    // The same person as uploader in the second team, disabled in the third.
    await api.db
      .insertInto("members")
      .values(
        [second.team, third.team].map((team, index) => ({
          team_id: team.teamId,
          member_id: me.userId,
          user_id: me.userId,
          email: me.email,
          nickname: `Me ${index}`,
          nickname_key: `me ${index}`,
          role: index === 0 ? ("uploader" as const) : ("admin" as const),
          status: index === 0 ? ("active" as const) : ("disabled" as const),
          type: "other" as const,
          locale: "en" as const,
          created_by: team.ownerId,
          created_at: 1,
          updated_at: 1,
          joined_at: 1,
          invite_token_hash: null,
          invite_sent_at: null,
          invite_expires_at: null,
        })),
      )
      .execute();
    await insertFile(api, first.team, firstCollection, { name: "first-owner", refDate: 1 });
    await insertFile(api, second.team, secondCollection, { name: "second-owner", refDate: 2 });
    await insertFile(api, second.team, secondCollection, {
      name: "second-me",
      uploadedBy: me.userId,
      refDate: 3,
    });
    await insertFile(api, third.team, thirdCollection, { name: "third-owner", refDate: 4 });
    const result = await page(tokens, "/api/files", { sort: "refDate:asc" });
    expect(names(result)).toEqual(["first-owner", "second-me"]);
    expect(names(await page(tokens, "/api/files", { sort: "refDate:asc", limit: 1 }))).toEqual([
      "first-owner",
    ]);
  });
});

interface Neighbours {
  previousId: string | null;
  nextId: string | null;
  previousPreviewUrl: string | null;
  nextPreviewUrl: string | null;
  position: number | null;
  total: number;
}

describe("GET .../files/{fileId}/neighbours", () => {
  const T = 1_650_000_000_000;
  let c: Awaited<ReturnType<typeof crew>>;
  let collection: StoredCollection;
  const ids = {} as Record<string, string>;
  const nameOf = (fileId: string | null) =>
    fileId === null ? null : (Object.keys(ids).find((name) => ids[name] === fileId) ?? fileId);

  async function answer(tokens: Tokens, fileId: string, query: Record<string, string> = {}) {
    const search = new URLSearchParams(query);
    const response = await call(
      tokens,
      `${filePath(c.team, collection, fileId)}/neighbours?${search}`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Neighbours;
    expect(Object.keys(body).sort()).toEqual([
      "nextId",
      "nextPreviewUrl",
      "position",
      "previousId",
      "previousPreviewUrl",
      "total",
    ]);
    return body;
  }

  async function neighbours(tokens: Tokens, fileId: string, query: Record<string, string> = {}) {
    const body = await answer(tokens, fileId, query);
    return { previous: nameOf(body.previousId), next: nameOf(body.nextId) };
  }

  /**
   * Every listed file's neighbours are the files beside it in the list, under the same query,
   * and its position is its place in the list, of the list's length.
   */
  async function expectListOrder(
    tokens: Tokens,
    query: Record<string, string>,
    expected: string[],
  ) {
    const listed = names(
      await page(tokens, collectionFiles(c.team, collection), { ...query, limit: 100 }),
    );
    expect(listed).toEqual(expected);
    for (const [index, name] of listed.entries()) {
      const body = await answer(tokens, ids[name] as string, query);
      expect({
        previous: nameOf(body.previousId),
        next: nameOf(body.nextId),
        position: body.position,
        total: body.total,
      }).toEqual({
        previous: listed[index - 1] ?? null,
        next: listed[index + 1] ?? null,
        position: index + 1,
        total: listed.length,
      });
    }
  }

  beforeAll(async () => {
    c = await crew();
    collection = await insertCollection(api, c.team, { mode: "collaborative" });
    const put = async (name: string, refDate: number, uploadedBy = c.team.ownerId) => {
      ids[name] = (await insertFile(api, c.team, collection, { name, refDate, uploadedBy })).fileId;
    };
    await put("A", T + 1000);
    // B and C share a refDate: the id breaks the tie, as in the list.
    await put("B", T + 2000, c.admin.userId);
    await put("C", T + 2000, c.uploader.userId);
    await put("D", T + 3000, c.uploader.userId);
    await put("E", T + 4000);
    // Never listed, so never a neighbour; and another collection's files are not either.
    await insertFile(api, c.team, collection, { refDate: T + 3500, status: "uploading" });
    await insertFile(api, c.team, collection, { refDate: T + 3600, status: "failed" });
    await insertFile(api, c.team, await insertCollection(api, c.team), { refDate: T + 3700 });
  });

  /** B and C in ascending order, which their ids decide: as the list has them. */
  const tied = async () =>
    names(
      await page(c.owner.tokens, collectionFiles(c.team, collection), { sort: "refDate:asc" }),
    ).filter((name) => name === "B" || name === "C");

  it("follows the list's order both ways: null before the first and after the last", async () => {
    const ascending = ["A", ...(await tied()), "D", "E"];
    await expectListOrder(c.viewer.tokens, { sort: "refDate:asc" }, ascending);
    await expectListOrder(c.viewer.tokens, {}, [...ascending].reverse());
    await expectListOrder(c.owner.tokens, { sort: "refDate:desc" }, [...ascending].reverse());
    expect(await neighbours(c.owner.tokens, ids.E as string)).toEqual({
      previous: null,
      next: "D",
    });
    expect(await neighbours(c.owner.tokens, ids.A as string, { sort: "refDate:asc" })).toEqual({
      previous: null,
      next: (await tied())[0],
    });
  });

  it("takes the list's filters; a file outside them still has its place", async () => {
    await expectListOrder(c.admin.tokens, { creator: c.uploader.userId }, ["D", "C"]);
    await expectListOrder(c.admin.tokens, { from: String(T + 2000), to: String(T + 3000) }, [
      "D",
      ...(await tied()).reverse(),
    ]);
    await expectListOrder(c.admin.tokens, { creator: "", sort: "refDate:asc" }, [
      "A",
      ...(await tied()),
      "D",
      "E",
    ]);
    // E is newer than every file C's uploader sent; A older.
    expect(
      await neighbours(c.admin.tokens, ids.E as string, { creator: c.uploader.userId }),
    ).toEqual({ previous: null, next: "D" });
    expect(
      await neighbours(c.admin.tokens, ids.A as string, { creator: c.uploader.userId }),
    ).toEqual({ previous: "C", next: null });
    // Nothing in the range: no neighbours either way.
    expect(await neighbours(c.admin.tokens, ids.D as string, { from: String(T + 9000) })).toEqual({
      previous: null,
      next: null,
    });
    // Outside the filters, a file has no position; the list still has its length.
    const outside = await answer(c.admin.tokens, ids.E as string, { creator: c.uploader.userId });
    expect({ position: outside.position, total: outside.total }).toEqual({
      position: null,
      total: 2,
    });
    const empty = await answer(c.admin.tokens, ids.D as string, { from: String(T + 9000) });
    expect({ position: empty.position, total: empty.total }).toEqual({ position: null, total: 0 });
  });

  it("answers the neighbours' preview links, as their files answer them", async () => {
    const pictures = await insertCollection(api, c.team);
    const put = (name: string, refDate: number, contentType = "image/jpeg") =>
      insertFile(api, c.team, pictures, { name, refDate, contentType, withBlobs: true });
    const first = await put("First.jpg", T + 1000);
    const middle = await put("Middle.jpg", T + 2000);
    const last = await put("Notes.zip", T + 3000, "application/zip");
    const path = (fileId: string) => `${filePath(c.team, pictures, fileId)}/neighbours`;
    const around = async (fileId: string, sort = "refDate:desc") => {
      const response = await call(c.viewer.tokens, `${path(fileId)}?sort=${sort}`);
      expect(response.status).toBe(200);
      return (await response.json()) as Neighbours;
    };
    // Newest first: the zip (no preview), the middle photo, the first.
    const fromMiddle = await around(middle.fileId);
    expect(fromMiddle).toMatchObject({
      previousId: last.fileId,
      previousPreviewUrl: null,
      nextId: first.fileId,
      position: 2,
      total: 3,
    });
    const firstFile = await readFile(c.owner.tokens, filePath(c.team, pictures, first.fileId));
    expect(firstFile.previewUrl).toEqual(expect.any(String));
    expect(fromMiddle.nextPreviewUrl).toBe(firstFile.previewUrl);
    // The link works without a bearer, as a File's does.
    const picture = await api.request(fromMiddle.nextPreviewUrl as string);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/webp");
    const fromFirst = await around(first.fileId, "refDate:asc");
    expect(fromFirst).toMatchObject({
      previousId: null,
      previousPreviewUrl: null,
      nextId: middle.fileId,
      position: 1,
      total: 3,
    });
    expect(fromFirst.nextPreviewUrl).toEqual(expect.any(String));
  });

  it("shows an uploader only its own files, as the list does", async () => {
    await expectListOrder(c.uploader.tokens, {}, ["D", "C"]);
    await expectListOrder(c.uploader.tokens, { sort: "refDate:asc" }, ["C", "D"]);
    await expectListOrder(c.uploader2.tokens, {}, []);
    for (const name of ["A", "B", "E"]) {
      await expectError(
        await call(
          c.uploader.tokens,
          `${filePath(c.team, collection, ids[name] as string)}/neighbours`,
        ),
        404,
        "notFound",
      );
    }
  });

  it("answers notFound for a missing file, collection or team, and another team's file", async () => {
    const other = await ownedTeam(api);
    const elsewhere = await insertCollection(api, other.team);
    const foreign = await insertFile(api, other.team, elsewhere);
    const another = await insertCollection(api, c.team);
    for (const path of [
      filePath(c.team, collection, "missing"),
      filePath(c.team, { collectionId: "missing" }, ids.A as string),
      // A file named under the wrong collection is not there either.
      filePath(c.team, another, ids.A as string),
      filePath(c.team, elsewhere, foreign.fileId),
      filePath(other.team, elsewhere, foreign.fileId),
      `/api/teams/missing/collections/${collection.collectionId}/files/${ids.A}`,
    ]) {
      await expectError(await call(c.owner.tokens, `${path}/neighbours`), 404, "notFound");
    }
  });

  it("refuses an unknown sort with invalidSorting and reversed dates with invalidInput", async () => {
    const path = `${filePath(c.team, collection, ids.A as string)}/neighbours`;
    await expectError(await call(c.owner.tokens, `${path}?sort=name:asc`), 400, "invalidSorting");
    const reversed = await expectError(
      await call(c.owner.tokens, `${path}?from=${T + 2000}&to=${T}`),
      400,
      "invalidInput",
    );
    expect(reversed.message).toContain("filterStartEndDateInvalid");
    await expectError(await call(c.owner.tokens, `${path}?from=-1`), 400, "invalidInput");
    await expectError(await api.request(path), 401, "authorizationRequired");
  });

  it("does not mark the file read", async () => {
    await neighbours(c.viewer.tokens, ids.D as string);
    const listed = await page(c.viewer.tokens, collectionFiles(c.team, collection));
    expect(listed.files.find((file) => file.fileId === ids.D)?.readAt).toBeNull();
    expect(
      (await readFile(c.viewer.tokens, filePath(c.team, collection, ids.D as string))).readAt,
    ).toEqual(expect.any(Number));
  });
});

describe("reading a file", () => {
  it("marks it read for the caller; an update makes it unread again", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const file = await insertFile(api, c.team, collection, { name: "Read me.jpg" });
    const path = filePath(c.team, collection, file.fileId);
    api.clock.advance(1000);
    const first = await readFile(c.viewer.tokens, path);
    expect(first.readAt).toEqual(expect.any(Number));
    expect(first.readAt).toBeGreaterThan(first.updatedAt);
    const listed = await page(c.viewer.tokens, collectionFiles(c.team, collection));
    expect(listed.files[0]?.readAt).toBe(first.readAt);
    const others = await page(c.admin.tokens, collectionFiles(c.team, collection));
    expect(others.files[0]?.readAt).toBeNull();

    api.clock.advance(1000);
    const renamed = await call(c.owner.tokens, path, {
      method: "PATCH",
      json: replace("/name", "Renamed.jpg"),
    });
    expect(renamed.status).toBe(200);
    const after = await page(c.viewer.tokens, collectionFiles(c.team, collection));
    expect(after.files[0]?.readAt).toBeNull();
    api.clock.advance(1000);
    const again = await readFile(c.viewer.tokens, path);
    expect(again.readAt).toBeGreaterThan(first.readAt as number);
    expect(again.name).toBe("Renamed.jpg");
  });

  it("a collection read before its last update is unread again", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team, { name: "Old name" });
    const path = `/api/teams/${c.team.teamId}/collections/${collection.collectionId}`;
    api.clock.advance(1000);
    const read = (await (await call(c.viewer.tokens, path)).json()) as CollectionItem;
    expect(read.readAt).toEqual(expect.any(Number));
    api.clock.advance(1000);
    const renamed = await call(c.owner.tokens, path, {
      method: "PATCH",
      json: replace("/name", "New name"),
    });
    expect(renamed.status).toBe(200);
    const list = await call(c.viewer.tokens, `/api/teams/${c.team.teamId}/collections`);
    const body = (await list.json()) as { collections: CollectionItem[] };
    expect(body.collections.find((item) => item.name === "New name")?.readAt).toBeNull();
  });
});

describe("PATCH a file's name", () => {
  let c: Awaited<ReturnType<typeof crew>>;
  let collection: StoredCollection;

  beforeAll(async () => {
    c = await crew();
    collection = await insertCollection(api, c.team, { mode: "collaborative" });
  });

  async function rename(person: Person, uploadedBy: string, name: unknown) {
    const file = await insertFile(api, c.team, collection, { uploadedBy, name: "Before.jpg" });
    return call(person.tokens, filePath(c.team, collection, file.fileId), {
      method: "PATCH",
      json: replace("/name", name),
    });
  }

  it("renames one's own file (update own) and anyone's (update any)", async () => {
    const file = await insertFile(api, c.team, collection, {
      uploadedBy: c.uploader.userId,
      name: "Before.jpg",
    });
    api.clock.advance(1000);
    const own = await call(c.uploader.tokens, filePath(c.team, collection, file.fileId), {
      method: "PATCH",
      json: replace("/name", "  Holiday 1.jpg  "),
    });
    expect(own.status).toBe(200);
    const renamed = (await own.json()) as FileItem;
    expect(renamed).toMatchObject({ name: "Holiday 1.jpg", originalName: "Before.jpg" });
    // The update is recorded; the place in lists (refDate) stays.
    expect(renamed.updatedAt).toBeGreaterThan(file.refDate);
    expect(renamed.refDate).toBe(file.refDate);
    expect((await rename(c.upviewer, c.upviewer.userId, "Mine.jpg")).status).toBe(200);
    expect((await rename(c.admin, c.uploader.userId, "Theirs.jpg")).status).toBe(200);
    expect((await rename(c.owner, c.uploader.userId, "Theirs.jpg")).status).toBe(200);
  });

  it("refuses others' files without update any", async () => {
    await expectError(await rename(c.upviewer, c.team.ownerId, "Nope.jpg"), 403, "forbidden");
    await expectError(await rename(c.viewer, c.team.ownerId, "Nope.jpg"), 403, "forbidden");
    // The viewer has no update own file either.
    await expectError(await rename(c.viewer, c.viewer.userId, "Nope.jpg"), 403, "forbidden");
    // The uploader does not even see it.
    await expectError(await rename(c.uploader, c.team.ownerId, "Nope.jpg"), 404, "notFound");
  });

  it("checks the name before the extension: 2 to 50 characters, trimmed", async () => {
    const short = await expectError(
      await rename(c.owner, c.team.ownerId, " a "),
      400,
      "invalidInput",
    );
    expect(short.message).toBe("name: fileNameShort");
    // "a.jpg" is one character of name: the extension does not count.
    const shortWithExtension = await rename(c.owner, c.team.ownerId, "a.jpg");
    expect((await expectError(shortWithExtension, 400, "invalidInput")).message).toBe(
      "name: fileNameShort",
    );
    const long = await expectError(
      await rename(c.owner, c.team.ownerId, "x".repeat(51)),
      400,
      "invalidInput",
    );
    expect(long.message).toBe("name: fileNameLong");
    const longWithExtension = await rename(c.owner, c.team.ownerId, `${"x".repeat(51)}.jpg`);
    expect((await expectError(longWithExtension, 400, "invalidInput")).message).toBe(
      "name: fileNameLong",
    );
    const tooLongToRead = await rename(c.owner, c.team.ownerId, "x".repeat(200));
    expect((await expectError(tooLongToRead, 400, "invalidInput")).message).toBe(
      "name: fileNameLong",
    );
    // At the limits: 2 and 50 characters, and the extension on top.
    for (const [typed, saved] of [
      ["ab", "ab.jpg"],
      ["x".repeat(50), `${"x".repeat(50)}.jpg`],
      [`${"x".repeat(50)}.jpg`, `${"x".repeat(50)}.jpg`],
    ]) {
      const response = await rename(c.owner, c.team.ownerId, typed);
      expect(response.status).toBe(200);
      expect(((await response.json()) as FileItem).name).toBe(saved);
    }
    const missing = await expectError(
      await rename(c.owner, c.team.ownerId, null),
      400,
      "invalidInput",
    );
    expect(missing.message).toContain("fileNameRequired");
    // Only the extension is no name at all.
    const onlyExtension = await rename(c.owner, c.team.ownerId, " .JPG ");
    expect((await expectError(onlyExtension, 400, "invalidInput")).message).toBe(
      "name: fileNameRequired",
    );
    const unsafe = await rename(c.owner, c.team.ownerId, "invoice\u202Efdp.jpg");
    expect((await expectError(unsafe, 400, "invalidInput")).message).toBe(
      "name: invalidCharacters",
    );
  });

  describe("follows the rule an uploaded file's name follows", () => {
    async function refused(typed: string, name = "Before.jpg") {
      const file = await insertFile(api, c.team, collection, { name });
      const response = await call(c.owner.tokens, filePath(c.team, collection, file.fileId), {
        method: "PATCH",
        json: replace("/name", typed),
      });
      const body = await expectError(response, 400, "invalidInput");
      const after = await call(c.owner.tokens, filePath(c.team, collection, file.fileId));
      expect(((await after.json()) as FileItem).name).toBe(name);
      return body.message;
    }

    for (const [label, typed] of [
      ["a slash", "photos/Montagna"],
      ["a backslash", "photos\\Montagna"],
      ["a carriage return", "Monta\rgna"],
      ["a line feed", "Monta\ngna"],
      ["CR LF", "Monta\r\ngna"],
      ["a tab", "Monta\tgna"],
      ["another control character", "Monta\u0001gna"],
      ["DEL", "Monta\u007fgna"],
    ]) {
      it(`refuses ${label}, as uploads do`, async () => {
        expect(await refused(typed!)).toBe("name: fileNameCharacters");
        // The file without an extension too.
        expect(await refused(typed!, "README")).toBe("name: fileNameCharacters");
      });
    }

    it("refuses an extension browsers run (.html, .svg, .js) on a file without one", async () => {
      for (const typed of ["page.html", "page.HTM", "Drawing.svg", "run.js", "x.xhtml"]) {
        expect(await refused(typed, "README")).toBe("name: fileNameType");
      }
    });

    it("keeps a file's own extension after a typed .html, so it stays what it was", async () => {
      const file = await insertFile(api, c.team, collection, { name: "Before.jpg" });
      const response = await call(c.owner.tokens, filePath(c.team, collection, file.fileId), {
        method: "PATCH",
        json: replace("/name", "page.html"),
      });
      expect(((await response.json()) as FileItem).name).toBe("page.html.jpg");
    });
  });

  describe("keeps the extension of the name the file was uploaded with", () => {
    async function renamed(name: string, typed: string, originalName = name) {
      const file = await insertFile(api, c.team, collection, { name, originalName });
      const response = await call(c.owner.tokens, filePath(c.team, collection, file.fileId), {
        method: "PATCH",
        json: replace("/name", typed),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as FileItem;
      expect(body.originalName).toBe(originalName);
      return body.name;
    }

    it("adds it to a name given without it", async () => {
      expect(await renamed("IMG_0003.jpg", "Montagna - vista nord")).toBe(
        "Montagna - vista nord.jpg",
      );
      expect(await renamed("IMG_0003.jpg", "  Montagna  ")).toBe("Montagna.jpg");
    });

    it("takes it as typed, in any case, and writes it as the file has it", async () => {
      expect(await renamed("IMG_0003.jpg", "Montagna.jpg")).toBe("Montagna.jpg");
      expect(await renamed("IMG_0003.jpg", "Montagna.JPG")).toBe("Montagna.jpg");
      expect(await renamed("IMG_0004.JPG", "Montagna.jpg")).toBe("Montagna.JPG");
      expect(await renamed("IMG_0003.jpg", "Montagna .jpg")).toBe("Montagna.jpg");
    });

    it("keeps another extension as part of the name, and adds the file's", async () => {
      expect(await renamed("IMG_0003.jpg", "x.png")).toBe("x.png.jpg");
      expect(await renamed("IMG_0003.jpeg", "Montagna.jpg")).toBe("Montagna.jpg.jpeg");
      expect(await renamed("Report.pdf", "Report v2.1")).toBe("Report v2.1.pdf");
    });

    it("adds nothing to a file uploaded without one", async () => {
      expect(await renamed("README", "Leggimi")).toBe("Leggimi");
      expect(await renamed("README", "Leggimi.txt")).toBe("Leggimi.txt");
      expect(await renamed("Mr. Smith", "Mrs. Smith")).toBe("Mrs. Smith");
      expect(await renamed(".profile", "profile")).toBe("profile");
    });

    it("gives it back to a name that had lost it", async () => {
      expect(await renamed("Montagna", "Montagna", "IMG_0003.jpg")).toBe("Montagna.jpg");
    });

    it("leaves a file whose name does not change as it was", async () => {
      const file = await insertFile(api, c.team, collection, { name: "Same.jpg" });
      api.clock.advance(1000);
      const response = await call(c.owner.tokens, filePath(c.team, collection, file.fileId), {
        method: "PATCH",
        json: replace("/name", "Same"),
      });
      const body = (await response.json()) as FileItem;
      expect(body.name).toBe("Same.jpg");
      expect(body.updatedAt).toBeLessThan(api.clock.now());
    });
  });

  it("takes only replace on /name", async () => {
    const file = await insertFile(api, c.team, collection);
    const path = filePath(c.team, collection, file.fileId);
    for (const json of [
      { op: "replace", path: "/name", value: "Not an array" },
      [{ op: "remove", path: "/name" }],
      [{ op: "add", path: "/name", value: "Added" }],
      [{ op: "replace", path: "/originalName", value: "Other" }],
      [{ op: "replace", path: "/contentType", value: "text/html" }],
      [{ op: "replace", path: "/name" }],
      ["replace"],
    ]) {
      await expectError(
        await call(c.owner.tokens, path, { method: "PATCH", json }),
        400,
        "invalidPatch",
      );
    }
    // An empty patch changes nothing.
    const none = await call(c.owner.tokens, path, { method: "PATCH", json: [] });
    expect(none.status).toBe(200);
    expect(((await none.json()) as FileItem).name).toBe(file.name);
  });
});

describe("DELETE a file", () => {
  // The file goes to the trash (ADR 092): tests/api/trash.test.ts covers every role and what
  // the trash does next.
  it("moves it to the trash: hidden at once, its row and blobs kept until purged (owner and admin)", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    for (const person of [c.owner, c.admin]) {
      const file = await insertFile(api, c.team, collection, {
        withBlobs: true,
        uploadedBy: c.uploader.userId,
      });
      const path = filePath(c.team, collection, file.fileId);
      await readFile(c.viewer.tokens, path);
      const keys = (["original", "thumbnail", "preview"] as const).map((variant) =>
        fileBlobKey(c.team.teamId, file.fileId, variant),
      );
      const response = await call(person.tokens, path, { method: "DELETE" });
      expect(response.status).toBe(204);
      for (const key of keys) expect(await api.blobs.head(key)).not.toBeNull();
      await expectError(await call(c.owner.tokens, path), 404, "notFound");
      const row = await api.db
        .selectFrom("files")
        .select(["deleted_at", "deleted_by"])
        .where("file_id", "=", file.fileId)
        .executeTakeFirstOrThrow();
      expect(row.deleted_by).toBe(person.userId);
      expect(row.deleted_at).not.toBeNull();
      await expectError(await call(person.tokens, path, { method: "DELETE" }), 404, "fileNotFound");
    }
  });

  it("is forbidden to a viewer, and to contributors on a file of a collection not theirs to add to", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team, { mode: "collaborative" });
    const file = await insertFile(api, c.team, collection, { uploadedBy: c.viewer.userId });
    const path = filePath(c.team, collection, file.fileId);
    await expectError(await call(c.viewer.tokens, path, { method: "DELETE" }), 403, "forbidden");
    const owned = await insertCollection(api, c.team);
    const upviewers = await insertFile(api, c.team, owned, { uploadedBy: c.upviewer.userId });
    await expectError(
      await call(c.upviewer.tokens, filePath(c.team, owned, upviewers.fileId), {
        method: "DELETE",
      }),
      403,
      "forbidden",
    );
    expect((await readFile(c.owner.tokens, path)).fileId).toBe(file.fileId);
  });
});

describe("GET .../files/{fileId}/content", () => {
  let c: Awaited<ReturnType<typeof crew>>;
  let collection: StoredCollection;

  beforeAll(async () => {
    c = await crew();
    collection = await insertCollection(api, c.team, { mode: "collaborative" });
  });

  it("links the original as an attachment with the safety headers and Range", async () => {
    const file = await insertFile(api, c.team, collection, {
      name: 'Café ☕ "1".jpg',
      withBlobs: true,
    });
    const path = filePath(c.team, collection, file.fileId);
    const response = await call(c.viewer.tokens, `${path}/content`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { signedUrl } = (await response.json()) as { signedUrl: string };
    const download = await fetchSigned(signedUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="Caf_ _ _1_.jpg"; filename*=UTF-8''Caf%C3%A9%20%E2%98%95%20%221%22.jpg`,
    );
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("content-security-policy")).toBe("sandbox");
    expect(download.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await download.arrayBuffer())).toEqual(file.content);

    const partial = await fetchSigned(signedUrl, { headers: { Range: "bytes=100-199" } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe(`bytes 100-199/${file.content?.length}`);
    expect(Buffer.from(await partial.arrayBuffer())).toEqual(file.content?.subarray(100, 200));
  });

  it("serves raster images inline when asked, anything else as an attachment", async () => {
    const image = await insertFile(api, c.team, collection, {
      name: "Photo.png",
      contentType: "image/png",
      withBlobs: true,
    });
    const inline = await contentLink(
      c.viewer.tokens,
      filePath(c.team, collection, image.fileId),
      "?disposition=inline",
    );
    const shown = await fetchSigned(inline);
    expect(shown.headers.get("content-disposition")).toMatch(/^inline; filename="Photo.png"/);
    await shown.body?.cancel();

    for (const contentType of ["image/svg+xml", "application/pdf", "text/html"]) {
      const risky = await insertFile(api, c.team, collection, { contentType, withBlobs: true });
      const link = await contentLink(
        c.viewer.tokens,
        filePath(c.team, collection, risky.fileId),
        "?disposition=inline",
      );
      const served = await fetchSigned(link);
      expect(served.headers.get("content-disposition")).toMatch(/^attachment; /);
      expect(served.headers.get("content-security-policy")).toBe("sandbox");
      await served.body?.cancel();
    }
  });

  it("serves a video inline for the preview's player, seekable with Range for as long as the page's images", async () => {
    for (const contentType of ["video/mp4", "video/quicktime", "video/webm"]) {
      const video = await insertFile(api, c.team, collection, {
        name: "Clip.mp4",
        contentType,
        withBlobs: true,
      });
      const path = filePath(c.team, collection, video.fileId);
      const inline = await contentLink(c.viewer.tokens, path, "?disposition=inline");
      const expiresIn = (url: string) =>
        Number(new URL(url, "http://x").searchParams.get("expires")) - Date.now();
      // A player seeks long after the page opened: the link lasts the hour the images do.
      expect(expiresIn(inline)).toBeGreaterThan(55 * 60_000);
      const seek = await fetchSigned(inline, { headers: { Range: "bytes=10-19" } });
      expect(seek.status).toBe(206);
      expect(seek.headers.get("content-type")).toBe(contentType);
      expect(seek.headers.get("content-disposition")).toMatch(/^inline; filename="Clip.mp4"/);
      expect(Buffer.from(await seek.arrayBuffer())).toEqual(video.content?.subarray(10, 20));
      // A download's link stays short.
      const download = await contentLink(c.viewer.tokens, path);
      expect(expiresIn(download)).toBeLessThanOrEqual(5 * 60_000);
    }
  });

  it("links the thumbnail and preview, and names the file by its current name", async () => {
    const file = await insertFile(api, c.team, collection, { name: "Sunset.jpg", withBlobs: true });
    const path = filePath(c.team, collection, file.fileId);
    const renamed = await call(c.owner.tokens, path, {
      method: "PATCH",
      json: replace("/name", "Dusk.jpg"),
    });
    expect(renamed.status).toBe(200);
    for (const variant of ["thumbnail", "preview"]) {
      const link = await contentLink(
        c.viewer.tokens,
        path,
        `?variant=${variant}&disposition=inline`,
      );
      const served = await fetchSigned(link);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("content-disposition")).toMatch(/^inline; filename="Dusk.webp"/);
      await served.body?.cancel();
    }
    const original = await fetchSigned(await contentLink(c.viewer.tokens, path));
    expect(original.headers.get("content-disposition")).toMatch(/^attachment; filename="Dusk.jpg"/);
    await original.body?.cancel();
  });

  it("gives thumbnailUrl and previewUrl as signed links shown inline, null without them", async () => {
    const file = await insertFile(api, c.team, collection, { withBlobs: true });
    const bare = await insertFile(api, c.team, collection, {
      contentType: "application/pdf",
      withBlobs: true,
    });
    const issuedAround = Date.now();
    const item = await readFile(c.viewer.tokens, filePath(c.team, collection, file.fileId));
    const thumbnail = await fetchSigned(item.thumbnailUrl as string);
    const preview = await fetchSigned(item.previewUrl as string);
    for (const served of [thumbnail, preview]) {
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      await served.body?.cancel();
    }
    // Shown inline either way: a preview, opened on its own, names itself; a thumbnail takes the
    // default, so its link, one per row of every list, stays short.
    expect(preview.headers.get("content-disposition")).toMatch(/^inline; filename=/);
    expect(thumbnail.headers.get("content-disposition")).toBeNull();
    const listed = await page(c.viewer.tokens, collectionFiles(c.team, collection));
    const bareItem = listed.files.find((entry) => entry.fileId === bare.fileId);
    expect(bareItem).toMatchObject({ thumbnailUrl: null, previewUrl: null });
    // The list gives the same links as the read: a browser shows its cached thumbnail.
    // (Unless the two answers straddle the half-hour the links are issued in.)
    const listedItem = listed.files.find((entry) => entry.fileId === file.fileId);
    const sameWindow = Math.floor(Date.now() / 1_800_000) === Math.floor(issuedAround / 1_800_000);
    if (sameWindow) expect(listedItem?.thumbnailUrl).toBe(item.thumbnailUrl);
    await expectError(
      await call(
        c.viewer.tokens,
        `${filePath(c.team, collection, bare.fileId)}/content?variant=thumbnail`,
      ),
      404,
      "notFound",
    );
  });

  it("lets an uploader fetch its own file, refuses bad variants", async () => {
    const own = await insertFile(api, c.team, collection, {
      uploadedBy: c.uploader.userId,
      withBlobs: true,
    });
    const theirs = await insertFile(api, c.team, collection, { withBlobs: true });
    const link = await contentLink(c.uploader.tokens, filePath(c.team, collection, own.fileId));
    const served = await fetchSigned(link);
    expect(served.status).toBe(200);
    await served.body?.cancel();
    await expectError(
      await call(c.uploader.tokens, `${filePath(c.team, collection, theirs.fileId)}/content`),
      404,
      "notFound",
    );
    for (const query of ["?variant=raw", "?disposition=download"]) {
      await expectError(
        await call(c.owner.tokens, `${filePath(c.team, collection, own.fileId)}/content${query}`),
        400,
        "invalidInput",
      );
    }
  });
});
