import { type Plan, type PlanUnavailability, planUnavailability } from "#domain/plans.ts";

/** What a plan card offers its reader (docs/product.md#plans). */
export type PlanAction =
  /** Nothing to do: billing is off, or it is the free plan the reader is on. */
  | { kind: "none" }
  | { kind: "signUp" }
  | { kind: "checkout" }
  /** Stripe's portal: to manage the paid plan the reader is on, or to change from it. */
  | { kind: "portal"; purpose: "manage" | "change" }
  | { kind: "unavailable"; reason: Exclude<PlanUnavailability, null> };

export interface Reader {
  /** Whether plans are sold on this server. */
  billing: boolean;
  /** The reader's plan; null for a guest. */
  currentPlan: Pick<Plan, "planId" | "type"> | null;
  /** YYYY-MM-DD. */
  today: string;
}

export function planAction(plan: Plan, { billing, currentPlan, today }: Reader): PlanAction {
  if (!billing) return { kind: "none" };
  const current = currentPlan?.planId === plan.planId;
  const reason = planUnavailability(plan, { today, currentPlanId: currentPlan?.planId ?? null });
  if (current) {
    return plan.type === "paid" ? { kind: "portal", purpose: "manage" } : { kind: "none" };
  }
  if (reason !== null) return { kind: "unavailable", reason };
  if (currentPlan === null) return { kind: "signUp" };
  // Whoever pays already changes plan, or goes back to the free one, where they pay.
  if (currentPlan.type === "paid") return { kind: "portal", purpose: "change" };
  return plan.type === "paid" ? { kind: "checkout" } : { kind: "none" };
}
