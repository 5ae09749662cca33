import { describe, expect, it } from "vitest";
import {
  addressGroup,
  DEFAULT_RATE_LIMITS,
  rateLimitsForSharedAddresses,
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
    expect(shared.signIn.device).toEqual(DEFAULT_RATE_LIMITS.signIn.device);
  });

  it("is the product's own limits at factor 1", () => {
    expect(rateLimitsForSharedAddresses(1)).toEqual(DEFAULT_RATE_LIMITS);
  });
});

describe("addressGroup", () => {
  it("counts an IPv6 address as its /64, whatever the rest and however it is written", () => {
    const group = addressGroup("2001:db8:1:2::1");
    expect(group).toBe("2001:db8:1:2::/64");
    for (const other of [
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0:0:0:7",
      "2001:db8:1:2::9%eth0",
    ]) {
      expect(addressGroup(other)).toBe(group);
    }
    expect(addressGroup("2001:db8:1:3::1")).not.toBe(group);
  });

  it("counts an IPv4 address as itself, written plainly or IPv4-mapped", () => {
    expect(addressGroup("203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("203.0.113.8")).not.toBe("203.0.113.7");
  });

  it("keeps what is not an address as it is", () => {
    expect(addressGroup("unknown")).toBe("unknown");
  });
});
