import jsQR from "jsqr";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { admitGuest, findLinkByToken, guestSender } from "#api/drop-links/guests.ts";
import { DROP_LINKS_PER_COLLECTION_MAX, DROP_TOKEN_PATTERN } from "#domain/drop-links.ts";
import { bearer, expectError, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { insertFile } from "./support/files.ts";
import { addMember, ownedTeam, type TestTeam, tokensFor } from "./support/teams.ts";

// Managing drop links (ADR 097) over real HTTP on a fresh database: every role on every
// endpoint, the settings' checks, the counts, the limit per collection under parallel creates,
// revoked as final, the activity entries, the QR code read back, and a pause or revoke on one
// instance stopping a guest's upload on another.

const api = apiForThisFile();
const MIB = 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;

type Person = { userId: string; tokens: Tokens };
const ROLES = ["owner", "admin", "upviewer", "uploader", "viewer"] as const;
type Who = (typeof ROLES)[number] | "outsider";

interface DropLink {
  linkId: string;
  collectionId: string;
  title: string;
  message: string | null;
  url: string;
  status: "active" | "paused" | "revoked";
  state: "open" | "paused" | "revoked" | "expired";
  deadlineAt: number | null;
  timeZone: string;
  hasPin: boolean;
  askName: string;
  askEmail: boolean;
  guestMaxFiles: number | null;
  guestMaxBytes: number | null;
  guestsSee: string;
  holdForReview: boolean;
  counts: { guests: number; files: number; bytes: number; held: number };
  createdBy: { userId: string; nickname: string } | null;
  createdAt: number;
  updatedAt: number;
}

/** A team with a member of every role, each signed in, and someone of another team. */
async function crew() {
  const { owner, tokens, team } = await ownedTeam(api);
  const people = { owner: { ...owner, tokens } } as unknown as Record<Who, Person>;
  for (const role of ["admin", "upviewer", "uploader", "viewer"] as const) {
    const member = await addMember(api, team, { role, nickname: `The ${role}` });
    people[role] = { ...member, tokens: await tokensFor(api, member) };
  }
  const outsider = await ownedTeam(api);
  people.outsider = { ...outsider.owner, tokens: outsider.tokens };
  return { team, ...people };
}

function call(tokens: Tokens, path: string, init: RequestInit & { json?: unknown } = {}) {
  return api.request(path, { ...init, headers: bearer(tokens) });
}

const linksPath = (team: TestTeam, collectionId: string) =>
  `/api/teams/${team.teamId}/collections/${collectionId}/drop-links`;
const linkPath = (team: TestTeam, linkId: string) =>
  `/api/teams/${team.teamId}/drop-links/${linkId}`;

async function create(tokens: Tokens, team: TestTeam, collectionId: string, json: unknown) {
  const response = await call(tokens, linksPath(team, collectionId), { method: "POST", json });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as DropLink;
}

async function patch(tokens: Tokens, team: TestTeam, linkId: string, json: unknown) {
  const response = await call(tokens, linkPath(team, linkId), { method: "PATCH", json });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as DropLink;
}

async function activityOf(teamId: string) {
  return api.db
    .selectFrom("activity")
    .select(["kind", "target_type", "target_id", "target_name", "actor_id", "detail"])
    .where("team_id", "=", teamId)
    .where("target_type", "=", "dropLink")
    .orderBy("created_at")
    .execute();
}

afterEach(() => api.clock.reset());

describe("who manages drop links", () => {
  it("lets the owner and admins use every endpoint; other roles are forbidden, outsiders find nothing", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team, { mode: "collaborative" });
    const existing = await create(c.owner.tokens, c.team, collection.collectionId, {
      title: "Existing",
    });
    const endpoints: {
      name: string;
      send: (who: Person) => Promise<Response>;
      ok: number;
    }[] = [
      {
        name: "list",
        send: (who) => call(who.tokens, linksPath(c.team, collection.collectionId)),
        ok: 200,
      },
      {
        name: "create",
        send: (who) =>
          call(who.tokens, linksPath(c.team, collection.collectionId), {
            method: "POST",
            json: { title: "By someone" },
          }),
        ok: 201,
      },
      {
        name: "team list",
        send: (who) => call(who.tokens, `/api/teams/${c.team.teamId}/drop-links`),
        ok: 200,
      },
      { name: "get", send: (who) => call(who.tokens, linkPath(c.team, existing.linkId)), ok: 200 },
      {
        name: "patch",
        send: (who) =>
          call(who.tokens, linkPath(c.team, existing.linkId), {
            method: "PATCH",
            json: { message: "Changed" },
          }),
        ok: 200,
      },
      {
        name: "qr",
        send: (who) => call(who.tokens, `${linkPath(c.team, existing.linkId)}/qr.svg`),
        ok: 200,
      },
    ];
    const expected: Record<Who, "ok" | [number, string]> = {
      owner: "ok",
      admin: "ok",
      upviewer: [403, "forbidden"],
      uploader: [403, "forbidden"],
      viewer: [403, "forbidden"],
      outsider: [404, "notFound"],
    };
    for (const who of [...ROLES, "outsider"] as const) {
      for (const endpoint of endpoints) {
        const response = await endpoint.send(c[who]);
        const want = expected[who];
        if (want === "ok") {
          expect(response.status, `${who} ${endpoint.name}`).toBe(endpoint.ok);
        } else {
          expect(response.status, `${who} ${endpoint.name}`).toBe(want[0]);
          await expectError(response, want[0], want[1]);
        }
      }
    }
    // Only the owner's and the admin's creates went in.
    const rows = await api.db
      .selectFrom("drop_links")
      .select("created_by")
      .where("collection_id", "=", collection.collectionId)
      .execute();
    expect(rows.map((row) => row.created_by).sort()).toEqual(
      [c.owner.userId, c.owner.userId, c.admin.userId].sort(),
    );
  });

  it("answers notFound for a link of another team, and for a collection or link whose collection is in the trash", async () => {
    const c = await crew();
    const other = await ownedTeam(api);
    const theirs = await insertCollection(api, other.team);
    const link = await create(other.tokens, other.team, theirs.collectionId, { title: "Theirs" });
    await expectError(await call(c.owner.tokens, linkPath(c.team, link.linkId)), 404, "notFound");
    await expectError(
      await call(c.owner.tokens, linksPath(c.team, theirs.collectionId)),
      404,
      "notFound",
    );

    const collection = await insertCollection(api, c.team);
    const mine = await create(c.owner.tokens, c.team, collection.collectionId, { title: "Mine" });
    const trashed = await call(
      c.owner.tokens,
      `/api/teams/${c.team.teamId}/collections/${collection.collectionId}`,
      { method: "DELETE" },
    );
    expect(trashed.status).toBe(204);
    await expectError(
      await call(c.owner.tokens, linksPath(c.team, collection.collectionId)),
      404,
      "notFound",
    );
    await expectError(
      await call(c.owner.tokens, linksPath(c.team, collection.collectionId), {
        method: "POST",
        json: { title: "Late" },
      }),
      404,
      "notFound",
    );
    await expectError(await call(c.owner.tokens, linkPath(c.team, mine.linkId)), 404, "notFound");
    await expectError(
      await call(c.owner.tokens, linkPath(c.team, mine.linkId), {
        method: "PATCH",
        json: { status: "paused" },
      }),
      404,
      "notFound",
    );
    const all = await call(c.owner.tokens, `/api/teams/${c.team.teamId}/drop-links`);
    expect(((await all.json()) as { links: DropLink[] }).links).toEqual([]);
  });
});

