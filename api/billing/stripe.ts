import type { Transaction } from "kysely";
import type { Logger } from "pino";
import Stripe from "stripe";
import { recordActivity } from "#api/activity/record.ts";
import type { Clock } from "#api/clock.ts";
import type { Database, Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import type { PlanBook } from "./plans.ts";

/*
 * Selling plans through Stripe (ADR 035). Checkout and the billing portal are Stripe's
 * hosted pages: the API makes a session and answers its address, and the browser goes there.
 * Stripe then tells us what happened through signed webhooks, which are the only thing that
 * changes a user's plan. Each event is applied once (billing_events), and an event older than
 * the last one applied to a user is ignored, since Stripe does not promise their order.
 */

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (a local stand-in in tests); Stripe's own when absent. */
  apiUrl?: string;
}

export interface StripeBillingOptions {
  settings: StripeSettings;
  db: Db;
  now: Clock;
  plans: PlanBook;
  logger: Logger;
  /** Where Stripe's pages send the browser back to: `${publicUrl}/plans`. */
  publicUrl: string;
}

/** The Stripe client, pointed at `apiUrl` when one is given. */
export function stripeClient({ secretKey, apiUrl }: Pick<StripeSettings, "secretKey" | "apiUrl">) {
  const address = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(address && {
      host: address.hostname,
      port: address.port || (address.protocol === "http:" ? 80 : 443),
      protocol: address.protocol === "http:" ? "http" : "https",
    }),
  });
}

/**
 * Where the plan buttons' redirects go: Stripe's hosted checkout and portal, or the stand-in
 * that plays Stripe's API. The web tier allows them as form-action hops (its CSP); it needs no
 * key for that, so a web-only instance allows Stripe's own whether or not billing is on.
 */
export function stripeRedirectOrigins(apiUrl: string | undefined): string[] {
  return apiUrl
    ? [new URL(apiUrl).origin]
    : ["https://checkout.stripe.com", "https://billing.stripe.com"];
}

/** The id of a Stripe object that may arrive expanded or as its id. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === "string" ? value : value.id;
}

/** What the billing operations work with: the options, the Stripe client and the return page. */
export interface Billing extends StripeBillingOptions {
  stripe: Stripe;
  returnUrl: string;
}

export function createStripeBilling(options: StripeBillingOptions) {
  const deps: Billing = {
    ...options,
    stripe: stripeClient(options.settings),
    returnUrl: `${options.publicUrl}/plans`,
  };
  return {
    checkout: (user: { userId: string; email: string | null }, planId: string) =>
      checkout(deps, user, planId),
    portal: (userId: string) => portal(deps, userId),
    webhook: (rawBody: string, signature: string | undefined) => webhook(deps, rawBody, signature),
  };
}

/** A Checkout session for `planId`; answers the address to send the browser to. */
export async function checkout(
  deps: Billing,
  user: { userId: string; email: string | null },
  planId: string,
) {
  const { plans, stripe, returnUrl } = deps;
  const plan = plans.find(planId);
  if (!plan) throw new ApiError("notFound", "There is no such plan");
  const why = await plans.unavailability(user.userId, plan);
  if (why !== null) {
    throw new ApiError("planCheckoutError", `This plan can't be chosen (${why})`);
  }
  if (plan.type !== "paid" || plan.stripePriceId === null) {
    throw new ApiError("planCheckoutError", "This plan is not sold online");
  }
  const current = await plans.planOf(user.userId);
  if (current.type === "paid") {
    throw new ApiError(
      "planCheckoutError",
      "You already pay for a plan: change it in the billing portal",
    );
  }
  try {
    const customer = await customerFor(deps, user);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: user.userId,
      line_items: [{ price: plan.stripePriceId, quantity: 1 }],
      subscription_data: { metadata: { userId: user.userId, planId } },
      metadata: { userId: user.userId, planId },
      success_url: `${returnUrl}?checkout=done`,
      cancel_url: returnUrl,
    });
    if (!session.url) throw new Error("Stripe answered a checkout session without a url");
    return { url: session.url };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw upstream(deps, "planCheckoutError", error);
  }
}

