import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AuthEnv } from "#api/auth/middleware.ts";
import { errorResponses, jsonResponse } from "#api/http/schemas.ts";
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

export function planRoutes({
  auth,
  planLimits,
}: {
  auth: MiddlewareHandler<AuthEnv>;
  planLimits: PlanLimits;
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
  const plan = { planId: DEFAULT_PLAN_ID, type: "free" as const, ...planLimits };
  return new OpenAPIHono<AuthEnv>().openapi(myPlan, (c) => c.json(plan, 200));
}
