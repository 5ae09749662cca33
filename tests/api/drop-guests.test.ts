import sharp from "sharp";
import * as tus from "tus-js-client";
import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "#api/auth/rate-limit.ts";
import { GUEST_DELETE_WINDOW_MS } from "#domain/drop-links.ts";
import { expectError } from "./support/accounts.ts";
import { PUBLIC_URL, type TestApi } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { createDropLink, type TestDropLink } from "./support/drop-links.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { addMember, ownedTeam } from "./support/teams.ts";

// The guest side of drop links (ADR 098, on ADR 097), over real HTTP on a real database: the
// page a link shows in every state, coming in (PIN, name, email), starting files within the
// per-guest limits, the guest's own list, deleting within the hour, whole uploads by tus and by
// PUT, and the rate limits.

const api = apiForThisFile({ planLimits: { limitStorageBytes: 64 * 1024 * 1024 } });

type Json = Record<string, unknown>;

async function setting(target: TestApi = api) {
  const { team } = await ownedTeam(target);
  const collection = { teamId: team.teamId, ...(await insertCollection(target, team)) };
  return { team, collection };
}

async function link(overrides: Partial<Parameters<typeof createDropLink>[1]> = {}) {
  const { team, collection } = await setting();
  const made = await createDropLink(api, { collection, creator: team.ownerId, ...overrides });
  return { team, collection, link: made };
}

const dropPath = (token: string, rest = "") => `/api/drops/${token}${rest}`;
const guestAuth = (guestToken: string) => ({ Authorization: `Bearer ${guestToken}` });

async function enter(target: TestApi, token: string, body: Json = {}, headers = {}) {
  return target.request(dropPath(token, "/guests"), { method: "POST", json: body, headers });
}

async function entered(made: TestDropLink, body: Json = {}) {
  const response = await enter(api, made.token, body);
  expect(response.status).toBe(201);
  return (await response.json()) as { guestToken: string; guestId: string };
}

function startFile(target: TestApi, token: string, guestToken: string, body: Json, headers = {}) {
  return target.request(dropPath(token, "/files"), {
    method: "POST",
    headers: { ...guestAuth(guestToken), ...headers },
    json: body,
  });
}

const photo = { name: "photo.jpg", contentType: "image/jpeg", size: 1000 };

