import type { WebContext } from "#app/load-context.ts";
import { teamsApi } from "#app/services/api/teams.server.ts";
import type { Auth } from "#app/services/auth.server.ts";

/**
 * One page of the caller's teams, as the list pages show them: `q` searches names by prefix and
 * `after` continues from a previous page (the API's keyset), so each page is a plain GET link.
 */
export async function loadTeamPage(request: Request, context: WebContext, auth: Auth) {
  const query = new URL(request.url).searchParams;
  const q = query.get("q")?.trim() ?? "";
  const after = query.get("after") ?? "";
  const { body } = await teamsApi.list(context, auth.accessToken, {
    prefix: q,
    lastKey: after || undefined,
  });
  return { teams: body.teams, lastKey: body.pagination.lastKey, q, after };
}

/** The caller's own deleted teams, each until its purge (ADR 094): few, so one page of them. */
export async function loadDeletedTeams(context: WebContext, auth: Auth) {
  const { body } = await teamsApi.list(context, auth.accessToken, { deleted: "true", limit: 100 });
  return body.teams;
}
