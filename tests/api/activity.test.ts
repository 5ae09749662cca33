import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACTIVITY_PURGE_INTERVAL_MS,
  PURGE_ACTIVITY_JOB,
  scheduleActivityPurge,
} from "#api/activity/activity.ts";
import { recordActivity } from "#api/activity/record.ts";
import { BUILT_IN_CATALOGUE, type CataloguePlan } from "#api/billing/catalogue.ts";
import type { JobQueue } from "#api/jobs/queue.ts";
import { ACTIVITY_KINDS, ACTIVITY_RETENTION_MS, type ActivityKind } from "#domain/activity.ts";
import { CONSENT } from "#tests/support/consent.ts";
import { StripeStandIn } from "../support/stripe-standin.ts";
import { bearer, expectError, PASSWORD, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL, startApi, type TestApi } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { insertFile } from "./support/files.ts";
import { putImage } from "./support/images.ts";
import {
  addMember,
  createTeamFor,
  memberPath,
  ownedTeam,
  type TestMember,
  type TestTeam,
  tokensFor,
} from "./support/teams.ts";

// The team activity log (ADR 091) over real HTTP on a real database: every change a call makes
// records its entry, in the change's transaction; the list's filters, pages and permissions; the
// daily purge on the job queue, on the test clock.

const api = apiForThisFile({
  planLimits: { limitMembersPerTeam: -1, limitTeams: -1, limitAliasesPerTeam: -1 },
});

interface Item {
  activityId: string;
  kind: ActivityKind;
  at: number;
  actor: { userId: string; nickname: string | null } | null;
  target: { type: string; id: string; name: string | null };
  detail: Record<string, unknown>;
}
interface Page {
  items: Item[];
  nextCursor: string | null;
}

function call(tokens: Tokens, path: string, init: RequestInit & { json?: unknown } = {}) {
  return api.request(path, { ...init, headers: bearer(tokens) });
}

const replace = (path: string, value: unknown) => [{ op: "replace", path, value }];

function activityOf(
  tokens: Tokens,
  teamId: string,
  query: Record<string, string | number> = {},
  on: TestApi = api,
) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return on.request(`/api/teams/${teamId}/activity?${search}`, { headers: bearer(tokens) });
}

