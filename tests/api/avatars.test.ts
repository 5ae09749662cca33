import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "#api/auth/rate-limit.ts";
import { IMAGE_MAX_BYTES } from "#domain/constants.ts";
import {
  bearer,
  expectError,
  PASSWORD,
  signedInUser,
  signIn,
  type Tokens,
} from "./support/accounts.ts";
import { PUBLIC_URL, startApi, type TestApi } from "./support/api-server.ts";
import {
  expectSquareWebp,
  localUrl,
  putEndless as putEndlessTo,
  putImage,
  startImageServer,
  testImages,
} from "./support/images.ts";

// The real API on a fresh database, real images made with sharp, and a real HTTPS server for
// links (tests/api/support/images.ts). Background work is awaited with api.idle(), never with a
// clock.

let remote: Awaited<ReturnType<typeof startImageServer>>;
let remoteOrigin: string;
let api: TestApi;
let ada: Awaited<ReturnType<typeof signedInUser>>;
let grace: Awaited<ReturnType<typeof signedInUser>>;
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  const images = await testImages();
  ({ jpeg, png } = images);
  remote = await startImageServer(images);
  remoteOrigin = remote.origin;
  api = await startApi({ remoteFetch: remote.remoteFetch });
  ada = await signedInUser(api);
  grace = await signedInUser(api);
});

afterAll(async () => {
  await api?.close();
  await remote?.close();
});

const local = (absolute: string) => localUrl(api, absolute);

interface Created {
  avatarId: string;
  uploadUrl: string | null;
}

function create(body: unknown, tokens: Tokens = ada.tokens) {
  return api.request("/api/users/@me/avatars", {
    method: "POST",
    json: body,
    headers: bearer(tokens),
  });
}

async function createUpload(contentType: string, tokens: Tokens = ada.tokens) {
  const response = await create({ contentType }, tokens);
  expect(response.status).toBe(201);
  const created = (await response.json()) as Created;
  expect(created.uploadUrl).toEqual(expect.any(String));
  return created as Created & { uploadUrl: string };
}

function put(
  uploadUrl: string,
  body: Buffer | ReadableStream<Uint8Array>,
  contentType = "application/octet-stream",
) {
  return putImage(api, uploadUrl, body, contentType);
}

function putEndless(uploadUrl: string, first: Buffer) {
  return putEndlessTo(api, uploadUrl, first);
}

async function status(avatarId: string, tokens: Tokens = ada.tokens) {
  return api.request(`/api/users/@me/avatars/${avatarId}`, { headers: bearer(tokens) });
}

/** The avatar's status once the work started after the answers has finished. */
async function settled(avatarId: string, tokens: Tokens = ada.tokens) {
  await api.idle();
  const response = await status(avatarId, tokens);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    avatarId: string;
    status: string;
    avatarUrl?: string;
    errorCode?: string;
    message?: string;
  };
}

async function me(tokens: Tokens = ada.tokens) {
  const response = await api.request("/api/users/@me", { headers: bearer(tokens) });
  return (await response.json()) as { avatarUrl: string | null };
}

async function stored(avatarId: string) {
  return api.blobs.head(`avatars/${avatarId}.webp`);
}

/** Fetches an avatar image and checks it is the promised square WebP with no metadata. */
function expectAvatarImage(avatarUrl: string) {
  return expectSquareWebp(api, avatarUrl);
}

