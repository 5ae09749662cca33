import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "#domain/constants.ts";
import { bearer, expectError, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL, startApi, type TestApi } from "./support/api-server.ts";
import {
  expectSquareWebp,
  localUrl,
  putEndless,
  putImage,
  startImageServer,
  testImages,
} from "./support/images.ts";
import { addMember, ownedTeam, type TestTeam, tokensFor } from "./support/teams.ts";

// Team logos: the avatar flow (tests/api/avatars.test.ts covers its every refusal) for a team,
// by those who may update it. The real API on a fresh database, real images made with sharp, and
// a real HTTPS server for links (tests/api/support/images.ts). Background work is awaited with
// api.idle().

let remote: Awaited<ReturnType<typeof startImageServer>>;
let api: TestApi;
let jpeg: Buffer;
let png: Buffer;
let team: TestTeam;
let owner: Tokens;
let admin: Tokens;
let adminId: string;

beforeAll(async () => {
  const images = await testImages();
  ({ jpeg, png } = images);
  remote = await startImageServer(images);
  api = await startApi({ remoteFetch: remote.remoteFetch });
  ({ team, tokens: owner } = await ownedTeam(api));
  const member = await addMember(api, team, { role: "admin" });
  adminId = member.userId;
  admin = await tokensFor(api, member);
});

afterAll(async () => {
  await api?.close();
  await remote?.close();
});

interface Created {
  logoId: string;
  uploadUrl: string | null;
}

interface LogoStatus {
  logoId: string;
  status: string;
  logoUrl?: string;
  errorCode?: string;
  message?: string;
}

function create(body: unknown, tokens: Tokens = owner, teamId = team.teamId) {
  return api.request(`/api/teams/${encodeURIComponent(teamId)}/logos`, {
    method: "POST",
    json: body,
    headers: bearer(tokens),
  });
}

async function createUpload(contentType: string, tokens: Tokens = owner, teamId = team.teamId) {
  const response = await create({ contentType }, tokens, teamId);
  expect(response.status).toBe(201);
  const created = (await response.json()) as Created;
  expect(created.uploadUrl).toEqual(expect.any(String));
  return created as Created & { uploadUrl: string };
}

function status(logoId: string, tokens: Tokens = owner, teamId = team.teamId) {
  return api.request(`/api/teams/${encodeURIComponent(teamId)}/logos/${logoId}`, {
    headers: bearer(tokens),
  });
}

/** The logo's status once the work started after the answers has finished. */
async function settled(logoId: string, tokens: Tokens = owner, teamId = team.teamId) {
  await api.idle();
  const response = await status(logoId, tokens, teamId);
  expect(response.status).toBe(200);
  return (await response.json()) as LogoStatus;
}

async function teamOf(tokens: Tokens = owner, teamId = team.teamId) {
  const response = await api.request(`/api/teams/${teamId}`, { headers: bearer(tokens) });
  return (await response.json()) as { logoUrl: string | null; updatedBy: string };
}

function stored(logoId: string) {
  return api.blobs.head(`logos/${logoId}.webp`);
}

