import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "#api/auth/rate-limit.ts";
import { CONSENT } from "#tests/support/consent.ts";
import { expectError, newEmail, PASSWORD, post, storedUser } from "./support/accounts.ts";
import { apiForThisFile } from "./support/file-api.ts";

// The product's own limits, on a fresh database. Every request from this file's fetch comes
// from 127.0.0.1; `requestFrom` speaks from other loopback addresses to act as other clients.
const api = apiForThisFile({ rateLimits: "product" });

const signUpBody = () => ({
  email: newEmail(),
  password: PASSWORD,
  nickname: "Ada",
  locale: "en",
  ...CONSENT,
});

function expectRetryAfter(value: string | null | undefined, windowMs: number) {
  const seconds = Number(value);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
}

describe("rate limits", () => {
  it("limit sign-ups per client address, with Retry-After; X-Forwarded-For does not escape them", async () => {
    const { limit, windowMs } = DEFAULT_RATE_LIMITS.signUp.ip;
    for (let i = 0; i < limit; i++) {
      expect((await post(api, "/auth/signup", signUpBody())).status).toBe(201);
    }
    const refused = await post(api, "/auth/signup", signUpBody());
    expectRetryAfter(refused.headers.get("retry-after"), windowMs);
    await expectError(refused, 429, "tooManyRequests");

    // A client claiming to be someone else is still itself: the API reads no forwarding headers.
    for (const spoofed of ["203.0.113.7", "198.51.100.1, 127.0.0.1", "unknown"]) {
      const response = await post(api, "/auth/signup", signUpBody(), {
        "X-Forwarded-For": spoofed,
      });
      await expectError(response, 429, "tooManyRequests");
    }
    const spoofedAgain = await api.requestFrom("127.0.0.1", "/api/auth/signup", signUpBody(), {
      "X-Forwarded-For": "192.0.2.44",
      "X-Real-IP": "192.0.2.44",
    });
    expect(spoofedAgain.status).toBe(429);

    // Another address has a budget of its own.
    const elsewhere = await api.requestFrom("127.0.0.2", "/api/auth/signup", signUpBody());
    expect(elsewhere.status).toBe(201);
  });

  it("limit sign-in tries per address across accounts", async () => {
    const { limit } = DEFAULT_RATE_LIMITS.signIn.ip;
    const from = "127.0.0.30";
    for (let i = 0; i < limit; i++) {
      const response = await api.requestFrom(from, "/api/auth/signin", {
        email: newEmail(),
        password: PASSWORD,
      });
      expect(response.status).toBe(401);
    }
    const refused = await api.requestFrom(from, "/api/auth/signin", {
      email: newEmail(),
      password: PASSWORD,
    });
    expect(refused.status).toBe(429);
  });

  it("limit password-reset requests per account, answering the same for unknown emails", async () => {
    const { limit } = DEFAULT_RATE_LIMITS.forgotPassword.account;
    const unknown = newEmail("nobody");
    for (let i = 0; i < limit; i++) {
      const response = await api.requestFrom(`127.0.0.${40 + i}`, "/api/auth/forgot-password", {
        email: unknown,
      });
      expect(response.status).toBe(202);
    }
    const refused = await api.requestFrom("127.0.0.60", "/api/auth/forgot-password", {
      email: unknown,
    });
    expect(refused.status).toBe(429);
  });

  it("limit reset tries per account", async () => {
    const user = await storedUser(api);
    const { limit } = DEFAULT_RATE_LIMITS.resetPassword.account;
    const body = { email: user.email, code: "000000", newPassword: "Fresh-Start-42" };
    for (let i = 0; i < limit; i++) {
      const response = await api.requestFrom("127.0.0.70", "/api/auth/reset-password", body);
      expect(response.status).toBe(400);
    }
    expect((await api.requestFrom("127.0.0.71", "/api/auth/reset-password", body)).status).toBe(
      429,
    );
  });

  it("limit code checks and resends per account", async () => {
    const email = newEmail();
    const verify = DEFAULT_RATE_LIMITS.verifyEmail.account.limit;
    for (let i = 0; i < verify; i++) {
      const response = await api.requestFrom("127.0.0.80", "/api/auth/verify-email", {
        email,
        username: "x",
        code: "000000",
      });
      expect(response.status).toBe(400);
    }
    expect(
      (
        await api.requestFrom("127.0.0.81", "/api/auth/verify-email", {
          email,
          username: "x",
          code: "000000",
        })
      ).status,
    ).toBe(429);

    const resend = DEFAULT_RATE_LIMITS.resendCode.account.limit;
    for (let i = 0; i < resend; i++) {
      expect((await api.requestFrom("127.0.0.82", "/api/auth/resend-code", { email })).status).toBe(
        202,
      );
    }
    expect((await api.requestFrom("127.0.0.83", "/api/auth/resend-code", { email })).status).toBe(
      429,
    );
  });

  it("limit federated sign-in tries per address", async () => {
    const { limit } = DEFAULT_RATE_LIMITS.federated.ip;
    const body = { provider: "oidc", idToken: "not-a-token", flow: "n" };
    for (let i = 0; i < limit; i++) {
      // No provider is configured here: the limit is counted before anything else.
      expect((await api.requestFrom("127.0.0.90", "/api/auth/federated", body)).status).toBe(400);
    }
    expect((await api.requestFrom("127.0.0.90", "/api/auth/federated", body)).status).toBe(429);
  });

  it("limit early-access subscriptions per email, and per address with an IPv6 /64 as one", async () => {
    const versions = { termsVersion: "2026-11-22", privacyVersion: "2026-11-22" };
    const subscribeAs = (clientIp: string, email: string) =>
      api.requestFrom(
        "127.0.0.1",
        "/api/subscriptions",
        { email, ...versions },
        api.relayedFor(clientIp),
      );
    const perEmail = DEFAULT_RATE_LIMITS.subscribe.account;
    const email = newEmail("list");
    for (let i = 0; i < perEmail.limit; i++) {
      expect((await subscribeAs(`192.0.2.${10 + i}`, email)).status).toBe(201);
    }
    const mailedTooOften = await subscribeAs("192.0.2.99", email);
    expect(mailedTooOften.status).toBe(429);
    expect(mailedTooOften.json()).toMatchObject({ statusCode: 429, errorCode: "tooManyRequests" });
    expectRetryAfter(mailedTooOften.headers["retry-after"] as string, perEmail.windowMs);

    const perAddress = DEFAULT_RATE_LIMITS.subscribe.ip;
    for (let i = 0; i < perAddress.limit; i++) {
      const response = await subscribeAs(`2001:db8:5:7::${(i + 1).toString(16)}`, newEmail("l"));
      expect(response.status).toBe(201);
    }
    const sameBlock = await subscribeAs("2001:db8:5:7:ffff::1", newEmail("l"));
    expect(sameBlock.status).toBe(429);
    expectRetryAfter(sameBlock.headers["retry-after"] as string, perAddress.windowMs);
    expect((await subscribeAs("2001:db8:5:8::1", newEmail("l"))).status).toBe(201);
  });

  it("are kept in the database, so every instance counts together", async () => {
    const rows = await api.db.selectFrom("rate_limits").selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    // Accounts are counted under a hash, not by their address.
    expect(rows.some((row) => row.key.includes("@"))).toBe(false);
  });
});
