import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { PlanBook } from "#api/billing/plans.ts";
import type { StripeBilling } from "#api/billing/stripe.ts";
import type { Db } from "#api/db/schema.ts";
import type { Traffic } from "#api/downloads/traffic.ts";
import { ApiError } from "#api/http/errors.ts";
import { errorResponses, jsonBody, jsonResponse } from "#api/http/schemas.ts";
import { storageUsedBy } from "#api/uploads/file-uploads.ts";
import { BILLING_INTERVALS, PLAN_BADGES } from "#domain/plans.ts";

// Plans, usage and payments (docs/product.md#plans; ADR 035).

const limit = z.number().int().min(-1).openapi({ description: "-1 is unlimited" });
const day = z.string().nullable();

export const PlanSchema = z
  .object({
    planId: z.string(),
    type: z.enum(["free", "paid"]),
    price: z.number().openapi({ description: "Euro per billing interval" }),
    billingInterval: z.enum(BILLING_INTERVALS),
    badge: z.enum(PLAN_BADGES).nullable(),
    status: z.enum(["active", "inactive"]),
    availableFrom: day.openapi({ description: "First day it can be chosen (YYYY-MM-DD)" }),
    expiresDate: day.openapi({ description: "Last day it can be chosen (YYYY-MM-DD)" }),
    limitTeams: limit,
    limitMembersPerTeam: limit,
    limitAliasesPerTeam: limit,
    limitStorageBytes: limit,
    limitTrafficBytes: limit,
    limitTrafficType: z.enum(["per_month", "total"]),
    features: z.array(z.string()),
    trashRetentionDays: z
      .number()
      .int()
      .min(1)
      .max(365)
      .openapi({
        description:
          "Days a deleted file or collection stays in the trash, and a deleted team waits before " +
          "it is purged, for the teams of an owner on this plan; fixed when each is deleted (ADR 092)",
      }),
  })
  .openapi("Plan");

const PlansSchema = z
  .object({
    plans: z.array(PlanSchema),
    billing: z.boolean().openapi({
      description: "Whether plans are sold here; false on a server without billing",
    }),
  })
  .openapi("Plans");

const bytes = z.number().int().min(0);

export const UsageSchema = z
  .object({
    storage: z.object({
      usedBytes: bytes.openapi({
        description:
          "Files in every team the caller owns, those in the trash and in deleted teams included until they are purged (ADR 092, ADR 094)",
      }),
      limitBytes: limit,
    }),
    traffic: z.object({
      usedBytes: bytes.openapi({
        description: "Bytes sent by downloads (zips and files' original bytes) of those teams",
      }),
      limitBytes: limit,
      limitType: z.enum(["per_month", "total"]),
      startPeriod: z.number().int().nullable().openapi({
        description: "The period's first instant (epoch ms; a UTC month); null for total",
      }),
      endPeriod: z.number().int().nullable().openapi({
        description: "The period's last instant (epoch ms); null for total",
      }),
    }),
  })
  .openapi("Usage");

const PlanChoice = z.strictObject({ planId: z.string().min(1).max(40) }).openapi("PlanChoice");
const Redirect = z.object({ url: z.url() }).openapi("PaymentRedirect");

