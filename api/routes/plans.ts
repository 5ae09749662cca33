import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { Db } from "#api/db/schema.ts";
import type { Traffic } from "#api/downloads/traffic.ts";
import { errorResponses, jsonResponse } from "#api/http/schemas.ts";
import { storageUsedBy } from "#api/uploads/file-uploads.ts";
import { DEFAULT_PLAN_ID, type PlanLimits } from "#domain/plans.ts";

// The caller's plan (spec section 7, Users). Until billing exists everyone is on the default
// plan, whose limits the operator sets (PLAN_LIMIT_*; -1 is unlimited).

const limit = z.number().int().min(-1).openapi({ description: "-1 is unlimited" });

export const PlanSchema = z
  .object({
    planId: z.string(),
    type: z.enum(["free", "paid"]),
    limitTeams: limit,
    limitMembersPerTeam: limit,
    limitAliasesPerTeam: limit,
    limitStorageBytes: limit,
    limitTrafficBytes: limit,
    limitTrafficType: z.enum(["per_month", "total"]),
  })
  .openapi("Plan");

const bytes = z.number().int().min(0);

export const UsageSchema = z
  .object({
    storage: z.object({
      usedBytes: bytes.openapi({ description: "Files in every team the caller owns" }),
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

export function planRoutes({
  auth,
  planLimits,
  db,
  traffic,
}: {
  auth: MiddlewareHandler<AuthEnv>;
  planLimits: PlanLimits;
  db: Db;
  traffic: Traffic;
}) {
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
  const plan = { planId: DEFAULT_PLAN_ID, type: "free" as const, ...planLimits };
  return new OpenAPIHono<AuthEnv>()
    .openapi(myPlan, (c) => c.json(plan, 200))
    .openapi(myUsage, async (c) => {
      const { userId } = c.var.auth;
      const [storageUsed, trafficUsage] = await Promise.all([
        storageUsedBy(db, userId),
        traffic.usage(userId),
      ]);
      return c.json(
        {
          storage: { usedBytes: storageUsed, limitBytes: planLimits.limitStorageBytes },
          traffic: trafficUsage,
        },
        200,
      );
    });
}
