import type { WebContext } from "#app/load-context.ts";
import type { Role, TeamMode } from "#domain/roles.ts";
import { apiCall } from "./client.server.ts";

/** A team as GET /api/teams lists it (spec section 3, team list). */
export interface TeamListItem {
  teamId: string;
  teamName: string;
  teamMode: TeamMode;
  teamLogoUrl: string | null;
  teamCreatedAt: number;
  teamStarAlias: string | null;
  teamMembersCount: number;
  memberRole: Role;
}

/** A team as GET /api/teams/{teamId} answers it. */
export interface Team {
  teamId: string;
  name: string;
  description: string | null;
  mode: TeamMode;
  logoUrl: string | null;
  createdBy: string;
  ownerId: string;
  createdAt: number;
  updatedAt: number;
  starAlias: string | null;
  aliases: string[];
  membersCount: number;
  collectionsCount: number;
  memberRole: Role;
}

/** What the team route (routes/teams.$teamId.tsx) loads: its dialogs and the header read it. */
export interface TeamRouteData {
  team: Team;
  /** The team's address as it was reached (id or alias), for links inside it. */
  base: string;
}

export interface TeamListQuery {
  prefix?: string;
  lastKey?: string;
  limit?: number;
}

/** A JSON Patch operation on a team (spec section 7, PATCH a team). */
export interface TeamOperation {
  op: "replace" | "remove";
  path: "/name" | "/description" | "/mode";
  value?: string;
}

export interface NewTeam {
  name: string;
  description?: string;
  nickname?: string;
  mode: TeamMode;
}

export const teamsApi = {
  list: (context: WebContext, accessToken: string, query: TeamListQuery = {}) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== "") search.set(name, String(value));
    }
    const suffix = search.size > 0 ? `?${search}` : "";
    return apiCall<{ pagination: { lastKey: string | null }; teams: TeamListItem[] }>(
      context,
      `/api/teams${suffix}`,
      { accessToken },
    );
  },

  get: (context: WebContext, accessToken: string, teamId: string) =>
    apiCall<Team>(context, `/api/teams/${encodeURIComponent(teamId)}`, { accessToken }),

  patch: (context: WebContext, accessToken: string, teamId: string, operations: TeamOperation[]) =>
    apiCall<Team>(context, `/api/teams/${encodeURIComponent(teamId)}`, {
      method: "PATCH",
      accessToken,
      body: operations,
    }),

  createAlias: (context: WebContext, accessToken: string, teamId: string, alias: string) =>
    apiCall<{ alias: string }>(context, `/api/teams/${encodeURIComponent(teamId)}/aliases`, {
      method: "POST",
      accessToken,
      body: { alias, star: true },
    }),

  createLogo: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    body: { contentType: string } | { remoteUrl: string },
  ) =>
    apiCall<{ logoId: string; uploadUrl: string | null }>(
      context,
      `/api/teams/${encodeURIComponent(teamId)}/logos`,
      { method: "POST", accessToken, body },
    ),

  logoStatus: (context: WebContext, accessToken: string, teamId: string, logoId: string) =>
    apiCall<{ status: "processing" | "ready" | "error" }>(
      context,
      `/api/teams/${encodeURIComponent(teamId)}/logos/${encodeURIComponent(logoId)}`,
      { accessToken },
    ),

  create: (context: WebContext, accessToken: string, team: NewTeam) =>
    apiCall<{ teamId: string }>(context, "/api/teams", { method: "POST", accessToken, body: team }),
};
