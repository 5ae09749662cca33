import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";

export interface ApiStatus {
  status: "ok" | "unavailable";
  message: string;
  timestamp: number;
}

/** The API's own status; a 503 from it (database down) is still a status to show. */
export async function getStatus(context: WebContext) {
  const { body } = await apiCall<ApiStatus>(context, "/api/status", { acceptStatuses: [503] });
  return body;
}