describe("a link's settings", () => {
  it("makes a link with every setting, answering hasPin and its full address, never the PIN", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const deadlineAt = api.clock.now() + 48 * HOUR_MS;
    const link = await create(c.admin.tokens, c.team, collection.collectionId, {
      title: "  Wedding of Ada  ",
      message: "Send us your photos!",
      deadlineAt,
      timeZone: "Europe/Rome",
      pin: "4321",
      askName: "required",
      askEmail: true,
      guestMaxFiles: 20,
      guestMaxBytes: 50 * MIB,
      guestsSee: "collection",
      holdForReview: true,
    });
    expect(link).toMatchObject({
      collectionId: collection.collectionId,
      title: "Wedding of Ada",
      message: "Send us your photos!",
      status: "active",
      state: "open",
      deadlineAt,
      timeZone: "Europe/Rome",
      hasPin: true,
      askName: "required",
      askEmail: true,
      guestMaxFiles: 20,
      guestMaxBytes: 50 * MIB,
      guestsSee: "collection",
      holdForReview: true,
      counts: { guests: 0, files: 0, bytes: 0, held: 0 },
      createdBy: { userId: c.admin.userId, nickname: "The admin" },
    });
    expect(JSON.stringify(link)).not.toContain("4321");
    const row = await api.db
      .selectFrom("drop_links")
      .selectAll()
      .where("link_id", "=", link.linkId)
      .executeTakeFirstOrThrow();
    expect(DROP_TOKEN_PATTERN.test(row.token)).toBe(true);
    expect(link.url).toBe(`${PUBLIC_URL}/d/${row.token}`);
    expect(row.pin_hash).not.toContain("4321");

    // The defaults.
    const plain = await create(c.owner.tokens, c.team, collection.collectionId, { title: "Plain" });
    expect(plain).toMatchObject({
      message: null,
      deadlineAt: null,
      timeZone: "UTC",
      hasPin: false,
      askName: "optional",
      askEmail: false,
      guestMaxFiles: null,
      guestMaxBytes: null,
      guestsSee: "nothing",
      holdForReview: false,
    });
    expect(plain.url).not.toBe(link.url);

    // Edited: any setting, and a PIN removed.
    const edited = await patch(c.owner.tokens, c.team, link.linkId, {
      title: "Ada and Bea",
      pin: null,
      deadlineAt: null,
      askName: "off",
      guestMaxFiles: null,
      guestsSee: "nothing",
      holdForReview: false,
    });
    expect(edited).toMatchObject({
      title: "Ada and Bea",
      hasPin: false,
      deadlineAt: null,
      askName: "off",
      guestMaxFiles: null,
      guestMaxBytes: 50 * MIB,
      guestsSee: "nothing",
      holdForReview: false,
      askEmail: true,
    });
    expect(edited.url).toBe(link.url);
  });

  it("refuses settings out of their bounds with invalidInput, never a 500", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const bad = [
      {},
      { title: "" },
      { title: "   " },
      { title: "x".repeat(101) },
      { title: "invoice\u202Efdp" },
      { title: "Ok", message: "m".repeat(1001) },
      { title: "Ok", deadlineAt: api.clock.now() - 1 },
      { title: "Ok", deadlineAt: "tomorrow" },
      { title: "Ok", timeZone: "Mars/Olympus" },
      { title: "Ok", pin: "12" },
      { title: "Ok", pin: "123456789" },
      { title: "Ok", pin: "12ab" },
      { title: "Ok", askName: "sometimes" },
      { title: "Ok", askEmail: "yes" },
      { title: "Ok", guestMaxFiles: 0 },
      { title: "Ok", guestMaxFiles: 100_001 },
      { title: "Ok", guestMaxBytes: MIB - 1 },
      { title: "Ok", guestsSee: "everything" },
      { title: "Ok", status: "paused" },
      { title: "Ok", token: "chosen" },
    ];
    for (const json of bad) {
      const response = await call(c.owner.tokens, linksPath(c.team, collection.collectionId), {
        method: "POST",
        json,
      });
      await expectError(response, 400, "invalidInput");
    }
    const link = await create(c.owner.tokens, c.team, collection.collectionId, { title: "Ok" });
    for (const json of [{ status: "gone" }, { title: "" }, { deadlineAt: 1 }, { pin: "1" }]) {
      const response = await call(c.owner.tokens, linkPath(c.team, link.linkId), {
        method: "PATCH",
        json,
      });
      await expectError(response, 400, "invalidInput");
    }
    // Edge values that pass.
    const edge = await create(c.owner.tokens, c.team, collection.collectionId, {
      title: "x".repeat(100),
      pin: "12345678",
      guestMaxFiles: 100_000,
      guestMaxBytes: MIB,
      timeZone: "America/Argentina/Buenos_Aires",
    });
    expect(edge.guestMaxBytes).toBe(MIB);
  });

  it("shows a link past its deadline as expired, whatever its status", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const link = await create(c.owner.tokens, c.team, collection.collectionId, {
      title: "Soon over",
      deadlineAt: api.clock.now() + 10 * 60_000,
    });
    expect(link.state).toBe("open");
    expect(await patch(c.owner.tokens, c.team, link.linkId, { status: "paused" })).toMatchObject({
      state: "paused",
    });
    api.clock.advance(10 * 60_000);
    const read = await call(c.owner.tokens, linkPath(c.team, link.linkId));
    expect(((await read.json()) as DropLink).state).toBe("expired");
  });
});

