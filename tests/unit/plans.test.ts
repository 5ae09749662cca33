import { describe, expect, it } from "vitest";
import { UNLIMITED } from "#domain/constants.ts";
import { DEFAULT_PLAN_LIMITS, PLAN_LIMIT_KEYS, withinLimit } from "#domain/plans.ts";

describe("withinLimit", () => {
  it("lets one more in while fewer than the limit exist", () => {
    expect(withinLimit(0, 3)).toBe(true);
    expect(withinLimit(2, 3)).toBe(true);
    expect(withinLimit(3, 3)).toBe(false);
    expect(withinLimit(4, 3)).toBe(false);
  });

  it("lets nothing in under a zero limit, and everything under an unlimited one", () => {
    expect(withinLimit(0, 0)).toBe(false);
    expect(withinLimit(1_000_000, UNLIMITED)).toBe(true);
  });
});

describe("the default plan", () => {
  it("sets every limit, each a whole number of at least -1", () => {
    for (const key of PLAN_LIMIT_KEYS) {
      expect(Number.isInteger(DEFAULT_PLAN_LIMITS[key])).toBe(true);
      expect(DEFAULT_PLAN_LIMITS[key]).toBeGreaterThanOrEqual(UNLIMITED);
    }
  });
});
