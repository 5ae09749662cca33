import { describe, expect, it } from "vitest";
import {
  DEFAULT_RATE_LIMITS,
  rateLimitsForSharedAddresses,
  slowdownDelayMs,
} from "#api/auth/rate-limit.ts";

describe("rateLimitsForSharedAddresses", () => {
  it("multiplies every per-address budget and leaves windows and per-account budgets alone", () => {
    const shared = rateLimitsForSharedAddresses(20);
    expect(Object.keys(shared)).toEqual(Object.keys(DEFAULT_RATE_LIMITS));
    for (const [action, limits] of Object.entries(DEFAULT_RATE_LIMITS)) {
      const scaled = shared[action as keyof typeof DEFAULT_RATE_LIMITS];
      expect(scaled.ip).toEqual({ limit: limits.ip.limit * 20, windowMs: limits.ip.windowMs });
      expect("account" in scaled ? scaled.account : undefined).toEqual(
        "account" in limits ? limits.account : undefined,
      );
    }
    // One account from one address is one person's, however many share the address.
    expect(shared.signIn.accountFromIp).toEqual(DEFAULT_RATE_LIMITS.signIn.accountFromIp);
    expect(shared.signIn.accountSlowdown).toEqual(DEFAULT_RATE_LIMITS.signIn.accountSlowdown);
  });

  it("is the product's own limits at factor 1", () => {
    expect(rateLimitsForSharedAddresses(1)).toEqual(DEFAULT_RATE_LIMITS);
  });
});

describe("slowdownDelayMs", () => {
  const rule = DEFAULT_RATE_LIMITS.signIn.accountSlowdown;

  it("waits nothing within the account's failures, then a step more per failure, up to the cap", () => {
    expect(slowdownDelayMs(0, rule)).toBe(0);
    expect(slowdownDelayMs(rule.limit, rule)).toBe(0);
    expect(slowdownDelayMs(rule.limit + 1, rule)).toBe(rule.stepMs);
    expect(slowdownDelayMs(rule.limit + 2, rule)).toBe(2 * rule.stepMs);
    expect(slowdownDelayMs(rule.limit + 1000, rule)).toBe(rule.maxDelayMs);
  });
});
