import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, rateLimitsForSharedAddresses } from "#api/auth/rate-limit.ts";

describe("rateLimitsForSharedAddresses", () => {
  it("multiplies every per-address budget and leaves windows and per-account budgets alone", () => {
    const shared = rateLimitsForSharedAddresses(20);
    expect(Object.keys(shared)).toEqual(Object.keys(DEFAULT_RATE_LIMITS));
    for (const [action, limits] of Object.entries(DEFAULT_RATE_LIMITS)) {
      const scaled = shared[action as keyof typeof DEFAULT_RATE_LIMITS];
      expect(scaled.ip).toEqual({ limit: limits.ip.limit * 20, windowMs: limits.ip.windowMs });
      expect(scaled.account).toEqual("account" in limits ? limits.account : undefined);
    }
  });

  it("is the product's own limits at factor 1", () => {
    expect(rateLimitsForSharedAddresses(1)).toEqual(DEFAULT_RATE_LIMITS);
  });
});
