import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, expectError, newEmail, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL, startApi, type TestApi } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { insertFile } from "./support/files.ts";
import {
  addMember,
  createTeamFor,
  memberPath,
  ownedTeam,
  type TestMember,
  type TestTeam,
  type TestUser,
  tokensFor,
} from "./support/teams.ts";

// Members' lifecycle (ADR 095): leaving a team, handing it over, banning and reactivating, and
// the pending (Idle) invitation; each against the real API on a real database.

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

interface MemberBody {
  userId: string;
  role: string;
  status: string;
}

function call(method: string, path: string, tokens: Tokens, json?: unknown) {
  return api.request(path, { method, headers: bearer(tokens), json });
}
const teamPath = (team: TestTeam) => `/api/teams/${encodeURIComponent(team.teamId)}`;
const leave = (team: TestTeam, tokens: Tokens) =>
  call("POST", `${teamPath(team)}/members/@me/leave`, tokens);
const transfer = (team: TestTeam, tokens: Tokens, userId: string) =>
  call("POST", `${teamPath(team)}/owner`, tokens, { userId });
function setStatus(team: TestTeam, tokens: Tokens, memberId: string, value: string) {
  return api.request(memberPath(team, memberId), {
    method: "PATCH",
    headers: { ...bearer(tokens), "Content-Type": "application/json-patch+json" },
    body: JSON.stringify([{ op: "replace", path: "/status", value }]),
  });
}
const invite = (team: TestTeam, tokens: Tokens, email: string, nickname = "Back Again") =>
  call("POST", `${teamPath(team)}/members`, tokens, {
    email,
    nickname,
    role: "viewer",
    locale: "en",
  });

