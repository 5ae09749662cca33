import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_CATALOGUE } from "#api/billing/catalogue.ts";
import { FILE_VARIANTS, fileBlobKey } from "#api/files/file-views.ts";
import type { Role } from "#domain/roles.ts";
import { TEAM_TRASH_RETENTION_MS } from "#domain/team-deletion.ts";
import { bearer, expectError, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL, startApi, type TestApi } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { insertFile } from "./support/files.ts";
import { type LocalS3Server, startS3Server } from "./support/s3-server.ts";
import { addMember, ownedTeam, type TestTeam, tokensFor } from "./support/teams.ts";

// Deleting a team, restoring it and its purge after 30 days (ADR 094), over real HTTP on a fresh
// database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

const api = apiForThisFile();

const teamPath = (teamId: string, rest = "") => `/api/teams/${encodeURIComponent(teamId)}${rest}`;

function deleteTeam(teamId: string, name: unknown, tokens: Tokens) {
  return api.request(teamPath(teamId), {
    method: "DELETE",
    headers: bearer(tokens),
    json: { name },
  });
}

function restoreTeam(teamId: string, tokens: Tokens) {
  return api.request(teamPath(teamId, "/restore"), { method: "POST", headers: bearer(tokens) });
}

function get(pathname: string, tokens: Tokens) {
  return api.request(pathname, { headers: bearer(tokens) });
}

async function listed(tokens: Tokens, deleted = false) {
  const response = await get(`/api/teams${deleted ? "?deleted=true" : ""}`, tokens);
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    teams: { teamId: string; teamDeletedAt: number | null; teamPurgeAt: number | null }[];
  };
  return body.teams;
}

/** A team with one collection and one ready image whose bytes are on disk. */
async function stockedTeam(options: { alias?: string } = {}) {
  const { owner, tokens, team } = await ownedTeam(api, options);
  const collection = await insertCollection(api, team);
  const file = await insertFile(api, team, collection, { withBlobs: true });
  return { owner, tokens, team, collection, file };
}

async function teamRow(teamId: string) {
  return api.db.selectFrom("teams").selectAll().where("team_id", "=", teamId).executeTakeFirst();
}

/** Every blob file the API's disk store keeps for one team (`<shard>/teams~<teamId>~...`). */
async function blobFilesOf(teamId: string) {
  const root = path.join(api.dataDir, "blobs");
  const entries = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => path.basename(entry).startsWith(`teams~${teamId}~`));
}

async function activityKinds(teamId: string) {
  const rows = await api.db
    .selectFrom("activity")
    .select("kind")
    .where("team_id", "=", teamId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => row.kind);
}