describe("states", () => {
  it("pauses, resumes and revokes; a revoked link is final, 409 invalidInput on any change", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const link = await create(c.owner.tokens, c.team, collection.collectionId, { title: "States" });
    expect(await patch(c.owner.tokens, c.team, link.linkId, { status: "paused" })).toMatchObject({
      status: "paused",
      state: "paused",
    });
    expect(await patch(c.admin.tokens, c.team, link.linkId, { status: "active" })).toMatchObject({
      status: "active",
      state: "open",
    });
    expect(await patch(c.owner.tokens, c.team, link.linkId, { status: "revoked" })).toMatchObject({
      status: "revoked",
      state: "revoked",
    });
    for (const json of [{ status: "active" }, { status: "revoked" }, { title: "Again" }, {}]) {
      const response = await call(c.owner.tokens, linkPath(c.team, link.linkId), {
        method: "PATCH",
        json,
      });
      await expectError(response, 409, "invalidInput");
    }
    const row = await api.db
      .selectFrom("drop_links")
      .select(["status", "title"])
      .where("link_id", "=", link.linkId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "revoked", title: "States" });
  });

  it("records each change in the activity log, in the same transaction", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const link = await create(c.owner.tokens, c.team, collection.collectionId, { title: "Logged" });
    await patch(c.admin.tokens, c.team, link.linkId, { title: "Logged again", askEmail: true });
    await patch(c.owner.tokens, c.team, link.linkId, { status: "paused" });
    await patch(c.owner.tokens, c.team, link.linkId, { status: "paused" });
    await patch(c.owner.tokens, c.team, link.linkId, { status: "active" });
    await patch(c.owner.tokens, c.team, link.linkId, { status: "revoked" });
    // A refused change leaves no entry.
    await call(c.owner.tokens, linkPath(c.team, link.linkId), {
      method: "PATCH",
      json: { title: "Too late" },
    });
    const entries = await activityOf(c.team.teamId);
    expect(entries.map((entry) => [entry.kind, entry.actor_id, entry.target_name])).toEqual([
      ["dropLinkCreated", c.owner.userId, "Logged"],
      ["dropLinkChanged", c.admin.userId, "Logged again"],
      ["dropLinkPaused", c.owner.userId, "Logged again"],
      ["dropLinkResumed", c.owner.userId, "Logged again"],
      ["dropLinkRevoked", c.owner.userId, "Logged again"],
    ]);
    for (const entry of entries) {
      expect(entry.target_type).toBe("dropLink");
      expect(entry.target_id).toBe(link.linkId);
      expect(JSON.parse(entry.detail ?? "{}")).toEqual({ collectionId: collection.collectionId });
    }
    // The log's own API shows them.
    const log = await call(c.owner.tokens, `/api/teams/${c.team.teamId}/activity`);
    expect(log.status).toBe(200);
    expect(JSON.stringify(await log.json())).toContain("dropLinkRevoked");
  });
});

