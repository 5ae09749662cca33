import { afterEach, describe, expect, it } from "vitest";
import { BUILT_IN_CATALOGUE } from "#api/billing/catalogue.ts";
import { fileBlobKey } from "#api/files/files.ts";
import { TRASH_RETENTION_MS } from "#domain/trash.ts";
import { bearer, expectError, type Tokens } from "./support/accounts.ts";
import { insertCollection } from "./support/collections.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { insertFile } from "./support/files.ts";
import { addMember, ownedTeam, type TestTeam, tokensFor } from "./support/teams.ts";

// The trash (ADR 092) over real HTTP on a fresh database: deleting files and collections moves
// them there, hidden everywhere else; restoring, deleting forever, emptying, and the purge after
// TRASH_RETENTION_DAYS, on the test clock.

const GIB = 1024 ** 3;
const api = apiForThisFile({
  planLimits: { limitMembersPerTeam: -1, limitTeams: -1, limitStorageBytes: GIB },
});
/** Billing on, with a "team" plan whose trash keeps things 7 days (ADR 092). */
const billed = apiForThisFile({
  billing: {
    catalogue: BUILT_IN_CATALOGUE.map((plan) => ({
      ...plan,
      ...(plan.planId === "team" ? { trashRetentionDays: 7 } : {}),
      stripePriceId: plan.type === "paid" ? `price_${plan.planId}` : null,
    })),
    stripe: { secretKey: "sk_test_x", webhookSecret: "whsec_x", apiUrl: "http://127.0.0.1:9" },
  },
});
const DAY_MS = 24 * 60 * 60 * 1000;

type Person = { userId: string; tokens: Tokens };
const ROLES = ["owner", "admin", "upviewer", "uploader", "viewer"] as const;
type Who = (typeof ROLES)[number];

interface TrashItem {
  type: "file" | "collection";
  id: string;
  name: string;
  collectionId: string;
  collectionName: string;
  size: number;
  contentType: string | null;
  deletedAt: number;
  purgeAt: number;
  deletedBy: { userId: string; nickname: string } | null;
  canRestore: boolean;
  collectionInTrash: boolean;
}
interface TrashPage {
  items: TrashItem[];
  nextCursor: string | null;
  totalBytes: number;
}

/** A team with a member of every role, each signed in. */
async function crew() {
  const { owner, tokens, team } = await ownedTeam(api);
  const people = { owner: { ...owner, tokens } } as unknown as Record<Who, Person>;
  for (const role of ["admin", "upviewer", "uploader", "viewer"] as const) {
    const member = await addMember(api, team, { role, nickname: `The ${role}` });
    people[role] = { ...member, tokens: await tokensFor(api, member) };
  }
  return { team, ...people };
}

function call(tokens: Tokens, path: string, init: RequestInit & { json?: unknown } = {}) {
  return api.request(path, { ...init, headers: bearer(tokens) });
}

const collectionPath = (team: TestTeam, collectionId: string) =>
  `/api/teams/${team.teamId}/collections/${collectionId}`;
const filePath = (team: TestTeam, collectionId: string, fileId: string) =>
  `${collectionPath(team, collectionId)}/files/${fileId}`;
const trashPath = (team: TestTeam) => `/api/teams/${team.teamId}/trash`;

