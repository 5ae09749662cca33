import { createHash } from "node:crypto";
import ipaddr from "ipaddr.js";
import type { Logger } from "pino";
import type { Clock } from "#api/clock.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface Limit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/** Per client address and, where the request names them, per account and per team. */
export interface ActionLimits {
  ip: Limit;
  account?: Limit;
  team?: Limit;
}

/**
 * Sign-in (ADR 081): budgets per address (an IPv6 /64 counts as one address), per account from
 * every address, and per known device. A browser that signed in to the account before is spared
 * the account's budget, so an attack on the account never locks its owner out of that browser.
 */
export interface SignInLimits {
  /** Every try from one address, whichever the accounts. */
  ip: Limit;
  /** Tries on one account from one address; signing in from it starts it afresh. */
  accountFromIp: Limit;
  /** Failed tries on one account from every address, known devices aside. */
  account: Limit;
  /** Tries on one account from one known device; signing in from it starts it afresh. */
  device: Limit;
}

/**
 * Generous for people, tight for scripts. Sign-in counts every try per address, and failures
 * per account and address; an address's budget is larger than its budget on one account, so it
 * cannot spread its tries over many accounts unseen.
 */
export const DEFAULT_RATE_LIMITS = {
  signIn: {
    ip: { limit: 30, windowMs: 15 * MINUTE_MS },
    accountFromIp: { limit: 10, windowMs: 15 * MINUTE_MS },
    account: { limit: 20, windowMs: 15 * MINUTE_MS },
    device: { limit: 10, windowMs: 15 * MINUTE_MS },
  },
  /** Per email too: a sign-up to an unconfirmed address mails it again (ADR 084). */
  signUp: { ip: { limit: 10, windowMs: HOUR_MS }, account: { limit: 5, windowMs: HOUR_MS } },
  /**
   * Tries of a mailed code (ADR 084). A stranger (no proof of holding the account) has 10 a day
   * per account, whatever the address, and 5 per code; a holder (the sign-up's client, a known
   * device, a session) has its own 10 a day, which strangers cannot spend.
   */
  verifyEmail: {
    ip: { limit: 30, windowMs: 15 * MINUTE_MS },
    account: { limit: 10, windowMs: DAY_MS },
  },
  verifyEmailHolder: {
    ip: { limit: 30, windowMs: 15 * MINUTE_MS },
    account: { limit: 10, windowMs: DAY_MS },
  },
  resendCode: { ip: { limit: 10, windowMs: HOUR_MS }, account: { limit: 5, windowMs: HOUR_MS } },
  forgotPassword: {
    ip: { limit: 10, windowMs: HOUR_MS },
    account: { limit: 5, windowMs: HOUR_MS },
  },
  resetPassword: {
    ip: { limit: 30, windowMs: 15 * MINUTE_MS },
    account: { limit: 10, windowMs: DAY_MS },
  },
  resetPasswordHolder: {
    ip: { limit: 30, windowMs: 15 * MINUTE_MS },
    account: { limit: 10, windowMs: DAY_MS },
  },
  federated: { ip: { limit: 30, windowMs: 15 * MINUTE_MS } },
  /**
   * The password asked again of a signed-in account (to change it, or to delete the account):
   * sign-in's budgets, every try counted. Only a holder of the account's session can spend the
   * account's, so refusing the account locks out no one else (docs/product.md#rate-limits).
   */
  currentPassword: {
    ip: { limit: 30, windowMs: 15 * MINUTE_MS },
    account: { limit: 10, windowMs: 15 * MINUTE_MS },
  },
  /** Asking to change the email: each ask mails a code to the new address (ADR 077). */
  changeEmail: { ip: { limit: 10, windowMs: HOUR_MS }, account: { limit: 5, windowMs: HOUR_MS } },
  /** Starting an avatar (an upload address or a link fetch); the address budget is shared. */
  avatarUpload: {
    ip: { limit: 300, windowMs: HOUR_MS },
    account: { limit: 30, windowMs: HOUR_MS },
  },
  /** Starting a team logo, as an avatar; counted per uploader, not per team. */
  logoUpload: {
    ip: { limit: 300, windowMs: HOUR_MS },
    account: { limit: 30, windowMs: HOUR_MS },
  },
  /**
   * Early-access subscriptions: each one mails the address, so per address (an IPv6 /64 as
   * one) and per email, whose mails a stranger could otherwise repeat at will.
   */
  subscribe: { ip: { limit: 10, windowMs: HOUR_MS }, account: { limit: 3, windowMs: DAY_MS } },
  /**
   * Invitations mailed, resends too, the same for every plan: per sender and per team, each a
   * day; the address budget counts every sender of one address.
   */
  invite: {
    ip: { limit: 300, windowMs: DAY_MS },
    account: { limit: 100, windowMs: DAY_MS },
    team: { limit: 50, windowMs: DAY_MS },
  },
  /**
   * Asking for a collection's zip (POST /teams/{teamId}/downloads), every role: each keeps its
   * list of entries for a day (docs/product.md#downloads). Counted per account over its teams.
   */
  createDownload: {
    ip: { limit: 300, windowMs: HOUR_MS },
    account: { limit: 30, windowMs: HOUR_MS },
  },
  /**
   * A drop link's PIN (ADR 098), every try counted and a right one given back: guessing is slow
   * from one address and, from every address together, on one link (`account` is the link),
   * while a hundred guests of one event's Wi-Fi who type the right PIN spend nothing.
   */
  dropPin: {
    ip: { limit: 10, windowMs: 15 * MINUTE_MS },
    account: { limit: 50, windowMs: HOUR_MS },
  },
  /** Entries through drop links (each makes a guest row): per address, and per link (`account`). */
  dropEntry: {
    ip: { limit: 300, windowMs: 15 * MINUTE_MS },
    account: { limit: 2000, windowMs: HOUR_MS },
  },
  /**
   * Files started by guests: an event's guests share its Wi-Fi's one address, and a hundred of
   * them may start a thousand photos in five minutes, in bursts (ADR 098). Per link (`account`)
   * too; each guest's own limits are the link's.
   */
  dropFileStart: {
    ip: { limit: 600, windowMs: MINUTE_MS },
    account: { limit: 2000, windowMs: MINUTE_MS },
  },
} satisfies Record<string, ActionLimits | SignInLimits>;

