import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "#api/auth/rate-limit.ts";
import { storedUser } from "./support/accounts.ts";
import { type PlainResponse, startApi, type TestApi } from "./support/api-server.ts";

/*
 * Sign-in limits (ADR 081) with the product's budgets: per address (an IPv6 /64 is one), per
 * account from every address, per known device. Requests come from loopback addresses of their
 * own, as other clients would (requestFrom), or, for addresses a test cannot send from, are
 * relayed for them as the web tier relays its visitors (relayedFor).
 */
const { accountFromIp, account: accountBudget, device: deviceBudget } = DEFAULT_RATE_LIMITS.signIn;

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ rateLimits: DEFAULT_RATE_LIMITS });
});
afterAll(() => api.close());

const WRONG = "Wrong-Password-1";

function signInFrom(
  address: string,
  email: string,
  password: string,
  more: Record<string, string> = {},
) {
  return api.requestFrom(address, "/api/auth/signin", { email, password, ...more });
}

/** A sign-in try relayed for `clientIp` (any address, IPv6 included), as the web tier sends it. */
function signInAs(clientIp: string, body: Record<string, string>) {
  return api.requestFrom("127.0.0.1", "/api/auth/signin", body, api.relayedFor(clientIp));
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
  expect(body).toMatchObject({ statusCode: 429, errorCode: "tooManyRequests", reason: "address" });
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

function expectAccountRefused(response: PlainResponse) {
  expect(response.status).toBe(429);
  const body = response.json() as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode: 429, errorCode: "tooManyRequests", reason: "account" });
  expect(body.message).toMatch(
    /^Too many failed sign-in attempts on this account; try again in \d+ minutes?$/,
  );
  const seconds = Number(response.headers["retry-after"]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(accountBudget.windowMs / 1000);
}

/** A fresh address per try, as a botnet has: 127.x.y.z, none used by another test. */
let nextAddress = 0;
function freshAddress() {
  nextAddress += 1;
  return `127.${100 + Math.floor(nextAddress / 250)}.${nextAddress % 250}.1`;
}

describe("an account's budget, from every address", () => {
  it("groups IPv6 by /64: 40 guesses from 40 addresses of one /64 are refused after the address's budget", async () => {
    const owner = await storedUser(api);
    const statuses: number[] = [];
    for (let i = 1; i <= 40; i++) {
      const response = await signInAs(`2001:db8:40:1:${i.toString(16)}::1`, {
        email: owner.email,
        password: WRONG,
      });
      statuses.push(response.status);
      if (response.status === 429) expectAddressRefused(response);
    }
    expect(statuses).toEqual([
      ...Array(accountFromIp.limit).fill(401),
      ...Array(40 - accountFromIp.limit).fill(429),
    ]);
    // Another /64 is another address.
    const elsewhere = await signInAs("2001:db8:40:2::1", {
      email: owner.email,
      password: owner.password,
    });
    expect(elsewhere.status).toBe(200);
  });

  it("refuses any new device once the account's failures are spent, the right password too, until the window passes", async () => {
    const owner = await storedUser(api);
    for (let i = 0; i < accountBudget.limit; i++) {
      expect((await signInFrom(freshAddress(), owner.email, WRONG)).status).toBe(401);
    }
    expectAccountRefused(await signInFrom(freshAddress(), owner.email, WRONG));
    expectAccountRefused(await signInFrom(freshAddress(), owner.email, owner.password));
    api.clock.advance(accountBudget.windowMs + 1000);
    try {
      expect((await signInFrom(freshAddress(), owner.email, owner.password)).status).toBe(200);
    } finally {
      api.clock.reset();
    }
  });

  it("answers the same for an address with no account, so a refusal reveals nothing", async () => {
    const nobody = `nobody.${Date.now()}@example.com`;
    for (let i = 0; i < accountBudget.limit; i++) {
      expect((await signInFrom(freshAddress(), nobody, WRONG)).status).toBe(401);
    }
    expectAccountRefused(await signInFrom(freshAddress(), nobody, WRONG));
  });

  it("counts one account once whatever spelling is used: its email in any case, its id", async () => {
    const owner = await storedUser(api);
    const spellings: Record<string, string>[] = [
      { email: owner.email.toUpperCase() },
      { email: owner.email },
      { username: owner.userId },
    ];
    for (let i = 0; i < accountBudget.limit; i++) {
      const spelling = spellings[i % 3] ?? {};
      const response = await signInAs(freshAddress(), { ...spelling, password: WRONG });
      expect(response.status).toBe(401);
    }
    for (const spelling of spellings) {
      expectAccountRefused(await signInAs(freshAddress(), { ...spelling, password: WRONG }));
    }
  });

  it("never lets parallel guesses past the budget: of 30 at once, exactly the budget is checked", async () => {
    const owner = await storedUser(api);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => signInFrom(freshAddress(), owner.email, WRONG)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(accountBudget.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - accountBudget.limit);
  });

  it("gives the right password's try back: the owner's sign-ins never spend the budget", async () => {
    const owner = await storedUser(api);
    for (let i = 0; i < accountBudget.limit + 5; i++) {
      expect((await signInFrom(freshAddress(), owner.email, owner.password)).status).toBe(200);
    }
    for (let i = 0; i < accountBudget.limit; i++) {
      expect((await signInFrom(freshAddress(), owner.email, WRONG)).status).toBe(401);
    }
    expectAccountRefused(await signInFrom(freshAddress(), owner.email, WRONG));
  });
});

describe("a known device", () => {
  /** Signs in from `address` and answers the device token the API handed back. */
  async function deviceOf(address: string, email: string, password: string) {
    const response = await signInFrom(address, email, password);
    expect(response.status).toBe(200);
    const { device } = response.json() as { device: string };
    expect(device).toEqual(expect.any(String));
    return device;
  }

  it("signs its owner in with the right password while the account is under attack", async () => {
    const owner = await storedUser(api);
    const device = await deviceOf("127.0.9.1", owner.email, owner.password);
    for (let i = 0; i < accountBudget.limit + 5; i++) {
      await signInFrom(freshAddress(), owner.email, WRONG);
    }
    expectAccountRefused(await signInFrom("127.0.9.1", owner.email, owner.password));
    // The same browser, with its device token, from any address.
    const signedIn = await signInFrom("127.0.9.2", owner.email, owner.password, { device });
    expect(signedIn.status).toBe(200);
  });

  it("has a budget of its own, and is no key to another account", async () => {
    const owner = await storedUser(api);
    const attacker = await storedUser(api);
    const device = await deviceOf("127.0.9.3", owner.email, owner.password);
    const attackersDevice = await deviceOf("127.0.9.4", attacker.email, attacker.password);
    for (let i = 0; i < accountBudget.limit; i++) {
      await signInFrom(freshAddress(), owner.email, WRONG);
    }
    // The attacker's own device token does not spare them the owner's account budget.
    expectAccountRefused(
      await signInFrom(freshAddress(), owner.email, WRONG, { device: attackersDevice }),
    );
    // Nor does a token that is not one.
    expectAccountRefused(
      await signInFrom(freshAddress(), owner.email, WRONG, { device: "not-a-token" }),
    );
    // The owner's device: its own budget of tries, wherever it is, then refused too.
    for (let i = 0; i < deviceBudget.limit; i++) {
      const response = await signInFrom(freshAddress(), owner.email, WRONG, { device });
      expect(response.status).toBe(401);
    }
    expectAccountRefused(await signInFrom(freshAddress(), owner.email, owner.password, { device }));
  });
});