async function trashOf(tokens: Tokens, team: TestTeam, query = "") {
  const response = await call(tokens, `${trashPath(team)}${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TrashPage;
}

async function listed(tokens: Tokens, team: TestTeam, collectionId: string) {
  const response = await call(tokens, `${collectionPath(team, collectionId)}/files`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { files: { fileId: string }[] }).files.map((f) => f.fileId);
}

async function activityKinds(teamId: string) {
  const rows = await api.db
    .selectFrom("activity")
    .select(["kind", "target_id", "actor_id"])
    .where("team_id", "=", teamId)
    .orderBy("created_at")
    .execute();
  return rows;
}

afterEach(() => api.clock.reset());

describe("DELETE a file", () => {
  it("moves it to the trash for each role the rule allows; a second delete is fileNotFound", async () => {
    const c = await crew();
    const shared = await insertCollection(api, c.team, { mode: "collaborative" });
    // role: own file in own collection, own in a collaborative one, own in another's owned
    // one, another's file in a collaborative one
    const expected: Record<Who, number[]> = {
      owner: [204, 204, 204, 204],
      admin: [204, 204, 204, 204],
      upviewer: [204, 204, 403, 403],
      uploader: [204, 204, 403, 404],
      viewer: [403, 403, 403, 403],
    };
    for (const role of ROLES) {
      const person = c[role];
      const someoneElse = role === "admin" ? c.owner : c.admin;
      const own = await insertCollection(api, c.team, { createdBy: person.userId });
      const others = await insertCollection(api, c.team, { createdBy: someoneElse.userId });
      const cases = [
        { collection: own, uploadedBy: person.userId },
        { collection: shared, uploadedBy: person.userId },
        { collection: others, uploadedBy: person.userId },
        { collection: shared, uploadedBy: someoneElse.userId },
      ];
      const statuses: number[] = [];
      for (const { collection, uploadedBy } of cases) {
        const file = await insertFile(api, c.team, collection, { uploadedBy });
        const path = filePath(c.team, collection.collectionId, file.fileId);
        const response = await call(person.tokens, path, { method: "DELETE" });
        statuses.push(response.status);
        if (response.status === 204) {
          await expectError(
            await call(person.tokens, path, { method: "DELETE" }),
            404,
            "fileNotFound",
          );
        }
        if (response.status === 404) await expectError(response, 404, "fileNotFound");
      }
      expect([role, ...statuses]).toEqual([role, ...expected[role]]);
    }
  });

  it("keeps the bytes, hides the file from lists, counts, reads, zips and links, and records it", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team, { mode: "collaborative" });
    const kept = await insertFile(api, c.team, collection, { withBlobs: true });
    const file = await insertFile(api, c.team, collection, { withBlobs: true });
    const path = filePath(c.team, collection.collectionId, file.fileId);
    // A link given before the delete.
    const link = await call(c.owner.tokens, `${path}/content`);
    const { signedUrl } = (await link.json()) as { signedUrl: string };
    const listBefore = await call(
      c.owner.tokens,
      `${collectionPath(c.team, collection.collectionId)}/files`,
    );
    const thumbnailUrl = (
      (await listBefore.json()) as { files: { fileId: string; thumbnailUrl: string }[] }
    ).files.find((f) => f.fileId === file.fileId)?.thumbnailUrl as string;
    expect((await api.request(thumbnailUrl)).status).toBe(200);

    expect((await call(c.admin.tokens, path, { method: "DELETE" })).status).toBe(204);

    const keys = (["original", "thumbnail", "preview"] as const).map((v) =>
      fileBlobKey(c.team.teamId, file.fileId, v),
    );
    for (const key of keys) expect(await api.blobs.head(key)).not.toBeNull();
    expect(await listed(c.owner.tokens, c.team, collection.collectionId)).toEqual([kept.fileId]);
    const team = await call(c.owner.tokens, `/api/teams/${c.team.teamId}/files`);
    expect(
      ((await team.json()) as { files: { fileId: string }[] }).files.map((f) => f.fileId),
    ).toEqual([kept.fileId]);
    const one = await call(c.owner.tokens, collectionPath(c.team, collection.collectionId));
    expect(((await one.json()) as { filesCount: number }).filesCount).toBe(1);
    await expectError(await call(c.owner.tokens, path), 404, "notFound");
    await expectError(await call(c.owner.tokens, `${path}/content`), 404, "notFound");
    await expectError(
      await call(c.owner.tokens, path, {
        method: "PATCH",
        json: [{ op: "replace", path: "/name", value: "Renamed.jpg" }],
      }),
      404,
      "notFound",
    );
    // Links given before: 404, the member's and the lists' image links alike.
    expect((await api.request(signedUrl)).status).toBe(404);
    expect((await api.request(thumbnailUrl)).status).toBe(404);
    // A new zip leaves it out.
    const ask = await call(c.owner.tokens, `/api/teams/${c.team.teamId}/downloads`, {
      method: "POST",
      json: { collectionId: collection.collectionId, fileIds: [file.fileId] },
    });
    expect(ask.status).toBe(404);

    const trash = await trashOf(c.owner.tokens, c.team);
    expect(trash.items).toEqual([
      {
        type: "file",
        id: file.fileId,
        name: file.name,
        collectionId: collection.collectionId,
        collectionName: collection.name,
        size: 4096,
        contentType: "image/jpeg",
        filesCount: null,
        deletedAt: expect.any(Number),
        purgeAt: expect.any(Number),
        deletedBy: { userId: c.admin.userId, nickname: "The admin" },
        canRestore: true,
        collectionInTrash: false,
      },
    ]);
    const [item] = trash.items as [TrashItem];
    expect(item.purgeAt - item.deletedAt).toBe(TRASH_RETENTION_MS);
    expect(trash.totalBytes).toBe(4096);
    expect(trash.nextCursor).toBeNull();
    expect(await activityKinds(c.team.teamId)).toContainEqual({
      kind: "fileDeleted",
      target_id: file.fileId,
      actor_id: c.admin.userId,
    });
  });

  it("lets one of two parallel deletes win, the other fileNotFound, never a 500", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const file = await insertFile(api, c.team, collection);
    const path = filePath(c.team, collection.collectionId, file.fileId);
    const answers = await Promise.all(
      [c.owner, c.admin, c.owner, c.admin].map((p) => call(p.tokens, path, { method: "DELETE" })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([204, 404, 404, 404]);
    for (const answer of answers.filter((a) => a.status === 404)) {
      await expectError(answer, 404, "fileNotFound");
    }
    expect((await trashOf(c.owner.tokens, c.team)).items).toHaveLength(1);
  });
});

describe("a Live Photo", () => {
  it("goes to the trash as one item with its film; a film trashed alone is an item of its own", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const photo = await insertFile(api, c.team, collection, { withBlobs: true });
    const film = await insertFile(api, c.team, collection, {
      contentType: "video/quicktime",
      withBlobs: true,
    });
    await api.db
      .updateTable("files")
      .set({ motion_of: photo.fileId, duration_ms: 2000 })
      .where("file_id", "=", film.fileId)
      .execute();
    const photoPath = filePath(c.team, collection.collectionId, photo.fileId);
    const filmPath = filePath(c.team, collection.collectionId, film.fileId);
    expect((await call(c.owner.tokens, photoPath, { method: "DELETE" })).status).toBe(204);
    expect((await trashOf(c.owner.tokens, c.team)).items.map((x) => x.id)).toEqual([photo.fileId]);
    await expectError(await call(c.owner.tokens, filmPath), 404, "notFound");
    const restore = `${trashPath(c.team)}/files/${photo.fileId}/restore`;
    expect((await call(c.owner.tokens, restore, { method: "POST" })).status).toBe(200);
    const motionOf = async () => {
      const response = await call(c.owner.tokens, photoPath);
      return ((await response.json()) as { motion: { fileId: string } | null }).motion;
    };
    expect(await motionOf()).toEqual({ fileId: film.fileId, durationMs: 2000 });

    expect((await call(c.owner.tokens, filmPath, { method: "DELETE" })).status).toBe(204);
    expect(await motionOf()).toBeNull();
    expect((await trashOf(c.owner.tokens, c.team)).items.map((x) => x.id)).toEqual([film.fileId]);
    const emptied = await call(c.owner.tokens, trashPath(c.team), { method: "DELETE" });
    expect(await emptied.json()).toEqual({ items: 1 });
    await api.jobs.idle();
    expect(await api.blobs.head(fileBlobKey(c.team.teamId, film.fileId, "original"))).toBeNull();
    expect(
      await api.blobs.head(fileBlobKey(c.team.teamId, photo.fileId, "original")),
    ).not.toBeNull();
  });
});

describe("DELETE a collection", () => {
  it("is owner and admin only; moves the collection with its files; hidden from lists and counts", async () => {
    const c = await crew();
    const statuses: Record<string, number> = {};
    for (const role of ROLES) {
      const collection = await insertCollection(api, c.team, {
        mode: "collaborative",
        createdBy: c[role].userId,
      });
      statuses[role] = (
        await call(c[role].tokens, collectionPath(c.team, collection.collectionId), {
          method: "DELETE",
        })
      ).status;
    }
    expect(statuses).toEqual({ owner: 204, admin: 204, upviewer: 403, uploader: 403, viewer: 403 });

    const collection = await insertCollection(api, c.team, { mode: "collaborative" });
    const file = await insertFile(api, c.team, collection, { withBlobs: true });
    const path = collectionPath(c.team, collection.collectionId);
    const countBefore = async () => {
      const response = await call(c.owner.tokens, `/api/teams/${c.team.teamId}`);
      return ((await response.json()) as { collectionsCount: number }).collectionsCount;
    };
    const before = await countBefore();
    expect((await call(c.owner.tokens, path, { method: "DELETE" })).status).toBe(204);
    await expectError(await call(c.owner.tokens, path, { method: "DELETE" }), 404, "notFound");
    expect(await countBefore()).toBe(before - 1);
    await expectError(await call(c.owner.tokens, path), 404, "notFound");
    await expectError(await call(c.owner.tokens, `${path}/files`), 404, "notFound");
    await expectError(
      await call(c.owner.tokens, path, {
        method: "PATCH",
        json: [{ op: "replace", path: "/name", value: "Renamed" }],
      }),
      404,
      "notFound",
    );
    const list = await call(c.owner.tokens, `/api/teams/${c.team.teamId}/collections`);
    const ids = (
      (await list.json()) as { collections: { collectionId: string }[] }
    ).collections.map((x) => x.collectionId);
    expect(ids).not.toContain(collection.collectionId);
    const files = await call(c.owner.tokens, `/api/teams/${c.team.teamId}/files`);
    expect(
      ((await files.json()) as { files: { fileId: string }[] }).files.map((f) => f.fileId),
    ).not.toContain(file.fileId);
    await expectError(
      await call(c.owner.tokens, filePath(c.team, collection.collectionId, file.fileId)),
      404,
      "notFound",
    );
    const trash = await trashOf(c.owner.tokens, c.team);
    const item = trash.items.find((x) => x.id === collection.collectionId);
    expect(item).toMatchObject({
      type: "collection",
      name: collection.name,
      collectionName: collection.name,
      size: 4096,
      contentType: null,
      filesCount: 1,
      canRestore: true,
    });
  });

  it("restores the collection with its files, except those trashed on their own before", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const stays = await insertFile(api, c.team, collection);
    const alone = await insertFile(api, c.team, collection);
    const aloneId = alone.fileId;
    const cid = collection.collectionId;
    expect(
      (await call(c.owner.tokens, filePath(c.team, cid, aloneId), { method: "DELETE" })).status,
    ).toBe(204);
    expect(
      (await call(c.owner.tokens, collectionPath(c.team, cid), { method: "DELETE" })).status,
    ).toBe(204);
    // The file is in the trash on its own, and its collection too: it cannot come back first.
    const trash = await trashOf(c.owner.tokens, c.team);
    expect(trash.items.map((x) => [x.type, x.id, x.canRestore, x.collectionInTrash])).toEqual([
      ["collection", cid, true, false],
      ["file", aloneId, false, true],
    ]);
    const restoreFile = `${trashPath(c.team)}/files/${aloneId}/restore`;
    const refused = await expectError(
      await call(c.owner.tokens, restoreFile, { method: "POST" }),
      409,
      "collectionInTrash",
    );
    expect(refused.message).toMatch(/restore the collection first/);

    const restoreCollection = `${trashPath(c.team)}/collections/${cid}/restore`;
    const back = await call(c.owner.tokens, restoreCollection, { method: "POST" });
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({ collectionId: cid });
    expect(await listed(c.owner.tokens, c.team, cid)).toEqual([stays.fileId]);
    await expectError(
      await call(c.owner.tokens, restoreCollection, { method: "POST" }),
      404,
      "notFound",
    );

    const fileBack = await call(c.owner.tokens, restoreFile, { method: "POST" });
    expect(fileBack.status).toBe(200);
    expect(await fileBack.json()).toEqual({ fileId: aloneId, collectionId: cid });
    expect((await listed(c.owner.tokens, c.team, cid)).sort()).toEqual(
      [stays.fileId, aloneId].sort(),
    );
    await expectError(
      await call(c.owner.tokens, restoreFile, { method: "POST" }),
      404,
      "fileNotFound",
    );
    const kinds = (await activityKinds(c.team.teamId)).map((row) => row.kind);
    expect(kinds).toEqual([
      "fileDeleted",
      "collectionDeleted",
      "collectionRestored",
      "fileRestored",
    ]);
  });
});

describe("GET the trash", () => {
  it("shows the owner and admin everything, contributors their own files, and refuses a viewer", async () => {
    const c = await crew();
    const shared = await insertCollection(api, c.team, { mode: "collaborative" });
    const gone = await insertCollection(api, c.team);
    const files: Record<string, string> = {};
    for (const role of ["owner", "upviewer", "uploader"] as const) {
      const file = await insertFile(api, c.team, shared, { uploadedBy: c[role].userId });
      files[role] = file.fileId;
      const path = filePath(c.team, shared.collectionId, file.fileId);
      expect((await call(c[role].tokens, path, { method: "DELETE" })).status).toBe(204);
    }
    expect(
      (await call(c.admin.tokens, collectionPath(c.team, gone.collectionId), { method: "DELETE" }))
        .status,
    ).toBe(204);
    const ids = async (who: Who) => (await trashOf(c[who].tokens, c.team)).items.map((x) => x.id);
    const all = [gone.collectionId, files.uploader, files.upviewer, files.owner];
    expect(await ids("owner")).toEqual(all);
    expect(await ids("admin")).toEqual(all);
    expect(await ids("upviewer")).toEqual([files.upviewer]);
    expect(await ids("uploader")).toEqual([files.uploader]);
    await expectError(await call(c.viewer.tokens, trashPath(c.team)), 403, "forbidden");

    // Restoring: a contributor their own file only; another's is not there for them.
    const restore = (fileId: string) => `${trashPath(c.team)}/files/${fileId}/restore`;
    await expectError(
      await call(c.uploader.tokens, restore(files.upviewer as string), { method: "POST" }),
      404,
      "fileNotFound",
    );
    await expectError(
      await call(c.viewer.tokens, restore(files.upviewer as string), { method: "POST" }),
      403,
      "forbidden",
    );
    expect(
      (await call(c.uploader.tokens, restore(files.uploader as string), { method: "POST" })).status,
    ).toBe(200);
    expect(
      (await call(c.upviewer.tokens, restore(files.upviewer as string), { method: "POST" })).status,
    ).toBe(200);
    for (const role of ["upviewer", "uploader", "viewer"] as const) {
      await expectError(
        await call(
          c[role].tokens,
          `${trashPath(c.team)}/collections/${gone.collectionId}/restore`,
          {
            method: "POST",
          },
        ),
        403,
        "forbidden",
      );
    }
  });

  it("pages newest deletion first with nextCursor, and refuses a cursor it did not give", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const deleted: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const file = await insertFile(api, c.team, collection);
      api.clock.advance(1000);
      const path = filePath(c.team, collection.collectionId, file.fileId);
      expect((await call(c.owner.tokens, path, { method: "DELETE" })).status).toBe(204);
      deleted.unshift(file.fileId);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : "?limit=2";
      const page = await trashOf(c.owner.tokens, c.team, query);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((x) => x.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(deleted);
    await expectError(
      await call(c.owner.tokens, `${trashPath(c.team)}?cursor=nope`),
      400,
      "invalidInput",
    );
    await expectError(
      await call(c.owner.tokens, `${trashPath(c.team)}?limit=0`),
      400,
      "invalidInput",
    );
  });
});

describe("emptying and deleting forever", () => {
  it("is owner and admin only; rows leave at once, bytes by the job queue", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const file = await insertFile(api, c.team, collection, { withBlobs: true });
    const other = await insertCollection(api, c.team);
    const inOther = await insertFile(api, c.team, other, { withBlobs: true });
    await call(c.owner.tokens, filePath(c.team, collection.collectionId, file.fileId), {
      method: "DELETE",
    });
    await call(c.owner.tokens, collectionPath(c.team, other.collectionId), { method: "DELETE" });
    for (const role of ["upviewer", "uploader", "viewer"] as const) {
      await expectError(
        await call(c[role].tokens, trashPath(c.team), { method: "DELETE" }),
        403,
        "forbidden",
      );
    }
    const response = await call(c.admin.tokens, trashPath(c.team), { method: "DELETE" });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ items: 2 });
    const page = await trashOf(c.owner.tokens, c.team);
    expect(page).toEqual({ items: [], nextCursor: null, totalBytes: 0 });
    await api.jobs.idle();
    for (const id of [file.fileId, inOther.fileId]) {
      expect(await api.blobs.head(fileBlobKey(c.team.teamId, id, "original"))).toBeNull();
    }
    const rows = await api.db
      .selectFrom("files")
      .select("file_id")
      .where("file_id", "in", [file.fileId, inOther.fileId])
      .execute();
    expect(rows).toEqual([]);
    expect((await activityKinds(c.team.teamId)).map((r) => r.kind)).toContain("trashEmptied");
  });

  it("deletes one file or collection forever (owner and admin); a second time is 404", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const file = await insertFile(api, c.team, collection, { withBlobs: true });
    await call(c.owner.tokens, filePath(c.team, collection.collectionId, file.fileId), {
      method: "DELETE",
    });
    const forever = `${trashPath(c.team)}/files/${file.fileId}`;
    for (const role of ["upviewer", "uploader", "viewer"] as const) {
      await expectError(
        await call(c[role].tokens, forever, { method: "DELETE" }),
        403,
        "forbidden",
      );
    }
    expect((await call(c.owner.tokens, forever, { method: "DELETE" })).status).toBe(204);
    await expectError(
      await call(c.owner.tokens, forever, { method: "DELETE" }),
      404,
      "fileNotFound",
    );
    await api.jobs.idle();
    expect(await api.blobs.head(fileBlobKey(c.team.teamId, file.fileId, "original"))).toBeNull();

    const gone = await insertCollection(api, c.team);
    const goneFile = await insertFile(api, c.team, gone, { withBlobs: true });
    await call(c.owner.tokens, collectionPath(c.team, gone.collectionId), { method: "DELETE" });
    const foreverCollection = `${trashPath(c.team)}/collections/${gone.collectionId}`;
    expect((await call(c.admin.tokens, foreverCollection, { method: "DELETE" })).status).toBe(204);
    await expectError(
      await call(c.admin.tokens, foreverCollection, { method: "DELETE" }),
      404,
      "notFound",
    );
    await api.jobs.idle();
    expect(
      await api.blobs.head(fileBlobKey(c.team.teamId, goneFile.fileId, "original")),
    ).toBeNull();
  });
});

describe("uploads, downloads and storage", () => {
  it("refuses an upload into a collection put in the trash, on its next chunk, with collectionInTrash", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const bytes = Buffer.from("Plain words, nothing more.\n".repeat(10));
    const start = await call(
      c.owner.tokens,
      `${collectionPath(c.team, collection.collectionId)}/files`,
      {
        method: "POST",
        json: { name: "notes.txt", contentType: "text/plain", size: bytes.length },
      },
    );
    expect(start.status).toBe(201);
    const { uploadUrl } = (await start.json()) as { uploadUrl: string };
    const local = `${api.url}${new URL(uploadUrl).pathname}${new URL(uploadUrl).search}`;
    await call(c.owner.tokens, collectionPath(c.team, collection.collectionId), {
      method: "DELETE",
    });
    const put = await fetch(local, { method: "PUT", body: new Uint8Array(bytes) });
    await expectError(put, 409, "collectionInTrash");
    // A new upload into it: the collection is not there.
    const again = await call(
      c.owner.tokens,
      `${collectionPath(c.team, collection.collectionId)}/files`,
      {
        method: "POST",
        json: { name: "more.txt", contentType: "text/plain", size: 10 },
      },
    );
    await expectError(again, 404, "notFound");
    // Restored, the upload goes on.
    await call(
      c.owner.tokens,
      `${trashPath(c.team)}/collections/${collection.collectionId}/restore`,
      {
        method: "POST",
      },
    );
    expect((await fetch(local, { method: "PUT", body: new Uint8Array(bytes) })).status).toBe(200);
  });

  it("refuses a tus chunk into a collection put in the trash, with collectionInTrash", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const metadata = {
      teamId: c.team.teamId,
      collectionId: collection.collectionId,
      filename: "notes.txt",
      filetype: "text/plain",
    };
    const created = await api.request("/api/uploads", {
      method: "POST",
      headers: {
        ...bearer(c.owner.tokens),
        "Tus-Resumable": "1.0.0",
        "Upload-Length": "100",
        "Upload-Metadata": Object.entries(metadata)
          .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
          .join(","),
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get("location") as string);
    await call(c.owner.tokens, collectionPath(c.team, collection.collectionId), {
      method: "DELETE",
    });
    const chunk = await fetch(`${api.url}${location.pathname}${location.search}`, {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Uint8Array(Buffer.from("Plain words, nothing more.\n")),
    });
    await expectError(chunk, 409, "collectionInTrash");
  });

  it("stops a download made before its collection or one of its files went to the trash, with invalidDownload", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const file = await insertFile(api, c.team, collection, {
      withBlobs: true,
      contentType: "text/plain",
    });
    const ask = async () => {
      const response = await call(c.owner.tokens, `/api/teams/${c.team.teamId}/downloads`, {
        method: "POST",
        json: { collectionId: collection.collectionId },
      });
      expect(response.status).toBe(201);
      const { requestId } = (await response.json()) as { requestId: string };
      const link = await call(
        c.owner.tokens,
        `/api/teams/${c.team.teamId}/downloads/${requestId}/download`,
      );
      return `${api.url}${((await link.json()) as { url: string }).url}`;
    };
    const before = await ask();
    expect((await fetch(before)).status).toBe(200);
    await call(c.owner.tokens, collectionPath(c.team, collection.collectionId), {
      method: "DELETE",
    });
    await expectError(await fetch(before), 404, "invalidDownload");
    await call(
      c.owner.tokens,
      `${trashPath(c.team)}/collections/${collection.collectionId}/restore`,
      {
        method: "POST",
      },
    );
    expect((await fetch(before)).status).toBe(200);
    await call(c.owner.tokens, filePath(c.team, collection.collectionId, file.fileId), {
      method: "DELETE",
    });
    await expectError(await fetch(before), 404, "invalidDownload");
  });

  it("lets a zip already streaming finish when its collection goes to the trash: the bytes stay", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    for (let i = 0; i < 3; i += 1) {
      await insertFile(api, c.team, collection, {
        withBlobs: true,
        contentType: "application/pdf",
        content: Buffer.alloc(256 * 1024, i),
      });
    }
    const asked = await call(c.owner.tokens, `/api/teams/${c.team.teamId}/downloads`, {
      method: "POST",
      json: { collectionId: collection.collectionId },
    });
    const { requestId } = (await asked.json()) as { requestId: string };
    const link = await call(
      c.owner.tokens,
      `/api/teams/${c.team.teamId}/downloads/${requestId}/download`,
    );
    const url = `${api.url}${((await link.json()) as { url: string }).url}`;
    const streaming = await fetch(url);
    expect(streaming.status).toBe(200);
    const length = Number(streaming.headers.get("content-length"));
    const reader = (streaming.body as ReadableStream<Uint8Array>).getReader();
    let received = (await reader.read()).value?.length ?? 0;
    const deleted = await call(c.owner.tokens, collectionPath(c.team, collection.collectionId), {
      method: "DELETE",
    });
    expect(deleted.status).toBe(204);
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      received += next.value.length;
    }
    expect(received).toBe(length);
  });

  it("lets one of parallel deletes and restores of a collection win, never a 500", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const path = collectionPath(c.team, collection.collectionId);
    const deletes = await Promise.all(
      [c.owner, c.admin, c.owner].map((p) => call(p.tokens, path, { method: "DELETE" })),
    );
    expect(deletes.map((r) => r.status).sort()).toEqual([204, 404, 404]);
    const restore = `${trashPath(c.team)}/collections/${collection.collectionId}/restore`;
    const restores = await Promise.all(
      [c.owner, c.admin, c.owner].map((p) => call(p.tokens, restore, { method: "POST" })),
    );
    expect(restores.map((r) => r.status).sort()).toEqual([200, 404, 404]);
    const kinds = (await activityKinds(c.team.teamId)).map((r) => r.kind);
    expect(kinds).toEqual(["collectionDeleted", "collectionRestored"]);
  });

  it("counts trashed bytes in the owner's storage until purged; a restore after a plan downgrade is allowed", async () => {
    const c = await crew();
    const used = async () => {
      const response = await call(c.owner.tokens, "/api/users/@me/usage");
      expect(response.status).toBe(200);
      return ((await response.json()) as { storage: { usedBytes: number } }).storage.usedBytes;
    };
    const start = await used();
    const collection = await insertCollection(api, c.team);
    const file = await insertFile(api, c.team, collection, { withBlobs: true });
    expect(await used()).toBe(start + 4096);
    await call(c.owner.tokens, filePath(c.team, collection.collectionId, file.fileId), {
      method: "DELETE",
    });
    expect(await used()).toBe(start + 4096);
    // The owner's storage now full past its limit (a downgrade): the restore still comes back.
    await insertFile(api, c.team, collection, { withBlobs: false });
    await api.db
      .updateTable("files")
      .set({ size: 2 * GIB })
      .where("collection_id", "=", collection.collectionId)
      .where("file_id", "!=", file.fileId)
      .execute();
    const restored = await call(
      c.owner.tokens,
      `${trashPath(c.team)}/files/${file.fileId}/restore`,
      {
        method: "POST",
      },
    );
    expect(restored.status).toBe(200);
    await call(c.owner.tokens, filePath(c.team, collection.collectionId, file.fileId), {
      method: "DELETE",
    });
    await call(c.owner.tokens, `${trashPath(c.team)}/files/${file.fileId}`, { method: "DELETE" });
    expect(await used()).toBe(start + 2 * GIB);
  });
});

describe("the purge", () => {
  it("removes items trashed more than 30 days ago, rows and bytes, and leaves restored ones", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const old = await insertFile(api, c.team, collection, { withBlobs: true });
    const restored = await insertFile(api, c.team, collection, { withBlobs: true });
    const gone = await insertCollection(api, c.team);
    const goneFile = await insertFile(api, c.team, gone, { withBlobs: true });
    for (const f of [old, restored]) {
      await call(c.owner.tokens, filePath(c.team, collection.collectionId, f.fileId), {
        method: "DELETE",
      });
    }
    await call(c.owner.tokens, collectionPath(c.team, gone.collectionId), { method: "DELETE" });
    await call(c.owner.tokens, `${trashPath(c.team)}/files/${restored.fileId}/restore`, {
      method: "POST",
    });

    // Not yet due: nothing goes.
    api.clock.advance(TRASH_RETENTION_MS - 60_000);
    await api.jobs.idle();
    expect(await api.blobs.head(fileBlobKey(c.team.teamId, old.fileId, "original"))).not.toBeNull();

    api.clock.advance(2 * 60_000);
    await api.jobs.idle();
    for (const id of [old.fileId, goneFile.fileId]) {
      for (const variant of ["original", "thumbnail", "preview"] as const) {
        expect(await api.blobs.head(fileBlobKey(c.team.teamId, id, variant))).toBeNull();
      }
    }
    expect(
      await api.blobs.head(fileBlobKey(c.team.teamId, restored.fileId, "original")),
    ).not.toBeNull();
    const rows = await api.db
      .selectFrom("files")
      .select("file_id")
      .where("team_id", "=", c.team.teamId)
      .execute();
    expect(rows.map((r) => r.file_id)).toEqual([restored.fileId]);
    const collections = await api.db
      .selectFrom("collections")
      .select("collection_id")
      .where("collection_id", "=", gone.collectionId)
      .execute();
    expect(collections).toEqual([]);
    // Both are written at the same frozen instant, so their order is not part of the contract.
    const purges = (await activityKinds(c.team.teamId)).filter((r) => r.kind.endsWith("Purged"));
    expect(purges).toHaveLength(2);
    expect(purges).toEqual(
      expect.arrayContaining([
        { kind: "filePurged", target_id: old.fileId, actor_id: null },
        { kind: "collectionPurged", target_id: gone.collectionId, actor_id: null },
      ]),
    );
  });
});

describe("the owner's plan sets the days (ADR 092)", () => {
  /** Puts a user on a plan, as a paid subscription in good standing would. */
  async function onPlan(userId: string, planId: string) {
    const changed = await billed.db
      .updateTable("billing_accounts")
      .set({ plan_id: planId, subscription_status: "active" })
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) > 0) return;
    await billed.db
      .insertInto("billing_accounts")
      .values({
        user_id: userId,
        customer_id: `cus_${userId.slice(0, 8)}`,
        subscription_id: `sub_${userId.slice(0, 8)}`,
        plan_id: planId,
        subscription_status: "active",
        changed_at: billed.clock.now(),
      })
      .execute();
  }

  const send = (tokens: Tokens, path: string, method = "GET") =>
    billed.request(path, { method, headers: bearer(tokens) });

  async function billedTrash(tokens: Tokens, team: TestTeam) {
    const response = await send(tokens, trashPath(team));
    expect(response.status).toBe(200);
    return ((await response.json()) as TrashPage).items;
  }

  async function retentionOf(tokens: Tokens, team: TestTeam) {
    const response = await send(tokens, `/api/teams/${team.teamId}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { trashRetentionDays: number }).trashRetentionDays;
  }

  it("keeps what an owner on a 7-day plan deletes 7 days: purged after them, not before, whatever the plan becomes", async () => {
    const { owner, tokens, team } = await ownedTeam(billed);
    await onPlan(owner.userId, "team");
    expect(await retentionOf(tokens, team)).toBe(7);
    const collection = await insertCollection(billed, team);
    const file = await insertFile(billed, team, collection, { withBlobs: true });
    const gone = await insertCollection(billed, team);
    const response = await send(
      tokens,
      filePath(team, collection.collectionId, file.fileId),
      "DELETE",
    );
    expect(response.status).toBe(204);
    expect((await send(tokens, collectionPath(team, gone.collectionId), "DELETE")).status).toBe(
      204,
    );
    const items = await billedTrash(tokens, team);
    expect(items).toHaveLength(2);
    for (const item of items) expect(item.purgeAt).toBe(item.deletedAt + 7 * DAY_MS);

    // A plan change after the deletion does not move it: the instant is on the rows.
    await onPlan(owner.userId, "pro");
    expect(await retentionOf(tokens, team)).toBe(30);
    expect(await billedTrash(tokens, team)).toEqual(items);

    billed.clock.advance(7 * DAY_MS - 60_000);
    await billed.jobs.idle();
    // Signed in again: the tokens expired meanwhile.
    expect(await billedTrash(await tokensFor(billed, owner), team)).toHaveLength(2);
    expect(
      await billed.blobs.head(fileBlobKey(team.teamId, file.fileId, "original")),
    ).not.toBeNull();

    billed.clock.advance(2 * 60_000);
    await billed.jobs.idle();
    expect(await billedTrash(await tokensFor(billed, owner), team)).toEqual([]);
    expect(await billed.blobs.head(fileBlobKey(team.teamId, file.fileId, "original"))).toBeNull();
    const rows = await billed.db
      .selectFrom("collections")
      .select("collection_id")
      .where("team_id", "=", team.teamId)
      .execute();
    expect(rows.map((row) => row.collection_id)).toEqual([collection.collectionId]);
  });

  it("keeps what is deleted after a change to a 7-day plan 7 days, and a restore forgets the instant", async () => {
    const { owner, tokens, team } = await ownedTeam(billed);
    const collection = await insertCollection(billed, team);
    const before = await insertFile(billed, team, collection);
    const after = await insertFile(billed, team, collection);
    await send(tokens, filePath(team, collection.collectionId, before.fileId), "DELETE");
    await onPlan(owner.userId, "team");
    await send(tokens, filePath(team, collection.collectionId, after.fileId), "DELETE");
    const items = await billedTrash(tokens, team);
    const days = (id: string) => {
      const item = items.find((entry) => entry.id === id) as TrashItem;
      return (item.purgeAt - item.deletedAt) / DAY_MS;
    };
    expect(days(before.fileId)).toBe(30);
    expect(days(after.fileId)).toBe(7);

    const restored = await send(
      tokens,
      `${trashPath(team)}/files/${before.fileId}/restore`,
      "POST",
    );
    expect(restored.status).toBe(200);
    const row = await billed.db
      .selectFrom("files")
      .select(["deleted_at", "purge_at"])
      .where("file_id", "=", before.fileId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deleted_at: null, purge_at: null });
    // Deleted again, now on the 7-day plan: 7 days from then.
    await send(tokens, filePath(team, collection.collectionId, before.fileId), "DELETE");
    const again = (await billedTrash(tokens, team)).find((item) => item.id === before.fileId);
    expect(again && again.purgeAt - again.deletedAt).toBe(7 * DAY_MS);
  });

  it("keeps the 30 days for an owner whose plan says nothing", async () => {
    const { tokens, team } = await ownedTeam(billed);
    expect(await retentionOf(tokens, team)).toBe(30);
    const collection = await insertCollection(billed, team);
    const file = await insertFile(billed, team, collection);
    await send(tokens, filePath(team, collection.collectionId, file.fileId), "DELETE");
    const [item] = (await billedTrash(tokens, team)) as [TrashItem];
    expect(item.purgeAt - item.deletedAt).toBe(TRASH_RETENTION_MS);
    expect(TRASH_RETENTION_MS).toBe(30 * DAY_MS);
  });
});
