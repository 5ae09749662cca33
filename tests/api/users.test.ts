import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, expectError, signedInUser, type Tokens } from "./support/accounts.ts";
import { startApi, type TestApi } from "./support/api-server.ts";

let api: TestApi;
let tokens: Tokens;
let user: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  api = await startApi();
  user = await signedInUser(api);
  tokens = user.tokens;
});
afterAll(() => api.close());

function patch(
  body: unknown,
  contentType = "application/json-patch+json",
  headers: Record<string, string> = bearer(tokens),
) {
  return api.request("/api/users/@me", {
    method: "PATCH",
    headers: { ...headers, "Content-Type": contentType },
    body: JSON.stringify(body),
  });
}

describe("GET /api/users/@me", () => {
  it("answers the product's User", async () => {
    const response = await api.request("/api/users/@me", { headers: bearer(tokens) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      userId: expect.any(String),
      userScope: "global",
      email: user.email,
      firstName: null,
      lastName: null,
      preferredName: null,
      nickname: "Ada",
      username: user.username,
      avatarUrl: null,
      hasPassword: true,
    });
  });

  it("needs a bearer token", async () => {
    await expectError(await api.request("/api/users/@me"), 401, "authorizationRequired");
  });
});

describe("PATCH /api/users/@me", () => {
  it("applies replace and add on the four profile fields and answers the updated User", async () => {
    const response = await patch([
      { op: "replace", path: "/firstName", value: "  Ada " },
      { op: "add", path: "/lastName", value: "Lovelace" },
      { op: "replace", path: "/nickname", value: "Countess" },
      { op: "replace", path: "/preferredName", value: "Ada L." },
    ]);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      nickname: "Countess",
      preferredName: "Ada L.",
    });
    const again = await api.request("/api/users/@me", { headers: bearer(tokens) });
    expect(await again.json()).toMatchObject({ firstName: "Ada", nickname: "Countess" });
  });

  it("takes application/json too, and remove clears an optional field", async () => {
    const response = await patch([{ op: "remove", path: "/lastName" }], "application/json");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ firstName: "Ada", lastName: null });
  });

  it("answers an empty patch with the user unchanged", async () => {
    const response = await patch([]);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ nickname: "Countess" });
  });

  it("answers invalidPatch for other operations, other paths or a malformed patch", async () => {
    const cases: unknown[] = [
      [{ op: "move", from: "/firstName", path: "/lastName" }],
      [{ op: "test", path: "/nickname", value: "Countess" }],
      [{ op: "replace", path: "/email", value: "evil@example.com" }],
      [{ op: "replace", path: "/userScope", value: "global" }],
      [{ op: "replace", path: "/firstName/0", value: "x" }],
      [{ op: "replace", path: "/nickname" }],
      [{ path: "/nickname", value: "Ada" }],
      ["replace"],
      { op: "replace", path: "/nickname", value: "Ada" },
    ];
    for (const body of cases) await expectError(await patch(body), 400, "invalidPatch");
    // Nothing changed along the way.
    const after = await api.request("/api/users/@me", { headers: bearer(tokens) });
    expect(await after.json()).toMatchObject({ nickname: "Countess", email: user.email });
  });

  it("validates values with the domain rules and changes nothing on a failure", async () => {
    const short = await expectError(
      await patch([
        { op: "replace", path: "/firstName", value: "Augusta" },
        { op: "replace", path: "/nickname", value: "A" },
      ]),
      400,
      "invalidInput",
    );
    expect(short.message).toContain("nickname: nicknameShort");
    const policy = await expectError(
      await patch([{ op: "replace", path: "/nickname", value: "<script>" }]),
      400,
      "invalidInput",
    );
    expect(policy.message).toContain("nickname: policyNickname");
    const long = await expectError(
      await patch([{ op: "replace", path: "/preferredName", value: "x".repeat(31) }]),
      400,
      "invalidInput",
    );
    expect(long.message).toContain("preferredName: preferredNameLong");
    const required = await expectError(
      await patch([{ op: "remove", path: "/nickname" }]),
      400,
      "invalidInput",
    );
    expect(required.message).toContain("nickname: nicknameRequired");
    await expectError(
      await patch([{ op: "replace", path: "/firstName", value: "x".repeat(51) }]),
      400,
      "invalidInput",
    );
    await expectError(
      await patch([{ op: "replace", path: "/lastName", value: 42 }]),
      400,
      "invalidInput",
    );
    const after = await api.request("/api/users/@me", { headers: bearer(tokens) });
    expect(await after.json()).toMatchObject({ firstName: "Ada", nickname: "Countess" });
  });

  it("needs a bearer token and a JSON body", async () => {
    await expectError(
      await patch([], "application/json-patch+json", {}),
      401,
      "authorizationRequired",
    );
    await expectError(await patch([], "text/plain"), 415, "invalidInput");
  });
});