/** A billing portal session, where the user changes or cancels what they pay for. */
export async function portal(deps: Billing, userId: string) {
  const account = await accountOf(deps, userId);
  if (!account?.customer_id) {
    throw new ApiError("stripePortalError", "There is no billing account to manage yet");
  }
  try {
    const session = await deps.stripe.billingPortal.sessions.create({
      customer: account.customer_id,
      return_url: deps.returnUrl,
    });
    return { url: session.url };
  } catch (error) {
    throw upstream(deps, "stripePortalError", error);
  }
}

/**
 * Verifies a webhook's signature on its raw body and applies it once. Answers whether it
 * was new. A bad signature is a 400 (Stripe shows it and retries).
 */
export async function webhook(
  deps: Billing,
  rawBody: string,
  signature: string | undefined,
): Promise<{ applied: boolean }> {
  const { db, now, logger, stripe, settings } = deps;
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("no Stripe-Signature header");
    event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
  } catch (error) {
    throw new ApiError(
      "invalidInput",
      `The webhook's signature does not verify: ${(error as Error).message}`,
    );
  }
  const change = await changeOf(deps, event);
  const eventAt = event.created * 1000;
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto("billing_events")
      .values({ event_id: event.id, type: event.type, received_at: now() })
      .onConflict((oc) => oc.column("event_id").doNothing())
      .executeTakeFirst();
    if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return { applied: false };
    if (change === null) return { applied: true };
    // Only changes of state are ordered: linking a customer never makes a later state stale.
    const ordered = "status" in change;
    if (ordered) {
      const account = await trx
        .selectFrom("billing_accounts")
        .select("changed_at")
        .where("user_id", "=", change.userId)
        .executeTakeFirst();
      if (account && account.changed_at > eventAt) return { applied: true };
    }
    const values = {
      ...("customerId" in change && change.customerId && { customer_id: change.customerId }),
      ...(change.subscriptionId && { subscription_id: change.subscriptionId }),
      ...("planId" in change && { plan_id: change.planId }),
      ...(ordered && { subscription_status: change.status, changed_at: eventAt }),
    };
    if (Object.keys(values).length === 0) return { applied: true };
    const before = await trx
      .selectFrom("billing_accounts")
      .select(["plan_id", "subscription_status"])
      .where("user_id", "=", change.userId)
      .executeTakeFirst();
    await trx
      .insertInto("billing_accounts")
      .values({
        user_id: change.userId,
        customer_id: null,
        subscription_id: null,
        plan_id: null,
        subscription_status: null,
        changed_at: 0,
        ...values,
      })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
      .execute();
    await recordPlanChange(deps, trx, change.userId, before);
    logger.info(
      { event: event.id, type: event.type, userId: change.userId, ...values },
      "billing: Stripe event applied",
    );
    return { applied: true };
  });
}

/**
 * The owner's plan is the plan of every team they own: when the event moved them to another
 * plan, each of those teams records it (ADR 091), in the event's transaction. Billing acts, not
 * a member, so the entries have no actor.
 */