describe("lists and counts", () => {
  it("lists a collection's links newest first with guests, files, bytes and held files", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const other = await insertCollection(api, c.team);
    const first = await create(c.owner.tokens, c.team, collection.collectionId, { title: "First" });
    api.clock.advance(1000);
    const second = await create(c.owner.tokens, c.team, collection.collectionId, {
      title: "Second",
      holdForReview: true,
    });
    api.clock.advance(1000);
    const elsewhere = await create(c.owner.tokens, c.team, other.collectionId, { title: "Other" });

    const link = await findLinkByToken(api.db, new URL(second.url).pathname.slice(3));
    const ada = await admitGuest(api.db, api.clock.now, link, { name: "Ada", email: null });
    await admitGuest(api.db, api.clock.now, link, { name: null, email: null });
    const send = async (status: "ready" | "processing" | "uploading" | "failed", held = false) => {
      const file = await insertFile(api, c.team, collection, { status });
      await api.db
        .updateTable("files")
        .set({
          drop_link_id: second.linkId,
          guest_id: ada.guest.guest_id,
          guest_name: "Ada",
          size: 1000,
          review_state: held ? "held" : null,
        })
        .where("file_id", "=", file.fileId)
        .execute();
      return file;
    };
    await send("ready");
    await send("processing", true);
    await send("uploading");
    await send("failed");
    const trashed = await send("ready", true);
    await api.db
      .updateTable("files")
      .set({ deleted_at: api.clock.now(), deleted_by: c.owner.userId })
      .where("file_id", "=", trashed.fileId)
      .execute();

    const response = await call(c.admin.tokens, linksPath(c.team, collection.collectionId));
    expect(response.status).toBe(200);
    const { links } = (await response.json()) as { links: DropLink[] };
    expect(links.map((l) => [l.title, l.counts])).toEqual([
      ["Second", { guests: 2, files: 2, bytes: 2000, held: 1 }],
      ["First", { guests: 0, files: 0, bytes: 0, held: 0 }],
    ]);
    const all = await call(c.owner.tokens, `/api/teams/${c.team.teamId}/drop-links`);
    const team = (await all.json()) as { links: DropLink[] };
    expect(team.links.map((l) => l.linkId)).toEqual([
      elsewhere.linkId,
      second.linkId,
      first.linkId,
    ]);
    const one = await call(c.owner.tokens, linkPath(c.team, second.linkId));
    expect(((await one.json()) as DropLink).counts).toEqual({
      guests: 2,
      files: 2,
      bytes: 2000,
      held: 1,
    });
  });

  it(`takes at most ${DROP_LINKS_PER_COLLECTION_MAX} links per collection, also when created at once`, async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const at = api.clock.now();
    await api.db
      .insertInto("drop_links")
      .values(
        Array.from({ length: DROP_LINKS_PER_COLLECTION_MAX - 2 }, (_, index) => ({
          link_id: `seed-${collection.collectionId}-${index}`,
          team_id: c.team.teamId,
          collection_id: collection.collectionId,
          token: `${collection.collectionId.replaceAll("-", "").slice(0, 20)}${String(index).padStart(4, "0")}`,
          title: `Seed ${index}`,
          message: null,
          deadline_at: null,
          time_zone: "UTC",
          pin_hash: null,
          ask_name: "optional" as const,
          ask_email: 0,
          guest_max_files: null,
          guest_max_bytes: null,
          guests_see: "nothing" as const,
          hold_for_review: 0,
          status: "active" as const,
          created_by: c.owner.userId,
          created_at: at,
          updated_at: at,
          digest_sent_at: null,
        })),
      )
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call(
          index % 2 ? c.admin.tokens : c.owner.tokens,
          linksPath(c.team, collection.collectionId),
          {
            method: "POST",
            json: { title: `Parallel ${index}` },
          },
        ),
      ),
    );
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    for (const response of answers.filter((answer) => answer.status === 409)) {
      await expectError(response, 409, "invalidInput");
    }
    const count = await api.db
      .selectFrom("drop_links")
      .select((eb) => eb.fn.countAll<number | string>().as("c"))
      .where("collection_id", "=", collection.collectionId)
      .executeTakeFirstOrThrow();
    expect(Number(count.c)).toBe(DROP_LINKS_PER_COLLECTION_MAX);
    // Another collection still takes links.
    const other = await insertCollection(api, c.team);
    await create(c.owner.tokens, c.team, other.collectionId, { title: "Elsewhere" });
  });
});