describe("DELETE /api/teams/{teamId}", () => {
  it.each([
    ["admin", 403, "forbidden"],
    ["upviewer", 403, "forbidden"],
    ["uploader", 403, "forbidden"],
    ["viewer", 403, "forbidden"],
  ] as [Role, number, string][])(
    "refuses the %s: %s %s, nothing deleted",
    async (role, status, code) => {
      const { team } = await stockedTeam();
      const member = await addMember(api, team, { role });
      const tokens = await tokensFor(api, member);
      await expectError(await deleteTeam(team.teamId, team.name, tokens), status, code);
      expect((await teamRow(team.teamId))?.deleted_at).toBeNull();
    },
  );

  it("answers notFound to someone outside the team", async () => {
    const { team } = await stockedTeam();
    const stranger = await ownedTeam(api);
    await expectError(await deleteTeam(team.teamId, team.name, stranger.tokens), 404, "notFound");
    expect((await teamRow(team.teamId))?.deleted_at).toBeNull();
  });

  it("refuses a name that is not the team's (case-sensitive), deleting nothing", async () => {
    const { team, tokens } = await stockedTeam();
    await expectError(await deleteTeam(team.teamId, "Not it", tokens), 400, "teamNameMismatch");
    await expectError(
      await deleteTeam(team.teamId, team.name.toUpperCase(), tokens),
      400,
      "teamNameMismatch",
    );
    await expectError(await deleteTeam(team.teamId, 42, tokens), 400, "invalidInput");
    expect((await teamRow(team.teamId))?.deleted_at).toBeNull();
    expect((await get(teamPath(team.teamId), tokens)).status).toBe(200);
  });

  it("deletes for the owner with the name typed (trimmed): 202 with the purge date", async () => {
    const { team, tokens } = await stockedTeam();
    const before = api.clock.now();
    const response = await deleteTeam(team.teamId, `  ${team.name} `, tokens);
    expect(response.status).toBe(202);
    const body = (await response.json()) as { teamId: string; deletedAt: number; purgeAt: number };
    expect(body.teamId).toBe(team.teamId);
    expect(body.deletedAt).toBeGreaterThanOrEqual(before);
    expect(body.purgeAt).toBe(body.deletedAt + TEAM_TRASH_RETENTION_MS);
    expect(await activityKinds(team.teamId)).toEqual(["teamDeleted"]);
    const job = await api.db
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", "purgeTeam")
      .where("payload", "like", `%${team.teamId}%`)
      .executeTakeFirstOrThrow();
    expect(Number(job.run_at)).toBe(body.purgeAt);
  });

  it("answers notFound to a second deletion", async () => {
    const { team, tokens } = await stockedTeam();
    expect((await deleteTeam(team.teamId, team.name, tokens)).status).toBe(202);
    await expectError(await deleteTeam(team.teamId, team.name, tokens), 404, "notFound");
  });

  it("deletes once when two deletions race", async () => {
    const { team, tokens } = await stockedTeam();
    const answers = await Promise.all([
      deleteTeam(team.teamId, team.name, tokens),
      deleteTeam(team.teamId, team.name, tokens),
      deleteTeam(team.teamId, team.name, tokens),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([202, 404, 404]);
    expect(await activityKinds(team.teamId)).toEqual(["teamDeleted"]);
  });
});

describe("a deleted team is missing everywhere", () => {
  it("for members: lists, the team, its collections, files, members, aliases", async () => {
    const alias = `gone-${randomUUID().slice(0, 8)}`;
    const { team, tokens, collection, file } = await stockedTeam({ alias });
    const admin = await addMember(api, team, { role: "admin" });
    const adminTokens = await tokensFor(api, admin);
    const contentPath = teamPath(
      team.teamId,
      `/collections/${collection.collectionId}/files/${file.fileId}/content`,
    );
    // Links given before the deletion.
    const link = await get(`${contentPath}?variant=original`, adminTokens);
    expect(link.status).toBe(200);
    const signed = `${api.url}${((await link.json()) as { signedUrl: string }).signedUrl}`;
    expect((await fetch(signed)).status).toBe(200);
    const asked = await api.request(teamPath(team.teamId, "/downloads"), {
      method: "POST",
      headers: bearer(adminTokens),
      json: { collectionId: collection.collectionId },
    });
    expect(asked.status).toBe(201);
    const { requestId } = (await asked.json()) as { requestId: string };
    const zipLink = await get(
      teamPath(team.teamId, `/downloads/${requestId}/download`),
      adminTokens,
    );
    expect(zipLink.status).toBe(200);
    const zip = `${api.url}${((await zipLink.json()) as { url: string }).url}`;

    // The lists across the caller's teams show its collection and file before the deletion.
    const acrossTeams = async (who: Tokens) => {
      const collections = await get("/api/collections?limit=100", who);
      const files = await get("/api/files?limit=100", who);
      expect(collections.status).toBe(200);
      expect(files.status).toBe(200);
      return JSON.stringify([await collections.json(), await files.json()]);
    };
    expect(await acrossTeams(adminTokens)).toContain(collection.collectionId);
    expect(await acrossTeams(adminTokens)).toContain(file.fileId);

    expect((await deleteTeam(team.teamId, team.name, tokens)).status).toBe(202);

    for (const who of [tokens, adminTokens]) {
      expect((await listed(who)).map((t) => t.teamId)).not.toContain(team.teamId);
      const across = await acrossTeams(who);
      expect(across).not.toContain(collection.collectionId);
      expect(across).not.toContain(file.fileId);
      for (const pathname of [
        teamPath(team.teamId),
        teamPath(alias),
        teamPath(team.teamId, "/collections"),
        teamPath(team.teamId, `/collections/${collection.collectionId}`),
        teamPath(team.teamId, "/members"),
        `${contentPath}?variant=original`,
      ]) {
        await expectError(await get(pathname, who), 404, "notFound");
      }
    }
    // Changes are refused as for a missing team.
    await expectError(
      await api.request(teamPath(team.teamId, "/collections"), {
        method: "POST",
        headers: bearer(adminTokens),
        json: { name: "Another" },
      }),
      404,
      "notFound",
    );
    // Links given before stop working.
    const file404 = await fetch(signed);
    await file404.arrayBuffer();
    expect(file404.status).toBe(404);
    await expectError(await fetch(zip), 404, "invalidDownload");
    // The alias stays the deleted team's until its purge: nobody else can take it.
    const other = await ownedTeam(api);
    await expectError(
      await api.request(teamPath(other.team.teamId, "/aliases"), {
        method: "POST",
        headers: bearer(other.tokens),
        json: { alias },
      }),
      409,
      "accountAliasAlreadyExists",
    );
  });

  it("refuses its invitations", async () => {
    const { team, tokens } = await stockedTeam();
    const invited = await addMember(api, team, { status: "invited" });
    expect((await deleteTeam(team.teamId, team.name, tokens)).status).toBe(202);
    const accepted = await api.request(teamPath(team.teamId, "/invitations/accept"), {
      method: "POST",
      json: { token: invited.token },
    });
    expect(accepted.status).toBe(404);
    expect(((await accepted.json()) as { errorCode: string }).errorCode).toBe("invitationNotFound");
  });

  it("refuses an upload under way on its next chunk, with a clear error", async () => {
    const { team, tokens, collection } = await stockedTeam();
    const started = await api.request(
      teamPath(team.teamId, `/collections/${collection.collectionId}/files`),
      {
        method: "POST",
        headers: bearer(tokens),
        json: { name: "notes.txt", contentType: "text/plain", size: 11 },
      },
    );
    expect(started.status).toBe(201);
    const { uploadUrl } = (await started.json()) as { uploadUrl: string };
    expect((await deleteTeam(team.teamId, team.name, tokens)).status).toBe(202);
    const put = await fetch(uploadUrl.replace(PUBLIC_URL, api.url), {
      method: "PUT",
      headers: { "Content-Type": "application/octet-stream" },
      body: new TextEncoder().encode("hello world"),
    });
    expect(put.status).toBe(404);
    const body = (await put.json()) as { errorCode: string; message: string };
    expect(body.errorCode).toBe("notFound");
    expect(body.message).toMatch(/deleted/);
  });
});

describe("GET /api/teams?deleted=true and POST /api/teams/{teamId}/restore", () => {
  it("lists the owner's deleted teams with their purge date; nobody else's", async () => {
    const { team, tokens } = await stockedTeam();
    const admin = await addMember(api, team, { role: "admin" });
    const adminTokens = await tokensFor(api, admin);
    expect(await listed(tokens, true)).toEqual([]);
    const { purgeAt } = (await (await deleteTeam(team.teamId, team.name, tokens)).json()) as {
      purgeAt: number;
    };
    expect(await listed(tokens, true)).toEqual([
      expect.objectContaining({ teamId: team.teamId, teamPurgeAt: purgeAt }),
    ]);
    expect(await listed(adminTokens, true)).toEqual([]);
  });

  it("restores for the owner only; everything comes back as it was", async () => {
    const alias = `back-${randomUUID().slice(0, 8)}`;
    const { team, tokens, collection, file } = await stockedTeam({ alias });
    const admin = await addMember(api, team, { role: "admin" });
    const adminTokens = await tokensFor(api, admin);
    expect((await deleteTeam(team.teamId, team.name, tokens)).status).toBe(202);

    await expectError(await restoreTeam(team.teamId, adminTokens), 404, "notFound");
    const stranger = await ownedTeam(api);
    await expectError(await restoreTeam(team.teamId, stranger.tokens), 404, "notFound");

    const response = await restoreTeam(team.teamId, tokens);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ teamId: team.teamId, name: team.name });
    expect(await activityKinds(team.teamId)).toEqual(["teamDeleted", "teamRestored"]);
    await expectError(await restoreTeam(team.teamId, tokens), 404, "notFound");

    for (const who of [tokens, adminTokens]) {
      expect((await listed(who)).map((t) => t.teamId)).toContain(team.teamId);
      expect((await get(teamPath(alias), who)).status).toBe(200);
      const files = await get(
        teamPath(team.teamId, `/collections/${collection.collectionId}/files`),
        who,
      );
      expect(files.status).toBe(200);
      expect(JSON.stringify(await files.json())).toContain(file.fileId);
    }
    expect(await listed(tokens, true)).toEqual([]);
    expect(await blobFilesOf(team.teamId)).not.toEqual([]);
    // The purge queued by the deletion finds the team alive when it comes, and leaves it.
    api.clock.advance(TEAM_TRASH_RETENTION_MS + 60_000);
    try {
      await api.jobs.idle();
      expect(await teamRow(team.teamId)).toBeDefined();
      expect(await blobFilesOf(team.teamId)).not.toEqual([]);
    } finally {
      api.clock.reset();
    }
  });

  it("purges after 30 days: every row and every byte, and it can no longer be restored", async () => {
    const { owner, team, tokens, collection, file } = await stockedTeam();
    const member = await addMember(api, team, { role: "uploader", type: "internal" });
    await api.db
      .insertInto("file_reads")
      .values({ file_id: file.fileId, user_id: team.ownerId, read_at: api.clock.now() })
      .execute();
    expect(await blobFilesOf(team.teamId)).not.toEqual([]);
    expect((await deleteTeam(team.teamId, team.name, tokens)).status).toBe(202);

    // A day before the purge, nothing has gone: it can still be restored.
    api.clock.advance(TEAM_TRASH_RETENTION_MS - 24 * 60 * 60_000);
    try {
      await api.jobs.idle();
      expect(await teamRow(team.teamId)).toBeDefined();
      expect(await blobFilesOf(team.teamId)).not.toEqual([]);
      api.clock.advance(24 * 60 * 60_000 + 1000);
      await api.jobs.idle();
      // Signed in again: a month is longer than a session's tokens last.
      await expectError(
        await restoreTeam(team.teamId, await tokensFor(api, owner)),
        404,
        "notFound",
      );
    } finally {
      api.clock.reset();
    }
    expect(await teamRow(team.teamId)).toBeUndefined();
    expect(await blobFilesOf(team.teamId)).toEqual([]);
    for (const table of ["members", "collections", "files", "team_aliases", "activity"] as const) {
      const rows = await api.db
        .selectFrom(table)
        .select("team_id")
        .where("team_id", "=", team.teamId)
        .execute();
      expect(rows, table).toEqual([]);
    }
    const reads = await api.db
      .selectFrom("file_reads")
      .selectAll()
      .where("file_id", "=", file.fileId)
      .execute();
    expect(reads).toEqual([]);
    const internal = await api.db
      .selectFrom("users")
      .selectAll()
      .where("user_id", "=", member.userId)
      .executeTakeFirst();
    expect(internal).toBeUndefined();
    expect(
      await api.db
        .selectFrom("collections")
        .selectAll()
        .where("collection_id", "=", collection.collectionId)
        .executeTakeFirst(),
    ).toBeUndefined();
    // The owner's account and other teams stay.
    expect(
      await api.db
        .selectFrom("users")
        .select("user_id")
        .where("user_id", "=", team.ownerId)
        .executeTakeFirst(),
    ).toBeDefined();
  });

  it("refuses a restore when the owner's plan has no room for another live team", async () => {
    const { owner, team, tokens } = await stockedTeam();
    expect((await deleteTeam(team.teamId, team.name, tokens)).status).toBe(202);
    // The test plan allows three teams; the deleted one no longer counts.
    const created: TestTeam[] = [];
    for (const name of ["One", "Two", "Three"]) {
      const response = await api.request("/api/teams", {
        method: "POST",
        headers: bearer(tokens),
        json: { name },
      });
      expect(response.status, name).toBe(201);
      created.push({
        ...((await response.json()) as { teamId: string }),
        name,
        ownerId: owner.userId,
        starAlias: null,
      });
    }
    await expectError(await restoreTeam(team.teamId, tokens), 403, "quotaExceededTeams");
    const last = created[2] as TestTeam;
    expect((await deleteTeam(last.teamId, last.name, tokens)).status).toBe(202);
    expect((await restoreTeam(team.teamId, tokens)).status).toBe(200);
  });
});

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

  it("purges every variant of every file from the bucket", async () => {
    const { owner, tokens, team } = await ownedTeam(s3Api);
    const collection = await insertCollection(s3Api, team);
    const file = await insertFile(s3Api, team, collection, { withBlobs: true });
    const keys = FILE_VARIANTS.map((variant) => fileBlobKey(team.teamId, file.fileId, variant));
    const stored = async () =>
      (await Promise.all(keys.map((key) => s3Api.blobs.head(key)))).filter(Boolean).length;
    expect(await stored()).toBeGreaterThanOrEqual(3);
    const deleted = await s3Api.request(teamPath(team.teamId), {
      method: "DELETE",
      headers: bearer(tokens),
      json: { name: team.name },
    });
    expect(deleted.status).toBe(202);
    s3Api.clock.advance(TEAM_TRASH_RETENTION_MS + 1000);
    try {
      await s3Api.jobs.idle();
    } finally {
      s3Api.clock.reset();
    }
    expect(await stored()).toBe(0);
    expect(
      await s3Api.db
        .selectFrom("teams")
        .select("team_id")
        .where("team_id", "=", team.teamId)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(owner.userId).toBe(team.ownerId);
  });
});

