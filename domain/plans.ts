// Plans (docs/product.md#plans): the catalogue's shape, the rules for choosing a plan, and the
// limits a plan sets. -1 is unlimited, what self-hosters get by default.

import { UNLIMITED } from "./constants.ts";

export interface PlanLimits {
  limitTeams: number;
  limitMembersPerTeam: number;
  limitAliasesPerTeam: number;
  limitStorageBytes: number;
  limitTrafficBytes: number;
  limitTrafficType: "per_month" | "total";
}

export const PLAN_LIMIT_KEYS = [
  "limitTeams",
  "limitMembersPerTeam",
  "limitAliasesPerTeam",
  "limitStorageBytes",
  "limitTrafficBytes",
] as const satisfies readonly (keyof PlanLimits)[];
export type PlanLimitKey = (typeof PLAN_LIMIT_KEYS)[number];

export const BILLING_INTERVALS = ["monthly", "3 months", "6 months", "yearly"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/**
 * The ten badges a card can show, spelled as docs/product.md#plans spells them; expired,
 * coming_soon and coming_2026 also decide whether a plan can be chosen.
 */
export const PLAN_BADGES = [
  "most_popular",
  "best_value",
  "recommended",
  "coming_soon",
  "coming_2026",
  "early_access",
  "custom_pricing",
  "promo",
  "limited_time",
  "expired",
] as const;
export type PlanBadge = (typeof PLAN_BADGES)[number];

export interface Plan extends PlanLimits {
  planId: string;
  type: "free" | "paid";
  /** Euro per billing interval; 0 for a free plan. */
  price: number;
  billingInterval: BillingInterval;
  badge: PlanBadge | null;
  status: "active" | "inactive";
  /** The first day it can be chosen (YYYY-MM-DD), or null. */
  availableFrom: string | null;
  /** The last day it can be chosen (YYYY-MM-DD), or null. */
  expiresDate: string | null;
  /** Feature keys the card lists (translated where known, shown as written otherwise). */
  features: string[];
  /**
   * How many days the trash keeps a deleted file or collection, and a deleted team waits, for
   * the teams of an owner on this plan (1-365; TRASH_RETENTION_DAYS when the catalogue leaves it
   * out). Fixed on each item when it is deleted (ADR 092, ADR 094).
   */
  trashRetentionDays: number;
}

/** The plan id everyone is on while billing is off. */
export const DEFAULT_PLAN_ID = "free";

/** Billing off and nothing configured: no limit at all (what one machine's owner wants). */
export const UNLIMITED_PLAN_LIMITS: PlanLimits = {
  limitTeams: UNLIMITED,
  limitMembersPerTeam: UNLIMITED,
  limitAliasesPerTeam: UNLIMITED,
  limitStorageBytes: UNLIMITED,
  limitTrafficBytes: UNLIMITED,
  limitTrafficType: "per_month",
};

/** Whether one more item fits under `limit` when `used` exist already. */
export function withinLimit(used: number, limit: number): boolean {
  return limit === UNLIMITED || used < limit;
}

/** YYYY-MM-DD of an instant, in UTC: the catalogue's dates are days. */
export function dayOf(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** A plan is expired when its badge says so or its last day has passed (docs/product.md#plans). */
export function isExpired(plan: Plan, today: string): boolean {
  return plan.badge === "expired" || (plan.expiresDate !== null && plan.expiresDate < today);
}

/** Why a plan cannot be chosen, or null when it can. */
export type PlanUnavailability = "expired" | "comingSoon" | "inactive" | null;

/**
 * Whether a plan can be chosen today (docs/product.md#plans): not when coming soon (its badge, or a
 * later availableFrom), expired, or inactive. The caller's current paid plan always can, to manage
 * it.
 */
export function planUnavailability(
  plan: Plan,
  { today, currentPlanId }: { today: string; currentPlanId: string | null },
): PlanUnavailability {
  if (plan.type === "paid" && plan.planId === currentPlanId) return null;
  if (isExpired(plan, today)) return "expired";
  if (plan.badge === "coming_soon" || plan.badge === "coming_2026") return "comingSoon";
  if (plan.availableFrom !== null && plan.availableFrom > today) return "comingSoon";
  if (plan.status !== "active") return "inactive";
  return null;
}
