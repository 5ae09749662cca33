import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { RateLimiter } from "#api/auth/rate-limit.ts";
import type { ApiEnv } from "#api/http/env.ts";
import { errorResponses, jsonBody, jsonResponse, versionDate } from "#api/http/schemas.ts";
import type { SubscriptionService } from "#api/subscriptions/subscriptions.ts";
import { emailSchema } from "#domain/validation.ts";

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
  description:
    "An address already on the list gets the same answer and the confirmation mail again, so the answer tells nobody who is subscribed. Limited per client address (an IPv6 /64 counts as one) and per email: `tooManyRequests` with Retry-After.",
  request: { body: jsonBody(SubscriptionRequest) },
  responses: {
    201: jsonResponse("Subscribed (also when it already was)", SubscriptionResponse),
    ...errorResponses(400, 413, 415, 429),
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

export function subscriptionRoutes({
  subscriptions,
  limiter,
}: {
  subscriptions: SubscriptionService;
  limiter: RateLimiter;
}) {
  return new OpenAPIHono<ApiEnv>()
    .openapi(subscribe, async (c) => {
      const input = c.req.valid("json");
      await limiter.check("subscribe", c.var.clientIp || "unknown", input.email);
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
