import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import { type Answer, type Body, type Query, querySuffix, type Schema } from "./contract.ts";

/** A team as GET /api/teams lists it (docs/product.md#entities, team list). */
export type TeamListItem = Schema<"TeamListItem">;
/** A team as GET /api/teams/{teamId} answers it. */
export type Team = Schema<"Team">;

/** What the team route (routes/teams.$teamId.tsx) loads: its dialogs and the header read it. */
export interface TeamRouteData {
  team: Team;
  /** The team's address as it was reached (id or alias), for links inside it. */
  base: string;
}

const TEAM = "/api/teams/{teamId}";
export type TeamListQuery = Query<"/api/teams">;
/** A JSON Patch operation on a team (docs/product.md#api, PATCH a team). */
export type TeamOperation = Body<typeof TEAM, "patch">[number];
export type NewTeam = Body<"/api/teams", "post">;

const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;

export const teamsApi = {
  list: (context: WebContext, accessToken: string, query: TeamListQuery = {}) =>
    apiCall<Answer<"/api/teams", "get">>(context, `/api/teams${querySuffix(query)}`, {
      accessToken,
    }),

  get: (context: WebContext, accessToken: string, teamId: string) =>
    apiCall<Answer<typeof TEAM, "get">>(context, teamPath(teamId), { accessToken }),

  patch: (context: WebContext, accessToken: string, teamId: string, operations: TeamOperation[]) =>
    apiCall<Answer<typeof TEAM, "patch">>(context, teamPath(teamId), {
      method: "PATCH",
      accessToken,
      body: operations,
    }),

  createAlias: (context: WebContext, accessToken: string, teamId: string, alias: string) =>
    apiCall<Answer<`${typeof TEAM}/aliases`, "post">>(context, `${teamPath(teamId)}/aliases`, {
      method: "POST",
      accessToken,
      body: { alias, star: true } satisfies Body<`${typeof TEAM}/aliases`, "post">,
    }),

  createLogo: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    body: Body<`${typeof TEAM}/logos`, "post">,
  ) =>
    apiCall<Answer<`${typeof TEAM}/logos`, "post">>(context, `${teamPath(teamId)}/logos`, {
      method: "POST",
      accessToken,
      body,
    }),

  logoStatus: (context: WebContext, accessToken: string, teamId: string, logoId: string) =>
    apiCall<Answer<`${typeof TEAM}/logos/{logoId}`, "get">>(
      context,
      `${teamPath(teamId)}/logos/${encodeURIComponent(logoId)}`,
      { accessToken },
    ),

  /** What deleting the team would take with it (owner only; ADR 094). */
  deletion: (context: WebContext, accessToken: string, teamId: string) =>
    apiCall<Answer<`${typeof TEAM}/deletion`, "get">>(context, `${teamPath(teamId)}/deletion`, {
      accessToken,
    }),

  /** Deletes the team, its name typed to confirm; restorable for 30 days (ADR 094). */
  remove: (context: WebContext, accessToken: string, teamId: string, name: string) =>
    apiCall<Answer<typeof TEAM, "delete">>(context, teamPath(teamId), {
      method: "DELETE",
      accessToken,
      body: { name } satisfies Body<typeof TEAM, "delete">,
    }),

  restore: (context: WebContext, accessToken: string, teamId: string) =>
    apiCall<Answer<`${typeof TEAM}/restore`, "post">>(context, `${teamPath(teamId)}/restore`, {
      method: "POST",
      accessToken,
    }),

  create: (context: WebContext, accessToken: string, team: NewTeam) =>
    apiCall<Answer<"/api/teams", "post">>(context, "/api/teams", {
      method: "POST",
      accessToken,
      body: team,
    }),
};
