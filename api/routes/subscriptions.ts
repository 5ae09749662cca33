import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Db } from "#api/db/schema.ts";
import type { ApiEnv } from "#api/http/env.ts";
import { ApiError } from "#api/http/errors.ts";
import { errorResponses, jsonBody, jsonResponse } from "#api/http/schemas.ts";
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

const subscribe = createRoute({
  method: "post",
  path: "/subscriptions",
  tags: ["Subscriptions"],
  summary: "Early-access subscription by email, recording the accepted terms and privacy versions",
  request: { body: jsonBody(SubscriptionRequest) },
  responses: {
    201: jsonResponse("Subscribed", SubscriptionResponse),
    ...errorResponses(400, 409, 413, 415),
  },
});

export function subscriptionRoutes({ db }: { db: Db }) {
  return new OpenAPIHono<ApiEnv>().openapi(subscribe, async (c) => {
    const { email, termsVersion, privacyVersion, locale } = c.req.valid("json");
    const inserted = await db
      .insertInto("subscriptions")
      .values({
        email,
        terms_version: termsVersion,
        privacy_version: privacyVersion,
        locale,
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw new ApiError("alreadySubscribed", "This email is already subscribed");
    }
    return c.json({ email }, 201);
  });
}
