import { beforeAll, describe, expect, it } from "vitest";
import { bearer, expectError, type Tokens } from "./support/accounts.ts";
import { insertCollection } from "./support/collections.ts";
import { apiForThisFile } from "./support/file-api.ts";
import {
  addMember,
  ownedTeam,
  storedAccount,
  type TestMember,
  type TestTeam,
  tokensFor,
} from "./support/teams.ts";

// The real API over HTTP on a fresh database. Collections are created through the API where
// that is what is tested, and written to the database (support/collections.ts) for chosen
// refDates and for drafts.

const api = apiForThisFile({ planLimits: { limitMembersPerTeam: -1, limitTeams: -1 } });

interface CollectionItem {
  collectionId: string;
  teamId: string;
  name: string;
  description: string | null;
  mode: string;
  status: string;
  createdBy: string;
  creator: { userId: string; nickname: string; avatarUrl: string | null } | null;
  readAt: number | null;
  tags: string[];
  refDate: number;
  updatedAt: number;
  filesCount: number;
}
interface CollectionPage {
  pagination: { lastKey: string | null };
  collections: CollectionItem[];
}

/** A team with a member of every role, each signed in. */
async function crew(mode: "collaborative" | "controlled" = "collaborative") {
  const { owner, tokens, team } = await ownedTeam(api, { mode });
  const people = {} as Record<
    "admin" | "upviewer" | "uploader" | "uploader2" | "viewer",
    TestMember & { tokens: Tokens }
  >;
  for (const [key, role] of [
    ["admin", "admin"],
    ["upviewer", "upviewer"],
    ["uploader", "uploader"],
    ["uploader2", "uploader"],
    ["viewer", "viewer"],
  ] as const) {
    const member = await addMember(api, team, { role });
    people[key] = { ...member, tokens: await tokensFor(api, member) };
  }
  return { team, owner: { ...owner, tokens }, ...people };
}

function call(tokens: Tokens, path: string, init: RequestInit & { json?: unknown } = {}) {
  return api.request(path, { ...init, headers: bearer(tokens) });
}

async function create(tokens: Tokens, team: TestTeam | string, body: unknown) {
  const teamId = typeof team === "string" ? team : team.teamId;
  return call(tokens, `/api/teams/${teamId}/collections`, { method: "POST", json: body });
}

async function created(tokens: Tokens, team: TestTeam, body: Record<string, unknown>) {
  const response = await create(tokens, team, body);
  expect(response.status).toBe(201);
  return (await response.json()) as CollectionItem;
}