export type RateLimitedAction = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = {
  [A in RateLimitedAction]: A extends "signIn" ? SignInLimits : ActionLimits;
};

/**
 * The default limits with every per-address budget multiplied by `factor`, for sites where many
 * people share one address (a school, an event's Wi-Fi, a company NAT). Per-account budgets stay.
 */
export function rateLimitsForSharedAddresses(factor: number): RateLimits {
  return Object.fromEntries(
    Object.entries(DEFAULT_RATE_LIMITS).map(([action, limits]) => [
      action,
      { ...limits, ip: { ...limits.ip, limit: limits.ip.limit * factor } },
    ]),
  ) as RateLimits;
}

/** Counters older than this are gone for good: the longest window. */
const PURGE_EVERY_MS = 10 * MINUTE_MS;

/**
 * The address a per-address budget counts: an IPv4 address as it is (an IPv4-mapped IPv6 one
 * too), an IPv6 address as its /64, the block one subscriber line or host is given, so that
 * rotating through it buys nothing. Anything else (an unknown socket) is counted as given.
 */
export function addressGroup(address: string) {
  const bare = address.replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return address;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(":")}::/64`;
}

/** An account as counters name it: hashed, so the table need not hold anyone's address. */
function accountKey(account: string) {
  return createHash("sha256").update(account.toLowerCase()).digest("base64url");
}

/**
 * What a sign-in refusal was about (its `reason`, for the sign-in page): the address, or the
 * account (from every address, or from this known device).
 */
export type SignInRefusal = "address" | "account";

function tooManyRequests(waitMs: number, what: string, reason?: SignInRefusal) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes > 1 ? "s" : ""}`;
  return new ApiError(
    "tooManyRequests",
    `${what}; try again in ${when}`,
    429,
    { "Retry-After": String(seconds) },
    reason ? { reason } : undefined,
  );
}

/** What sign-in reports once it has checked the password (ADR 081). */
export interface PasswordCheck {
  /** The password was right: the try is given back, and the address or device starts afresh. */
  passed(): Promise<unknown>;
}

/**
 * Fixed-window counters in the database, so every instance counts together. Each hit is one
 * atomic upsert that either starts a new window or adds one to the current one.
 */