describe("POST /api/users/@me/avatars with contentType, then PUT to uploadUrl", () => {
  let first: Created & { uploadUrl: string };

  it("answers 201 with an avatarId and a signed, expiring upload address on the public address", async () => {
    first = await createUpload("image/jpeg");
    expect(first.avatarId).toMatch(/^[0-9a-f]{32}$/);
    const url = new URL(first.uploadUrl);
    expect(`${url.origin}${url.pathname}`).toBe(
      `${PUBLIC_URL}/api/uploads/avatars/${first.avatarId}`,
    );
    expect(Number(url.searchParams.get("expires"))).toBeGreaterThan(api.clock.now());
    expect(url.searchParams.get("signature")).toMatch(/^[\w-]{43}$/);
    // Until the bytes arrive, the avatar is on its way.
    expect(await (await status(first.avatarId)).json()).toEqual({
      avatarId: first.avatarId,
      status: "processing",
    });
  });

  it("takes a JPEG without a bearer token and makes it a 256×256 WebP with no EXIF", async () => {
    const response = await put(first.uploadUrl, jpeg, "image/jpeg");
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ avatarId: first.avatarId, status: "processing" });

    const done = await settled(first.avatarId);
    const avatarUrl = `/api/avatars/${first.avatarId}.webp`;
    expect(done).toEqual({ avatarId: first.avatarId, status: "ready", avatarUrl });
    expect((await me()).avatarUrl).toBe(avatarUrl);
    const image = await expectAvatarImage(avatarUrl);

    // Public, cacheable for good, and answered from the cache's copy.
    const again = await fetch(local(avatarUrl), {
      headers: { "If-None-Match": image.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
    const head = await fetch(local(avatarUrl), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(image.headers.get("content-length"));
  });

  it("refuses a second PUT to the same address", async () => {
    const response = await put(first.uploadUrl, jpeg, "image/jpeg");
    await expectError(response, 410, "expiredToken");
    expect((await settled(first.avatarId)).status).toBe("ready");
  });

  it("replaces the avatar with a new PNG and deletes the old image", async () => {
    const next = await createUpload("image/png");
    expect((await put(next.uploadUrl, png, "image/png")).status).toBe(202);
    const done = await settled(next.avatarId);
    expect(done.status).toBe("ready");
    expect((await me()).avatarUrl).toBe(done.avatarUrl);
    await expectAvatarImage(done.avatarUrl!);

    expect(await stored(first.avatarId)).toBeNull();
    const old = await fetch(`${api.url}/api/avatars/${first.avatarId}.webp`);
    await expectError(old, 404, "notFound");
    await expectError(await status(first.avatarId), 404, "notFound");
  });
});

describe("what the upload address refuses", () => {
  it("a body announced over 3 MB: 413 invalidUserAvatar, unread, and nothing stored", async () => {
    const before = (await me()).avatarUrl;
    const { avatarId, uploadUrl } = await createUpload("image/png");
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0);
    png.copy(big);
    const body = await expectError(
      await put(uploadUrl, big, "image/png"),
      413,
      "invalidUserAvatar",
    );
    expect(body.message).toMatch(/3 MB/);
    expect(await settled(avatarId)).toMatchObject({
      status: "error",
      errorCode: "invalidUserAvatar",
    });
    expect(await stored(avatarId)).toBeNull();
    expect((await me()).avatarUrl).toBe(before);
  });

  it("a streamed body that passes 3 MB: 413 before the body ends, nothing stored", async () => {
    const before = (await me()).avatarUrl;
    const { avatarId, uploadUrl } = await createUpload("image/png");
    // A real PNG's first bytes, then filler with no end and no length announced: only a server
    // that stops reading at the limit can answer at all.
    const answer = await putEndless(uploadUrl, png);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ statusCode: 413, errorCode: "invalidUserAvatar" });
    expect(answer.written).toBeGreaterThan(IMAGE_MAX_BYTES);
    expect(await settled(avatarId)).toMatchObject({
      status: "error",
      errorCode: "invalidUserAvatar",
    });
    expect(await stored(avatarId)).toBeNull();
    expect((await me()).avatarUrl).toBe(before);
  });

  const notImages: [string, Buffer][] = [
    ["HTML", Buffer.from("<!doctype html><html><script>alert(document.cookie)</script></html>")],
    [
      "SVG",
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    ],
    ["PDF", Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n")],
    ["nothing", Buffer.alloc(0)],
  ];
  for (const [name, bytes] of notImages) {
    it(`${name} sent as an image: 415 invalidUserAvatar`, async () => {
      const { avatarId, uploadUrl } = await createUpload("image/png");
      await expectError(await put(uploadUrl, bytes, "image/png"), 415, "invalidUserAvatar");
      expect(await settled(avatarId)).toMatchObject({
        status: "error",
        errorCode: "invalidUserAvatar",
      });
      expect(await stored(avatarId)).toBeNull();
    });
  }

  it("bytes of another type than announced: 415 invalidUserAvatar", async () => {
    const { avatarId, uploadUrl } = await createUpload("image/jpeg");
    const body = await expectError(
      await put(uploadUrl, png, "image/jpeg"),
      415,
      "invalidUserAvatar",
    );
    expect(body.message).toMatch(/image\/png/);
    expect((await settled(avatarId)).status).toBe("error");
    // A refused upload used the address up.
    await expectError(await put(uploadUrl, png, "image/png"), 410, "expiredToken");
  });

  it("an image that is cut short: accepted, then status error invalidUserAvatar", async () => {
    const { avatarId, uploadUrl } = await createUpload("image/jpeg");
    expect((await put(uploadUrl, jpeg.subarray(0, 400), "image/jpeg")).status).toBe(202);
    expect(await settled(avatarId)).toMatchObject({
      status: "error",
      errorCode: "invalidUserAvatar",
    });
    expect(await stored(avatarId)).toBeNull();
  });

  it("a tampered signature, expiry or id, or none: 403 forbidden, and the address still works", async () => {
    const { avatarId, uploadUrl } = await createUpload("image/png");
    const url = new URL(uploadUrl);
    const signature = url.searchParams.get("signature")!;
    const expires = url.searchParams.get("expires")!;
    const variants: Record<string, string>[] = [
      { expires, signature: `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}` },
      { expires: String(Number(expires) + 60 * 60_000), signature },
      { expires },
      {},
    ];
    for (const query of variants) {
      const changed = new URL(url);
      changed.search = new URLSearchParams(query).toString();
      await expectError(await put(changed.href, png, "image/png"), 403, "forbidden");
    }
    const other = await createUpload("image/png");
    const swapped = new URL(other.uploadUrl);
    swapped.search = url.search;
    await expectError(await put(swapped.href, png, "image/png"), 403, "forbidden");

    expect((await put(uploadUrl, png, "image/png")).status).toBe(202);
    expect((await settled(avatarId)).status).toBe("ready");
  });

  it("an expired address: 410 expiredToken, and the avatar shows as expired", async () => {
    const { avatarId, uploadUrl } = await createUpload("image/png");
    api.clock.advance(16 * 60_000);
    try {
      await expectError(await put(uploadUrl, png, "image/png"), 410, "expiredToken");
      // Tokens last 15 minutes too: sign in again at the later time to read the status.
      const tokens = await signIn(api, { email: ada.email, password: PASSWORD });
      expect(await settled(avatarId, tokens)).toMatchObject({
        status: "error",
        errorCode: "expiredToken",
      });
    } finally {
      api.clock.reset();
    }
    expect(await stored(avatarId)).toBeNull();
  });

  it("another or a malformed avatar id in the path: forbidden or notFound", async () => {
    const { uploadUrl } = await createUpload("image/png");
    const url = new URL(uploadUrl);
    url.pathname = url.pathname.replace(/[0-9a-f]{32}$/, "0".repeat(32));
    await expectError(await put(url.href, png, "image/png"), 403, "forbidden");
    url.pathname = "/api/uploads/avatars/not-an-id";
    await expectError(await put(url.href, png, "image/png"), 404, "notFound");
  });
});

