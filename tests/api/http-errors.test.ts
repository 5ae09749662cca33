import { describe, expect, it } from "vitest";
import { CONSENT } from "#tests/support/consent.ts";
import { send } from "#tests/support/fuzz.ts";
import { bearer } from "./support/accounts.ts";
import { startApi } from "./support/api-server.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { ownedTeam } from "./support/teams.ts";

const api = apiForThisFile();

async function expectError(response: Response, statusCode: number, errorCode: string) {
  expect(response.status).toBe(statusCode);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = await response.json();
  expect(body).toEqual({ statusCode, errorCode, message: expect.any(String) });
  expect(body.message.length).toBeGreaterThan(0);
  return body as { message: string };
}

const subscription = {
  email: "ada@example.com",
  termsVersion: "2026-11-22",
  privacyVersion: "2026-11-22",
};

describe("every API error is {statusCode, errorCode, message}", () => {
  it("answers an unknown route with 404 notFound, for any method", async () => {
    await expectError(await api.request("/api/no-such-thing"), 404, "notFound");
    await expectError(
      await api.request("/api/no/such/thing", { method: "DELETE" }),
      404,
      "notFound",
    );
    await expectError(
      await api.request("/api/status/extra", { method: "POST", json: {} }),
      404,
      "notFound",
    );
  });

  it("answers a malformed JSON body with 400 invalidInput", async () => {
    const response = await api.request("/api/subscriptions", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email": "ada@example.com",',
    });
    const body = await expectError(response, 400, "invalidInput");
    expect(body.message).toMatch(/JSON/);
  });

  it("answers a body that is not JSON with 415 invalidInput", async () => {
    const response = await api.request("/api/subscriptions", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify(subscription),
    });
    await expectError(response, 415, "invalidInput");
    const form = await api.request("/api/subscriptions", {
      method: "POST",
      body: new URLSearchParams(subscription),
    });
    await expectError(form, 415, "invalidInput");
  });

  it("answers a body over the limit with 413 invalidInput, without reading it all", async () => {
    const huge = { ...subscription, padding: "x".repeat(1024 * 1024 + 10) };
    await expectError(
      await api.request("/api/subscriptions", { method: "POST", json: huge }),
      413,
      "invalidInput",
    );
  });

  it("answers a streamed (chunked) body over the limit with 413 too", async () => {
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > 20) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await api.request("/api/subscriptions", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      // Node's fetch needs duplex for a streamed body
      duplex: "half",
    });
    await expectError(response, 413, "invalidInput");
  });

  it("answers unknown fields and wrong types with 400 invalidInput naming the field", async () => {
    const extra = await api.request("/api/subscriptions", {
      method: "POST",
      json: { ...subscription, admin: true },
    });
    expect((await expectError(extra, 400, "invalidInput")).message).toMatch(/admin/);
    const wrongType = await api.request("/api/subscriptions", {
      method: "POST",
      json: { ...subscription, termsVersion: 20261122 },
    });
    expect((await expectError(wrongType, 400, "invalidInput")).message).toMatch(/termsVersion/);
    const array = await api.request("/api/subscriptions", { method: "POST", json: [subscription] });
    await expectError(array, 400, "invalidInput");
  });

  it("answers a path the host cannot read (a backslash in it) with 400 and the error body", async () => {
    // fetch would turn the backslash into a slash; a client that sends it raw gets here.
    const answer = await send(api.url, { method: "GET", path: "/api/teams/a\\b", headers: {} });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: 400,
      errorCode: "invalidInput",
      message: expect.any(String),
    });
  });

  it("answers a path or query that is not valid percent-encoding with a 4xx, never a 500", async () => {
    // A lone "%", a UTF-16 surrogate's bytes and a cut UTF-8 sequence, in every place the API
    // decodes: the blob route's key (by hand), path parameters and queries (by Hono).
    const { tokens, team } = await ownedTeam(api);
    const teamPath = `/api/teams/${team.teamId}`;
    for (const bad of ["%", "%ED%A0%80", "%E2%82"]) {
      for (const path of [
        `/api/blobs/${bad}`,
        `/api/${bad}`,
        `/api/teams/${bad}`,
        `${teamPath}/collections/${bad}`,
        `${teamPath}/members/${bad}`,
        `/api/uploads/${bad}`,
        `/api/teams?lastKey=${bad}`,
        `${teamPath}/collections?creator=${bad}&lastKey=${bad}`,
      ]) {
        const response = await api.request(path, { headers: bearer(tokens) });
        expect(response.status, path).toBeGreaterThanOrEqual(400);
        expect(response.status, path).toBeLessThan(500);
        expect(await response.json(), path).toEqual({
          statusCode: response.status,
          errorCode: expect.any(String),
          message: expect.any(String),
        });
      }
    }
  });

  it("answers a NUL character in a path, a query or a JSON body with 400 invalidInput", async () => {
    // PostgreSQL cannot hold U+0000 in text: without this, each was a 500 there (the fuzz found
    // the path), while SQLite stored it.
    const { tokens, team } = await ownedTeam(api);
    const teamPath = `/api/teams/${team.teamId}`;
    const asOwner = { headers: bearer(tokens) };
    for (const path of [
      "/api/teams/%00",
      `${teamPath}/members/a%00b`,
      `${teamPath}/collections?creator=%00`,
      "/api/teams?prefix=x%00",
    ]) {
      await expectError(await api.request(path, asOwner), 400, "invalidInput");
    }
    const withNul = [
      ["/api/auth/signin", { username: "ada\u0000", password: "correct horse battery" }],
      [`${teamPath}/collections`, { name: "Trip \u0000 photos" }],
      ["/api/teams", { name: "Team\u0000" }],
    ] as const;
    for (const [path, body] of withNul) {
      // JSON.stringify writes the NUL as the escape \u0000.
      const response = await api.request(path, { ...asOwner, method: "POST", json: body });
      await expectError(response, 400, "invalidInput");
    }
    // A backslash before "u0000" is text, not a NUL: it reaches the route's own rules.
    const text = await api.request(`${teamPath}/collections`, {
      ...asOwner,
      method: "POST",
      json: { name: "Path C:\\u0000 notes" },
    });
    expect(text.status).toBe(201);
  });

  it("uses the domain's message keys for invalid fields", async () => {
    const response = await api.request("/api/subscriptions", {
      method: "POST",
      json: { ...subscription, email: "ada@example", termsVersion: 7 },
    });
    const error = await expectError(response, 400, "invalidInput");
    expect(error.message).toMatch(/email: invalidEmail/);
    expect(error.message).toMatch(/termsVersion/);
  });

  it("answers invalidEmail when an address the rules refuse is the only fault (ADR 088)", async () => {
    for (const email of ["ada@example", "ada", `${"a".repeat(250)}@example.com`]) {
      const response = await api.request("/api/subscriptions", {
        method: "POST",
        json: { ...subscription, email },
      });
      expect((await expectError(response, 400, "invalidEmail")).message).toBe(
        "email: invalidEmail",
      );
    }
    const signUp = await api.request("/api/auth/signup", {
      method: "POST",
      json: {
        email: "not-an-email",
        password: "Sup3r-secret!",
        nickname: "Ada",
        locale: "en",
        ...CONSENT,
      },
    });
    await expectError(signUp, 400, "invalidEmail");
  });
});

describe("a thrown bug", () => {
  it("is a 500 generic with no stack in the body, and the stack goes to the log", async () => {
    const broken = await startApi();
    try {
      await broken.takeDatabaseDown();
      const response = await broken.request("/api/subscriptions", {
        method: "POST",
        json: subscription,
      });
      const body = await expectError(response, 500, "generic");
      expect(JSON.stringify(body)).not.toMatch(/\bat\s|\.ts:|node_modules|Error:/);
      const logged = broken.logs.find((line) => line.msg === "unhandled API error");
      expect(logged?.err?.stack).toMatch(/\n\s+at /);
    } finally {
      await broken.close();
    }
  });
});