describe("the owner's plan sets how long a deleted team waits (ADR 094)", () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  /** Billing on, with a "team" plan whose deleted teams wait 7 days. */
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

  const send = (tokens: Tokens, pathname: string, init: { method?: string; json?: unknown } = {}) =>
    billed.request(pathname, { ...init, headers: bearer(tokens) });

  async function deletedList(tokens: Tokens) {
    const response = await send(tokens, "/api/teams?deleted=true");
    expect(response.status).toBe(200);
    return ((await response.json()) as { teams: { teamId: string; teamPurgeAt: number }[] }).teams;
  }

  const rowOf = (teamId: string) =>
    billed.db
      .selectFrom("teams")
      .select("purge_at")
      .where("team_id", "=", teamId)
      .executeTakeFirst();

  it("purges the team of an owner on a 7-day plan after 7 days, not before, whatever the plan becomes", async () => {
    const { owner, tokens, team } = await ownedTeam(billed);
    const collection = await insertCollection(billed, team);
    await insertFile(billed, team, collection);
    await onPlan(owner.userId, "team");
    const asked = billed.clock.now();
    const summary = await send(tokens, teamPath(team.teamId, "/deletion"));
    const { purgeAt: wouldPurge } = (await summary.json()) as { purgeAt: number };
    expect(wouldPurge).toBeGreaterThanOrEqual(asked + 7 * DAY_MS);
    expect(wouldPurge).toBeLessThanOrEqual(billed.clock.now() + 7 * DAY_MS);
    const response = await send(tokens, teamPath(team.teamId), {
      method: "DELETE",
      json: { name: team.name },
    });
    expect(response.status).toBe(202);
    const body = (await response.json()) as { deletedAt: number; purgeAt: number };
    expect(body.purgeAt).toBe(body.deletedAt + 7 * DAY_MS);
    expect(await deletedList(tokens)).toEqual([
      expect.objectContaining({ teamId: team.teamId, teamPurgeAt: body.purgeAt }),
    ]);

    // A plan change after the deletion does not move it.
    await onPlan(owner.userId, "pro");
    expect(await deletedList(tokens)).toEqual([
      expect.objectContaining({ teamId: team.teamId, teamPurgeAt: body.purgeAt }),
    ]);

    billed.clock.advance(7 * DAY_MS - 60_000);
    await billed.jobs.idle();
    expect(Number((await rowOf(team.teamId))?.purge_at)).toBe(body.purgeAt);
    billed.clock.advance(2 * 60_000);
    await billed.jobs.idle();
    expect(await rowOf(team.teamId)).toBeUndefined();
    const files = await billed.db
      .selectFrom("files")
      .select("file_id")
      .where("team_id", "=", team.teamId)
      .execute();
    expect(files).toEqual([]);
  });

  it("keeps the 30 days for an owner whose plan says nothing", async () => {
    const { tokens, team } = await ownedTeam(billed);
    const response = await send(tokens, teamPath(team.teamId), {
      method: "DELETE",
      json: { name: team.name },
    });
    const body = (await response.json()) as { deletedAt: number; purgeAt: number };
    expect(body.purgeAt).toBe(body.deletedAt + TEAM_TRASH_RETENTION_MS);
    expect(TEAM_TRASH_RETENTION_MS).toBe(30 * DAY_MS);
  });
});