export function createRateLimiter({
  db,
  now,
  logger,
  limits = DEFAULT_RATE_LIMITS,
}: {
  db: Db;
  now: Clock;
  logger: Logger;
  limits?: RateLimits;
}) {
  const budgets: (Limit | undefined)[] = Object.values(limits).flatMap((rules) =>
    Object.values(rules),
  );
  const longestWindow = Math.max(...budgets.map((budget) => budget?.windowMs ?? 0));
  let lastPurge = 0;

  /**
   * Counts one on `key`: how long until its window ends when that was one too many (else 0), and
   * the window it was counted in. The count is the database's answer to this very upsert, so
   * parallel requests each see their own place in line and never more than `limit` pass.
   */
  async function take(key: string, { limit, windowMs }: Limit) {
    const at = now();
    const expired = at - windowMs;
    const row = await db
      .insertInto("rate_limits")
      .values({ key, window_start: at, count: 1 })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => ({
          count: eb
            .case()
            .when("rate_limits.window_start", "<=", expired)
            .then(1)
            .else(eb("rate_limits.count", "+", 1))
            .end(),
          window_start: eb
            .case()
            .when("rate_limits.window_start", "<=", expired)
            .then(at)
            .else(eb.ref("rate_limits.window_start"))
            .end(),
        })),
      )
      .returning(["count", "window_start"])
      .executeTakeFirstOrThrow();
    const windowStart = Number(row.window_start);
    // A parallel request may have started the window a moment after this one read the clock:
    // the wait is never longer than the window itself.
    const wait = Math.min(windowMs, windowStart + windowMs - at);
    return { wait: Number(row.count) > limit ? wait : 0, windowStart };
  }

  async function hit(key: string, limit: Limit) {
    return (await take(key, limit)).wait;
  }

  /** Gives back one counted in `windowStart`, if that window is still the counter's. */
  function giveBack(key: string, windowStart: number) {
    return db
      .updateTable("rate_limits")
      .set((eb) => ({ count: eb("count", "-", 1) }))
      .where("key", "=", key)
      .where("window_start", "=", windowStart)
      .where("count", ">", 0)
      .execute();
  }

  function purge() {
    const at = now();
    if (at - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = at;
    db.deleteFrom("rate_limits")
      .where("window_start", "<", at - longestWindow)
      .execute()
      .catch((error) => logger.warn({ err: error }, "rate limits: purge failed"));
  }

  return {
    /**
     * Counts one request for `action` from `ip` (and for `account` and `team`, when given and
     * the action has such budgets); throws `tooManyRequests` with Retry-After once any is spent.
     */
    async check(action: RateLimitedAction, ip: string, account?: string, team?: string) {
      purge();
      const rules: ActionLimits | SignInLimits = limits[action];
      const waits = [await hit(`${action}:ip:${addressGroup(ip)}`, rules.ip)];
      if (account !== undefined && "account" in rules && rules.account) {
        waits.push(await hit(`${action}:account:${accountKey(account)}`, rules.account));
      }
      if (team !== undefined && "team" in rules && rules.team) {
        waits.push(await hit(`${action}:team:${team}`, rules.team));
      }
      const wait = Math.max(...waits);
      if (wait > 0) throw tooManyRequests(wait, "Too many attempts");
    },

    /**
     * One try of a secret (a drop link's PIN) for `action` from `ip` and on `account`, counted
     * before the secret is checked, so parallel tries cannot overshoot a budget; `passed` gives
     * the try back once the secret was right. Throws `tooManyRequests` once a budget is spent.
     */
    async attempt(action: RateLimitedAction, ip: string, account?: string): Promise<PasswordCheck> {
      purge();
      const rules: ActionLimits | SignInLimits = limits[action];
      const counted = [{ key: `${action}:ip:${addressGroup(ip)}`, rule: rules.ip }];
      if (account !== undefined && "account" in rules && rules.account) {
        counted.push({ key: `${action}:account:${accountKey(account)}`, rule: rules.account });
      }
      const taken: { key: string; windowStart: number }[] = [];
      // In order, stopping at the first budget spent: an address already refused spends
      // nothing of the link's.
      for (const { key, rule } of counted) {
        const { wait, windowStart } = await take(key, rule);
        if (wait > 0) throw tooManyRequests(wait, "Too many attempts");
        taken.push({ key, windowStart });
      }
      return {
        passed: () => Promise.all(taken.map((one) => giveBack(one.key, one.windowStart))),
      };
    },

    /**
     * One sign-in try on `account` from `ip`, before its password is checked (ADR 081).
     * `account` names the account whatever spelling was typed (its id; for no account, what
     * was typed, normalized), `deviceId` a browser that signed in to it before. Every try is
     * counted first, so parallel tries cannot overshoot a budget; the right password gives its
     * try back. Refuses an address that has spent its budget, overall or on this account; a
     * known device that has spent its own; any other try once the account's is spent.
     */
    async signIn(ip: string, account: string, deviceId?: string): Promise<PasswordCheck> {
      purge();
      const rules = limits.signIn;
      const group = addressGroup(ip);
      const id = accountKey(account);
      const waitForIp = await hit(`signIn:ip:${group}`, rules.ip);
      if (waitForIp > 0) {
        throw tooManyRequests(waitForIp, "Too many sign-in attempts from this address", "address");
      }
      if (deviceId !== undefined) {
        const fromDevice = `signIn:device:${id}:${deviceId}`;
        const wait = await hit(fromDevice, rules.device);
        if (wait > 0) {
          throw tooManyRequests(
            wait,
            "Too many failed sign-in attempts on this account",
            "account",
          );
        }
        return {
          passed: () => db.deleteFrom("rate_limits").where("key", "=", fromDevice).execute(),
        };
      }
      const fromIp = `signIn:account-ip:${id}:${group}`;
      const waitFromIp = await hit(fromIp, rules.accountFromIp);
      if (waitFromIp > 0) {
        throw tooManyRequests(waitFromIp, "Too many sign-in attempts from this address", "address");
      }
      const failures = `signIn:failures:${id}`;
      const counted = await take(failures, rules.account);
      if (counted.wait > 0) {
        logger.warn("sign-in: an account's failed tries are spent; refusing new devices");
        throw tooManyRequests(
          counted.wait,
          "Too many failed sign-in attempts on this account",
          "account",
        );
      }
      return {
        passed: () =>
          Promise.all([
            db.deleteFrom("rate_limits").where("key", "=", fromIp).execute(),
            giveBack(failures, counted.windowStart),
          ]),
      };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
