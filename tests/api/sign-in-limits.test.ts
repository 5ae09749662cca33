import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "#api/auth/rate-limit.ts";
import { storedUser } from "./support/accounts.ts";
import { type PlainResponse, startApi, type TestApi } from "./support/api-server.ts";

/*
 * Sign-in refuses an address, never an account (ADR 023): knowing someone's email is not enough
 * to lock them out. Requests come from loopback addresses of their own, as other clients would
 * (requestFrom). The product's budgets run, with the per-account delay's step and cap scaled
 * down so the tests do not sit through seconds: what they check is the delay the API chose (it
 * logs it), not the time it took.
 */
const slowdown = { ...DEFAULT_RATE_LIMITS.signIn.accountSlowdown, stepMs: 20, maxDelayMs: 60 };
const { accountFromIp } = DEFAULT_RATE_LIMITS.signIn;

let api: TestApi;
beforeAll(async () => {
  const limits: RateLimits = {
    ...DEFAULT_RATE_LIMITS,
    signIn: { ...DEFAULT_RATE_LIMITS.signIn, accountSlowdown: slowdown },
  };
  api = await startApi({ rateLimits: limits });
});
afterAll(() => api.close());

const WRONG = "Wrong-Password-1";

function signInFrom(address: string, email: string, password: string) {
  return api.requestFrom(address, "/api/auth/signin", { email, password });
}

/** `count` wrong passwords for `email` from `address`, each an ordinary notAuthorized. */
async function failFrom(address: string, email: string, count: number) {
  for (let i = 0; i < count; i++) {
    expect((await signInFrom(address, email, WRONG)).status).toBe(401);
  }
}

function expectAddressRefused(response: PlainResponse) {
  expect(response.status).toBe(429);
  const body = response.json() as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode: 429, errorCode: "tooManyRequests" });
  expect(body.message).toMatch(/from this address; try again in \d+ minutes?/);
  const seconds = Number(response.headers["retry-after"]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(accountFromIp.windowMs / 1000);
}

describe("sign-in limits", () => {
  it("let the owner sign in from another address after an attacker's failures from one", async () => {
    const owner = await storedUser(api);
    await failFrom("127.0.1.1", owner.email, accountFromIp.limit);
    const response = await signInFrom("127.0.1.2", owner.email, owner.password);
    expect(response.status).toBe(200);
  });

  it("lock the attacker's address out of that account, right password or not, until the window passes", async () => {
    const owner = await storedUser(api);
    const other = await storedUser(api);
    await failFrom("127.0.2.1", owner.email, accountFromIp.limit);
    expectAddressRefused(await signInFrom("127.0.2.1", owner.email, WRONG));
    expectAddressRefused(await signInFrom("127.0.2.1", owner.email, owner.password));
    // The lock is on this account from this address: its other accounts are not locked.
    expect((await signInFrom("127.0.2.1", other.email, other.password)).status).toBe(200);

    api.clock.advance(accountFromIp.windowMs + 1000);
    try {
      expect((await signInFrom("127.0.2.1", owner.email, owner.password)).status).toBe(200);
    } finally {
      api.clock.reset();
    }
  });

  it("count failures: signing in clears an address's earlier mistakes on the account", async () => {
    const owner = await storedUser(api);
    await failFrom("127.0.3.1", owner.email, accountFromIp.limit - 1);
    expect((await signInFrom("127.0.3.1", owner.email, owner.password)).status).toBe(200);
    await failFrom("127.0.3.1", owner.email, accountFromIp.limit);
    expectAddressRefused(await signInFrom("127.0.3.1", owner.email, owner.password));
  });

  it("refuse an address that tries too many accounts, with the same reason", async () => {
    const { limit } = DEFAULT_RATE_LIMITS.signIn.ip;
    for (let i = 0; i < limit; i++) {
      const stranger = `nobody.${i}@example.com`;
      expect((await signInFrom("127.0.4.1", stranger, WRONG)).status).toBe(401);
    }
    const owner = await storedUser(api);
    expectAddressRefused(await signInFrom("127.0.4.1", owner.email, owner.password));
    expect((await signInFrom("127.0.4.2", owner.email, owner.password)).status).toBe(200);
  });
});

/*
 * The per-account ceiling: failures on one account from every address. Beyond it each try on
 * the account waits before its password is checked, and is never refused for it.
 */
describe("the per-account ceiling", () => {
  /** The delay the API logged for the last sign-in try, 0 when it logged none. */
  function lastDelay(logsBefore: number) {
    const line = api.logs
      .slice(logsBefore)
      .find((entry) => entry.msg.startsWith("sign-in: many failed tries")) as
      | { delayMs?: number }
      | undefined;
    return line?.delayMs ?? 0;
  }

  async function tryFrom(address: string, email: string, password: string) {
    const logsBefore = api.logs.length;
    const response = await api.requestFrom(address, "/api/auth/signin", { email, password });
    return { status: response.status, delayMs: lastDelay(logsBefore) };
  }

  it("slow every try on an account failing from many addresses, and never refuse its owner", async () => {
    const owner = await storedUser(api);
    // Three attackers, each below its own address's lock: the account's free failures first.
    const attackers = ["127.0.5.1", "127.0.5.2", "127.0.5.3"];
    const delays: number[] = [];
    for (let i = 0; i < slowdown.limit + 4; i++) {
      const attempt = await tryFrom(attackers[i % 3] as string, owner.email, WRONG);
      expect(attempt.status).toBe(401);
      delays.push(attempt.delayMs);
    }
    // No delay while within the ceiling; then one step more per failure, up to the cap.
    expect(delays).toEqual([...Array(slowdown.limit + 1).fill(0), 20, 40, 60]);

    // The owner, from an address of their own: slowed like everyone, but signed in.
    const signedIn = await tryFrom("127.0.5.9", owner.email, owner.password);
    expect(signedIn).toEqual({ status: 200, delayMs: slowdown.maxDelayMs });
    // Signing in does not clear the account's failures: the attack goes on being slowed.
    expect((await tryFrom("127.0.5.1", owner.email, WRONG)).delayMs).toBe(slowdown.maxDelayMs);
  });

  it("is counted per account and window: another account is not slowed, and the window ends it", async () => {
    const owner = await storedUser(api);
    const bystander = await storedUser(api);
    for (let i = 0; i < slowdown.limit + 2; i++) {
      await tryFrom(`127.0.6.${1 + (i % 3)}`, owner.email, WRONG);
    }
    expect((await tryFrom("127.0.6.9", bystander.email, bystander.password)).delayMs).toBe(0);
    expect((await tryFrom("127.0.6.9", owner.email, owner.password)).delayMs).toBeGreaterThan(0);
    api.clock.advance(slowdown.windowMs + 1000);
    try {
      expect(await tryFrom("127.0.6.9", owner.email, owner.password)).toEqual({
        status: 200,
        delayMs: 0,
      });
    } finally {
      api.clock.reset();
    }
  });
});
