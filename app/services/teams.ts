/** The team route's id (routes/teams.$teamId.tsx), for useRouteLoaderData in its dialogs and the header. */
export const TEAM_ROUTE_ID = "routes/teams.$teamId";
