import { readFile } from "node:fs/promises";
import { z } from "zod";
import {
  BILLING_INTERVALS,
  DEFAULT_PLAN_ID,
  PLAN_BADGES,
  type Plan,
  type PlanLimits,
} from "#domain/plans.ts";
import {
  TRASH_RETENTION_DAYS,
  TRASH_RETENTION_DAYS_MAX,
  TRASH_RETENTION_DAYS_MIN,
} from "#domain/trash.ts";

/*
 * The plan catalogue (docs/product.md#plans; ADR 035). The operator owns it: the built-in one
 * below, or a JSON file (PLANS_FILE) that replaces it whole. A paid plan is sold through Stripe
 * when it names the Stripe price to charge; without one it is shown but cannot be bought.
 */

export interface CataloguePlan extends Plan {
  /** The Stripe price a checkout charges (price_…), or null. Never sent to clients. */
  stripePriceId: string | null;
}

const GIB = 1024 ** 3;
const TIB = 1024 * GIB;
const limit = z.number().int().min(-1);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a day like 2026-11-26");

const PlanEntry = z.strictObject({
  planId: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, "must be lowercase letters, digits, - or _"),
  type: z.enum(["free", "paid"]),
  price: z.number().min(0),
  billingInterval: z.enum(BILLING_INTERVALS),
  // "popular" is how catalogue files written before ADR 088 spell most_popular.
  badge: z
    .preprocess(
      (value) => (value === "popular" ? "most_popular" : value),
      z.enum(PLAN_BADGES).nullable(),
    )
    .default(null),
  status: z.enum(["active", "inactive"]).default("active"),
  availableFrom: day.nullable().default(null),
  expiresDate: day.nullable().default(null),
  limitStorageBytes: limit,
  limitTrafficBytes: limit,
  limitTrafficType: z.enum(["per_month", "total"]),
  limitTeams: limit,
  limitMembersPerTeam: limit,
  limitAliasesPerTeam: limit,
  features: z.array(z.string().trim().min(1).max(80)).max(12).default([]),
  stripePriceId: z.string().trim().min(1).nullable().default(null),
  // Days the trash keeps things and a deleted team waits (ADR 092, ADR 094); absent: the constant.
  trashRetentionDays: z
    .number()
    .int()
    .min(TRASH_RETENTION_DAYS_MIN)
    .max(TRASH_RETENTION_DAYS_MAX)
    .default(TRASH_RETENTION_DAYS),
});

export const CatalogueSchema = z
  .array(PlanEntry)
  .min(1)
  .superRefine((plans, ctx) => {
    const ids = new Set<string>();
    for (const [index, plan] of plans.entries()) {
      if (ids.has(plan.planId)) {
        ctx.addIssue({ code: "custom", path: [index, "planId"], message: "is listed twice" });
      }
      ids.add(plan.planId);
    }
    if (!plans.some((plan) => plan.type === "free" && plan.status === "active")) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: "needs an active free plan: the one everyone starts on",
      });
    }
  });

/** The catalogue a hosted deployment starts from; PLANS_FILE replaces it (docs/operations.md). */
export const BUILT_IN_CATALOGUE: readonly CataloguePlan[] = CatalogueSchema.parse([
  {
    planId: "starter",
    type: "free",
    price: 0,
    billingInterval: "monthly",
    limitStorageBytes: 2 * GIB,
    limitTrafficBytes: 10 * GIB,
    limitTrafficType: "per_month",
    limitTeams: 1,
    limitMembersPerTeam: 10,
    limitAliasesPerTeam: 1,
    features: ["collections", "uploadApp", "zipDownloads"],
  },
  {
    planId: "team",
    type: "paid",
    price: 9,
    billingInterval: "monthly",
    badge: "most_popular",
    limitStorageBytes: 200 * GIB,
    limitTrafficBytes: 1 * TIB,
    limitTrafficType: "per_month",
    limitTeams: 3,
    limitMembersPerTeam: 50,
    limitAliasesPerTeam: 3,
    features: ["collections", "uploadApp", "zipDownloads", "internalMembers"],
  },
  {
    planId: "pro",
    type: "paid",
    price: 99,
    billingInterval: "yearly",
    badge: "best_value",
    limitStorageBytes: 2 * TIB,
    limitTrafficBytes: 10 * TIB,
    limitTrafficType: "per_month",
    limitTeams: 10,
    limitMembersPerTeam: 250,
    limitAliasesPerTeam: 10,
    features: ["collections", "uploadApp", "zipDownloads", "internalMembers", "prioritySupport"],
  },
  {
    planId: "custom",
    type: "paid",
    price: 0,
    billingInterval: "yearly",
    badge: "coming_soon",
    limitStorageBytes: -1,
    limitTrafficBytes: -1,
    limitTrafficType: "per_month",
    limitTeams: -1,
    limitMembersPerTeam: -1,
    limitAliasesPerTeam: -1,
    features: ["collections", "uploadApp", "zipDownloads", "internalMembers", "prioritySupport"],
  },
  {
    // Retired: sold before the launch; those who have it keep it.
    planId: "pioneer",
    type: "paid",
    price: 4,
    billingInterval: "monthly",
    badge: "expired",
    status: "inactive",
    expiresDate: "2025-09-14",
    limitStorageBytes: 100 * GIB,
    limitTrafficBytes: 500 * GIB,
    limitTrafficType: "per_month",
    limitTeams: 2,
    limitMembersPerTeam: 30,
    limitAliasesPerTeam: 2,
    features: ["collections", "uploadApp", "zipDownloads"],
  },
]);

/** Reads and checks an operator's catalogue file; the error names the file and the fault. */
export async function readCatalogue(file: string): Promise<CataloguePlan[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new Error(`PLANS_FILE ${file}: ${(error as Error).message}`);
  }
  const parsed = CatalogueSchema.safeParse(json);
  if (!parsed.success) {
    const faults = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "catalogue"} ${issue.message}`,
    );
    throw new Error(`PLANS_FILE ${file}: ${faults.join("; ")}`);
  }
  return parsed.data;
}

/** The one plan of a deployment without billing: the limits the operator configured. */
export function configuredPlan(limits: PlanLimits): CataloguePlan {
  return {
    planId: DEFAULT_PLAN_ID,
    type: "free",
    price: 0,
    billingInterval: "monthly",
    badge: null,
    status: "active",
    availableFrom: null,
    expiresDate: null,
    features: [],
    stripePriceId: null,
    trashRetentionDays: TRASH_RETENTION_DAYS,
    ...limits,
  };
}

/** A plan as clients see it: without the Stripe price. */
export function publicPlan({ stripePriceId: _, ...plan }: CataloguePlan): Plan {
  return plan;
}
