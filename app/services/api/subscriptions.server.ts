import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import type { Answer, Body } from "./contract.ts";

export const subscriptionsApi = {
  subscribe: (context: WebContext, body: Body<"/api/subscriptions", "post">) =>
    apiCall<Answer<"/api/subscriptions", "post">>(context, "/api/subscriptions", {
      method: "POST",
      body,
    }),

  unsubscribe: (context: WebContext, body: Body<"/api/subscriptions/unsubscribe", "post">) =>
    apiCall<Answer<"/api/subscriptions/unsubscribe", "post">>(
      context,
      "/api/subscriptions/unsubscribe",
      { method: "POST", body },
    ),
};
