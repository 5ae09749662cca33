import { describe, expect, it } from "vitest";
import { parseRange } from "#api/http/range.ts";

describe("parseRange", () => {
  it.each([
    ["bytes=0-4", 10, { start: 0, end: 4 }],
    ["bytes=5-", 10, { start: 5, end: 9 }],
    ["bytes=5-500", 10, { start: 5, end: 9 }],
    ["bytes=-3", 10, { start: 7, end: 9 }],
    ["bytes=-30", 10, { start: 0, end: 9 }],
    ["bytes=9-9", 10, { start: 9, end: 9 }],
    [" bytes=1-2 ", 10, { start: 1, end: 2 }],
  ])("%s of %i bytes is a satisfiable range", (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it.each([
    ["bytes=10-", 10],
    ["bytes=500-600", 10],
    ["bytes=-0", 10],
    ["bytes=-5", 0],
    ["bytes=0-", 0],
  ])("%s of %i bytes is unsatisfiable", (header, size) => {
    expect(parseRange(header, size)).toBe("unsatisfiable");
  });

  it.each([
    [undefined],
    [""],
    ["bytes=-"],
    ["bytes=5-2"],
    ["items=0-4"],
    ["bytes=0-1,4-5"],
    ["bytes=a-b"],
  ])("%s is ignored, so the whole resource is served", (header) => {
    expect(parseRange(header, 10)).toBeUndefined();
  });
});