describe("POST /api/teams/{teamId}/logos with contentType, then PUT to uploadUrl", () => {
  let first: Created & { uploadUrl: string };

  it("answers 201 with a logoId and a signed, expiring upload address on the public address", async () => {
    first = await createUpload("image/jpeg");
    expect(first.logoId).toMatch(/^[0-9a-f]{32}$/);
    const url = new URL(first.uploadUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/api/uploads/logos/${first.logoId}`);
    expect(Number(url.searchParams.get("expires"))).toBeGreaterThan(api.clock.now());
    expect(url.searchParams.get("signature")).toMatch(/^[\w-]{43}$/);
    expect(await (await status(first.logoId)).json()).toEqual({
      logoId: first.logoId,
      status: "processing",
    });
  });

  it("takes a JPEG without a bearer token and makes it the team's 256×256 WebP logo", async () => {
    const response = await putImage(api, first.uploadUrl, jpeg, "image/jpeg");
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ logoId: first.logoId, status: "processing" });

    const done = await settled(first.logoId);
    const logoUrl = `/api/logos/${first.logoId}.webp`;
    expect(done).toEqual({ logoId: first.logoId, status: "ready", logoUrl });
    expect(await teamOf()).toMatchObject({ logoUrl, updatedBy: team.ownerId });
    const image = await expectSquareWebp(api, logoUrl);

    // Public, cacheable for good, and answered from the cache's copy.
    const again = await fetch(localUrl(api, logoUrl), {
      headers: { "If-None-Match": image.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
    expect((await fetch(localUrl(api, logoUrl), { method: "HEAD" })).status).toBe(200);

    // The team list shows it too.
    const list = await api.request("/api/teams", { headers: bearer(owner) });
    const { teams } = (await list.json()) as { teams: { teamId: string; teamLogoUrl: string }[] };
    expect(teams.find((item) => item.teamId === team.teamId)?.teamLogoUrl).toBe(logoUrl);
  });

  it("refuses a second PUT to the same address", async () => {
    await expectError(
      await putImage(api, first.uploadUrl, jpeg, "image/jpeg"),
      410,
      "expiredToken",
    );
    expect((await settled(first.logoId)).status).toBe("ready");
  });

  it("lets an administrator replace the logo, and deletes the old image", async () => {
    const next = await createUpload("image/png", admin);
    expect((await putImage(api, next.uploadUrl, png, "image/png")).status).toBe(202);
    const done = await settled(next.logoId, admin);
    expect(done.status).toBe("ready");
    expect(await teamOf(admin)).toMatchObject({ logoUrl: done.logoUrl, updatedBy: adminId });
    await expectSquareWebp(api, done.logoUrl!);

    expect(await stored(first.logoId)).toBeNull();
    await expectError(await fetch(`${api.url}/api/logos/${first.logoId}.webp`), 404, "notFound");
    await expectError(await status(first.logoId), 404, "notFound");
  });
});

describe("what the logo upload address refuses", () => {
  it("a body announced over 3 MB: 413 invalidTeamLogo, and nothing stored", async () => {
    const before = (await teamOf()).logoUrl;
    const { logoId, uploadUrl } = await createUpload("image/png");
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0);
    png.copy(big);
    const body = await expectError(
      await putImage(api, uploadUrl, big, "image/png"),
      413,
      "invalidTeamLogo",
    );
    expect(body.message).toMatch(/3 MB/);
    expect(await settled(logoId)).toMatchObject({ status: "error", errorCode: "invalidTeamLogo" });
    expect(await stored(logoId)).toBeNull();
    expect((await teamOf()).logoUrl).toBe(before);
  });

  it("a streamed body that passes 3 MB: 413 before the body ends", async () => {
    const { logoId, uploadUrl } = await createUpload("image/png");
    const answer = await putEndless(api, uploadUrl, png);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ statusCode: 413, errorCode: "invalidTeamLogo" });
    expect(answer.written).toBeGreaterThan(IMAGE_MAX_BYTES);
    expect(await settled(logoId)).toMatchObject({ status: "error", errorCode: "invalidTeamLogo" });
    expect(await stored(logoId)).toBeNull();
  });

  it("a page that is not an image: 415 invalidTeamLogo", async () => {
    const { logoId, uploadUrl } = await createUpload("image/png");
    const html = Buffer.from("<!doctype html><html><script>alert(document.cookie)</script></html>");
    await expectError(await putImage(api, uploadUrl, html, "image/png"), 415, "invalidTeamLogo");
    expect(await settled(logoId)).toMatchObject({ status: "error", errorCode: "invalidTeamLogo" });
  });

  it("bytes of another type than announced: 415 invalidTeamLogo", async () => {
    const { uploadUrl } = await createUpload("image/jpeg");
    const body = await expectError(
      await putImage(api, uploadUrl, png, "image/jpeg"),
      415,
      "invalidTeamLogo",
    );
    expect(body.message).toMatch(/image\/png/);
  });

  it("a tampered signature, or an avatar's address used for a logo: 403 forbidden", async () => {
    const { logoId, uploadUrl } = await createUpload("image/png");
    const url = new URL(uploadUrl);
    const tampered = new URL(url);
    tampered.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 1));
    await expectError(await putImage(api, tampered.href, png, "image/png"), 403, "forbidden");

    // The kind is signed: an avatar's address does not open a logo's, nor the other way round.
    const avatar = await api.request("/api/users/@me/avatars", {
      method: "POST",
      json: { contentType: "image/png" },
      headers: bearer(owner),
    });
    const { avatarId, uploadUrl: avatarUpload } = (await avatar.json()) as {
      avatarId: string;
      uploadUrl: string;
    };
    const crossed = new URL(avatarUpload);
    crossed.pathname = `/api/uploads/logos/${avatarId}`;
    await expectError(await putImage(api, crossed.href, png, "image/png"), 403, "forbidden");
    const reversed = new URL(uploadUrl);
    reversed.pathname = `/api/uploads/avatars/${logoId}`;
    await expectError(await putImage(api, reversed.href, png, "image/png"), 403, "forbidden");

    expect((await putImage(api, uploadUrl, png, "image/png")).status).toBe(202);
    expect((await settled(logoId)).status).toBe("ready");
  });

  it("an expired address: 410 expiredToken", async () => {
    const { uploadUrl } = await createUpload("image/png");
    api.clock.advance(16 * 60_000);
    try {
      await expectError(await putImage(api, uploadUrl, png, "image/png"), 410, "expiredToken");
    } finally {
      api.clock.reset();
    }
  });
});

describe("POST /api/teams/{teamId}/logos: who and what", () => {
  it("takes contentType or remoteUrl, exactly one, of the accepted kinds", async () => {
    await expectError(await create({}), 400, "invalidInput");
    await expectError(
      await create({ contentType: "image/png", remoteUrl: "https://example.com/a.png" }),
      400,
      "invalidInput",
    );
    for (const contentType of ["image/svg+xml", "text/html", "application/pdf", 7]) {
      await expectError(await create({ contentType }), 400, "invalidTeamLogo");
    }
  });

  it.each(["uploader", "upviewer", "viewer"] as const)(
    "is forbidden to a %s: no logo, no status",
    async (role) => {
      const member = await addMember(api, team, { role });
      const tokens = await tokensFor(api, member);
      await expectError(await create({ contentType: "image/png" }, tokens), 403, "forbidden");
      const { logoId } = await createUpload("image/png");
      await expectError(await status(logoId, tokens), 403, "forbidden");
    },
  );

  it("is notFound for a stranger and for a disabled administrator", async () => {
    const { tokens: stranger } = await ownedTeam(api);
    await expectError(await create({ contentType: "image/png" }, stranger), 404, "notFound");
    const disabled = await addMember(api, team, { role: "admin", status: "disabled" });
    const tokens = await tokensFor(api, disabled);
    await expectError(await create({ contentType: "image/png" }, tokens), 404, "notFound");
    const { logoId } = await createUpload("image/png");
    await expectError(await status(logoId, stranger), 404, "notFound");
  });

  it("shows a logo's status in its own team only", async () => {
    const { logoId } = await createUpload("image/png");
    const other = await ownedTeam(api);
    await expectError(await status(logoId, other.tokens, other.team.teamId), 404, "notFound");
    await expectError(await status("0".repeat(32)), 404, "notFound");
    await expectError(await status("not-an-id"), 404, "notFound");
  });

  it("works on a team named by its alias", async () => {
    const alias = `logo-${team.teamId.slice(0, 8)}`;
    const added = await api.request(`/api/teams/${team.teamId}/aliases`, {
      method: "POST",
      json: { alias },
      headers: bearer(owner),
    });
    expect(added.status).toBe(201);
    const { logoId } = await createUpload("image/png", owner, alias);
    expect((await status(logoId, owner, alias.toUpperCase())).status).toBe(200);
  });

  it("needs a bearer token", async () => {
    const response = await api.request(`/api/teams/${team.teamId}/logos`, {
      method: "POST",
      json: { contentType: "image/png" },
    });
    await expectError(response, 401, "authorizationRequired");
  });
});

describe("POST /api/teams/{teamId}/logos with remoteUrl", () => {
  it.each([
    ["http://example.com/logo.png", /https/],
    ["not a link", /valid URL/],
    ["https://127.0.0.1/logo.png", /public internet/],
    ["https://169.254.169.254/latest/meta-data/", /public internet/],
    ["https://[::1]/logo.png", /public internet/],
    ["https://10.0.0.8/logo.png", /public internet/],
  ])("refuses %s at once with invalidTeamLogo", async (remoteUrl, message) => {
    const body = await expectError(await create({ remoteUrl }), 400, "invalidTeamLogo");
    expect(body.message).toMatch(message);
  });

  it("fetches an https image in the background and makes it the logo", async () => {
    const response = await create({ remoteUrl: `${remote.origin}/photo.jpg` }, admin);
    expect(response.status).toBe(202);
    const { logoId, uploadUrl } = (await response.json()) as Created;
    expect(uploadUrl).toBeNull();
    const done = await settled(logoId, admin);
    expect(done).toMatchObject({ status: "ready", logoUrl: expect.stringContaining(logoId) });
    expect((await teamOf()).logoUrl).toBe(done.logoUrl);
    await expectSquareWebp(api, done.logoUrl!);
  });

  it.each([
    ["a page that is not an image", "/page.html", /not a PNG, JPEG/],
    ["an image over 3 MB", "/big.png", /3 MB/],
    ["a redirect to a private address", "/to-private", /public internet/],
  ])("ends in status error invalidTeamLogo for %s", async (_name, path, message) => {
    const before = (await teamOf()).logoUrl;
    const response = await create({ remoteUrl: `${remote.origin}${path}` });
    expect(response.status).toBe(202);
    const { logoId } = (await response.json()) as Created;
    const done = await settled(logoId);
    expect(done).toMatchObject({ status: "error", errorCode: "invalidTeamLogo" });
    expect(done.message).toMatch(message);
    expect(await stored(logoId)).toBeNull();
    expect((await teamOf()).logoUrl).toBe(before);
  });

  it("ends in status error for a name that resolves to a private address", async () => {
    const response = await create({ remoteUrl: "https://private.test/logo.png" });
    const { logoId } = (await response.json()) as Created;
    const done = await settled(logoId);
    expect(done).toMatchObject({ status: "error", errorCode: "invalidTeamLogo" });
    expect(done.message).toMatch(/public internet/);
  });
});

describe("the logo routes in /api/openapi.json", () => {
  it("are documented, the signed-in ones with bearer security", async () => {
    const doc = await (await api.request("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/teams/{teamId}/logos",
        "/api/teams/{teamId}/logos/{logoId}",
        "/api/uploads/logos/{logoId}",
        "/api/logos/{logoFile}",
      ]),
    );
    expect(doc.paths["/api/teams/{teamId}/logos"].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/uploads/logos/{logoId}"].put.security).toBeUndefined();
    expect(doc.components.schemas.LogoStatus.properties).toHaveProperty("logoUrl");
  });
});

describe("the log", () => {
  it("holds no errors: refusals are the user's, not failures of ours", async () => {
    await api.idle();
    expect(api.logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});
