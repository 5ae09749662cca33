import { describe, expect, it } from "vitest";
import { bearer, type Tokens } from "./support/accounts.ts";
import { insertCollection } from "./support/collections.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { insertFile } from "./support/files.ts";
import { guestOf, insertDropLink, sendGuestFile } from "./support/guest-files.ts";
import { addMember, ownedTeam, type TestTeam, tokensFor } from "./support/teams.ts";

// Guests' files held for review, and who sent a file (ADR 099), over real HTTP on a fresh
// database: guests' files go through the real upload path (tests/api/support/guest-files.ts).
// A held file is seen by no list, count, read or link but the review list of the owner and
// admins; approving lets it in, rejecting sends it to the trash.

const GIB = 1024 ** 3;
const api = apiForThisFile({
  planLimits: { limitMembersPerTeam: -1, limitTeams: -1, limitStorageBytes: GIB },
});

const ROLES = ["owner", "admin", "upviewer", "uploader", "viewer"] as const;
type Who = (typeof ROLES)[number];
type Person = { userId: string; tokens: Tokens };

async function crew() {
  const { owner, tokens, team } = await ownedTeam(api);
  const people = { owner: { ...owner, tokens } } as unknown as Record<Who, Person>;
  for (const role of ["admin", "upviewer", "uploader", "viewer"] as const) {
    const member = await addMember(api, team, { role, nickname: `The ${role}` });
    people[role] = { ...member, tokens: await tokensFor(api, member) };
  }
  const collection = await insertCollection(api, team, { mode: "collaborative", name: "Wedding" });
  return { team, collection, ...people };
}

function call(tokens: Tokens, path: string, init: RequestInit & { json?: unknown } = {}) {
  return api.request(path, { ...init, headers: bearer(tokens) });
}

const collectionPath = (team: TestTeam, collectionId: string) =>
  `/api/teams/${team.teamId}/collections/${collectionId}`;

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

interface FileJson {
  fileId: string;
  uploadedBy: string;
  guest: { name: string | null; linkId: string; linkTitle: string } | null;
  thumbnailUrl: string | null;
}

/** Every list, count and read a member reaches a file through, as the file ids it shows. */
async function everywhere(tokens: Tokens, team: TestTeam, collectionId: string, fileId: string) {
  const base = collectionPath(team, collectionId);
  const ids = (body: { files: { fileId: string }[] }) => body.files.map((file) => file.fileId);
  const inCollection = ids(await json(await call(tokens, `${base}/files`)));
  const inGuests = ids(await json(await call(tokens, `${base}/files?uploader=guests`)));
  const inTeam = ids(await json(await call(tokens, `/api/teams/${team.teamId}/files`)));
  const inMine = ids(await json(await call(tokens, "/api/files")));
  const collection = await json<{ filesCount: number; heldFiles: number }>(
    await call(tokens, base),
  );
  const read = (await call(tokens, `${base}/files/${fileId}`)).status;
  const link = (await call(tokens, `${base}/files/${fileId}/content?variant=thumbnail`)).status;
  const neighbours = (await call(tokens, `${base}/files/${fileId}/neighbours`)).status;
  const lists = [inCollection, inGuests, inTeam, inMine];
  return {
    listed: lists.map((list) => list.includes(fileId)),
    filesCount: collection.filesCount,
    heldFiles: collection.heldFiles,
    read,
    link,
    neighbours,
  };
}

