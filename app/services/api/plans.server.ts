import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import type { Answer, Schema } from "./contract.ts";

export type Plan = Schema<"Plan">;
export type Usage = Schema<"Usage">;

export const plansApi = {
  catalogue: (context: WebContext) => apiCall<Answer<"/api/plans", "get">>(context, "/api/plans"),

  mine: (context: WebContext, accessToken: string) =>
    apiCall<Answer<"/api/users/@me/plan", "get">>(context, "/api/users/@me/plan", { accessToken }),

  usage: (context: WebContext, accessToken: string) =>
    apiCall<Answer<"/api/users/@me/usage", "get">>(context, "/api/users/@me/usage", {
      accessToken,
    }),

  /** Stripe's page for `call`: a checkout for a plan, or the billing portal. */
  stripe: (context: WebContext, accessToken: string, call: "checkout" | "portal", planId: string) =>
    apiCall<Answer<"/api/payments/stripe/checkout", "post">>(
      context,
      `/api/payments/stripe/${call}`,
      { method: "POST", accessToken, body: { planId } },
    ),
};