async function page(tokens: Tokens, teamId: string, query: Record<string, string | number> = {}) {
  const response = await activityOf(tokens, teamId, query);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

/** The newest entry of a team, through the API, as the owner sees it. */
async function newest(tokens: Tokens, teamId: string) {
  return (await page(tokens, teamId, { limit: 1 })).items[0];
}

async function entryCount(teamId: string) {
  const row = await api.db
    .selectFrom("activity")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("team_id", "=", teamId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

let team: TestTeam;
let owner: Tokens;
let ownerId: string;
let admin: TestMember & { tokens: Tokens };

beforeAll(async () => {
  const owned = await ownedTeam(api);
  team = owned.team;
  owner = owned.tokens;
  ownerId = owned.owner.userId;
  const member = await addMember(api, team, { role: "admin", nickname: "Ada" });
  admin = { ...member, tokens: await tokensFor(api, member) };
});

/** Each call that changes a team, and the entry it must leave (covered below, kind by kind). */
const covered = new Set<ActivityKind>();

async function expectEntry(
  teamId: string,
  kind: ActivityKind,
  expected: Partial<Omit<Item, "kind">> = {},
  tokens = owner,
) {
  const entry = await newest(tokens, teamId);
  expect(entry).toMatchObject({ kind, ...expected });
  covered.add(kind);
  return entry as Item;
}

describe("every change records its entry", () => {
  it("team created, renamed, described, mode changed, alias added and starred", async () => {
    const created = await call(owner, "/api/teams", { method: "POST", json: { name: "Lido" } });
    expect(created.status).toBe(201);
    const { teamId } = (await created.json()) as { teamId: string };
    await expectEntry(teamId, "teamCreated", {
      actor: { userId: ownerId, nickname: expect.any(String) },
      target: { type: "team", id: teamId, name: "Lido" },
    });

    const renamed = await call(owner, `/api/teams/${teamId}`, {
      method: "PATCH",
      json: replace("/name", "Lido Beach"),
    });
    expect(renamed.status).toBe(200);
    await expectEntry(teamId, "teamRenamed", {
      target: { type: "team", id: teamId, name: "Lido Beach" },
      detail: { from: "Lido" },
    });

    expect(
      (
        await call(owner, `/api/teams/${teamId}`, {
          method: "PATCH",
          json: replace("/description", "Summer"),
        })
      ).status,
    ).toBe(200);
    await expectEntry(teamId, "teamDescribed");

    expect(
      (
        await call(owner, `/api/teams/${teamId}`, {
          method: "PATCH",
          json: replace("/mode", "controlled"),
        })
      ).status,
    ).toBe(200);
    await expectEntry(teamId, "teamModeChanged", {
      detail: { from: "collaborative", to: "controlled" },
    });

    const before = await entryCount(teamId);
    expect(
      (
        await call(owner, `/api/teams/${teamId}`, {
          method: "PATCH",
          json: replace("/name", "Lido Beach"),
        })
      ).status,
    ).toBe(200);
    expect(await entryCount(teamId)).toBe(before);

    const alias = `lido-${randomUUID().slice(0, 6)}`;
    const aliased = await call(owner, `/api/teams/${teamId}/aliases`, {
      method: "POST",
      json: { alias },
    });
    expect(aliased.status).toBe(201);
    // One instant, two entries: which comes first is the ids' order.
    const both = (await page(owner, teamId, { limit: 2 })).items;
    expect(both.map((item) => item.kind).sort()).toEqual(["teamAliasAdded", "teamAliasStarred"]);
    for (const item of both) {
      expect(item.target).toEqual({ type: "alias", id: alias, name: alias });
      covered.add(item.kind);
    }
  });

  it("team logo changed (when the new logo is ready)", async () => {
    const created = await call(owner, `/api/teams/${team.teamId}/logos`, {
      method: "POST",
      json: { contentType: "image/png" },
    });
    expect(created.status).toBe(201);
    const { uploadUrl } = (await created.json()) as { uploadUrl: string };
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    expect((await putImage(api, uploadUrl, png, "image/png")).status).toBe(202);
    await api.idle();
    await expectEntry(team.teamId, "teamLogoChanged", {
      actor: { userId: ownerId, nickname: "Owner" },
      target: { type: "team", id: team.teamId, name: team.name },
    });
  });

  it("collection created, renamed, described, shared, unshared, tagged, downloaded", async () => {
    const created = await call(owner, `/api/teams/${team.teamId}/collections`, {
      method: "POST",
      json: { name: "Beach" },
    });
    expect(created.status).toBe(201);
    const { collectionId } = (await created.json()) as { collectionId: string };
    const target = { type: "collection", id: collectionId };
    await expectEntry(team.teamId, "collectionCreated", { target: { ...target, name: "Beach" } });
    const path = `/api/teams/${team.teamId}/collections/${collectionId}`;
    const patch = async (json: unknown) =>
      expect((await call(owner, path, { method: "PATCH", json })).status).toBe(200);

    await patch(replace("/name", "Beach 2026"));
    await expectEntry(team.teamId, "collectionRenamed", {
      target: { ...target, name: "Beach 2026" },
      detail: { from: "Beach" },
    });
    await patch(replace("/description", "Sand"));
    await expectEntry(team.teamId, "collectionDescribed");
    await patch(replace("/mode", "collaborative"));
    await expectEntry(team.teamId, "collectionShared");
    await patch(replace("/mode", "owned"));
    await expectEntry(team.teamId, "collectionUnshared");
    await patch(replace("/tags", [admin.memberId]));
    await expectEntry(team.teamId, "collectionTagged", { detail: { count: 1 } });
    const before = await entryCount(team.teamId);
    await patch(replace("/tags", [admin.memberId]));
    expect(await entryCount(team.teamId)).toBe(before);

    await insertFile(api, team, { collectionId }, { withBlobs: true });
    const download = await call(owner, `/api/teams/${team.teamId}/downloads`, {
      method: "POST",
      json: { collectionId },
    });
    expect(download.status).toBe(201);
    await expectEntry(team.teamId, "collectionDownloaded", {
      target: { ...target, name: "Beach 2026" },
      detail: { files: 1 },
    });
  });

  it("file uploaded (when the last byte arrives) and renamed", async () => {
    const collection = await insertCollection(api, team);
    const bytes = Buffer.from("plain text for the log\n");
    const started = await call(
      owner,
      `/api/teams/${team.teamId}/collections/${collection.collectionId}/files`,
      {
        method: "POST",
        json: { name: "notes.txt", contentType: "text/plain", size: bytes.length },
      },
    );
    expect(started.status).toBe(201);
    const { fileId, uploadUrl } = (await started.json()) as { fileId: string; uploadUrl: string };
    expect((await newest(owner, team.teamId))?.target.id).not.toBe(fileId);
    const put = await fetch(uploadUrl.replace(PUBLIC_URL, api.url), {
      method: "PUT",
      headers: { "Content-Type": "application/octet-stream" },
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    await expectEntry(team.teamId, "fileUploaded", {
      actor: { userId: ownerId, nickname: "Owner" },
      target: { type: "file", id: fileId, name: "notes.txt" },
      detail: { collectionId: collection.collectionId },
    });

    const renamed = await call(
      owner,
      `/api/teams/${team.teamId}/collections/${collection.collectionId}/files/${fileId}`,
      { method: "PATCH", json: replace("/name", "minutes") },
    );
    expect(renamed.status).toBe(200);
    await expectEntry(team.teamId, "fileRenamed", {
      target: { type: "file", id: fileId, name: "minutes.txt" },
      detail: { from: "notes.txt" },
    });
  });

  it("member invited, invitation resent, accepted, rejected", async () => {
    const email = `luca-${randomUUID().slice(0, 6)}@example.com`;
    const invited = await call(owner, `/api/teams/${team.teamId}/members`, {
      method: "POST",
      json: { email, nickname: "Luca", role: "uploader" },
    });
    expect(invited.status).toBe(201);
    const { userId: memberId } = (await invited.json()) as { userId: string };
    await expectEntry(team.teamId, "memberInvited", {
      target: { type: "member", id: expect.any(String), name: "Luca" },
      detail: { email, role: "uploader" },
    });

    // Sent a day ago: it may be sent again.
    await api.db
      .updateTable("members")
      .set({ invite_sent_at: api.clock.now() - 25 * 60 * 60 * 1000 })
      .where("team_id", "=", team.teamId)
      .where("nickname", "=", "Luca")
      .execute();
    const resent = await call(owner, `/api/teams/${team.teamId}/invitations/resend`, {
      method: "POST",
      json: { userId: memberId },
    });
    expect(resent.status).toBe(200);
    await expectEntry(team.teamId, "memberInvitationResent", { detail: { email } });

    const accepting = await addMember(api, team, { status: "invited", nickname: "Marta" });
    const accepted = await api.request(`/api/teams/${team.teamId}/invitations/accept`, {
      method: "POST",
      json: { token: accepting.token, password: PASSWORD, ...CONSENT },
    });
    expect(accepted.status).toBe(200);
    await expectEntry(team.teamId, "memberAccepted", {
      actor: { userId: expect.any(String), nickname: "Marta" },
      target: { type: "member", id: expect.any(String), name: "Marta" },
    });

    const rejecting = await addMember(api, team, { status: "invited", nickname: "Rita" });
    const rejected = await api.request(`/api/teams/${team.teamId}/invitations/reject`, {
      method: "POST",
      json: { token: rejecting.token },
    });
    expect(rejected.status).toBe(200);
    await expectEntry(team.teamId, "memberRejected", {
      actor: null,
      target: { type: "member", id: rejecting.memberId, name: "Rita" },
    });
  });

  it("internal member added; member role changed, renamed, disabled, reactivated, removed", async () => {
    const added = await call(owner, `/api/teams/${team.teamId}/members`, {
      method: "POST",
      json: { username: `crew${randomUUID().slice(0, 6)}` },
    });
    expect(added.status).toBe(201);
    await expectEntry(team.teamId, "memberAdded", { detail: { role: "uploader" } });

    const member = await addMember(api, team, { role: "viewer", nickname: "Bruno" });
    const path = memberPath(team, member.memberId);
    const patch = async (json: unknown) =>
      expect((await call(owner, path, { method: "PATCH", json })).status).toBe(200);
    const target = { type: "member", id: member.memberId };
    await patch(replace("/role", "upviewer"));
    await expectEntry(team.teamId, "memberRoleChanged", {
      target: { ...target, name: "Bruno" },
      detail: { from: "viewer", to: "upviewer" },
    });
    await patch(replace("/nickname", "Bruno B"));
    await expectEntry(team.teamId, "memberRenamed", {
      target: { ...target, name: "Bruno B" },
      detail: { from: "Bruno" },
    });
    await patch(replace("/status", "disabled"));
    await expectEntry(team.teamId, "memberDisabled");
    await patch(replace("/status", "active"));
    await expectEntry(team.teamId, "memberReactivated");
    expect((await call(owner, path, { method: "DELETE" })).status).toBe(204);
    await expectEntry(team.teamId, "memberRemoved", { target: { ...target, name: "Bruno B" } });
  });

  it("a member who deletes their account leaves each team", async () => {
    const member = await addMember(api, team, { role: "viewer", nickname: "Gone" });
    const tokens = await tokensFor(api, member);
    const deleted = await call(tokens, "/api/users/@me/deletion", {
      method: "POST",
      json: { password: member.password },
    });
    expect(deleted.status).toBe(200);
    await expectEntry(team.teamId, "memberLeft", {
      actor: { userId: member.userId, nickname: "Gone" },
      detail: { accountDeleted: true },
    });
  });
});

describe("plan changed (Stripe webhooks)", () => {
  const SECRET_KEY = "sk_test_activity";
  const WEBHOOK_SECRET = "whsec_activity";
  let stripe: StripeStandIn;
  let billed: TestApi;
  beforeAll(async () => {
    stripe = await new StripeStandIn({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    }).start();
    const catalogue: CataloguePlan[] = BUILT_IN_CATALOGUE.map((plan) => ({
      ...plan,
      stripePriceId: plan.planId === "team" ? "price_team" : null,
    }));
    billed = await startApi({
      billing: {
        catalogue,
        stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url },
      },
    });
    stripe.webhookUrl = `${billed.url}/api/payments/stripe/webhook`;
  });
  afterAll(async () => {
    await billed?.close();
    await stripe?.stop();
  });

  it("records one entry in each team the paying user owns, with no actor", async () => {
    const { team: first, tokens, owner: payer } = await ownedTeam(billed);
    const { teamId: secondId } = await createTeamFor(billed, payer);
    const checkout = await billed.request("/api/payments/stripe/checkout", {
      method: "POST",
      json: { planId: "team" },
      headers: bearer(tokens),
    });
    expect(checkout.status).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    expect((await fetch(url, { method: "POST", redirect: "manual" })).status).toBe(303);
    for (const teamId of [first.teamId, secondId]) {
      const response = await activityOf(tokens, teamId, { kind: "teamPlanChanged" }, billed);
      const { items } = (await response.json()) as Page;
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        actor: null,
        target: { type: "team", id: teamId },
        detail: { from: "starter", to: "team" },
      });
    }
    covered.add("teamPlanChanged");
  });
});

describe("the change and its entry commit together", () => {
  /** Runs `change` with the activity table out of reach: the entry's insert fails. */
  async function withoutLog(change: () => Promise<Response>) {
    await sql`alter table activity rename to activity_away`.execute(api.db);
    try {
      return await change();
    } finally {
      await sql`alter table activity_away rename to activity`.execute(api.db);
    }
  }

  it("a rename whose entry cannot be written renames nothing", async () => {
    const collection = await insertCollection(api, team, { name: "Kept name" });
    const response = await withoutLog(() =>
      call(owner, `/api/teams/${team.teamId}/collections/${collection.collectionId}`, {
        method: "PATCH",
        json: replace("/name", "Lost name"),
      }),
    );
    expect(response.status).toBe(500);
    const row = await api.db
      .selectFrom("collections")
      .select("name")
      .where("collection_id", "=", collection.collectionId)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe("Kept name");
  });

  it("a new collection whose entry cannot be written is not created", async () => {
    const response = await withoutLog(() =>
      call(owner, `/api/teams/${team.teamId}/collections`, {
        method: "POST",
        json: { name: "Never made" },
      }),
    );
    expect(response.status).toBe(500);
    const row = await api.db
      .selectFrom("collections")
      .select("collection_id")
      .where("team_id", "=", team.teamId)
      .where("name", "=", "Never made")
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("a refused change records nothing", async () => {
    const before = await entryCount(team.teamId);
    const collection = await insertCollection(api, team);
    const response = await call(
      owner,
      `/api/teams/${team.teamId}/collections/${collection.collectionId}`,
      { method: "PATCH", json: replace("/name", "x") },
    );
    expect(response.status).toBe(400);
    expect(await entryCount(team.teamId)).toBe(before);
  });
});

describe("every kind is recorded somewhere", () => {
  // Kinds whose recording is tested with their feature: trash.test.ts (the trash),
  // team-deletion.test.ts (deleting and restoring a team), member-lifecycle.test.ts (bans and
  // handing a team over), and the drop links' tests (drop-links*.test.ts, ADR 097).
  const elsewhere = new Set<ActivityKind>([
    "fileDeleted",
    "fileRestored",
    "filePurged",
    "collectionDeleted",
    "collectionRestored",
    "collectionPurged",
    "teamOwnershipTransferred",
    "teamDeleted",
    "teamRestored",
    "trashEmptied",
    "memberBanned",
    "fileSentByGuest",
    "fileApproved",
    "fileRejected",
    "fileWithdrawnByGuest",
    "dropLinkCreated",
    "dropLinkChanged",
    "dropLinkPaused",
    "dropLinkResumed",
    "dropLinkRevoked",
  ]);
  it("each kind of ACTIVITY_KINDS has a call above that records it, or is listed as elsewhere", () => {
    const missing = ACTIVITY_KINDS.filter((kind) => !covered.has(kind) && !elsewhere.has(kind));
    expect(missing).toEqual([]);
  });
});

describe("GET /api/teams/{teamId}/activity", () => {
  let listed: TestTeam;
  let listOwner: Tokens;
  let ana: TestMember;
  const base = Date.UTC(2026, 5, 1, 12);

  beforeAll(async () => {
    const owned = await ownedTeam(api);
    listed = owned.team;
    listOwner = owned.tokens;
    ana = await addMember(api, listed, { role: "admin", nickname: "Ana" });
    // 25 entries an hour apart: odd ones by Ana (file renames), even ones by the owner.
    for (let index = 0; index < 25; index += 1) {
      const byAna = index % 2 === 1;
      await recordActivity(api.db, {
        teamId: listed.teamId,
        actorId: byAna ? ana.userId : listed.ownerId,
        kind: byAna ? "fileRenamed" : "collectionCreated",
        targetType: byAna ? "file" : "collection",
        targetId: `t${index}`,
        targetName: `Item ${index}`,
        at: base + index * 60 * 60 * 1000,
      });
    }
  });

  it("pages newest first on (at, id) with nextCursor, and no entry twice", async () => {
    const seen: Item[] = [];
    let cursor: string | null = null;
    do {
      const next: Page = await page(listOwner, listed.teamId, {
        limit: 10,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...next.items);
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen.map((item) => item.target.id)).toEqual(
      Array.from({ length: 25 }, (_, index) => `t${24 - index}`),
    );
    expect(seen[0]).toEqual({
      activityId: expect.any(String),
      kind: "collectionCreated",
      at: base + 24 * 60 * 60 * 1000,
      actor: { userId: listed.ownerId, nickname: "Owner" },
      target: { type: "collection", id: "t24", name: "Item 24" },
      detail: {},
    });
  });

  it("filters by actor, kinds and dates", async () => {
    const byAna = await page(listOwner, listed.teamId, { actor: ana.userId, limit: 100 });
    expect(byAna.items).toHaveLength(12);
    expect(byAna.items.every((item) => item.actor?.userId === ana.userId)).toBe(true);
    const renames = await page(listOwner, listed.teamId, { kind: "fileRenamed,memberRenamed" });
    expect(renames.items.every((item) => item.kind === "fileRenamed")).toBe(true);
    expect(renames.items).toHaveLength(12);
    const from = new Date(base + 20 * 60 * 60 * 1000).toISOString();
    const recent = await page(listOwner, listed.teamId, { from });
    expect(recent.items.map((item) => item.target.id)).toEqual(["t24", "t23", "t22", "t21", "t20"]);
    const day = await page(listOwner, listed.teamId, { from: "2026-06-01", to: "2026-06-01" });
    // 12:00 to 23:00 UTC of the first day.
    expect(day.items).toHaveLength(12);
  });

  it("answers 400 with a clear message for bad filters", async () => {
    for (const [query, field] of [
      [{ kind: "fileBurned" }, "kind"],
      [{ from: "yesterday" }, "from"],
      [{ to: "2026-13-45" }, "to"],
      [{ from: "2026-06-02", to: "2026-06-01" }, "to"],
      [{ limit: 0 }, "limit"],
      [{ limit: 101 }, "limit"],
      [{ cursor: "not-a-cursor" }, "cursor"],
    ] as const) {
      const response = await activityOf(listOwner, listed.teamId, query);
      const body = await expectError(response, 400, "invalidInput");
      expect(body.message).toContain(field);
    }
  });

  it("is for the owner and admins: other roles are forbidden, non-members notFound", async () => {
    expect((await activityOf(await tokensFor(api, ana), listed.teamId)).status).toBe(200);
    for (const role of ["uploader", "upviewer", "viewer"] as const) {
      const member = await addMember(api, listed, { role });
      await expectError(
        await activityOf(await tokensFor(api, member), listed.teamId),
        403,
        "forbidden",
      );
    }
    const outsider = await ownedTeam(api);
    await expectError(await activityOf(outsider.tokens, listed.teamId), 404, "notFound");
    const anonymous = await api.request(`/api/teams/${listed.teamId}/activity`);
    expect(anonymous.status).toBe(401);
  });
});

describe("retention", () => {
  it("the daily purge deletes entries older than ACTIVITY_RETENTION_DAYS and runs again a day later", async () => {
    const { team: kept } = await ownedTeam(api);
    const at = api.clock.now();
    for (const [id, age] of [
      ["old", ACTIVITY_RETENTION_MS + 60_000],
      ["young", ACTIVITY_RETENTION_MS - 60 * 60 * 1000],
    ] as const) {
      await recordActivity(api.db, {
        teamId: kept.teamId,
        actorId: null,
        kind: "teamRenamed",
        targetType: "team",
        targetId: id,
        at: at - age,
      });
    }
    await api.jobs.enqueue(PURGE_ACTIVITY_JOB, {});
    await api.jobs.idle();
    const ids = async () =>
      (
        await api.db
          .selectFrom("activity")
          .select("target_id")
          .where("team_id", "=", kept.teamId)
          .execute()
      ).map((row) => row.target_id);
    expect(await ids()).toEqual(["young"]);
    const next = await api.db
      .selectFrom("jobs")
      .select("run_at")
      .where("kind", "=", PURGE_ACTIVITY_JOB)
      .execute();
    expect(next).toHaveLength(1);
    expect(Number(next[0]?.run_at)).toBeGreaterThanOrEqual(at + ACTIVITY_PURGE_INTERVAL_MS);

    // Two hours later the young one is past the retention, but the purge waits for its day.
    api.clock.advance(2 * 60 * 60 * 1000);
    await api.jobs.idle();
    expect(await ids()).toEqual(["young"]);
    api.clock.advance(ACTIVITY_PURGE_INTERVAL_MS);
    await api.jobs.idle();
    expect(await ids()).toEqual([]);
    const again = await api.db
      .selectFrom("jobs")
      .select("job_id")
      .where("kind", "=", PURGE_ACTIVITY_JOB)
      .execute();
    expect(again).toHaveLength(1);
  });

  it("start-up schedules the purge once: not again while one waits", async () => {
    const enqueued: string[] = [];
    const jobs = {
      enqueue: async (kind: string) => {
        enqueued.push(kind);
        return "id";
      },
    } as unknown as JobQueue;
    await scheduleActivityPurge(jobs, { db: api.db });
    expect(enqueued).toEqual([]);
    await api.db.deleteFrom("jobs").where("kind", "=", PURGE_ACTIVITY_JOB).execute();
    await scheduleActivityPurge(jobs, { db: api.db });
    expect(enqueued).toEqual([PURGE_ACTIVITY_JOB]);
  });
});
