import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_CATALOGUE, type CataloguePlan, readCatalogue } from "#api/billing/catalogue.ts";
import { PLAN_BADGES } from "#domain/plans.ts";
import { StripeStandIn } from "../support/stripe-standin.ts";
import { bearer, expectError, signedInUser, type Tokens } from "./support/accounts.ts";
import { startApi, TEST_PLAN_LIMITS, type TestApi } from "./support/api-server.ts";

// Plans, usage and billing (ADR 035) over real HTTP, with Stripe's own SDK talking to a
// local stand-in of Stripe's API, which pays, cancels and sends webhooks signed by the SDK's
// test helper.

const SECRET_KEY = "sk_test_billing";
const WEBHOOK_SECRET = "whsec_billing";
const WEBHOOK = "/api/payments/stripe/webhook";

/** The built-in catalogue with Stripe prices for the plans sold online. */
const catalogue: CataloguePlan[] = BUILT_IN_CATALOGUE.map((plan) => ({
  ...plan,
  stripePriceId: ["team", "pro", "pioneer"].includes(plan.planId) ? `price_${plan.planId}` : null,
}));

let stripe: StripeStandIn;
let api: TestApi;
beforeAll(async () => {
  stripe = await new StripeStandIn({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
  }).start();
  api = await startApi({
    billing: {
      catalogue,
      stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url },
    },
  });
  stripe.webhookUrl = `${api.url}${WEBHOOK}`;
});
afterAll(async () => {
  await api?.close();
  await stripe?.stop();
});

const get = (path: string, tokens?: Tokens) =>
  api.request(path, { headers: tokens ? bearer(tokens) : {} });
const post = (path: string, json: unknown, tokens?: Tokens) =>
  api.request(path, { method: "POST", json, headers: tokens ? bearer(tokens) : {} });

async function planIdOf(tokens: Tokens) {
  const response = await get("/api/users/@me/plan", tokens);
  expect(response.status).toBe(200);
  return ((await response.json()) as { planId: string }).planId;
}

