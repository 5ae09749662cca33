import { describe, expect, it } from "vitest";
import { currentPath, safeRedirectPath } from "#app/services/redirect.ts";

describe("safeRedirectPath", () => {
  it.each([
    ["/teams", "/teams"],
    ["/teams/abc?x=1#top", "/teams/abc?x=1#top"],
    ["/a/../b", "/b"],
  ])("keeps the path %s on our site", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it.each([
    ["//evil.example"],
    ["/\\evil.example"],
    ["%2F%2Fevil.example"],
    ["/%2F%2Fevil.example"],
    ["/%252F%252Fevil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["teams"],
    ["/\tevil"],
    ["/%0d%0aSet-Cookie:x=1"],
    [""],
    [null],
    [undefined],
    [`/${"a".repeat(2048)}`],
    // Dot segments that resolve to a protocol-relative path.
    ["/.//evil.example"],
    ["/..//evil.example"],
    ["/%2e//evil.example"],
    ["/%2E%2E//evil.example"],
    ["/a/..//evil.example"],
    ["/./\\evil.example"],
    ["/.\\/evil.example"],
    ["/a/../\\evil.example"],
  ])("falls back for %s", (target) => {
    expect(safeRedirectPath(target)).toBe("/");
    expect(safeRedirectPath(target, "/teams")).toBe("/teams");
  });
});

describe("currentPath", () => {
  it("is the path and query, without the origin", () => {
    expect(currentPath(new Request("http://localhost:3000/status?lng=it"))).toBe("/status?lng=it");
  });
});