async function recordPlanChange(
  { plans, now }: Billing,
  trx: Transaction<Database>,
  userId: string,
  before: { plan_id: string | null; subscription_status: string | null } | undefined,
) {
  const after = await trx
    .selectFrom("billing_accounts")
    .select(["plan_id", "subscription_status"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const from = plans.planOfAccount(before).planId;
  const to = plans.planOfAccount(after).planId;
  if (from === to) return;
  const teams = await trx
    .selectFrom("teams")
    .select(["team_id", "name"])
    .where("owner_id", "=", userId)
    .execute();
  const at = now();
  for (const team of teams) {
    await recordActivity(trx, {
      teamId: team.team_id,
      actorId: null,
      kind: "teamPlanChanged",
      targetType: "team",
      targetId: team.team_id,
      targetName: team.name,
      detail: { from, to },
      at,
    });
  }
}

/** Stripe failed or could not be reached: the caller's error code, as a 502. */
function upstream(
  { logger }: Billing,
  code: "planCheckoutError" | "stripePortalError",
  error: unknown,
) {
  logger.error({ err: error }, "billing: Stripe call failed");
  return new ApiError(code, "The payment provider could not be reached; try again", 502);
}

async function accountOf({ db }: Billing, userId: string) {
  return db
    .selectFrom("billing_accounts")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** The user's Stripe customer, made (and remembered) at their first checkout. */
async function customerFor(
  deps: Billing,
  user: { userId: string; email: string | null },
): Promise<string> {
  const { db, stripe } = deps;
  const account = await accountOf(deps, user.userId);
  if (account?.customer_id) return account.customer_id;
  const customer = await stripe.customers.create(
    { email: user.email ?? undefined, metadata: { userId: user.userId } },
    // Two checkouts started at once make one customer.
    { idempotencyKey: `customer-${user.userId}` },
  );
  await db
    .insertInto("billing_accounts")
    .values({
      user_id: user.userId,
      customer_id: customer.id,
      subscription_id: null,
      plan_id: null,
      subscription_status: null,
      changed_at: 0,
    })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ customer_id: customer.id }))
    .execute();
  return customer.id;
}

/** The user an event's customer belongs to: by the customer we made, or its metadata. */
async function userOfCustomer({ db }: Billing, customerId: string | null, metadataUserId?: string) {
  if (customerId) {
    const row = await db
      .selectFrom("billing_accounts")
      .select("user_id")
      .where("customer_id", "=", customerId)
      .executeTakeFirst();
    if (row) return row.user_id;
  }
  if (!metadataUserId) return null;
  const user = await db
    .selectFrom("users")
    .select("user_id")
    .where("user_id", "=", metadataUserId)
    .executeTakeFirst();
  return user?.user_id ?? null;
}

/**
 * A subscription as a plan: the catalogue plan whose Stripe price one of its items charges. An
 * item may be something else sold beside it (added in Stripe's dashboard), in any place.
 */
function planOfSubscription(
  { plans, logger }: Billing,
  subscription: Stripe.Subscription,
): string | null {
  const priceIds = subscription.items.data.map((item) => item.price.id);
  const plan = priceIds.map((priceId) => plans.byStripePrice(priceId)).find(Boolean);
  if (!plan) {
    logger.warn({ priceIds, subscription: subscription.id }, "billing: price of no plan");
  }
  return plan?.planId ?? null;
}

/** The change an event makes to a user's billing account, or null for none. */
async function changeOf(deps: Billing, event: Stripe.Event) {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const userId = await userOfCustomer(
        deps,
        idOf(session.customer),
        session.client_reference_id ?? undefined,
      );
      if (!userId) return null;
      return {
        userId,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const userId = await userOfCustomer(
        deps,
        idOf(subscription.customer),
        subscription.metadata?.userId,
      );
      if (!userId) return null;
      const deleted = event.type === "customer.subscription.deleted";
      return {
        userId,
        customerId: idOf(subscription.customer),
        subscriptionId: subscription.id,
        planId: deleted ? null : planOfSubscription(deps, subscription),
        status: deleted ? "canceled" : subscription.status,
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      const userId = await userOfCustomer(deps, idOf(invoice.customer));
      if (!userId || !subscriptionId) return null;
      const account = await accountOf(deps, userId);
      // An invoice of another (older) subscription says nothing about this one.
      if (account?.subscription_id !== subscriptionId) return null;
      return {
        userId,
        subscriptionId,
        status: event.type === "invoice.paid" ? "active" : "past_due",
      };
    }
    default:
      return null;
  }
}

export type StripeBilling = ReturnType<typeof createStripeBilling>;