async function jpeg(width = 640) {
  return sharp({
    create: { width, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
}

const local = (uploadUrl: string) => uploadUrl.replace(PUBLIC_URL, api.url);

describe("GET /api/drops/{token}", () => {
  it("shows an open link's team, title, message, deadline, questions and limits", async () => {
    const deadline = api.clock.now() + 86_400_000;
    const { team, link: made } = await link({
      title: "Anna & Marco",
      message: "Send us your photos of the day!",
      deadline_at: deadline,
      time_zone: "America/New_York",
      ask_name: "required",
      ask_email: 1,
      guest_max_files: 20,
      guest_max_bytes: 500_000_000,
    });
    const response = await api.request(dropPath(made.token));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      team: { name: team.name, logoUrl: null },
      title: "Anna & Marco",
      message: "Send us your photos of the day!",
      state: "open",
      deadlineAt: deadline,
      timeZone: "America/New_York",
      needsPin: false,
      askName: "required",
      askEmail: true,
      guestsSee: "nothing",
      holdsForReview: false,
      limits: { fileMaxBytes: 500_000_000, guestMaxFiles: 20, guestMaxBytes: 500_000_000 },
    });
  });

  it("answers each state: paused, revoked, expired (a revoked link past its deadline is revoked)", async () => {
    const past = api.clock.now() - 1000;
    const cases = [
      [{ status: "paused" }, "paused"],
      [{ status: "revoked" }, "revoked"],
      [{ deadline_at: past }, "expired"],
      [{ status: "paused", deadline_at: past }, "expired"],
      [{ status: "revoked", deadline_at: past }, "revoked"],
    ] as const;
    for (const [overrides, state] of cases) {
      const { link: made } = await link(overrides);
      const body = (await (await api.request(dropPath(made.token))).json()) as Json;
      expect(body.state).toBe(state);
    }
  });

  it("answers 404 notFound for an unknown or malformed token, and the same once the creator is banned or has left", async () => {
    await expectError(await api.request(dropPath("A".repeat(24))), 404, "notFound");
    await expectError(await api.request(dropPath("short")), 404, "notFound");
    for (const status of ["banned", "left"] as const) {
      const { team, collection } = await setting();
      const admin = await addMember(api, team, { role: "admin" });
      const made = await createDropLink(api, { collection, creator: admin.userId });
      expect((await api.request(dropPath(made.token))).status).toBe(200);
      await api.db
        .updateTable("members")
        .set({ status })
        .where("team_id", "=", team.teamId)
        .where("member_id", "=", admin.userId)
        .execute();
      const response = await api.request(dropPath(made.token));
      await expectError(response, 404, "notFound");
      await expectError(await enter(api, made.token), 404, "notFound");
    }
  });

  it("withholds a PIN link's message until the guest is in", async () => {
    const { link: made } = await link({ pin: "2468", message: "The secret is in the cake" });
    const before = (await (await api.request(dropPath(made.token))).json()) as Json;
    expect(before).toMatchObject({ needsPin: true, message: null });
    const { guestToken } = await entered(made, { pin: "2468" });
    const after = (await (
      await api.request(dropPath(made.token), { headers: guestAuth(guestToken) })
    ).json()) as Json;
    expect(after.message).toBe("The secret is in the cake");
  });
});

describe("POST /api/drops/{token}/guests", () => {
  it("lets a guest in with the right PIN; a wrong or missing one is wrongPin and nothing more", async () => {
    const { link: made } = await link({ pin: "135790" });
    for (const body of [{}, { pin: "000000" }, { pin: "" }, { pin: "13579" }]) {
      const response = await enter(api, made.token, body);
      const error = await expectError(response, 403, "wrongPin");
      expect(error.message).toBe("The PIN is not right");
    }
    const { guestToken, guestId } = await entered(made, { pin: "135790" });
    expect(guestToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await api.db
      .selectFrom("drop_guests")
      .selectAll()
      .where("guest_id", "=", guestId)
      .executeTakeFirstOrThrow();
    // Only the credential's hash is kept.
    expect(row.token_hash).not.toContain(guestToken);
    expect(row.link_id).toBe(made.link_id);
  });

  it("asks for a name as the link says: required, optional, off", async () => {
    const required = (await link({ ask_name: "required" })).link;
    await expectError(await enter(api, required.token), 400, "invalidInput");
    await expectError(await enter(api, required.token, { name: "   " }), 400, "invalidInput");
    await expectError(
      await enter(api, required.token, { name: "x".repeat(51) }),
      400,
      "invalidInput",
    );
    await expectError(
      await enter(api, required.token, { name: "Ann\u202Egpj.exe" }),
      400,
      "invalidInput",
    );
    const named = await entered(required, { name: "  Zia Carla " });
    const nameOf = async (guestId: string) =>
      (
        await api.db
          .selectFrom("drop_guests")
          .select(["name", "email"])
          .where("guest_id", "=", guestId)
          .executeTakeFirstOrThrow()
      ).name;
    expect(await nameOf(named.guestId)).toBe("Zia Carla");

    const optional = (await link({ ask_name: "optional" })).link;
    expect(await nameOf((await entered(optional)).guestId)).toBeNull();
    expect(await nameOf((await entered(optional, { name: "Leo" })).guestId)).toBe("Leo");

    const off = (await link({ ask_name: "off" })).link;
    expect(await nameOf((await entered(off, { name: "Leo" })).guestId)).toBeNull();
  });

  it("keeps a valid email only when the link offers the field", async () => {
    const offers = (await link({ ask_email: 1 })).link;
    await expectError(
      await enter(api, offers.token, { email: "not-an-email" }),
      400,
      "invalidEmail",
    );
    const kept = await entered(offers, { email: "Guest@Example.com" });
    const emailOf = async (guestId: string) =>
      (
        await api.db
          .selectFrom("drop_guests")
          .select("email")
          .where("guest_id", "=", guestId)
          .executeTakeFirstOrThrow()
      ).email;
    expect(await emailOf(kept.guestId)).toBe("guest@example.com");
    const silent = (await link()).link;
    expect(await emailOf((await entered(silent, { email: "a@example.com" })).guestId)).toBeNull();
  });

  it("refuses entry through a link that takes no files, with its own error", async () => {
    const cases = [
      [{ status: "paused" }, 409, "dropLinkPaused"],
      [{ status: "revoked" }, 410, "dropLinkRevoked"],
      [{ deadline_at: api.clock.now() - 1 }, 410, "dropLinkExpired"],
    ] as const;
    for (const [overrides, status, code] of cases) {
      const { link: made } = await link(overrides);
      await expectError(await enter(api, made.token), status, code);
    }
  });
});

describe("GET /api/drops/{token}/me", () => {
  it("needs the guest's own token on this link", async () => {
    const { link: made } = await link();
    const other = (await link()).link;
    const { guestToken } = await entered(other);
    await expectError(await api.request(dropPath(made.token, "/me")), 401, "authorizationRequired");
    await expectError(
      await api.request(dropPath(made.token, "/me"), { headers: guestAuth(guestToken) }),
      401,
      "authorizationRequired",
    );
    await expectError(
      await api.request(dropPath(made.token, "/me"), { headers: guestAuth("nonsense") }),
      401,
      "authorizationRequired",
    );
  });

  it("lists what the guest sent, newest first, held ones marked, and what is left", async () => {
    const { link: made } = await link({
      ask_name: "optional",
      hold_for_review: 1,
      guest_max_files: 5,
      guest_max_bytes: 10_000,
    });
    const { guestToken } = await entered(made, { name: "Bea" });
    const other = await entered(made);
    const first = (await (
      await startFile(api, made.token, guestToken, { ...photo, name: "one.jpg" })
    ).json()) as Json;
    api.clock.advance(1000);
    const second = (await (
      await startFile(api, made.token, guestToken, { ...photo, name: "two.jpg", size: 2000 })
    ).json()) as Json;
    expect((await startFile(api, made.token, other.guestToken, photo)).status).toBe(201);
    const response = await api.request(dropPath(made.token, "/me"), {
      headers: guestAuth(guestToken),
    });
    expect(response.status).toBe(200);
    const me = (await response.json()) as {
      name: string;
      files: Json[];
      filesLeft: number;
      bytesLeft: number;
    };
    expect(me.name).toBe("Bea");
    expect(me.files.map((file) => file.fileId)).toEqual([second.fileId, first.fileId]);
    expect(me.files[0]).toMatchObject({
      name: "two.jpg",
      size: 2000,
      status: "uploading",
      held: true,
    });
    expect(me.files[0]?.deletableUntil).toBe(
      (me.files[0]?.createdAt as number) + GUEST_DELETE_WINDOW_MS,
    );
    expect(me.filesLeft).toBe(3);
    expect(me.bytesLeft).toBe(7000);
  });
});

describe("POST /api/drops/{token}/files", () => {
  it("never lets parallel starts exceed the link's files per guest", async () => {
    const { link: made } = await link({ guest_max_files: 3 });
    const { guestToken } = await entered(made);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        startFile(api, made.token, guestToken, { ...photo, name: `p${i}.jpg` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, ...Array(9).fill(403)]);
    for (const answer of answers.filter((a) => a.status === 403)) {
      expect(((await answer.json()) as Json).errorCode).toBe("quotaExceededGuest");
    }
    // Another guest of the same link has their own three.
    const other = await entered(made);
    expect((await startFile(api, made.token, other.guestToken, photo)).status).toBe(201);
  });

  it("refuses a file past the guest's bytes, and one the owner's storage cannot take, saying whom to ask", async () => {
    const { link: made } = await link({ guest_max_bytes: 5000 });
    const { guestToken } = await entered(made);
    await expectError(
      await startFile(api, made.token, guestToken, { ...photo, size: 5001 }),
      403,
      "quotaExceededGuest",
    );
    const open = (await link()).link;
    const guest = await entered(open);
    const error = await expectError(
      await startFile(api, open.token, guest.guestToken, { ...photo, size: 65 * 1024 * 1024 }),
      403,
      "quotaExceededStorage",
    );
    expect(error.message).toMatch(/whoever shared this link/);
  });

  it("refuses starts once the link is paused, revoked or past its deadline, and without a guest", async () => {
    const { link: made } = await link();
    const { guestToken } = await entered(made);
    await expectError(await startFile(api, made.token, "", photo), 401, "authorizationRequired");
    const cases = [
      [{ status: "paused" as const }, 409, "dropLinkPaused"],
      [{ status: "active" as const, deadline_at: api.clock.now() - 1 }, 410, "dropLinkExpired"],
      [{ status: "revoked" as const, deadline_at: null }, 410, "dropLinkRevoked"],
    ] as const;
    for (const [set, status, code] of cases) {
      await api.db.updateTable("drop_links").set(set).where("link_id", "=", made.link_id).execute();
      await expectError(await startFile(api, made.token, guestToken, photo), status, code);
    }
  });

  it("refuses types members cannot send either", async () => {
    const { link: made } = await link();
    const { guestToken } = await entered(made);
    const response = await startFile(api, made.token, guestToken, {
      name: "page.html",
      contentType: "text/html",
      size: 100,
    });
    expect(response.status).toBe(415);
  });
});

describe("a guest's whole upload", () => {
  async function fileRow(fileId: string) {
    return api.db
      .selectFrom("files")
      .selectAll()
      .where("file_id", "=", fileId)
      .executeTakeFirstOrThrow();
  }

  it("by PUT: a ready file of the link's creator, with the guest's name, logged as sent by a guest", async () => {
    const { team, link: made } = await link({ ask_name: "required", title: "Wedding" });
    const { guestToken, guestId } = await entered(made, { name: "Nonna Pia" });
    const bytes = await jpeg();
    const response = await startFile(api, made.token, guestToken, {
      name: "cake.jpg",
      contentType: "image/jpeg",
      size: bytes.length,
    });
    expect(response.status).toBe(201);
    const { fileId, uploadUrl } = (await response.json()) as { fileId: string; uploadUrl: string };
    const put = await fetch(local(uploadUrl), {
      method: "PUT",
      headers: { "Content-Type": "application/octet-stream" },
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    await api.jobs.idle();
    expect(await fileRow(fileId)).toMatchObject({
      status: "ready",
      uploaded_by: team.ownerId,
      drop_link_id: made.link_id,
      guest_id: guestId,
      guest_name: "Nonna Pia",
      review_state: null,
    });
    const logged = await api.db
      .selectFrom("activity")
      .select(["kind", "actor_id", "detail"])
      .where("target_id", "=", fileId)
      .execute();
    expect(logged.map((entry) => entry.kind)).toEqual(["fileSentByGuest"]);
  });

  it("by tus, held for review on a link that holds uploads", async () => {
    const { team, link: made } = await link({ ask_name: "optional", hold_for_review: 1 });
    const { guestToken } = await entered(made, { name: "Ugo" });
    const bytes = await jpeg(1600);
    const response = await startFile(api, made.token, guestToken, {
      name: "dance.jpg",
      contentType: "image/jpeg",
      size: bytes.length,
    });
    const { fileId, uploadUrl } = (await response.json()) as { fileId: string; uploadUrl: string };
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(bytes, {
        uploadUrl: local(uploadUrl),
        chunkSize: 16 * 1024,
        retryDelays: [],
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    await api.jobs.idle();
    expect(await fileRow(fileId)).toMatchObject({
      status: "ready",
      uploaded_by: team.ownerId,
      guest_name: "Ugo",
      review_state: "held",
    });
  });

  it("stops at the next tus chunk once the link is paused", async () => {
    const { link: made } = await link();
    const { guestToken } = await entered(made);
    const bytes = await jpeg(1200);
    const { uploadUrl } = (await (
      await startFile(api, made.token, guestToken, {
        name: "late.jpg",
        contentType: "image/jpeg",
        size: bytes.length,
      })
    ).json()) as { uploadUrl: string };
    await api.db
      .updateTable("drop_links")
      .set({ status: "paused" })
      .where("link_id", "=", made.link_id)
      .execute();
    const patch = await fetch(local(uploadUrl), {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Uint8Array(bytes),
    });
    await expectError(patch, 409, "dropLinkPaused");
  });
});

describe("DELETE /api/drops/{token}/files/{fileId}", () => {
  it("deletes the guest's own file for good within the hour, logs it, and refuses later", async () => {
    const { link: made } = await link({ ask_name: "optional", title: "Party" });
    const { guestToken } = await entered(made, { name: "Rita" });
    const bytes = await jpeg();
    const start = async (name: string) => {
      const answer = await startFile(api, made.token, guestToken, {
        name,
        contentType: "image/jpeg",
        size: bytes.length,
      });
      const { fileId, uploadUrl } = (await answer.json()) as { fileId: string; uploadUrl: string };
      const put = await fetch(local(uploadUrl), { method: "PUT", body: new Uint8Array(bytes) });
      expect(put.status).toBe(200);
      return fileId;
    };
    const kept = await start("kept.jpg");
    const gone = await start("gone.jpg");
    await api.jobs.idle();
    const goneRow = await api.db
      .selectFrom("files")
      .select(["blob_key"])
      .where("file_id", "=", gone)
      .executeTakeFirstOrThrow();
    expect(goneRow.blob_key).not.toBeNull();
    const remove = (fileId: string, token = guestToken) =>
      api.request(dropPath(made.token, `/files/${fileId}`), {
        method: "DELETE",
        headers: guestAuth(token),
      });

    // Another guest of the link cannot, nor anyone without a guest token.
    const other = await entered(made);
    await expectError(await remove(gone, other.guestToken), 404, "fileNotFound");
    await expectError(
      await api.request(dropPath(made.token, `/files/${gone}`), { method: "DELETE" }),
      401,
      "authorizationRequired",
    );

    expect((await remove(gone)).status).toBe(204);
    await api.jobs.idle();
    expect(
      await api.db.selectFrom("files").select("file_id").where("file_id", "=", gone).execute(),
    ).toEqual([]);
    expect(await api.blobs.get(goneRow.blob_key as string)).toBeNull();
    const logged = await api.db
      .selectFrom("activity")
      .select(["kind", "actor_id", "detail"])
      .where("target_id", "=", gone)
      .where("kind", "=", "fileWithdrawnByGuest")
      .executeTakeFirstOrThrow();
    expect(logged.actor_id).toBeNull();
    expect(JSON.parse(String(logged.detail))).toMatchObject({
      guestName: "Rita",
      linkTitle: "Party",
    });
    await expectError(await remove(gone), 404, "fileNotFound");

    api.clock.advance(GUEST_DELETE_WINDOW_MS + 1000);
    try {
      const late = await expectError(await remove(kept), 403, "forbidden");
      expect(late.message).toMatch(/within an hour/);
    } finally {
      api.clock.reset();
    }
  });

  it("removes a file still uploading, with what its upload stored", async () => {
    const { link: made } = await link();
    const { guestToken } = await entered(made);
    const answer = await startFile(api, made.token, guestToken, photo);
    const { fileId } = (await answer.json()) as { fileId: string };
    const { upload_id: uploadId } = await api.db
      .selectFrom("files")
      .select("upload_id")
      .where("file_id", "=", fileId)
      .executeTakeFirstOrThrow();
    const response = await api.request(dropPath(made.token, `/files/${fileId}`), {
      method: "DELETE",
      headers: guestAuth(guestToken),
    });
    expect(response.status).toBe(204);
    await api.jobs.idle();
    expect(await api.uploadStore.offset(uploadId as string)).toBeNull();
    // The room it took is the guest's again.
    const me = (await (
      await api.request(dropPath(made.token, "/me"), { headers: guestAuth(guestToken) })
    ).json()) as { files: unknown[] };
    expect(me.files).toEqual([]);
  });
});

describe("rate limits", () => {
  const limits: RateLimits = {
    ...DEFAULT_RATE_LIMITS,
    dropPin: {
      ip: { limit: 3, windowMs: 15 * 60_000 },
      account: { limit: 5, windowMs: 60 * 60_000 },
    },
    dropEntry: {
      ip: { limit: 8, windowMs: 15 * 60_000 },
      account: { limit: 1000, windowMs: 60 * 60_000 },
    },
    dropFileStart: {
      ip: { limit: 4, windowMs: 60_000 },
      account: { limit: 6, windowMs: 60_000 },
    },
  };
  const limited = apiForThisFile({ rateLimits: limits });

  async function limitedLink(overrides: Partial<Parameters<typeof createDropLink>[1]> = {}) {
    const { team, collection } = await setting(limited);
    return createDropLink(limited, { collection, creator: team.ownerId, ...overrides });
  }

  it("makes PIN guessing slow per address and per link; right PINs cost nothing", async () => {
    const made = await limitedLink({ pin: "4321" });
    const from = (ip: string) => limited.relayedFor(ip);
    // Right PINs from one address, more than the address's PIN budget: each is given back.
    for (let i = 0; i < 5; i++) {
      expect((await enter(limited, made.token, { pin: "4321" }, from("10.0.0.1"))).status).toBe(
        201,
      );
    }
    for (let i = 0; i < 3; i++) {
      await expectError(
        await enter(limited, made.token, { pin: "0000" }, from("10.0.0.2")),
        403,
        "wrongPin",
      );
    }
    const refused = await enter(limited, made.token, { pin: "4321" }, from("10.0.0.2"));
    await expectError(refused, 429, "tooManyRequests");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // From other addresses, the link's own budget (5 wrong tries) runs out too.
    await expectError(
      await enter(limited, made.token, { pin: "1111" }, from("10.0.0.3")),
      403,
      "wrongPin",
    );
    await expectError(
      await enter(limited, made.token, { pin: "2222" }, from("10.0.0.4")),
      403,
      "wrongPin",
    );
    await expectError(
      await enter(limited, made.token, { pin: "4321" }, from("10.0.0.5")),
      429,
      "tooManyRequests",
    );
  });

  it("limits entries per address", async () => {
    const made = await limitedLink();
    const from = limited.relayedFor("10.1.0.1");
    for (let i = 0; i < 8; i++)
      expect((await enter(limited, made.token, {}, from)).status).toBe(201);
    await expectError(await enter(limited, made.token, {}, from), 429, "tooManyRequests");
    expect((await enter(limited, made.token, {}, limited.relayedFor("10.1.0.2"))).status).toBe(201);
  });

  it("limits file starts per address and per link", async () => {
    const made = await limitedLink();
    const guest = async () => {
      const response = await enter(limited, made.token, {}, limited.relayedFor("10.2.0.9"));
      return ((await response.json()) as { guestToken: string }).guestToken;
    };
    const token = await guest();
    const from = limited.relayedFor("10.2.0.1");
    for (let i = 0; i < 4; i++) {
      expect((await startFile(limited, made.token, token, photo, from)).status).toBe(201);
    }
    const refused = await startFile(limited, made.token, token, photo, from);
    await expectError(refused, 429, "tooManyRequests");
    expect(refused.headers.get("retry-after")).not.toBeNull();
    const other = limited.relayedFor("10.2.0.2");
    expect((await startFile(limited, made.token, token, photo, other)).status).toBe(201);
    // The link's budget (6 a minute, the refused one counted) is now spent, whatever the address.
    await expectError(
      await startFile(limited, made.token, token, photo, limited.relayedFor("10.2.0.3")),
      429,
      "tooManyRequests",
    );
  });

  it("the product's budget lets a hundred guests on one Wi-Fi start a thousand photos in five minutes", () => {
    const { ip } = DEFAULT_RATE_LIMITS.dropFileStart;
    // In bursts: the busiest minute may carry 60 % of the five minutes' photos.
    expect(ip.limit * (60_000 / ip.windowMs)).toBeGreaterThanOrEqual(600);
  });
});