async function checkout(tokens: Tokens, planId: string) {
  const response = await post("/api/payments/stripe/checkout", { planId }, tokens);
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/** A signed-in user, with their id. */
async function member() {
  const user = await signedInUser(api);
  const me = (await (await get("/api/users/@me", user.tokens)).json()) as { userId: string };
  return { ...user, userId: me.userId };
}

/** Pays on the stand-in's checkout page, as a person would: its form posts and goes back. */
async function pay(checkoutUrl: string) {
  const paid = await fetch(checkoutUrl, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  return paid.headers.get("location");
}

/** A user who has been through checkout once (so Stripe knows them as a customer). */
async function customer() {
  const user = await member();
  await checkout(user.tokens, "team");
  const row = await api.db
    .selectFrom("billing_accounts")
    .select("customer_id")
    .where("user_id", "=", user.userId)
    .executeTakeFirstOrThrow();
  return { ...user, customerId: row.customer_id as string };
}

describe("GET /plans", () => {
  it("lists the catalogue with every field of docs/product.md#plans, and never a Stripe price", async () => {
    const response = await get("/api/plans");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { plans: Record<string, unknown>[]; billing: boolean };
    expect(body.billing).toBe(true);
    expect(body.plans.map((plan) => plan.planId)).toEqual([
      "starter",
      "team",
      "pro",
      "custom",
      "pioneer",
    ]);
    expect(body.plans.find((plan) => plan.planId === "pioneer")).toMatchObject({
      type: "paid",
      badge: "expired",
      status: "inactive",
      expiresDate: "2025-09-14",
    });
    // No built-in plan sets its own: the trash's 30 days (ADR 092).
    for (const plan of body.plans) expect(plan.trashRetentionDays).toBe(30);
    for (const plan of body.plans) {
      expect(Object.keys(plan).sort()).toEqual(
        [
          "planId",
          "type",
          "price",
          "billingInterval",
          "badge",
          "status",
          "availableFrom",
          "expiresDate",
          "limitStorageBytes",
          "limitTrafficBytes",
          "limitTrafficType",
          "limitTeams",
          "limitMembersPerTeam",
          "limitAliasesPerTeam",
          "features",
          "trashRetentionDays",
        ].sort(),
      );
    }
  });
});

describe("plan badges (ADR 088)", () => {
  it("answers each of the specification's ten badges as the catalogue file gives it", async () => {
    expect(PLAN_BADGES).toEqual([
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
    ]);
    const dir = await mkdtemp(path.join(tmpdir(), "raccolta-plans-"));
    const file = path.join(dir, "plans.json");
    const plan = (planId: string, badge: string | null) => ({
      planId,
      type: planId === "base" ? "free" : "paid",
      price: planId === "base" ? 0 : 5,
      billingInterval: "monthly",
      badge,
      limitStorageBytes: 1024,
      limitTrafficBytes: 1024,
      limitTrafficType: "total",
      limitTeams: 1,
      limitMembersPerTeam: 1,
      limitAliasesPerTeam: 1,
    });
    // An older file's "popular" is read as most_popular.
    const plans = [
      plan("base", null),
      ...PLAN_BADGES.map((badge) => plan(badge.replaceAll("_", "-"), badge)),
      plan("legacy", "popular"),
    ];
    await writeFile(file, JSON.stringify(plans));
    const badged = await startApi({
      billing: {
        catalogue: await readCatalogue(file),
        stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url },
      },
    });
    try {
      const body = (await (await badged.request("/api/plans")).json()) as {
        plans: { planId: string; badge: string | null }[];
      };
      expect(body.plans.map(({ planId, badge }) => [planId, badge])).toEqual([
        ["base", null],
        ...PLAN_BADGES.map((badge) => [badge.replaceAll("_", "-"), badge]),
        ["legacy", "most_popular"],
      ]);
      await writeFile(file, JSON.stringify([plan("base", "hot")]));
      await expect(readCatalogue(file)).rejects.toThrow(/0\.badge/);
    } finally {
      await badged.close();
      await rm(dir, { recursive: true });
    }
  });
});

describe("a user's plan and usage", () => {
  it("starts on the free plan, whose limits the usage reports", async () => {
    const { tokens } = await signedInUser(api);
    expect(await planIdOf(tokens)).toBe("starter");
    const usage = await get("/api/users/@me/usage", tokens);
    expect(await usage.json()).toMatchObject({
      storage: { usedBytes: 0, limitBytes: 2 * 1024 ** 3 },
      traffic: { usedBytes: 0, limitBytes: 10 * 1024 ** 3, limitType: "per_month" },
    });
  });
});

describe("POST /payments/stripe/checkout", () => {
  it("makes a customer and a subscription checkout for the plan's price, and answers its address", async () => {
    const user = await member();
    const url = await checkout(user.tokens, "team");
    expect(url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const [customerCall, sessionCall] = stripe.calls.slice(-2);
    expect(customerCall?.path).toBe("/v1/customers");
    expect(customerCall?.form.get("email")).toBe(user.email);
    expect(sessionCall?.path).toBe("/v1/checkout/sessions");
    expect(sessionCall?.form.get("line_items[0][price]")).toBe("price_team");
    expect(sessionCall?.form.get("client_reference_id")).toBe(user.userId);
    expect(sessionCall?.form.get("success_url")).toBe("https://raccolta.test/plans?checkout=done");
    expect(sessionCall?.form.get("cancel_url")).toBe("https://raccolta.test/plans");

    // A second checkout is the same customer.
    await checkout(user.tokens, "pro");
    expect(stripe.calls.at(-1)?.path).toBe("/v1/checkout/sessions");
    expect(stripe.calls.at(-1)?.form.get("customer")).toBe(
      customerCall && sessionCall?.form.get("customer"),
    );
  });

  it("refuses plans that can't be bought, and names why", async () => {
    const { tokens } = await signedInUser(api);
    await expectError(
      await post("/api/payments/stripe/checkout", { planId: "custom" }, tokens),
      409,
      "planCheckoutError",
    );
    await expectError(
      await post("/api/payments/stripe/checkout", { planId: "pioneer" }, tokens),
      409,
      "planCheckoutError",
    );
    await expectError(
      await post("/api/payments/stripe/checkout", { planId: "starter" }, tokens),
      409,
      "planCheckoutError",
    );
    await expectError(
      await post("/api/payments/stripe/checkout", { planId: "gold" }, tokens),
      404,
      "notFound",
    );
    await expectError(
      await post("/api/payments/stripe/checkout", { plan: "team" }, tokens),
      400,
      "invalidInput",
    );
    await expectError(
      await post("/api/payments/stripe/checkout", { planId: "team" }),
      401,
      "authorizationRequired",
    );
  });

  it("answers planCheckoutError with 502 when Stripe fails, and works again after", async () => {
    const { tokens } = await signedInUser(api);
    stripe.failNext(2);
    await expectError(
      await post("/api/payments/stripe/checkout", { planId: "team" }, tokens),
      502,
      "planCheckoutError",
    );
    expect(await checkout(tokens, "team")).toMatch(/\/pay\//);
  });
});

describe("paying, and the plan's limits", () => {
  it("moves the payer to the plan once Stripe's webhook says so, and its limits apply to their teams", async () => {
    const user = await signedInUser(api);
    const createTeam = (name: string) => post("/api/teams", { name, nickname: "Ada" }, user.tokens);
    expect((await createTeam("First team")).status).toBe(201);
    // Starter allows one team.
    await expectError(await createTeam("Second team"), 403, "quotaExceededTeams");

    const back = await pay(await checkout(user.tokens, "team"));
    expect(back).toBe("https://raccolta.test/plans?checkout=done");
    expect(stripe.sent.slice(-2).map(({ event, status }) => [event.type, status])).toEqual([
      ["checkout.session.completed", 200],
      ["customer.subscription.created", 200],
    ]);
    expect(await planIdOf(user.tokens)).toBe("team");
    expect((await createTeam("Second team")).status).toBe(201);
    const usage = await (await get("/api/users/@me/usage", user.tokens)).json();
    expect(usage).toMatchObject({ storage: { limitBytes: 200 * 1024 ** 3 } });

    // Already paying: a plan change goes through the portal.
    await expectError(
      await post("/api/payments/stripe/checkout", { planId: "pro" }, user.tokens),
      409,
      "planCheckoutError",
    );
  });

  it("keeps the plan while a payment is retried, and drops to the free plan when unpaid or cancelled", async () => {
    const { tokens, customerId, userId } = await customer();
    const subscription = stripe.subscription(customerId, "price_pro", "active", { userId });
    await stripe.deliver(stripe.event("customer.subscription.created", subscription));
    expect(await planIdOf(tokens)).toBe("pro");

    await stripe.deliver(
      stripe.event("invoice.payment_failed", {
        object: "invoice",
        customer: customerId,
        parent: {
          type: "subscription_details",
          subscription_details: { subscription: subscription.id },
        },
      }),
    );
    expect(await planIdOf(tokens)).toBe("pro");
    const account = await api.db
      .selectFrom("billing_accounts")
      .select("subscription_status")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(account.subscription_status).toBe("past_due");

    await stripe.deliver(
      stripe.event("customer.subscription.updated", { ...subscription, status: "unpaid" }),
    );
    expect(await planIdOf(tokens)).toBe("starter");
    await stripe.deliver(
      stripe.event("customer.subscription.updated", { ...subscription, status: "active" }),
    );
    expect(await planIdOf(tokens)).toBe("pro");
    await stripe.deliver(
      stripe.event("customer.subscription.deleted", { ...subscription, status: "canceled" }),
    );
    expect(await planIdOf(tokens)).toBe("starter");
  });

  it("finds the plan in whichever item of the subscription charges its price", async () => {
    const { tokens, customerId, userId } = await customer();
    // Something else sold beside the plan, listed first; then a subscription of nothing we sell.
    const subscription = stripe.subscription(customerId, ["price_extra", "price_pro"], "active", {
      userId,
    });
    await stripe.deliver(stripe.event("customer.subscription.created", subscription));
    expect(await planIdOf(tokens)).toBe("pro");
    const unknown = stripe.subscription(customerId, ["price_extra"], "active", { userId });
    await stripe.deliver(stripe.event("customer.subscription.updated", unknown));
    expect(await planIdOf(tokens)).toBe("starter");
  });

  it("keeps a team's members and aliases to its owner's plan, whoever adds them", async () => {
    const owner = await signedInUser(api);
    const created = await post("/api/teams", { name: "Aliased", nickname: "Owner" }, owner.tokens);
    const { teamId } = (await created.json()) as { teamId: string };
    const addAlias = (alias: string) =>
      post(`/api/teams/${teamId}/aliases`, { alias }, owner.tokens);
    const suffix = teamId.slice(0, 8);
    expect((await addAlias(`one-${suffix}`)).status).toBe(201);
    await expectError(await addAlias(`two-${suffix}`), 403, "quotaExceededAliases");
    await pay(await checkout(owner.tokens, "team"));
    expect((await addAlias(`two-${suffix}`)).status).toBe(201);
  });
});

describe("the Stripe webhook", () => {
  it("refuses an event whose signature does not verify, and changes nothing", async () => {
    const { tokens, customerId, userId } = await customer();
    const subscription = stripe.subscription(customerId, "price_pro", "active", { userId });
    const event = stripe.event("customer.subscription.created", subscription);
    await expectError(await stripe.deliver(event, "whsec_forged"), 400, "invalidInput");
    const unsigned = await api.request(WEBHOOK, { method: "POST", json: event });
    await expectError(unsigned, 400, "invalidInput");
    // A body changed after signing.
    const signature = stripe.signature(JSON.stringify(event));
    const tampered = await api.request(WEBHOOK, {
      method: "POST",
      headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
      body: JSON.stringify({ ...event, type: "customer.subscription.updated" }),
    });
    await expectError(tampered, 400, "invalidInput");
    expect(await planIdOf(tokens)).toBe("starter");
  });

  it("applies each event once: the same event again changes nothing", async () => {
    const { tokens, customerId, userId } = await customer();
    const subscription = stripe.subscription(customerId, "price_pro", "active", { userId });
    const upgraded = stripe.event("customer.subscription.created", subscription);
    expect((await stripe.deliver(upgraded)).status).toBe(200);
    expect(await planIdOf(tokens)).toBe("pro");
    const cancelled = stripe.event("customer.subscription.deleted", {
      ...subscription,
      status: "canceled",
    });
    await stripe.deliver(cancelled);
    expect(await planIdOf(tokens)).toBe("starter");

    // Stripe delivers the upgrade again (a retry): answered, and not applied twice.
    expect((await stripe.deliver(upgraded)).status).toBe(200);
    expect(await planIdOf(tokens)).toBe("starter");
    const rows = await api.db
      .selectFrom("billing_events")
      .select("event_id")
      .where("event_id", "=", upgraded.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("ignores an event older than the last one applied (Stripe does not promise their order)", async () => {
    const { tokens, customerId, userId } = await customer();
    const subscription = stripe.subscription(customerId, "price_pro", "active", { userId });
    const now = Math.floor(Date.now() / 1000);
    await stripe.deliver(
      stripe.event("customer.subscription.deleted", { ...subscription, status: "canceled" }, now),
    );
    await stripe.deliver(stripe.event("customer.subscription.updated", subscription, now - 60));
    expect(await planIdOf(tokens)).toBe("starter");
  });

  it("answers events it has no use for, and events of customers it does not know", async () => {
    const { tokens } = await signedInUser(api);
    expect(
      (await stripe.deliver(stripe.event("customer.created", { id: "cus_x", object: "customer" })))
        .status,
    ).toBe(200);
    const stranger = stripe.subscription("cus_unknown", "price_pro");
    expect(
      (await stripe.deliver(stripe.event("customer.subscription.created", stranger))).status,
    ).toBe(200);
    expect(await planIdOf(tokens)).toBe("starter");
  });
});

describe("POST /payments/stripe/portal", () => {
  it("needs a billing account, then opens Stripe's portal, where cancelling returns the free plan", async () => {
    const { tokens } = await signedInUser(api);
    await expectError(
      await post("/api/payments/stripe/portal", { planId: "team" }, tokens),
      409,
      "stripePortalError",
    );

    await pay(await checkout(tokens, "team"));
    expect(await planIdOf(tokens)).toBe("team");
    const response = await post("/api/payments/stripe/portal", { planId: "team" }, tokens);
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    expect(stripe.calls.at(-1)?.form.get("return_url")).toBe("https://raccolta.test/plans");

    const cancelled = await fetch(`${url}/cancel`, { method: "POST", redirect: "manual" });
    expect(cancelled.headers.get("location")).toBe("https://raccolta.test/plans");
    expect(await planIdOf(tokens)).toBe("starter");
  });

  it("answers stripePortalError with 502 when Stripe fails", async () => {
    const { tokens } = await customer();
    stripe.failNext(2);
    await expectError(
      await post("/api/payments/stripe/portal", { planId: "team" }, tokens),
      502,
      "stripePortalError",
    );
  });
});

describe("without billing", () => {
  let selfHosted: TestApi;
  beforeAll(async () => {
    selfHosted = await startApi({ planLimits: { limitTeams: -1 } });
  });
  afterAll(() => selfHosted?.close());

  it("lists one plan, the configured limits, and sells nothing", async () => {
    const response = await selfHosted.request("/api/plans");
    expect(await response.json()).toEqual({
      billing: false,
      plans: [
        {
          planId: "free",
          type: "free",
          price: 0,
          billingInterval: "monthly",
          badge: null,
          status: "active",
          availableFrom: null,
          expiresDate: null,
          features: [],
          trashRetentionDays: 30,
          ...TEST_PLAN_LIMITS,
          limitTeams: -1,
        },
      ],
    });
    const { tokens } = await signedInUser(selfHosted);
    for (const call of ["checkout", "portal"]) {
      await expectError(
        await selfHosted.request(`/api/payments/stripe/${call}`, {
          method: "POST",
          json: { planId: "team" },
          headers: bearer(tokens),
        }),
        404,
        "notFound",
      );
    }
    await expectError(
      await selfHosted.request(WEBHOOK, { method: "POST", json: { id: "evt_1" } }),
      404,
      "notFound",
    );
  });
});
