import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import type { Schema } from "./contract.ts";

export type ApiStatus = Schema<"Status">;

/**
 * The API's own status; a 503 from it (database down) is still a status to show. With the
 * visitor's access token, the notes for whoever runs a team come too (ADR 103).
 */
export async function getStatus(context: WebContext, accessToken?: string) {
  const { body } = await apiCall<ApiStatus>(context, "/api/status", {
    acceptStatuses: [503],
    accessToken,
  });
  return body;
}
