import type { Clock } from "#api/clock.ts";
import type { Db } from "#api/db/schema.ts";
import { dayOf, type Plan, type PlanLimits, planUnavailability } from "#domain/plans.ts";
import { type CataloguePlan, configuredPlan, publicPlan } from "./catalogue.ts";

/*
 * Which plan a user is on, and so the limits of the teams they own (ADR 035). Without billing
 * everyone is on one plan with the operator's limits. With billing, a user is on the plan their
 * Stripe subscription pays for while it is in good standing, and on the catalogue's free plan
 * otherwise.
 */

/** Stripe subscription statuses that keep the plan: paid, on trial, or a payment being retried. */
const STANDING = new Set(["active", "trialing", "past_due"]);

export interface PlanBookOptions {
  db: Db;
  now: Clock;
  /** The catalogue when billing is on; null when it is off. */
  catalogue: readonly CataloguePlan[] | null;
  /** The limits everyone has while billing is off. */
  configuredLimits: PlanLimits;
}

export function createPlanBook({ db, now, catalogue, configuredLimits }: PlanBookOptions) {
  const plans = catalogue ?? [configuredPlan(configuredLimits)];
  const byId = new Map(plans.map((plan) => [plan.planId, plan]));
  // The catalogue is checked to hold one (CatalogueSchema).
  const found = plans.find((plan) => plan.type === "free" && plan.status === "active");
  if (!found) throw new Error("The plan catalogue needs an active free plan");
  const freePlan: CataloguePlan = found;

  /** The plan a billing account's row puts its user on (none: the free plan). */
  function planOfAccount(
    account: { plan_id: string | null; subscription_status: string | null } | undefined,
  ): CataloguePlan {
    if (catalogue === null) return freePlan;
    const paid =
      account?.plan_id && STANDING.has(account.subscription_status ?? "")
        ? byId.get(account.plan_id)
        : undefined;
    return paid ?? freePlan;
  }

  async function planOf(userId: string): Promise<CataloguePlan> {
    if (catalogue === null) return freePlan;
    const account = await db
      .selectFrom("billing_accounts")
      .select(["plan_id", "subscription_status"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return planOfAccount(account);
  }

  return {
    /** Whether plans are sold here (Stripe is configured). */
    billing: catalogue !== null,

    /** Every plan, as clients see them (GET /plans). */
    catalogue(): Plan[] {
      return plans.map(publicPlan);
    },

    /** A plan of the catalogue by id. */
    find(planId: string): CataloguePlan | undefined {
      return byId.get(planId);
    },

    /** The plan a Stripe price pays for. */
    byStripePrice(priceId: string): CataloguePlan | undefined {
      return plans.find((plan) => plan.stripePriceId === priceId);
    },

    planOf,
    planOfAccount,

    /** Whether the user pays a subscription in good standing (one to cancel before leaving). */
    async pays(userId: string): Promise<boolean> {
      return (await planOf(userId)).type === "paid";
    },

    /** The limits of the plan a user is on: of the teams they own, and for new ones. */
    async limitsOf(userId: string): Promise<PlanLimits> {
      return planOf(userId);
    },

    /** The limits a team lives under: its owner's plan. */
    async limitsOfTeam(teamId: string): Promise<PlanLimits> {
      const team = await db
        .selectFrom("teams")
        .select("owner_id")
        .where("team_id", "=", teamId)
        .executeTakeFirst();
      return team ? planOf(team.owner_id) : freePlan;
    },

    /**
     * How many days a team's trash keeps what is deleted now, and the team itself if it is
     * deleted now: its owner's plan's (ADR 092, ADR 094). Read outside a transaction: on SQLite
     * one holds the only connection.
     */
    async trashRetentionDaysOf(ownerId: string): Promise<number> {
      return (await planOf(ownerId)).trashRetentionDays;
    },

    /** Why `planId` can't be bought by `userId` today, or null when it can. */
    async unavailability(userId: string, plan: CataloguePlan) {
      const current = await planOf(userId);
      return planUnavailability(plan, { today: dayOf(now()), currentPlanId: current.planId });
    },
  };
}

export type PlanBook = ReturnType<typeof createPlanBook>;
