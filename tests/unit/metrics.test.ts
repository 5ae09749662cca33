import { describe, expect, it } from "vitest";
import { apiResource } from "#api/metrics.ts";

describe("apiResource", () => {
  it("names the API resource a call was for, never an id", () => {
    expect(apiResource("/api/teams/4f6c/collections/9a/files?limit=20")).toBe("/api/teams");
    expect(apiResource("/api/users/@me/usage")).toBe("/api/users");
    expect(apiResource("/api/status")).toBe("/api/status");
    expect(apiResource("/api/0123456789abcdef")).toBe("other");
    expect(apiResource("/teams/42")).toBe("other");
    expect(apiResource("")).toBe("other");
  });
});
