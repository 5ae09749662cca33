import { describe, expect, it } from "vitest";
import { collectionChanges } from "#api/collections/collection-patch.ts";
import { ApiError } from "#api/http/errors.ts";

function codeOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.errorCode;
    throw error;
  }
  throw new Error("no error");
}

describe("collectionChanges", () => {
  it("reads replace on /name, /description, /mode, /tags and remove on /description", () => {
    expect(
      collectionChanges([
        { op: "replace", path: "/name", value: "  Trip  " },
        { op: "replace", path: "/description", value: " About " },
        { op: "replace", path: "/mode", value: "collaborative" },
        { op: "replace", path: "/tags", value: ["a", "b"] },
      ]),
    ).toEqual({ name: "Trip", description: "About", mode: "collaborative", tags: ["a", "b"] });
    expect(collectionChanges([{ op: "remove", path: "/description" }])).toEqual({
      description: null,
    });
    expect(collectionChanges([{ op: "replace", path: "/description", value: "  " }])).toEqual({
      description: null,
    });
    expect(collectionChanges([])).toEqual({});
  });

  it("answers invalidPatch for anything else", () => {
    for (const body of [
      {},
      "x",
      [null],
      [[]],
      [{ op: "add", path: "/name", value: "x" }],
      [{ op: "remove", path: "/tags" }],
      [{ op: "replace", path: "/status", value: "draft" }],
      [{ op: "replace", path: "/name" }],
      Array.from({ length: 21 }, () => ({ op: "remove", path: "/description" })),
    ]) {
      expect(codeOf(() => collectionChanges(body))).toBe("invalidPatch");
    }
  });

  it("answers invalidInput for values the rules refuse", () => {
    for (const [path, value] of [
      ["/name", "x"],
      ["/name", "n".repeat(51)],
      ["/name", null],
      ["/description", "d".repeat(251)],
      ["/mode", "controlled"],
      ["/tags", "a"],
      ["/tags", [1]],
      ["/tags", Array.from({ length: 101 }, (_, i) => `u${i}`)],
    ] as const) {
      expect(codeOf(() => collectionChanges([{ op: "replace", path, value }]))).toBe(
        "invalidInput",
      );
    }
  });
});