export function planRoutes({
  auth,
  plans,
  db,
  traffic,
}: {
  auth: MiddlewareHandler<AuthEnv>;
  plans: PlanBook;
  db: Db;
  traffic: Traffic;
}) {
  const catalogue = createRoute({
    method: "get",
    path: "/plans",
    tags: ["Plans"],
    summary: "The plan catalogue, retired plans included (their badge and status say so)",
    responses: { 200: jsonResponse("The plans", PlansSchema) },
  });
  const myPlan = createRoute({
    method: "get",
    path: "/users/@me/plan",
    tags: ["Users"],
    summary: "The caller's plan and its limits",
    security: [{ bearer: [] }],
    middleware: [auth] as const,
    responses: { 200: jsonResponse("The plan", PlanSchema), ...errorResponses(401) },
  });
  const myUsage = createRoute({
    method: "get",
    path: "/users/@me/usage",
    tags: ["Users"],
    summary: "What the caller's plan has used: storage, and download traffic in its period",
    security: [{ bearer: [] }],
    middleware: [auth] as const,
    responses: { 200: jsonResponse("The usage", UsageSchema), ...errorResponses(401) },
  });
  return new OpenAPIHono<AuthEnv>()
    .openapi(catalogue, (c) => c.json({ plans: plans.catalogue(), billing: plans.billing }, 200))
    .openapi(myPlan, async (c) => {
      const { stripePriceId: _, ...plan } = await plans.planOf(c.var.auth.userId);
      return c.json(plan, 200);
    })
    .openapi(myUsage, async (c) => {
      const { userId } = c.var.auth;
      const limits = await plans.limitsOf(userId);
      const [storageUsed, trafficUsage] = await Promise.all([
        storageUsedBy(db, userId),
        traffic.usage(userId, limits),
      ]);
      const { limitStorageBytes } = limits;
      return c.json(
        {
          storage: { usedBytes: storageUsed, limitBytes: limitStorageBytes },
          traffic: trafficUsage,
        },
        200,
      );
    });
}

/** The path Stripe posts its events to; it takes the raw body, to check the signature on. */
export const STRIPE_WEBHOOK_PATH = "/api/payments/stripe/webhook";

export function paymentRoutes({
  auth,
  db,
  billing,
}: {
  auth: MiddlewareHandler<AuthEnv>;
  db: Db;
  /** Null when billing is off: the calls answer notFound. */
  billing: StripeBilling | null;
}) {
  const checkout = createRoute({
    method: "post",
    path: "/payments/stripe/checkout",
    tags: ["Payments"],
    summary: "Starts a Stripe Checkout for a plan; answers the address to send the browser to",
    security: [{ bearer: [] }],
    middleware: [auth] as const,
    request: { body: jsonBody(PlanChoice) },
    responses: {
      200: jsonResponse("Stripe Checkout's address", Redirect),
      ...errorResponses(400, 401, 404, 409, 502),
    },
  });
  const portal = createRoute({
    method: "post",
    path: "/payments/stripe/portal",
    tags: ["Payments"],
    summary: "Opens Stripe's billing portal, to change or cancel the plan paid for",
    security: [{ bearer: [] }],
    middleware: [auth] as const,
    request: { body: jsonBody(PlanChoice) },
    responses: {
      200: jsonResponse("The billing portal's address", Redirect),
      ...errorResponses(400, 401, 404, 409, 502),
    },
  });
  const webhook = createRoute({
    method: "post",
    path: "/payments/stripe/webhook",
    tags: ["Payments"],
    summary: "Stripe's events, signed (Stripe-Signature); each is applied once",
    responses: {
      200: jsonResponse("Received", z.object({ received: z.literal(true) })),
      ...errorResponses(400, 404),
    },
  });

  function enabled(): StripeBilling {
    if (billing === null) throw new ApiError("notFound", "Plans are not sold on this server");
    return billing;
  }

  return new OpenAPIHono<AuthEnv>()
    .openapi(checkout, async (c) => {
      const { planId } = c.req.valid("json");
      const sales = enabled();
      const { userId } = c.var.auth;
      const user = await db
        .selectFrom("users")
        .select("email")
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return c.json(await sales.checkout({ userId, email: user.email }, planId), 200);
    })
    .openapi(portal, async (c) => {
      const sales = enabled();
      const { userId } = c.var.auth;
      return c.json(await sales.portal(userId), 200);
    })
    .openapi(webhook, async (c) => {
      const sales = enabled();
      await sales.webhook(await c.req.text(), c.req.header("stripe-signature"));
      return c.json({ received: true as const }, 200);
    });
}