describe("POST /api/users/@me/avatars: who and what", () => {
  it("needs a bearer token", async () => {
    const response = await api.request("/api/users/@me/avatars", {
      method: "POST",
      json: { contentType: "image/png" },
    });
    await expectError(response, 401, "authorizationRequired");
  });

  it("takes contentType or remoteUrl, exactly one, of the accepted kinds", async () => {
    await expectError(await create({}), 400, "invalidInput");
    await expectError(
      await create({ contentType: "image/png", remoteUrl: "https://example.com/a.png" }),
      400,
      "invalidInput",
    );
    await expectError(await create({ contentType: "image/png", admin: true }), 400, "invalidInput");
    for (const contentType of ["image/svg+xml", "text/html", "application/pdf", "IMAGE/PNG", 7]) {
      await expectError(await create({ contentType }), 400, "invalidUserAvatar");
    }
    for (const contentType of [
      "image/png",
      "image/jpeg",
      "image/webp",
      "image/gif",
      "image/avif",
    ]) {
      expect((await create({ contentType })).status).toBe(201);
    }
  });

  it("shows an avatar's status to its owner only: anyone else gets notFound", async () => {
    const { avatarId } = await createUpload("image/png");
    await expectError(await status(avatarId, grace.tokens), 404, "notFound");
    expect((await status(avatarId)).status).toBe(200);
    await expectError(await status("0".repeat(32)), 404, "notFound");
    await expectError(await status("not-an-id"), 404, "notFound");
    await expectError(
      await api.request(`/api/users/@me/avatars/${avatarId}`),
      401,
      "authorizationRequired",
    );
  });
});

