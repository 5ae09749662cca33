import { sql } from "kysely";
import type { Logger } from "pino";
import type { PlanBook } from "#api/billing/plans.ts";
import type { Clock } from "#api/clock.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { UNLIMITED } from "#domain/constants.ts";
import type { PlanLimits } from "#domain/plans.ts";

/*
 * Download traffic (docs/product.md#plans; ADR 025): the bytes that collection zips
 * and files' original bytes actually send count toward the team owner's plan, per UTC month or
 * in total as the plan says. What is charged is what went out, counted as it streams, so a
 * download that breaks and resumes with a Range pays for each byte once.
 */

/** The period a plan counts traffic in: the UTC month ("2026-11") or "total". */
export function trafficPeriod(type: PlanLimits["limitTrafficType"], at: number) {
  if (type === "total") return { period: "total", startPeriod: null, endPeriod: null };
  const date = new Date(at);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return {
    period: `${year}-${String(month + 1).padStart(2, "0")}`,
    startPeriod: Date.UTC(year, month, 1),
    // The last millisecond of the month.
    endPeriod: Date.UTC(year, month + 1, 1) - 1,
  };
}

export interface TrafficOptions {
  db: Db;
  now: Clock;
  /** The owner's plan sets the traffic limit and whether it counts per month or in total. */
  plans: PlanBook;
  logger: Logger;
}

export function createTraffic({ db, now, plans, logger }: TrafficOptions) {
  async function used(ownerId: string, type: PlanLimits["limitTrafficType"]): Promise<number> {
    const row = await db
      .selectFrom("traffic_usage")
      .select("bytes")
      .where("owner_id", "=", ownerId)
      .where("period", "=", trafficPeriod(type, now()).period)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  function add(ownerId: string, period: string, bytes: number) {
    return db
      .insertInto("traffic_usage")
      .values({ owner_id: ownerId, period, bytes })
      .onConflict((oc) =>
        oc
          .columns(["owner_id", "period"])
          .doUpdateSet({ bytes: sql`traffic_usage.bytes + excluded.bytes` }),
      )
      .execute();
  }

  return {
    /** What the owner's downloads used in the current period, under the owner's plan `limits`. */
    async usage(ownerId: string, limits: PlanLimits) {
      const { limitTrafficBytes, limitTrafficType } = limits;
      const { startPeriod, endPeriod } = trafficPeriod(limitTrafficType, now());
      return {
        usedBytes: await used(ownerId, limitTrafficType),
        limitBytes: limitTrafficBytes,
        limitType: limitTrafficType,
        startPeriod,
        endPeriod,
      };
    },

    /** Refuses a download of `bytes` that would take the owner past the plan's traffic. */
    async check(ownerId: string, bytes: number): Promise<void> {
      const { limitTrafficBytes: limit, limitTrafficType } = await plans.limitsOf(ownerId);
      if (limit === UNLIMITED) return;
      if ((await used(ownerId, limitTrafficType)) + bytes > limit) {
        throw new ApiError(
          "quotaExceededTraffic",
          "This download would pass the traffic of the team owner's plan; check the plan",
        );
      }
    },

    /**
     * Adds `bytes` sent to the owner's month and to their total, so a change of plan (per month
     * or in total) finds its count. Called when a response's stream closes, after the answer: a
     * failure is logged, never thrown into a request that has already ended.
     */
    charge(ownerId: string, bytes: number): void {
      if (bytes <= 0) return;
      const month = trafficPeriod("per_month", now()).period;
      Promise.all([add(ownerId, month, bytes), add(ownerId, "total", bytes)]).catch(
        (error: unknown) =>
          logger.error({ err: error, ownerId, bytes }, "traffic: bytes sent not counted"),
      );
    },
  };
}

export type Traffic = ReturnType<typeof createTraffic>;
