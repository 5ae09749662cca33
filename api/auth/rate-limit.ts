import { createHash } from "node:crypto";
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

/**
 * Generous for people, tight for scripts. Sign-in counts every try; an account's budget is
 * smaller than an address's, so one address cannot spread its tries over many accounts unseen.
 */
export const DEFAULT_RATE_LIMITS = {
  signIn: {
    ip: { limit: 30, windowMs: 15 * MINUTE_MS },
    account: { limit: 10, windowMs: 15 * MINUTE_MS },
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
} satisfies Record<string, ActionLimits>;

export type RateLimitedAction = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitedAction, ActionLimits>;

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
  const longestWindow = Math.max(
    ...Object.values(limits).flatMap((l) => [l.ip.windowMs, l.account?.windowMs ?? 0]),
  );
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
     * Counts one request for `action` from `ip` (and for `account`, when given); throws
     * `tooManyRequests` with Retry-After once either budget is spent.
     */
    async check(action: RateLimitedAction, ip: string, account?: string) {
      purge();
      const rules = limits[action];
      const waits = [await hit(`${action}:ip:${ip}`, rules.ip)];
      if (account !== undefined && rules.account) {
        // Hashed: the table need not hold anyone's address.
        const id = createHash("sha256").update(account.toLowerCase()).digest("base64url");
        waits.push(await hit(`${action}:account:${id}`, rules.account));
      }
      const wait = Math.max(...waits);
      if (wait > 0) {
        const seconds = Math.max(1, Math.ceil(wait / 1000));
        throw new ApiError(
          "tooManyRequests",
          `Too many attempts; try again in ${seconds} seconds`,
          429,
          { "Retry-After": String(seconds) },
        );
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
