import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FILES_ROUTE_ID } from "#app/routes/teams.$teamId.collections.$collectionId/files-filters.ts";
import { TEAM_ROUTE_ID } from "#app/services/teams.ts";

const appDirectory = path.resolve(import.meta.dirname, "../../app");

/** The route modules a route id can name: a flat file, or a route folder's route.tsx (ADR 019). */
function modulesOf(id: string) {
  return [`${id}.tsx`, `${id}.ts`, `${id}/route.tsx`, `${id}/route.ts`].filter((file) =>
    existsSync(path.join(appDirectory, file)),
  );
}

describe("route ids used with useRouteLoaderData", () => {
  it.each([
    ["TEAM_ROUTE_ID", TEAM_ROUTE_ID],
    ["FILES_ROUTE_ID", FILES_ROUTE_ID],
  ])("%s names exactly one route module", (_name, id) => {
    expect(modulesOf(id)).toHaveLength(1);
  });
});
