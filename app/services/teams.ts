/** The team route's id (routes/teams.$teamId.tsx), for useRouteLoaderData in its dialogs and the header. */
export const TEAM_ROUTE_ID = "routes/teams.$teamId";

/** How a team is named in addresses: its star alias when it has one, else its id. */
export function teamPath(team: { teamId: string; teamStarAlias?: string | null }) {
  return `/teams/${encodeURIComponent(team.teamStarAlias ?? team.teamId)}`;
}