async function statusOf(team: TestTeam, memberId: string) {
  const row = await api.db
    .selectFrom("members")
    .select(["status", "role"])
    .where("team_id", "=", team.teamId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return row;
}

async function activityOf(team: TestTeam) {
  return api.db
    .selectFrom("activity")
    .select(["kind", "actor_id", "target_id", "detail"])
    .where("team_id", "=", team.teamId)
    .orderBy("created_at")
    .execute();
}

async function tagsOf(collectionId: string) {
  const rows = await api.db
    .selectFrom("collection_tags")
    .select("user_id")
    .where("collection_id", "=", collectionId)
    .execute();
  return rows.map((row) => row.user_id).sort();
}

/** A team, its owner signed in, and a few members with their tokens. */
async function crew() {
  const { owner, tokens, team } = await ownedTeam(api);
  const admin = await addMember(api, team, { role: "admin" });
  const viewer = await addMember(api, team, { role: "viewer" });
  const uploader = await addMember(api, team, { role: "uploader" });
  return {
    owner,
    ownerTokens: tokens,
    team,
    admin,
    viewer,
    uploader,
    adminTokens: await tokensFor(api, admin),
    viewerTokens: await tokensFor(api, viewer),
    uploaderTokens: await tokensFor(api, uploader),
  };
}

describe("POST /api/teams/{teamId}/members/@me/leave", () => {
  it("makes the member left: their next call into the team is refused, their files stay", async () => {
    const { team, ownerTokens, uploader, uploaderTokens, viewer } = await crew();
    const collection = await insertCollection(api, team, {
      createdBy: uploader.userId,
      tags: [uploader.userId, viewer.userId],
    });
    const file = await insertFile(api, team, collection, { uploadedBy: uploader.userId });
    // Signed in and inside the team before leaving.
    expect((await call("GET", `${teamPath(team)}/members`, uploaderTokens)).status).toBe(200);

    expect((await leave(team, uploaderTokens)).status).toBe(204);
    expect(await statusOf(team, uploader.memberId)).toMatchObject({ status: "left" });
    // The same session, at once: every call into the team answers as for a stranger.
    await expectError(await call("GET", `${teamPath(team)}`, uploaderTokens), 404, "notFound");
    await expectError(
      await call("GET", `${teamPath(team)}/collections`, uploaderTokens),
      404,
      "notFound",
    );
    // Their collection and file stay; their tag goes, the other member's stays.
    const stored = await api.db
      .selectFrom("files")
      .select("file_id")
      .where("file_id", "=", file.fileId)
      .executeTakeFirst();
    expect(stored).toBeDefined();
    expect(await tagsOf(collection.collectionId)).toEqual([viewer.userId]);
    // The team sees them as left, with the spec's name.
    const listed = (await (
      await call("GET", `${teamPath(team)}/members?limit=100`, ownerTokens)
    ).json()) as { members: MemberBody[] };
    expect(listed.members.find((m) => m.userId === uploader.userId)).toMatchObject({
      status: "left",
    });
    const kinds = (await activityOf(team)).map((entry) => entry.kind);
    expect(kinds).toEqual(["memberLeft"]);
  });

  it("refuses a second leave, the owner (ownerCannotLeave) and an internal member", async () => {
    const { team, ownerTokens, viewerTokens } = await crew();
    expect((await leave(team, viewerTokens)).status).toBe(204);
    await expectError(await leave(team, viewerTokens), 404, "notFound");
    const owner = await expectError(await leave(team, ownerTokens), 409, "ownerCannotLeave");
    expect(owner.message).toMatch(/hand the team over/);
    const internal = await addMember(api, team, { type: "internal" });
    await expectError(
      await leave(team, await tokensFor(api, internal, team.teamId)),
      403,
      "forbidden",
    );
    expect(await statusOf(team, team.ownerId)).toMatchObject({ status: "active", role: "owner" });
    expect((await activityOf(team)).map((entry) => entry.kind)).toEqual(["memberLeft"]);
  });

  it("lets a member who left be invited again, and join again", async () => {
    const { team, ownerTokens } = await crew();
    const email = newEmail("returning");
    const member = await addMember(api, team, { role: "viewer", email });
    expect((await leave(team, await tokensFor(api, member))).status).toBe(204);
    const invited = await invite(team, ownerTokens, email);
    expect(invited.status).toBe(201);
    expect((await invited.json()) as MemberBody).toMatchObject({
      userId: `EMAIL#${email}`,
      status: "invited",
    });
  });
});

describe("banning and reactivating (PATCH /status)", () => {
  it("bans: access ends at once, tags go, files stay; reactivating gives access back", async () => {
    const { team, adminTokens, uploader, uploaderTokens, admin } = await crew();
    const collection = await insertCollection(api, team, { tags: [uploader.userId] });
    await insertFile(api, team, collection, { uploadedBy: uploader.userId });

    const banned = await setStatus(team, adminTokens, uploader.memberId, "banned");
    expect(banned.status).toBe(200);
    expect((await banned.json()) as MemberBody).toMatchObject({ status: "banned" });
    await expectError(await call("GET", `${teamPath(team)}`, uploaderTokens), 404, "notFound");
    await expectError(
      await call("GET", `${teamPath(team)}/members`, uploaderTokens),
      404,
      "notFound",
    );
    expect(await tagsOf(collection.collectionId)).toEqual([]);
    const files = await api.db
      .selectFrom("files")
      .select("file_id")
      .where("uploaded_by", "=", uploader.userId)
      .execute();
    expect(files).toHaveLength(1);

    const back = await setStatus(team, adminTokens, uploader.memberId, "active");
    expect(back.status).toBe(200);
    expect((await call("GET", `${teamPath(team)}`, uploaderTokens)).status).toBe(200);
    const entries = await activityOf(team);
    expect(entries.map((entry) => [entry.kind, entry.actor_id, entry.target_id])).toEqual([
      ["memberBanned", admin.userId, uploader.userId],
      ["memberReactivated", admin.userId, uploader.userId],
    ]);
  });

  it("refuses to ban the owner, oneself, twice, or as a role that does not manage members", async () => {
    const { team, owner, ownerTokens, admin, adminTokens, viewer, viewerTokens } = await crew();
    await expectError(await setStatus(team, adminTokens, owner.userId, "banned"), 403, "forbidden");
    await expectError(await setStatus(team, ownerTokens, owner.userId, "banned"), 403, "forbidden");
    await expectError(await setStatus(team, adminTokens, admin.userId, "banned"), 403, "forbidden");
    await expectError(
      await setStatus(team, viewerTokens, admin.memberId, "banned"),
      403,
      "forbidden",
    );
    expect((await setStatus(team, ownerTokens, viewer.memberId, "banned")).status).toBe(200);
    await expectError(
      await setStatus(team, ownerTokens, viewer.memberId, "banned"),
      403,
      "forbidden",
    );
    // A status the patch does not take.
    await expectError(
      await setStatus(team, ownerTokens, admin.memberId, "left"),
      400,
      "invalidPatch",
    );
    // Two parallel bans of one member: one wins, the other is refused, one log entry.
    const target = await addMember(api, team, { role: "viewer" });
    const both = await Promise.all([
      setStatus(team, ownerTokens, target.memberId, "banned"),
      setStatus(team, adminTokens, target.memberId, "banned"),
    ]);
    // The loser is refused by the rule (it reads banned: 403) or, having read active before
    // the winner wrote, by the guarded update (409).
    const codes = both.map((response) => response.status).sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const bans = (await activityOf(team)).filter((entry) => entry.target_id === target.memberId);
    expect(bans).toHaveLength(1);
  });

  it("refuses to invite a banned address (memberBanned) until reactivated", async () => {
    const { team, ownerTokens } = await crew();
    const email = newEmail("banned");
    const member = await addMember(api, team, { role: "viewer", email });
    expect((await setStatus(team, ownerTokens, member.memberId, "banned")).status).toBe(200);
    const refused = await expectError(
      await invite(team, ownerTokens, email, "Once More"),
      409,
      "memberBanned",
    );
    expect(refused.message).toMatch(/reactivate/);
    expect((await setStatus(team, ownerTokens, member.memberId, "active")).status).toBe(200);
    // Reactivated, they are a member again: an invitation would be one too many.
    await expectError(await invite(team, ownerTokens, email, "Once More"), 409, "alreadyExists");
  });

  it("ends an internal member's sessions: their account is the team's", async () => {
    const { team, ownerTokens } = await crew();
    const internal = await addMember(api, team, { type: "internal" });
    const tokens = await tokensFor(api, internal, team.teamId);
    expect((await setStatus(team, ownerTokens, internal.memberId, "banned")).status).toBe(200);
    await expectError(await call("GET", "/api/users/@me", tokens), 401, "notAuthorized");
  });
});

describe("tags of members who go", () => {
  it("removal drops the member's tags in this team only; a disabled member keeps theirs", async () => {
    const { team, ownerTokens, viewer, uploader } = await crew();
    const other = await ownedTeam(api);
    const here = await insertCollection(api, team, { tags: [viewer.userId, uploader.userId] });
    const elsewhere = await insertCollection(api, other.team, { tags: [viewer.userId] });
    expect((await setStatus(team, ownerTokens, uploader.memberId, "disabled")).status).toBe(200);
    expect((await call("DELETE", memberPath(team, viewer.memberId), ownerTokens)).status).toBe(204);
    expect(await tagsOf(here.collectionId)).toEqual([uploader.userId]);
    expect(await tagsOf(elsewhere.collectionId)).toEqual([viewer.userId]);
  });
});

describe("banning mid-upload", () => {
  const SIZE = 20;
  function text(bytes: number) {
    const alphabet = "abcdefghijklmnopqrstuvwxyz \n";
    return Buffer.from(randomBytes(bytes).map((b) => alphabet.charCodeAt(b % alphabet.length)));
  }
  async function startUpload(team: TestTeam, collectionId: string, tokens: Tokens) {
    const response = await call(
      "POST",
      `${teamPath(team)}/collections/${collectionId}/files`,
      tokens,
      { name: "notes.txt", contentType: "text/plain", size: SIZE },
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { fileId: string; uploadUrl: string };
    return { ...body, url: body.uploadUrl.replace(PUBLIC_URL, api.url) };
  }
  const chunk = (url: string, offset: number, bytes: Buffer) =>
    fetch(url, {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Uint8Array(bytes),
    });

  it("refuses the banned member's next chunk; the owner's upload goes on", async () => {
    const { team, ownerTokens, uploader, uploaderTokens } = await crew();
    const collection = await insertCollection(api, team, { mode: "collaborative" });
    const theirs = await startUpload(team, collection.collectionId, uploaderTokens);
    const mine = await startUpload(team, collection.collectionId, ownerTokens);
    const theirBytes = text(SIZE);
    const myBytes = text(SIZE);
    expect((await chunk(theirs.url, 0, theirBytes.subarray(0, 10))).status).toBe(204);
    expect((await chunk(mine.url, 0, myBytes.subarray(0, 10))).status).toBe(204);

    expect((await setStatus(team, ownerTokens, uploader.memberId, "banned")).status).toBe(200);
    await expectError(await chunk(theirs.url, 10, theirBytes.subarray(10)), 403, "forbidden");
    expect((await chunk(mine.url, 10, myBytes.subarray(10))).status).toBe(204);
    // The owner's file is whole and kept; the banned member's stays where it stopped.
    const rows = await api.db
      .selectFrom("files")
      .select(["file_id", "status"])
      .where("file_id", "in", [mine.fileId, theirs.fileId])
      .execute();
    const byId = Object.fromEntries(rows.map((row) => [row.file_id, row.status]));
    expect(byId[mine.fileId]).not.toBe("failed");
    expect(byId[mine.fileId]).not.toBe("uploading");
    expect(byId[theirs.fileId]).toBe("uploading");
  });
});

describe("POST /api/teams/{teamId}/owner", () => {
  it("hands the team to an active admin: ownerId and roles change, the old owner is admin", async () => {
    const { team, owner, ownerTokens, admin, adminTokens } = await crew();
    const response = await transfer(team, ownerTokens, admin.userId);
    expect(response.status).toBe(200);
    expect((await response.json()) as MemberBody).toMatchObject({
      userId: admin.userId,
      role: "owner",
    });
    const row = await api.db
      .selectFrom("teams")
      .select("owner_id")
      .where("team_id", "=", team.teamId)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(admin.userId);
    expect(await statusOf(team, owner.userId)).toMatchObject({ role: "admin", status: "active" });
    const info = (await (await call("GET", teamPath(team), adminTokens)).json()) as {
      ownerId: string;
    };
    expect(info.ownerId).toBe(admin.userId);
    // The old owner may now leave; the new one may not.
    await expectError(await leave(team, adminTokens), 409, "ownerCannotLeave");
    await expectError(await transfer(team, ownerTokens, admin.userId), 403, "forbidden");
    expect((await leave(team, ownerTokens)).status).toBe(204);
    expect((await activityOf(team)).map((entry) => [entry.kind, entry.target_id])).toEqual([
      ["teamOwnershipTransferred", admin.userId],
      ["memberLeft", owner.userId],
    ]);
  });

  it("refuses self (400), a non-admin, a banned admin, an unknown member, and a non-owner", async () => {
    const { team, owner, ownerTokens, viewer, admin, adminTokens } = await crew();
    await expectError(await transfer(team, ownerTokens, owner.userId), 400, "invalidInput");
    await expectError(await transfer(team, ownerTokens, viewer.userId), 409, "invalidInput");
    const bannedAdmin = await addMember(api, team, { role: "admin" });
    expect((await setStatus(team, ownerTokens, bannedAdmin.memberId, "banned")).status).toBe(200);
    await expectError(await transfer(team, ownerTokens, bannedAdmin.userId), 409, "invalidInput");
    await expectError(await transfer(team, ownerTokens, "nobody"), 404, "invalidInput");
    await expectError(await transfer(team, adminTokens, admin.userId), 403, "forbidden");
    await expectError(
      await call("POST", `${teamPath(team)}/owner`, ownerTokens, { userId: 7 }),
      400,
      "invalidInput",
    );
    await expectError(
      await call("POST", `${teamPath(team)}/owner`, ownerTokens, {}),
      400,
      "invalidInput",
    );
    expect(await statusOf(team, owner.userId)).toMatchObject({ role: "owner" });
  });

  it("of two transfers at once, one wins and the other is refused", async () => {
    const { team, ownerTokens, admin } = await crew();
    const second = await addMember(api, team, { role: "admin" });
    const answers = await Promise.all([
      transfer(team, ownerTokens, admin.userId),
      transfer(team, ownerTokens, second.userId),
    ]);
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const owners = await api.db
      .selectFrom("members")
      .select("member_id")
      .where("team_id", "=", team.teamId)
      .where("role", "=", "owner")
      .execute();
    expect(owners).toHaveLength(1);
    const row = await api.db
      .selectFrom("teams")
      .select("owner_id")
      .where("team_id", "=", team.teamId)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(owners[0]?.member_id);
  });

  it("refuses when the new owner's plan cannot hold one more team (quotaExceededTeams)", async () => {
    const { team, ownerTokens, admin } = await crew();
    // TEST_PLAN_LIMITS: 3 teams each; the admin owns 3 already.
    for (let i = 0; i < 3; i++) await createTeamFor(api, admin);
    const refused = await expectError(
      await transfer(team, ownerTokens, admin.userId),
      403,
      "quotaExceededTeams",
    );
    expect(refused.message).toMatch(/new owner/);
    expect(await statusOf(team, admin.userId)).toMatchObject({ role: "admin" });
    expect(await activityOf(team)).toEqual([]);
  });
});

describe("handing over a team its new owner's storage cannot hold", () => {
  let small: TestApi;
  beforeAll(async () => {
    small = await startApi({ planLimits: { limitStorageBytes: 13_000 } });
  });
  afterAll(() => small.close());

  it("refuses with quotaExceededStorage and changes nothing; fits when room is made", async () => {
    const { team, tokens } = await ownedTeam(small);
    const admin: TestMember & TestUser = await addMember(small, team, { role: "admin" });
    const theirs = await createTeamFor(small, admin);
    // 4096 bytes each (tests/api/support/files.ts): 2 here and 1 there fit, 3 + 1 do not.
    const collection = await insertCollection(small, team);
    for (let i = 0; i < 2; i++) await insertFile(small, team, collection);
    const their = await insertFile(small, theirs, await insertCollection(small, theirs));
    await insertFile(small, theirs, await insertCollection(small, theirs));
    const path = `/api/teams/${team.teamId}/owner`;
    const ask = () =>
      small.request(path, {
        method: "POST",
        headers: bearer(tokens),
        json: { userId: admin.userId },
      });
    const refused = await expectError(await ask(), 403, "quotaExceededStorage");
    expect(refused.message).toMatch(/new owner/);
    const row = await small.db
      .selectFrom("teams")
      .select("owner_id")
      .where("team_id", "=", team.teamId)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(team.ownerId);
    await small.db.deleteFrom("files").where("file_id", "=", their.fileId).execute();
    expect((await ask()).status).toBe(200);
  });
});

describe("statuses as the spec names them", () => {
  it("lists active, invited, pending, rejected, left, banned, disabled and invitation_expired", async () => {
    const { team, tokens } = await ownedTeam(api);
    const statuses = ["invited", "pending", "rejected", "left", "banned", "disabled"] as const;
    for (const status of statuses) await addMember(api, team, { status, nickname: `M ${status}` });
    await addMember(api, team, {
      status: "invited",
      nickname: "M expired",
      inviteExpiresAt: api.clock.now() - 1,
    });
    const listed = (await (
      await call("GET", `${teamPath(team)}/members?limit=100`, tokens)
    ).json()) as { members: (MemberBody & { nickname: string })[] };
    const byName = Object.fromEntries(listed.members.map((m) => [m.nickname, m.status]));
    expect(byName).toEqual({
      Owner: "active",
      "M invited": "invited",
      "M pending": "pending",
      "M rejected": "rejected",
      "M left": "left",
      "M banned": "banned",
      "M disabled": "disabled",
      "M expired": "invitation_expired",
    });
  });

  it("a pending (Idle) invitation can be resent, which makes it invited", async () => {
    const { team, tokens } = await ownedTeam(api);
    const pending = await addMember(api, team, { status: "invited", inviteSentAt: null });
    await api.db
      .updateTable("members")
      .set({ status: "pending" })
      .where("member_id", "=", pending.memberId)
      .execute();
    const resent = await call("POST", `${teamPath(team)}/invitations/resend`, tokens, {
      userId: pending.memberId,
    });
    expect(resent.status).toBe(200);
    expect((await resent.json()) as MemberBody).toMatchObject({ status: "invited" });
  });
});