describe("a held guest's file", () => {
  it("is in no list, count, read or link of any role, but in the owner's and admins' review", async () => {
    const people = await crew();
    const { team, collection } = people;
    const link = await insertDropLink(api, team, collection.collectionId, {
      holdForReview: true,
      title: "Reception",
    });
    const fileId = await sendGuestFile(api, await guestOf(api, link, "Ana"));
    const row = await api.db
      .selectFrom("files")
      .select(["review_state", "status"])
      .where("file_id", "=", fileId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ review_state: "held", status: "ready" });

    for (const role of ROLES) {
      const seen = await everywhere(people[role].tokens, team, collection.collectionId, fileId);
      expect(seen.listed, role).toEqual([false, false, false, false]);
      expect(seen.filesCount, role).toBe(0);
      expect([seen.read, seen.link, seen.neighbours], role).toEqual([404, 404, 404]);
      expect(seen.heldFiles, role).toBe(role === "owner" || role === "admin" ? 1 : 0);
    }
    // Deleting is not how a held file leaves: the trash does not find it.
    const deleted = await call(
      people.owner.tokens,
      `${collectionPath(team, collection.collectionId)}/files/${fileId}`,
      { method: "DELETE" },
    );
    expect(deleted.status).toBe(404);
    // Nor does a zip of the collection hold it.
    const zip = await call(people.owner.tokens, `/api/teams/${team.teamId}/downloads`, {
      method: "POST",
      json: { collectionId: collection.collectionId },
    });
    expect(zip.status).toBeLessThan(500);
    const entries = await api.db
      .selectFrom("download_entries")
      .select("file_id")
      .where("file_id", "=", fileId)
      .execute();
    expect(entries).toEqual([]);

    const review = await json<{
      files: (FileJson & { name: string; size: number; contentType: string })[];
    }>(await call(people.admin.tokens, `${collectionPath(team, collection.collectionId)}/review`));
    expect(review.files).toHaveLength(1);
    expect(review.files[0]).toMatchObject({
      fileId,
      contentType: "image/jpeg",
      guest: { name: "Ana", linkId: link.linkId, linkTitle: "Reception" },
    });
    // Its thumbnail's link works for the admin it was given to.
    const thumbnail = review.files[0]?.thumbnailUrl as string;
    expect(thumbnail).toContain("member=");
    expect((await api.request(thumbnail)).status).toBe(200);
    // A link held by any other role stops at the mark, even one made for them.
    const { thumbnail_key: key } = await api.db
      .selectFrom("files")
      .select("thumbnail_key")
      .where("file_id", "=", fileId)
      .executeTakeFirstOrThrow();
    for (const role of ["upviewer", "uploader", "viewer"] as const) {
      const held = await api.blobs.signedUrl(key as string, {
        expiresInSeconds: 60,
        holder: people[role].userId,
      });
      expect((await api.request(held)).status, role).toBe(404);
    }
  });

  it("lets only the owner and admins list and decide; a non-member finds nothing", async () => {
    const people = await crew();
    const { team, collection } = people;
    const path = `${collectionPath(team, collection.collectionId)}/review`;
    const decision = { fileIds: ["nothing-here"], decision: "approve" };
    for (const role of ROLES) {
      const allowed = role === "owner" || role === "admin";
      expect((await call(people[role].tokens, path)).status, role).toBe(allowed ? 200 : 403);
      const decided = await call(people[role].tokens, path, { method: "POST", json: decision });
      expect(decided.status, role).toBe(allowed ? 200 : 403);
      if (allowed) expect(await decided.json()).toEqual({ approved: 0, skipped: 1 });
    }
    const stranger = await ownedTeam(api);
    expect((await call(stranger.tokens, path)).status).toBe(404);
    expect((await call(stranger.tokens, path, { method: "POST", json: decision })).status).toBe(
      404,
    );
    const elsewhere = `${collectionPath(team, "no-such-collection")}/review`;
    expect((await call(people.owner.tokens, elsewhere)).status).toBe(404);
  });

  it("refuses bad decisions with invalidInput, never a 500", async () => {
    const people = await crew();
    const path = `${collectionPath(people.team, people.collection.collectionId)}/review`;
    const bodies = [
      { fileIds: [], decision: "approve" },
      { fileIds: Array.from({ length: 201 }, (_, i) => `f${i}`), decision: "approve" },
      { fileIds: ["a"], decision: "maybe" },
      { fileIds: ["a"] },
      { fileIds: "a", decision: "reject" },
      { fileIds: ["a"], decision: "reject", extra: 1 },
    ];
    for (const body of bodies) {
      const response = await call(people.owner.tokens, path, { method: "POST", json: body });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(await response.json()).toMatchObject({ errorCode: "invalidInput" });
    }
    expect((await call(people.owner.tokens, `${path}?limit=0`)).status).toBe(400);
  });

  it("approves: the file joins the lists, attributed to its guest, and the log says so", async () => {
    const people = await crew();
    const { team, collection } = people;
    const link = await insertDropLink(api, team, collection.collectionId, {
      holdForReview: true,
      title: "Reception",
      createdBy: people.admin.userId,
    });
    const sender = await guestOf(api, link, "Ana");
    const first = await sendGuestFile(api, sender);
    const second = await sendGuestFile(api, sender);
    const other = await insertCollection(api, team);
    const member = await insertFile(api, team, collection);
    const path = `${collectionPath(team, collection.collectionId)}/review`;
    const outcome = await json(
      await call(people.owner.tokens, path, {
        method: "POST",
        json: { fileIds: [first, first, member.fileId, "unknown"], decision: "approve" },
      }),
    );
    expect(outcome).toEqual({ approved: 1, skipped: 3 });
    // Another collection's review does not reach this one's files.
    const elsewhere = await json(
      await call(people.owner.tokens, `${collectionPath(team, other.collectionId)}/review`, {
        method: "POST",
        json: { fileIds: [second], decision: "approve" },
      }),
    );
    expect(elsewhere).toEqual({ approved: 0, skipped: 1 });

    const listed = await json<{ files: FileJson[] }>(
      await call(people.viewer.tokens, `${collectionPath(team, collection.collectionId)}/files`),
    );
    const approved = listed.files.find((file) => file.fileId === first);
    expect(approved).toMatchObject({
      uploadedBy: people.admin.userId,
      guest: { name: "Ana", linkId: link.linkId, linkTitle: "Reception" },
    });
    expect(listed.files.find((file) => file.fileId === member.fileId)?.guest).toBeNull();
    expect(listed.files.map((file) => file.fileId)).not.toContain(second);
    const guestsOnly = await json<{ files: FileJson[] }>(
      await call(
        people.viewer.tokens,
        `${collectionPath(team, collection.collectionId)}/files?uploader=guests`,
      ),
    );
    expect(guestsOnly.files.map((file) => file.fileId)).toEqual([first]);
    const kinds = await api.db
      .selectFrom("activity")
      .select(["kind", "target_id", "actor_id"])
      .where("team_id", "=", team.teamId)
      .where("kind", "=", "fileApproved")
      .execute();
    expect(kinds).toEqual([
      { kind: "fileApproved", target_id: first, actor_id: people.owner.userId },
    ]);
    const collectionJson = await json<{ heldFiles: number; filesCount: number }>(
      await call(people.owner.tokens, collectionPath(team, collection.collectionId)),
    );
    expect(collectionJson).toMatchObject({ heldFiles: 1, filesCount: 2 });
  });

  it("rejects: the files go to the trash as a delete sends them, and the log says so", async () => {
    const people = await crew();
    const { team, collection } = people;
    const link = await insertDropLink(api, team, collection.collectionId, {
      holdForReview: true,
    });
    const sender = await guestOf(api, link, null);
    const ids = [await sendGuestFile(api, sender), await sendGuestFile(api, sender)];
    const path = `${collectionPath(team, collection.collectionId)}/review`;
    const outcome = await json(
      await call(people.admin.tokens, path, {
        method: "POST",
        json: { fileIds: ids, decision: "reject" },
      }),
    );
    expect(outcome).toEqual({ rejected: 2, skipped: 0 });
    const rows = await api.db
      .selectFrom("files")
      .select(["file_id", "deleted_at", "deleted_by", "purge_at", "review_state"])
      .where("file_id", "in", ids)
      .execute();
    for (const row of rows) {
      expect(row.deleted_by).toBe(people.admin.userId);
      expect(Number(row.purge_at)).toBeGreaterThan(Number(row.deleted_at));
      expect(row.review_state).toBeNull();
    }
    const trash = await json<{ items: { id: string }[] }>(
      await call(people.owner.tokens, `/api/teams/${team.teamId}/trash`),
    );
    expect(trash.items.map((item) => item.id).sort()).toEqual([...ids].sort());
    const purges = await api.db
      .selectFrom("jobs")
      .select("payload")
      .where("kind", "=", "trash.purgeFile")
      .execute();
    for (const id of ids) expect(purges.map((job) => job.payload)).toContain(`{"fileId":"${id}"}`);
    const rejected = await api.db
      .selectFrom("activity")
      .select("target_id")
      .where("team_id", "=", team.teamId)
      .where("kind", "=", "fileRejected")
      .execute();
    expect(rejected.map((row) => row.target_id).sort()).toEqual([...ids].sort());
    // Rejected already: a second decision skips them.
    const again = await json(
      await call(people.owner.tokens, path, {
        method: "POST",
        json: { fileIds: ids, decision: "approve" },
      }),
    );
    expect(again).toEqual({ approved: 0, skipped: 2 });
    // Restored from the trash, a rejected file is the collection's like any other.
    const restored = await call(
      people.owner.tokens,
      `/api/teams/${team.teamId}/trash/files/${ids[0]}/restore`,
      { method: "POST" },
    );
    expect(restored.status).toBe(200);
    const listed = await json<{ files: FileJson[] }>(
      await call(people.owner.tokens, `${collectionPath(team, collection.collectionId)}/files`),
    );
    expect(listed.files.map((file) => file.fileId)).toEqual([ids[0]]);
  });

  it("pages the review list newest first", async () => {
    const people = await crew();
    const { team, collection } = people;
    const link = await insertDropLink(api, team, collection.collectionId, {
      holdForReview: true,
    });
    const sender = await guestOf(api, link, "Bo");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await sendGuestFile(api, sender));
      api.clock.advance(1000);
    }
    const path = `${collectionPath(team, collection.collectionId)}/review`;
    const first = await json<{ files: FileJson[]; pagination: { lastKey: string | null } }>(
      await call(people.owner.tokens, `${path}?limit=2`),
    );
    expect(first.files.map((file) => file.fileId)).toEqual([ids[2], ids[1]]);
    const second = await json<{ files: FileJson[]; pagination: { lastKey: string | null } }>(
      await call(
        people.owner.tokens,
        `${path}?limit=2&lastKey=${encodeURIComponent(first.pagination.lastKey ?? "")}`,
      ),
    );
    expect(second.files.map((file) => file.fileId)).toEqual([ids[0]]);
    expect(second.pagination.lastKey).toBeNull();
  });
});

describe("a guest's file that is not held", () => {
  it("is listed at once, attributed to its guest, for every role that sees the creator's files", async () => {
    const people = await crew();
    const { team, collection } = people;
    const link = await insertDropLink(api, team, collection.collectionId, { title: "Party" });
    const fileId = await sendGuestFile(api, await guestOf(api, link, null));
    const read = await json<FileJson>(
      await call(
        people.viewer.tokens,
        `${collectionPath(team, collection.collectionId)}/files/${fileId}`,
      ),
    );
    expect(read.guest).toEqual({ name: null, linkId: link.linkId, linkTitle: "Party" });
    const collectionJson = await json<{ heldFiles: number; filesCount: number }>(
      await call(people.owner.tokens, collectionPath(team, collection.collectionId)),
    );
    expect(collectionJson).toMatchObject({ heldFiles: 0, filesCount: 1 });
  });
});