describe("POST /api/users/@me/avatars with remoteUrl", () => {
  it.each([
    ["http://example.com/me.png", /https/],
    ["ftp://example.com/me.png", /https/],
    ["not a link", /valid URL/],
    ["https://user:secret@example.com/me.png", /user name or password/],
    ["https://127.0.0.1/me.png", /public internet/],
    ["https://127.1/me.png", /public internet/],
    ["https://169.254.169.254/latest/meta-data/", /public internet/],
    ["https://[::1]/me.png", /public internet/],
    ["https://[::ffff:127.0.0.1]/me.png", /public internet/],
    ["https://10.0.0.8/me.png", /public internet/],
    ["https://192.168.1.1/me.png", /public internet/],
  ])("refuses %s at once with invalidUserAvatar", async (remoteUrl, message) => {
    const body = await expectError(await create({ remoteUrl }), 400, "invalidUserAvatar");
    expect(body.message).toMatch(message);
  });

  it("fetches an https image in the background and makes it the avatar", async () => {
    const response = await create({ remoteUrl: `${remoteOrigin}/photo.jpg` }, grace.tokens);
    expect(response.status).toBe(202);
    const { avatarId, uploadUrl } = (await response.json()) as Created;
    expect(uploadUrl).toBeNull();
    const done = await settled(avatarId, grace.tokens);
    expect(done).toMatchObject({ status: "ready", avatarUrl: expect.stringContaining(avatarId) });
    expect((await me(grace.tokens)).avatarUrl).toBe(done.avatarUrl);
    await expectAvatarImage(done.avatarUrl!);
  });

  it.each([
    ["a page that is not an image", "/page.html", /not a PNG, JPEG/],
    ["an image over 3 MB", "/big.png", /3 MB/],
    ["a missing file", "/missing.png", /404/],
    ["a redirect to a private address", "/to-private", /public internet/],
  ])("ends in status error invalidUserAvatar for %s", async (_name, path, message) => {
    const before = (await me(grace.tokens)).avatarUrl;
    const response = await create({ remoteUrl: `${remoteOrigin}${path}` }, grace.tokens);
    expect(response.status).toBe(202);
    const { avatarId } = (await response.json()) as Created;
    const done = await settled(avatarId, grace.tokens);
    expect(done).toMatchObject({ status: "error", errorCode: "invalidUserAvatar" });
    expect(done.message).toMatch(message);
    expect(await stored(avatarId)).toBeNull();
    expect((await me(grace.tokens)).avatarUrl).toBe(before);
  });

  it("ends in status error for a name that resolves to a private address", async () => {
    const response = await create({ remoteUrl: "https://private.test/me.png" }, grace.tokens);
    expect(response.status).toBe(202);
    const { avatarId } = (await response.json()) as Created;
    const done = await settled(avatarId, grace.tokens);
    expect(done).toMatchObject({ status: "error", errorCode: "invalidUserAvatar" });
    expect(done.message).toMatch(/public internet/);
  });
});

describe("DELETE /api/users/@me/avatar", () => {
  it("removes the avatar and deletes its image", async () => {
    const avatarUrl = (await me(grace.tokens)).avatarUrl;
    expect(avatarUrl).toEqual(expect.any(String));
    const avatarId = /([0-9a-f]{32})\.webp$/.exec(avatarUrl!)![1]!;
    const response = await api.request("/api/users/@me/avatar", {
      method: "DELETE",
      headers: bearer(grace.tokens),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ avatarUrl: null });
    expect((await me(grace.tokens)).avatarUrl).toBeNull();
    expect(await stored(avatarId)).toBeNull();
    await expectError(await fetch(local(avatarUrl!)), 404, "notFound");
    // Removing again is harmless.
    const again = await api.request("/api/users/@me/avatar", {
      method: "DELETE",
      headers: bearer(grace.tokens),
    });
    expect(again.status).toBe(200);
  });

  it("needs a bearer token", async () => {
    const response = await api.request("/api/users/@me/avatar", { method: "DELETE" });
    await expectError(response, 401, "authorizationRequired");
  });
});

describe("the avatar routes in /api/openapi.json", () => {
  it("are documented, the signed-in ones with bearer security", async () => {
    const doc = await (await api.request("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/users/@me/avatars",
        "/api/users/@me/avatars/{avatarId}",
        "/api/users/@me/avatar",
        "/api/uploads/avatars/{avatarId}",
        "/api/avatars/{avatarFile}",
      ]),
    );
    expect(doc.paths["/api/users/@me/avatars"].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/uploads/avatars/{avatarId}"].put.security).toBeUndefined();
    expect(
      Object.keys(doc.paths["/api/uploads/avatars/{avatarId}"].put.requestBody.content),
    ).toEqual(expect.arrayContaining(["image/png", "image/jpeg"]));
  });
});

describe("avatar rate limit", () => {
  it("allows a budget of new avatars per account, then answers tooManyRequests", async () => {
    const limited = await startApi({ rateLimits: "product" });
    try {
      const { tokens } = await signedInUser(limited);
      const start = () =>
        limited.request("/api/users/@me/avatars", {
          method: "POST",
          json: { contentType: "image/png" },
          headers: bearer(tokens),
        });
      const { limit } = DEFAULT_RATE_LIMITS.avatarUpload.account;
      for (let i = 0; i < limit; i++) expect((await start()).status).toBe(201);
      const refused = await start();
      await expectError(refused, 429, "tooManyRequests");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe("the log", () => {
  it("holds no errors: refusals are the user's, not failures of ours", async () => {
    await api.idle();
    expect(api.logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});