async function page(tokens: Tokens, path: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await call(tokens, `${path}?${search}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CollectionPage;
}

const names = (result: CollectionPage) => result.collections.map((c) => c.name);
const ids = (result: CollectionPage) => result.collections.map((c) => c.collectionId);

function patch(tokens: Tokens, team: TestTeam, collectionId: string, json: unknown) {
  return call(tokens, `/api/teams/${team.teamId}/collections/${collectionId}`, {
    method: "PATCH",
    json,
  });
}
const replace = (path: string, value: unknown) => [{ op: "replace", path, value }];

describe("POST /api/teams/{teamId}/collections", () => {
  it("creates an owned, published collection with the creator as a member", async () => {
    const { team, owner } = await crew();
    const before = api.clock.now();
    const collection = await created(owner.tokens, team, {
      name: "  Holidays  ",
      description: "Summer",
    });
    expect(collection).toMatchObject({
      teamId: team.teamId,
      name: "Holidays",
      description: "Summer",
      mode: "owned",
      status: "published",
      createdBy: owner.userId,
      creator: { userId: owner.userId, nickname: "Owner", avatarUrl: null },
      tags: [],
      filesCount: 0,
    });
    expect(collection.refDate).toBeGreaterThanOrEqual(before);
    expect(collection.updatedAt).toBe(collection.refDate);
    // Read by its creator from the start: a new collection is not news to whoever made it.
    expect(collection.readAt).toBe(collection.updatedAt);
  });

  it("works through an alias, and a blank description is none", async () => {
    const { owner, tokens, team } = await ownedTeam(api, { alias: `c-${Date.now()}` });
    const response = await create(tokens, team.starAlias as string, {
      name: "By alias",
      description: "   ",
      mode: "collaborative",
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      teamId: team.teamId,
      description: null,
      mode: "collaborative",
      createdBy: owner.userId,
    });
  });

  it("refuses invalid bodies with invalidInput", async () => {
    const { team, owner } = await crew();
    for (const body of [
      {},
      { name: "x" },
      { name: "y".repeat(51) },
      { name: "Fine", description: "d".repeat(251) },
      { name: "Fine", mode: "controlled" },
      { name: "Fine", extra: true },
    ]) {
      await expectError(await create(owner.tokens, team, body), 400, "invalidInput");
    }
  });

  it("follows the conditional rules: contributors only in a collaborative team, never collaborative", async () => {
    const open = await crew("collaborative");
    await created(open.admin.tokens, open.team, { name: "Admin's", mode: "collaborative" });
    await created(open.uploader.tokens, open.team, { name: "Uploader's" });
    await created(open.upviewer.tokens, open.team, { name: "Upviewer's", mode: "owned" });
    await expectError(
      await create(open.viewer.tokens, open.team, { name: "No" }),
      403,
      "forbidden",
    );
    for (const who of [open.uploader, open.upviewer]) {
      await expectError(
        await create(who.tokens, open.team, { name: "Shared", mode: "collaborative" }),
        403,
        "forbidden",
      );
    }
    const closed = await crew("controlled");
    await created(closed.owner.tokens, closed.team, { name: "Owner's" });
    await created(closed.admin.tokens, closed.team, { name: "Admin's" });
    for (const who of [closed.uploader, closed.upviewer, closed.viewer]) {
      await expectError(await create(who.tokens, closed.team, { name: "No" }), 403, "forbidden");
    }
  });

  it("is notFound outside the team and needs a bearer token", async () => {
    const { team } = await crew();
    const stranger = await storedAccount(api);
    await expectError(
      await create(await tokensFor(api, stranger), team, { name: "Intruder" }),
      404,
      "notFound",
    );
    await expectError(
      await api.request(`/api/teams/${team.teamId}/collections`, {
        method: "POST",
        json: { name: "Anon" },
      }),
      401,
      "authorizationRequired",
    );
    await expectError(
      await api.request(`/api/teams/${team.teamId}/collections`),
      401,
      "authorizationRequired",
    );
  });
});

describe("visibility", () => {
  let c: Awaited<ReturnType<typeof crew>>;
  let ownersOwned: CollectionItem;
  let ownersShared: CollectionItem;
  let mine: CollectionItem;
  let othersOwned: CollectionItem;

  beforeAll(async () => {
    c = await crew();
    ownersOwned = await created(c.owner.tokens, c.team, { name: "Owner owned" });
    ownersShared = await created(c.owner.tokens, c.team, {
      name: "Owner shared",
      mode: "collaborative",
    });
    mine = await created(c.uploader.tokens, c.team, { name: "Uploader own" });
    othersOwned = await created(c.uploader2.tokens, c.team, { name: "Other uploader own" });
  });

  const all = () => [ownersOwned, ownersShared, mine, othersOwned].map((x) => x.name).sort();

  it("lets owner, admin, upviewer and viewer see everything", async () => {
    for (const who of [c.owner, c.admin, c.upviewer, c.viewer]) {
      const result = await page(who.tokens, `/api/teams/${c.team.teamId}/collections`);
      expect(names(result).sort()).toEqual(all());
      const read = await call(
        who.tokens,
        `/api/teams/${c.team.teamId}/collections/${othersOwned.collectionId}`,
      );
      expect(read.status).toBe(200);
    }
  });

  it("shows an uploader only its own and the collaborative ones, in every list", async () => {
    const base = `/api/teams/${c.team.teamId}`;
    const visible = [ownersShared.name, mine.name].sort();
    expect(names(await page(c.uploader.tokens, `${base}/collections`)).sort()).toEqual(visible);
    expect(
      names(await page(c.uploader.tokens, `${base}/collections`, { creator: c.owner.userId })),
    ).toEqual([ownersShared.name]);
    expect(
      names(await page(c.uploader.tokens, `${base}/collections`, { creator: c.uploader2.userId })),
    ).toEqual([]);
    expect(
      names(await page(c.uploader.tokens, `${base}/members/${c.owner.userId}/collections`)),
    ).toEqual([ownersShared.name]);
    expect(
      names(await page(c.uploader.tokens, `${base}/members/${c.uploader2.userId}/collections`)),
    ).toEqual([]);
    expect(names(await page(c.uploader.tokens, `${base}/shared-collections`))).toEqual([
      ownersShared.name,
    ]);
    expect(names(await page(c.uploader.tokens, "/api/collections")).sort()).toEqual(visible);
    // Tagging the uploader on a hidden collection does not reveal it.
    expect(
      (
        await patch(
          c.owner.tokens,
          c.team,
          ownersOwned.collectionId,
          replace("/tags", [c.uploader.userId]),
        )
      ).status,
    ).toBe(200);
    expect(
      names(await page(c.uploader.tokens, `${base}/collections`, { tagged: c.uploader.userId })),
    ).toEqual([]);
  });

  it("counts only the visible collections in the team's collectionsCount", async () => {
    const count = async (tokens: Tokens) =>
      (
        (await (await call(tokens, `/api/teams/${c.team.teamId}`)).json()) as {
          collectionsCount: number;
        }
      ).collectionsCount;
    expect(await count(c.viewer.tokens)).toBe(4);
    expect(await count(c.uploader.tokens)).toBe(2);
  });

  it("answers a member forbidden for a hidden collection, naming its creator, read or patched", async () => {
    for (const [hidden, creator] of [
      [ownersOwned, { userId: c.owner.userId, nickname: "Owner", avatarUrl: null }],
      [
        othersOwned,
        { userId: c.uploader2.userId, nickname: c.uploader2.nickname, avatarUrl: null },
      ],
    ] as const) {
      const path = `/api/teams/${c.team.teamId}/collections/${hidden.collectionId}`;
      const read = await call(c.uploader.tokens, path);
      expect(read.status).toBe(403);
      expect(await read.json()).toMatchObject({ statusCode: 403, errorCode: "forbidden", creator });
      await expectError(
        await patch(c.uploader.tokens, c.team, hidden.collectionId, replace("/name", "Mine now")),
        403,
        "forbidden",
      );
      // Its files, and adding one, answer the same.
      const files = await call(c.uploader.tokens, `${path}/files`);
      expect(files.status).toBe(403);
      expect(await files.json()).toMatchObject({ errorCode: "forbidden", creator });
    }
    const shared = await call(
      c.uploader.tokens,
      `/api/teams/${c.team.teamId}/collections/${ownersShared.collectionId}`,
    );
    expect(shared.status).toBe(200);
    // A missing collection is still notFound, for members as for anyone.
    await expectError(
      await call(c.uploader.tokens, `/api/teams/${c.team.teamId}/collections/no-such-one`),
      404,
      "notFound",
    );
  });

  it("answers 404, never 403, to someone outside the team, and 200 to every role that sees it", async () => {
    const path = `/api/teams/${c.team.teamId}/collections/${ownersOwned.collectionId}`;
    for (const who of [c.owner, c.admin, c.upviewer, c.viewer]) {
      expect((await call(who.tokens, path)).status).toBe(200);
    }
    const stranger = await storedAccount(api);
    const strangerTokens = await tokensFor(api, stranger);
    await expectError(await call(strangerTokens, path), 404, "notFound");
    await expectError(await call(strangerTokens, `${path}/files`), 404, "notFound");
    const other = await ownedTeam(api);
    await expectError(await call(other.tokens, path), 404, "notFound");
    // A disabled member is outside the team too.
    const gone = await addMember(api, c.team, { role: "uploader", status: "disabled" });
    await expectError(await call(await tokensFor(api, gone), path), 404, "notFound");
  });

  it("lists the caller's collections across every team they are active in", async () => {
    const second = await ownedTeam(api);
    const theirs = await created(second.tokens, second.team, { name: "Second team's" });
    // A viewer of the second team sees its collections and none of the first team's.
    const joined = await addMember(api, second.team, { role: "viewer" });
    const joinedTokens = await tokensFor(api, joined);
    expect(names(await page(joinedTokens, "/api/collections"))).toEqual([theirs.name]);
    expect(names(await page(c.owner.tokens, "/api/collections")).sort()).toEqual(all());
    // A disabled membership hides its team.
    await api.db
      .updateTable("members")
      .set({ status: "disabled" })
      .where("member_id", "=", joined.memberId)
      .execute();
    expect(names(await page(joinedTokens, "/api/collections"))).toEqual([]);
  });

  it("answers notFound for a member that is not in the team, and for an unknown collection", async () => {
    const stranger = await storedAccount(api);
    await expectError(
      await call(
        c.owner.tokens,
        `/api/teams/${c.team.teamId}/members/${stranger.userId}/collections`,
      ),
      404,
      "notFound",
    );
    await expectError(
      await call(c.owner.tokens, `/api/teams/${c.team.teamId}/collections/nope`),
      404,
      "notFound",
    );
    const other = await ownedTeam(api);
    // A collection of another team is not found through this one.
    await expectError(
      await call(other.tokens, `/api/teams/${other.team.teamId}/collections/${mine.collectionId}`),
      404,
      "notFound",
    );
    await expectError(
      await call(c.owner.tokens, `/api/teams/${other.team.teamId}/collections`),
      404,
      "notFound",
    );
  });
});

describe("readAt", () => {
  it("is null until the caller opens the collection, and per caller", async () => {
    const c = await crew();
    const collection = await created(c.owner.tokens, c.team, { name: "To read" });
    const path = `/api/teams/${c.team.teamId}/collections/${collection.collectionId}`;
    api.clock.advance(1000);
    const first = (await (await call(c.viewer.tokens, path)).json()) as CollectionItem;
    expect(first.readAt).toEqual(expect.any(Number));
    expect(first.readAt).toBeGreaterThan(collection.updatedAt);
    const listed = await page(c.viewer.tokens, `/api/teams/${c.team.teamId}/collections`);
    expect(listed.collections[0]?.readAt).toBe(first.readAt);
    const others = await page(c.admin.tokens, `/api/teams/${c.team.teamId}/collections`);
    expect(others.collections[0]?.readAt).toBeNull();
    api.clock.advance(1000);
    const again = (await (await call(c.viewer.tokens, path)).json()) as CollectionItem;
    expect(again.readAt).toBeGreaterThan(first.readAt as number);
  });
});

describe("GET /api/teams/{teamId}/collections filters and sort", () => {
  let c: Awaited<ReturnType<typeof crew>>;
  const base = () => `/api/teams/${c.team.teamId}/collections`;
  const T = 1_700_000_000_000;

  beforeAll(async () => {
    c = await crew();
    await insertCollection(api, c.team, { name: "A", refDate: T + 1000 });
    await insertCollection(api, c.team, {
      name: "B",
      refDate: T + 2000,
      mode: "collaborative",
      createdBy: c.admin.userId,
      tags: [c.viewer.userId],
    });
    await insertCollection(api, c.team, {
      name: "C",
      refDate: T + 3000,
      createdBy: c.uploader.userId,
      tags: [c.viewer.userId, c.admin.userId],
    });
    await insertCollection(api, c.team, { name: "D", refDate: T + 4000, status: "draft" });
  });

  it("sorts by refDate, newest first by default", async () => {
    expect(names(await page(c.owner.tokens, base()))).toEqual(["D", "C", "B", "A"]);
    expect(names(await page(c.owner.tokens, base(), { sort: "refDate:desc" }))).toEqual([
      "D",
      "C",
      "B",
      "A",
    ]);
    expect(names(await page(c.owner.tokens, base(), { sort: "refDate:asc" }))).toEqual([
      "A",
      "B",
      "C",
      "D",
    ]);
  });

  it("filters by creator, tagged user, view and time range", async () => {
    const o = c.owner.tokens;
    expect(names(await page(o, base(), { creator: c.admin.userId }))).toEqual(["B"]);
    expect(names(await page(o, base(), { creator: c.owner.userId }))).toEqual(["D", "A"]);
    expect(names(await page(o, base(), { tagged: c.viewer.userId }))).toEqual(["C", "B"]);
    expect(names(await page(o, base(), { tagged: c.admin.userId }))).toEqual(["C"]);
    expect(names(await page(o, base(), { view: "collaborative" }))).toEqual(["B"]);
    expect(names(await page(o, base(), { view: "all" }))).toEqual(["D", "C", "B", "A"]);
    expect(names(await page(o, base(), { from: T + 2000, to: T + 3000 }))).toEqual(["C", "B"]);
    expect(names(await page(o, base(), { from: T + 3500 }))).toEqual(["D"]);
    expect(names(await page(o, base(), { to: T + 1000 }))).toEqual(["A"]);
    expect(
      names(await page(o, base(), { creator: c.uploader.userId, tagged: c.viewer.userId })),
    ).toEqual(["C"]);
    const member = `/api/teams/${c.team.teamId}/members/${c.owner.userId}/collections`;
    expect(names(await page(o, member, { sort: "refDate:asc" }))).toEqual(["A", "D"]);
    expect(names(await page(o, member, { to: T + 1000 }))).toEqual(["A"]);
    expect(names(await page(o, `/api/teams/${c.team.teamId}/shared-collections`))).toEqual(["B"]);
  });

  it("shows draft status and the creator of each", async () => {
    const result = await page(c.owner.tokens, base());
    expect(result.collections.map((x) => x.status)).toEqual([
      "draft",
      "published",
      "published",
      "published",
    ]);
    expect(result.collections[1]?.creator?.nickname).toBe(c.uploader.nickname);
    expect(result.collections[1]?.tags.sort()).toEqual([c.viewer.userId, c.admin.userId].sort());
  });

  it("refuses an unknown sort with invalidSorting and other bad queries with invalidInput", async () => {
    for (const path of [
      base(),
      `/api/teams/${c.team.teamId}/shared-collections`,
      `/api/teams/${c.team.teamId}/members/${c.owner.userId}/collections`,
      "/api/collections",
    ]) {
      for (const sort of ["name:asc", "asc", "refDate", "refDate:up"]) {
        await expectError(
          await call(c.owner.tokens, `${path}?sort=${sort}`),
          400,
          "invalidSorting",
        );
      }
      for (const query of [
        "from=5&to=4",
        "limit=0",
        "limit=101",
        "from=soon",
        "view=mine",
        "lastKey=garbage",
      ]) {
        await expectError(await call(c.owner.tokens, `${path}?${query}`), 400, "invalidInput");
      }
    }
  });
});

describe("pagination", () => {
  async function walk(tokens: Tokens, path: string, sort: string, between: () => Promise<void>) {
    const seen: string[] = [];
    let lastKey: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string | number> = { limit: 4, sort };
      if (lastKey) query.lastKey = lastKey;
      const result = await page(tokens, path, query);
      seen.push(...ids(result));
      lastKey = result.pagination.lastKey;
      pages += 1;
      await between();
    } while (lastKey && pages < 50);
    return seen;
  }

  it("pages 20 by default and never repeats or skips while collections are added", async () => {
    const { team, tokens } = await ownedTeam(api);
    const path = `/api/teams/${team.teamId}/collections`;
    const T = api.clock.now() - 1_000_000;
    const stored: string[] = [];
    // Some share a refDate, so the id breaks ties.
    for (let i = 0; i < 22; i += 1) {
      const at = T + Math.floor(i / 3) * 1000;
      stored.push((await insertCollection(api, team, { name: `N${i}`, refDate: at })).collectionId);
    }
    const first = await page(tokens, path);
    expect(first.collections).toHaveLength(20);
    expect(first.pagination.lastKey).toEqual(expect.any(String));
    const rest = await page(tokens, path, { lastKey: first.pagination.lastKey as string });
    expect(rest.collections).toHaveLength(2);
    expect(rest.pagination.lastKey).toBeNull();
    expect(new Set([...ids(first), ...ids(rest)])).toEqual(new Set(stored));

    const added: string[] = [];
    const addOne = async () => {
      api.clock.advance(1);
      const response = await create(tokens, team, { name: `New ${added.length}` });
      added.push(((await response.json()) as CollectionItem).collectionId);
    };
    const byRefDesc = ids(await page(tokens, path, { limit: 100 }));
    const desc = await walk(tokens, path, "refDate:desc", addOne);
    // Newer collections land before the cursor: the walk sees exactly the list it started on.
    expect(desc).toEqual(byRefDesc);

    const ascStart = ids(await page(tokens, path, { limit: 100, sort: "refDate:asc" }));
    const before = added.length;
    const asc = await walk(tokens, path, "refDate:asc", addOne);
    // Ascending, the new ones come at the end; nothing repeats and nothing is skipped.
    expect(new Set(asc).size).toBe(asc.length);
    expect(asc.slice(0, ascStart.length)).toEqual(ascStart);
    for (const id of asc.slice(ascStart.length)) expect(added.slice(before)).toContain(id);
  });
});

describe("PATCH /api/teams/{teamId}/collections/{collectionId}", () => {
  it("renames, describes and tags, and records the update", async () => {
    const c = await crew();
    const collection = await created(c.owner.tokens, c.team, { name: "Before" });
    api.clock.advance(1000);
    const response = await patch(c.owner.tokens, c.team, collection.collectionId, [
      { op: "replace", path: "/name", value: " After " },
      { op: "replace", path: "/description", value: "Words" },
      { op: "replace", path: "/tags", value: [c.viewer.userId, c.admin.userId, c.viewer.userId] },
    ]);
    expect(response.status).toBe(200);
    const body = (await response.json()) as CollectionItem;
    expect(body).toMatchObject({ name: "After", description: "Words" });
    expect(body.tags.sort()).toEqual([c.viewer.userId, c.admin.userId].sort());
    expect(body.updatedAt).toBeGreaterThan(collection.updatedAt);
    // refDate does not move with a rename.
    expect(body.refDate).toBe(collection.refDate);
    const removed = await patch(c.owner.tokens, c.team, collection.collectionId, [
      { op: "remove", path: "/description" },
      { op: "replace", path: "/tags", value: [] },
    ]);
    expect(await removed.json()).toMatchObject({ description: null, tags: [] });
  });

  it("lets contributors rename only their own owned collections", async () => {
    const c = await crew();
    const own = await created(c.uploader.tokens, c.team, { name: "Uploader's" });
    const ownUpviewer = await created(c.upviewer.tokens, c.team, { name: "Upviewer's" });
    const ownersShared = await created(c.owner.tokens, c.team, {
      name: "Shared",
      mode: "collaborative",
    });
    const ownersOwned = await created(c.owner.tokens, c.team, { name: "Owned" });
    expect(
      (await patch(c.uploader.tokens, c.team, own.collectionId, replace("/name", "Mine"))).status,
    ).toBe(200);
    expect(
      (
        await patch(
          c.upviewer.tokens,
          c.team,
          ownUpviewer.collectionId,
          replace("/name", "Mine too"),
        )
      ).status,
    ).toBe(200);
    // Someone else's: forbidden (an uploader cannot see an owned one at all).
    await expectError(
      await patch(c.upviewer.tokens, c.team, ownersOwned.collectionId, replace("/name", "No")),
      403,
      "forbidden",
    );
    await expectError(
      await patch(c.viewer.tokens, c.team, ownersOwned.collectionId, replace("/name", "No")),
      403,
      "forbidden",
    );
    await expectError(
      await patch(c.uploader.tokens, c.team, ownersShared.collectionId, replace("/name", "No")),
      403,
      "forbidden",
    );
    // Admin renames anything.
    expect(
      (await patch(c.admin.tokens, c.team, own.collectionId, replace("/name", "Admin's"))).status,
    ).toBe(200);
    // A collaborative collection, even one's own, is update-any only.
    await api.db
      .updateTable("collections")
      .set({ mode: "collaborative" })
      .where("collection_id", "=", own.collectionId)
      .execute();
    await expectError(
      await patch(c.uploader.tokens, c.team, own.collectionId, replace("/name", "No")),
      403,
      "forbidden",
    );
  });

  it("shares and unshares published collections, for update-any roles only", async () => {
    const c = await crew();
    const collection = await created(c.upviewer.tokens, c.team, { name: "To share" });
    for (const who of [c.upviewer, c.viewer]) {
      await expectError(
        await patch(who.tokens, c.team, collection.collectionId, replace("/mode", "collaborative")),
        403,
        "forbidden",
      );
    }
    const shared = await patch(
      c.admin.tokens,
      c.team,
      collection.collectionId,
      replace("/mode", "collaborative"),
    );
    expect(await shared.json()).toMatchObject({ mode: "collaborative", status: "published" });
    // Now the uploader sees it, and still may not unshare it.
    await expectError(
      await patch(c.uploader.tokens, c.team, collection.collectionId, replace("/mode", "owned")),
      403,
      "forbidden",
    );
    const unshared = await patch(
      c.owner.tokens,
      c.team,
      collection.collectionId,
      replace("/mode", "owned"),
    );
    expect(await unshared.json()).toMatchObject({ mode: "owned" });
    // The same mode again changes nothing.
    expect(
      (await patch(c.owner.tokens, c.team, collection.collectionId, replace("/mode", "owned")))
        .status,
    ).toBe(200);
    const draft = await insertCollection(api, c.team, { status: "draft" });
    await expectError(
      await patch(c.owner.tokens, c.team, draft.collectionId, replace("/mode", "collaborative")),
      403,
      "forbidden",
    );
    const sharedDraft = await insertCollection(api, c.team, {
      status: "draft",
      mode: "collaborative",
    });
    await expectError(
      await patch(c.owner.tokens, c.team, sharedDraft.collectionId, replace("/mode", "owned")),
      403,
      "forbidden",
    );
  });

  it("tags only active members of the team", async () => {
    const c = await crew();
    const collection = await created(c.owner.tokens, c.team, { name: "Tagged" });
    const stranger = await storedAccount(api);
    const disabled = await addMember(api, c.team, { status: "disabled" });
    const invited = await addMember(api, c.team, { status: "invited" });
    for (const userId of [stranger.userId, disabled.memberId, invited.memberId]) {
      await expectError(
        await patch(
          c.owner.tokens,
          c.team,
          collection.collectionId,
          replace("/tags", [c.viewer.userId, userId]),
        ),
        400,
        "invalidInput",
      );
    }
    const other = await ownedTeam(api);
    await expectError(
      await patch(
        c.owner.tokens,
        c.team,
        collection.collectionId,
        replace("/tags", [other.owner.userId]),
      ),
      400,
      "invalidInput",
    );
  });

  it("refuses other operations with invalidPatch and bad values with invalidInput", async () => {
    const c = await crew();
    const collection = await created(c.owner.tokens, c.team, { name: "Patched" });
    const id = collection.collectionId;
    for (const body of [
      { op: "replace", path: "/name", value: "Not an array" },
      [{ op: "add", path: "/name", value: "Added" }],
      [{ op: "replace", path: "/status", value: "draft" }],
      [{ op: "remove", path: "/name" }],
      [{ op: "replace", path: "/name" }],
      ["replace"],
    ]) {
      await expectError(await patch(c.owner.tokens, c.team, id, body), 400, "invalidPatch");
    }
    for (const body of [
      replace("/name", "x"),
      replace("/name", 42),
      replace("/description", "d".repeat(251)),
      replace("/mode", "controlled"),
      replace("/tags", "someone"),
    ]) {
      await expectError(await patch(c.owner.tokens, c.team, id, body), 400, "invalidInput");
    }
    await expectError(
      await patch(c.owner.tokens, c.team, "missing", replace("/name", "Fine")),
      404,
      "notFound",
    );
  });
});
