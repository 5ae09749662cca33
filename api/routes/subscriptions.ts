import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { ApiEnv } from "#api/http/env.ts";
import { errorResponses, jsonBody, jsonResponse } from "#api/http/schemas.ts";
import type { SubscriptionService } from "#api/subscriptions/subscriptions.ts";
import { emailSchema } from "#domain/validation.ts";

const versionDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-11-22");

const SubscriptionRequest = z
  .strictObject({
    email: emailSchema,
    termsVersion: versionDate,
    privacyVersion: versionDate,
    locale: z.enum(["en", "it"]).default("en"),
  })
  .openapi("SubscriptionRequest");

const SubscriptionResponse = z.object({ email: z.string() }).openapi("Subscription");

const UnsubscribeRequest = z
  .strictObject({
    // A malformed address or token is a link that is not ours: the same answer as a wrong one.
    email: z.string().max(320),
    token: z.string().max(100),
  })
  .openapi("UnsubscribeRequest");

const subscribe = createRoute({
  method: "post",
  path: "/subscriptions",
  tags: ["Subscriptions"],
  summary:
    "Early-access subscription by email, recording the accepted terms and privacy versions; a confirmation mail carries the unsubscribe link",
  request: { body: jsonBody(SubscriptionRequest) },
  responses: {
    201: jsonResponse("Subscribed", SubscriptionResponse),
    ...errorResponses(400, 409, 413, 415),
  },
});

const unsubscribe = createRoute({
  method: "post",
  path: "/subscriptions/unsubscribe",
  tags: ["Subscriptions"],
  summary:
    "Leaves the early-access list with the address and token of an unsubscribe link; the address is deleted within 5 days",
  request: { body: jsonBody(UnsubscribeRequest) },
  responses: {
    200: jsonResponse("Unsubscribed (also when it was not subscribed)", SubscriptionResponse),
    ...errorResponses(400, 413, 415),
  },
});

export function subscriptionRoutes({ subscriptions }: { subscriptions: SubscriptionService }) {
  return new OpenAPIHono<ApiEnv>()
    .openapi(subscribe, async (c) => {
      const input = c.req.valid("json");
      await subscriptions.subscribe(input);
      return c.json({ email: input.email }, 201);
    })
    .openapi(unsubscribe, async (c) => {
      const { email, token } = c.req.valid("json");
      const address = email.trim().toLowerCase();
      await subscriptions.unsubscribe(address, token);
      return c.json({ email: address }, 200);
    });
}
