import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import { type Answer, type Query, querySuffix, type Schema } from "./contract.ts";

/** One entry of a team's activity log, as the API answers it (ADR 091). */
export type ActivityItem = Schema<"ActivityItem">;

const ACTIVITY = "/api/teams/{teamId}/activity";

export const activityApi = {
  list: (context: WebContext, accessToken: string, teamId: string, query: Query<typeof ACTIVITY>) =>
    apiCall<Answer<typeof ACTIVITY, "get">>(
      context,
      `/api/teams/${encodeURIComponent(teamId)}/activity${querySuffix(query)}`,
      { accessToken },
    ),
};