describe("the QR code", () => {
  it("is an SVG that reads back as the link's full address", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const link = await create(c.owner.tokens, c.team, collection.collectionId, {
      title: "Scan me",
    });
    const response = await call(c.owner.tokens, `${linkPath(c.team, link.linkId)}/qr.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const svg = Buffer.from(await response.arrayBuffer());
    expect(svg.toString("utf8")).toMatch(/^<svg /);
    const { data, info } = await sharp(svg, { density: 300 })
      .resize(600, 600)
      .flatten({ background: "#ffffff" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(decoded?.data).toBe(link.url);
    expect(link.url).toMatch(/^https:\/\/raccolta\.test\/d\/[A-Za-z0-9_-]{24}$/);
  });
});

describe("a guest's upload under way", () => {
  it("is refused at its next chunk on another instance once the link is paused or revoked there", async () => {
    const c = await crew();
    const collection = await insertCollection(api, c.team);
    const made = await create(c.owner.tokens, c.team, collection.collectionId, { title: "Live" });
    const link = await findLinkByToken(api.db, new URL(made.url).pathname.slice(3));
    const { guest } = await admitGuest(api.db, api.clock.now, link, { name: "Ada", email: null });
    const bytes = Buffer.from("Words from a guest, sent in three chunks.\n".repeat(30));
    const third = Math.floor(bytes.length / 3);
    const started = await api.fileUploads().createForGuest(guestSender(link, guest), {
      name: "guest-notes.txt",
      contentType: "text/plain",
      size: bytes.length,
    });
    const address = new URL(started.uploadUrl);
    expect(address.origin).toBe(PUBLIC_URL);
    const other = await api.anotherInstance();
    try {
      const on = (base: string) => `${base}${address.pathname}${address.search}`;
      const chunk = (base: string, from: number, to: number) =>
        fetch(on(base), {
          method: "PATCH",
          headers: {
            "Tus-Resumable": "1.0.0",
            "Upload-Offset": String(from),
            "Content-Type": "application/offset+octet-stream",
          },
          body: new Uint8Array(bytes.subarray(from, to)),
        });
      // The first chunk goes, on instance B.
      expect((await chunk(other.url, 0, third)).status).toBe(204);

      // Revoked through instance A's HTTP API: B refuses the next chunk.
      // (Paused first: B says so, and resuming lets it go on.)
      await patch(c.owner.tokens, c.team, made.linkId, { status: "paused" });
      await expectError(await chunk(other.url, third, 2 * third), 409, "dropLinkPaused");
      await patch(c.owner.tokens, c.team, made.linkId, { status: "active" });
      expect((await chunk(other.url, third, 2 * third)).status).toBe(204);

      await patch(c.owner.tokens, c.team, made.linkId, { status: "revoked" });
      await expectError(await chunk(other.url, 2 * third, bytes.length), 410, "dropLinkRevoked");
      const row = await api.db
        .selectFrom("files")
        .select(["status", "drop_link_id", "guest_id"])
        .where("file_id", "=", started.fileId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        status: "uploading",
        drop_link_id: made.linkId,
        guest_id: guest.guest_id,
      });
    } finally {
      await other.close();
    }
  });
});
