import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import type { Clock } from "#api/clock.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface Limit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/** Per client address and, where the request names one, per account. */
export interface ActionLimits {
  ip: Limit;
  account?: Limit;
}

/** Failures allowed per window (`limit`) before every further try waits, never refused. */
export interface Slowdown extends Limit {
  /** The wait grows by this for each failure beyond the limit... */
  stepMs: number;
  /** ...up to this, well inside the web tier's timeout for an API call. */
  maxDelayMs: number;
}

/**
 * Sign-in refuses an address, never an account (ADR 023): whoever knows an email address must
 * not be able to lock its owner out. An account under attack from many addresses is slowed.
 */
export interface SignInLimits {
  /** Every try from one address, whichever the accounts. */
  ip: Limit;
  /** Failed tries on one account from one address; signing in from it starts it afresh. */
  accountFromIp: Limit;
  /** Failed tries on one account from every address. */
  accountSlowdown: Slowdown;
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
    accountSlowdown: { limit: 10, windowMs: 15 * MINUTE_MS, stepMs: 1000, maxDelayMs: 5000 },
  },
  signUp: { ip: { limit: 10, windowMs: HOUR_MS } },
  verifyEmail: {
    ip: { limit: 30, windowMs: 15 * MINUTE_MS },
    account: { limit: 10, windowMs: 15 * MINUTE_MS },
  },
  resendCode: { ip: { limit: 10, windowMs: HOUR_MS }, account: { limit: 5, windowMs: HOUR_MS } },
  forgotPassword: {
    ip: { limit: 10, windowMs: HOUR_MS },
    account: { limit: 5, windowMs: HOUR_MS },
  },
  resetPassword: {
    ip: { limit: 30, windowMs: 15 * MINUTE_MS },
    account: { limit: 10, windowMs: 15 * MINUTE_MS },
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
} satisfies Record<string, ActionLimits | SignInLimits>;

export type RateLimitedAction = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = {
  [A in RateLimitedAction]: A extends "signIn" ? SignInLimits : ActionLimits;
};

/** How long a try on an account with `failures` in the window waits before its password check. */
export function slowdownDelayMs(failures: number, rule: Slowdown) {
  return failures <= rule.limit
    ? 0
    : Math.min(rule.maxDelayMs, (failures - rule.limit) * rule.stepMs);
}

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

/** An account as counters name it: hashed, so the table need not hold anyone's address. */
function accountKey(account: string) {
  return createHash("sha256").update(account.toLowerCase()).digest("base64url");
}

function tooManyRequests(waitMs: number, what: string) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes > 1 ? "s" : ""}`;
  return new ApiError("tooManyRequests", `${what}; try again in ${when}`, 429, {
    "Retry-After": String(seconds),
  });
}

/** What sign-in reports once it has checked the password (ADR 023). */
export interface PasswordCheck {
  /** The password was right: the address starts afresh on the account. */
  passed(): Promise<unknown>;
  /** It was wrong, or the account unknown: one more failure on the account. */
  failed(): Promise<unknown>;
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

  async function hit(key: string, { limit, windowMs }: Limit) {
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
    const count = Number(row.count);
    return count > limit ? Number(row.window_start) + windowMs - at : 0;
  }

  /** A counter's count in its current window, without adding to it. */
  async function count(key: string, windowMs: number) {
    const row = await db
      .selectFrom("rate_limits")
      .select(["count", "window_start"])
      .where("key", "=", key)
      .executeTakeFirst();
    return row && Number(row.window_start) > now() - windowMs ? Number(row.count) : 0;
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
     * Counts one request for `action` from `ip` (and for `account`, when given and the action
     * has an account budget); throws `tooManyRequests` with Retry-After once either is spent.
     */
    async check(action: RateLimitedAction, ip: string, account?: string) {
      purge();
      const rules: ActionLimits | SignInLimits = limits[action];
      const waits = [await hit(`${action}:ip:${ip}`, rules.ip)];
      if (account !== undefined && "account" in rules && rules.account) {
        waits.push(await hit(`${action}:account:${accountKey(account)}`, rules.account));
      }
      const wait = Math.max(...waits);
      if (wait > 0) throw tooManyRequests(wait, "Too many attempts");
    },

    /**
     * One sign-in try on `account` from `ip`, before its password is checked. Refuses an
     * address that has spent its budget, overall or on this account; makes a try on an account
     * failing from many addresses wait, whoever makes it. The caller reports the check.
     */
    async signIn(ip: string, account: string): Promise<PasswordCheck> {
      purge();
      const rules = limits.signIn;
      const id = accountKey(account);
      const fromIp = `signIn:account-ip:${id}:${ip}`;
      const failures = `signIn:failures:${id}`;
      const wait = Math.max(
        await hit(`signIn:ip:${ip}`, rules.ip),
        await hit(fromIp, rules.accountFromIp),
      );
      if (wait > 0) throw tooManyRequests(wait, "Too many sign-in attempts from this address");
      const delayMs = slowdownDelayMs(
        await count(failures, rules.accountSlowdown.windowMs),
        rules.accountSlowdown,
      );
      if (delayMs > 0) {
        logger.warn({ delayMs }, "sign-in: many failed tries on one account; answering slowly");
        await sleep(delayMs);
      }
      return {
        passed: () => db.deleteFrom("rate_limits").where("key", "=", fromIp).execute(),
        failed: () => hit(failures, rules.accountSlowdown),
      };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
