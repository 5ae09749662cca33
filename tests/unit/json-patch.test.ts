import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { ApiError } from "#api/http/errors.ts";
import { noneAsNull, readPatch, readPatchSteps } from "#api/http/json-patch.ts";

function errorOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.errorCode, message: error.message };
    throw error;
  }
  throw new Error("no error");
}

// A made-up resource: a required title with its own refusal code, an optional note that can be
// removed, a required label that can be "removed" only to be refused, and a count.
const SPEC = {
  maxOperations: 3,
  fields: {
    title: {
      schema: z.string({ error: "titleRequired" }).trim().min(2, "titleShort"),
      refusedAs: "invalidTeamName",
    },
    note: {
      schema: noneAsNull(
        z
          .string()
          .trim()
          .max(5, "noteLong")
          .optional()
          .transform((value) => value || undefined),
      ),
      removable: true,
    },
    label: { schema: z.string({ error: "labelRequired" }), removable: true },
    count: { schema: z.number({ error: "mustBeANumber" }).int() },
  },
} as const;

const replace = (path: string, value: unknown) => ({ op: "replace", path, value });

describe("readPatch", () => {
  it("reads replace on each field of the table, values as the schemas leave them", () => {
    expect(
      readPatch(
        [replace("/title", "  Hello "), replace("/note", "hi"), replace("/count", 3)],
        SPEC,
      ),
    ).toEqual({ title: "Hello", note: "hi", count: 3 });
    expect(readPatch([], SPEC)).toEqual({});
  });

  it("keeps the last change of a field; readPatchSteps keeps them all, in order", () => {
    const body = [replace("/count", 1), replace("/title", "First"), replace("/count", 2)];
    expect(readPatch(body, SPEC)).toEqual({ count: 2, title: "First" });
    expect(readPatchSteps(body, SPEC)).toEqual([
      { field: "count", value: 1 },
      { field: "title", value: "First" },
      { field: "count", value: 2 },
    ]);
  });

  it("needs an array body of operation objects", () => {
    for (const body of [replace("/title", "Not an array"), {}, "x", null, undefined, 3]) {
      expect(errorOf(() => readPatch(body, SPEC))).toEqual({
        code: "invalidPatch",
        message: "The body must be a JSON Patch array of operations",
      });
    }
    for (const operation of [null, "replace", 7, [], ["replace", "/title"]]) {
      expect(errorOf(() => readPatch([replace("/count", 1), operation], SPEC))).toEqual({
        code: "invalidPatch",
        message: "Operation 1 is not an object",
      });
    }
  });

  it("takes at most maxOperations operations", () => {
    const four = Array.from({ length: 4 }, (_, i) => replace("/count", i));
    expect(errorOf(() => readPatch(four, SPEC))).toEqual({
      code: "invalidPatch",
      message: "At most 3 operations",
    });
    expect(readPatch(four.slice(1), SPEC)).toEqual({ count: 3 });
  });

  it("answers invalidPatch for any other op, and add only where the spec takes it", () => {
    for (const op of ["move", "copy", "test", "add", "REPLACE", undefined, 1]) {
      const error = errorOf(() => readPatch([{ op, path: "/title", value: "Title" }], SPEC));
      expect(error).toEqual({
        code: "invalidPatch",
        message: "Operation 0: op must be replace, remove",
      });
    }
    expect(
      readPatch([{ op: "add", path: "/title", value: "Added" }], { ...SPEC, add: true }),
    ).toEqual({ title: "Added" });
  });

  it("answers invalidPatch for a path that is not a field of the table", () => {
    for (const path of ["/other", "title", "/title/0", "/", "", "/toString", "/__proto__", 7]) {
      expect(errorOf(() => readPatch([replace(path as string, "x")], SPEC)).code).toBe(
        "invalidPatch",
      );
    }
    expect(errorOf(() => readPatch([{ op: "replace", value: "x" }], SPEC)).message).toBe(
      "Operation 0: undefined cannot be changed",
    );
  });

  it("takes remove only on removable fields, as the value null the schema then judges", () => {
    expect(readPatch([{ op: "remove", path: "/note" }], SPEC)).toEqual({ note: null });
    // Null is a removal too, and so is blank for a schema that makes blank undefined.
    expect(readPatch([replace("/note", null)], SPEC)).toEqual({ note: null });
    expect(readPatch([replace("/note", "   ")], SPEC)).toEqual({ note: null });
    for (const path of ["/title", "/count"]) {
      expect(errorOf(() => readPatch([{ op: "remove", path }], SPEC))).toEqual({
        code: "invalidPatch",
        message: `Operation 0: ${path} cannot be removed`,
      });
    }
    // Removable, but required: the removal is a refused value.
    expect(errorOf(() => readPatch([{ op: "remove", path: "/label" }], SPEC))).toEqual({
      code: "invalidInput",
      message: "label: labelRequired",
    });
  });

  it("answers invalidPatch for a replace or add without a value; null is a value", () => {
    expect(errorOf(() => readPatch([{ op: "replace", path: "/count" }], SPEC))).toEqual({
      code: "invalidPatch",
      message: "Operation 0: replace needs a value",
    });
    expect(
      errorOf(() => readPatch([{ op: "add", path: "/count" }], { ...SPEC, add: true })).message,
    ).toBe("Operation 0: add needs a value");
    expect(errorOf(() => readPatch([replace("/count", null)], SPEC))).toEqual({
      code: "invalidInput",
      message: "count: mustBeANumber",
    });
  });

  it("lists every refused value as field: message key, under invalidInput", () => {
    expect(
      errorOf(() =>
        readPatch(
          [replace("/count", 1.5), replace("/note", "too long"), replace("/count", "x")],
          SPEC,
        ),
      ),
    ).toEqual({
      code: "invalidInput",
      message: expect.stringMatching(/^count: .+; note: noteLong; count: mustBeANumber$/),
    });
  });

  it("answers a field's own code when it is refused, its issues first", () => {
    expect(errorOf(() => readPatch([replace("/title", "x")], SPEC))).toEqual({
      code: "invalidTeamName",
      message: "title: titleShort",
    });
    expect(
      errorOf(() => readPatch([replace("/note", "too long"), replace("/title", 7)], SPEC)),
    ).toEqual({ code: "invalidTeamName", message: "title: titleRequired; note: noteLong" });
  });

  it("checks the shape of every operation before any value", () => {
    // A refused value, then a malformed operation: the malformed one decides.
    expect(
      errorOf(() => readPatch([replace("/title", "x"), { op: "replace", path: "/nope" }], SPEC))
        .code,
    ).toBe("invalidPatch");
  });
});
