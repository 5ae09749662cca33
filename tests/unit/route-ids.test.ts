import { existsSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@remix-run/route-config";
import { describe, expect, it } from "vitest";
import { FILES_ROUTE_ID } from "#app/files/files-filters.ts";
import routes from "#app/routes.ts";
import { TEAM_ROUTE_ID } from "#app/services/teams.ts";

const appDirectory = path.resolve(import.meta.dirname, "../../app");

interface Row {
  id: string;
  path: string | null;
  index: boolean;
  parentId: string;
  file: string;
}

/** The table as Remix reads it: an entry's id is its `id`, else its file without the extension. */
function rowsOf(entries: RouteConfigEntry[], parentId = "root"): Row[] {
  return entries.flatMap((entry) => {
    const id = entry.id ?? entry.file.replace(/\.[a-z0-9]+$/i, "");
    const row = {
      id,
      path: entry.path ?? null,
      index: entry.index ?? false,
      parentId,
      file: entry.file,
    };
    return [row, ...rowsOf(entry.children ?? [], id)];
  });
}

const rows = rowsOf(routes);

/*
 * The route table of app/routes.ts (ADR 059): each route's id, address, index flag and parent,
 * as the file-system routes of ADR 019 had them. Ids are read by `useRouteLoaderData` and by the
 * browser's cached manifest, so a changed id is a changed app: change this list only on purpose.
 */
const expected: [id: string, path: string | null, parentId: string, index?: "index"][] = [
  ["routes/_index", null, "root", "index"],
  ["routes/status", "status", "root"],
  ["routes/plans", "plans", "root"],
  ["routes/terms", "terms", "root"],
  ["routes/privacy", "privacy", "root"],
  ["routes/unsubscribe", "unsubscribe", "root"],
  ["routes/auth.signin", "auth/signin", "root"],
  ["routes/auth.signup", "auth/signup", "root"],
  ["routes/auth.check-email", "auth/check-email", "root"],
  ["routes/auth.verify", "auth/verify", "root"],
  ["routes/auth.forgot", "auth/forgot", "root"],
  ["routes/auth.reset", "auth/reset", "root"],
  ["routes/auth.social.$provider", "auth/social/:provider", "root"],
  ["routes/auth.callback", "auth/callback", "root"],
  ["routes/auth.signout", "auth/signout", "root"],
  ["routes/profile", "profile", "root"],
  ["routes/profile.avatar", "avatar", "routes/profile"],
  ["routes/profile_.email", "profile/email", "root"],
  ["routes/teams._index", "teams", "root", "index"],
  ["routes/switch-team", "switch-team", "root"],
  ["routes/teams.$teamId", "teams/:teamId", "root"],
  ["routes/teams.$teamId._home", null, "routes/teams.$teamId"],
  ["routes/teams.$teamId._home._index", null, "routes/teams.$teamId._home", "index"],
  ["routes/teams.$teamId._home.collections-page", "collections-page", "routes/teams.$teamId._home"],
  ["routes/teams.$teamId._home.members-page", "members-page", "routes/teams.$teamId._home"],
  ["routes/teams.$teamId._home.info", "info", "routes/teams.$teamId._home"],
  ["routes/teams.$teamId._home.rename", "rename", "routes/teams.$teamId._home"],
  ["routes/teams.$teamId._home.leave", "leave", "routes/teams.$teamId._home"],
  ["routes/teams.$teamId._home.delete", "delete", "routes/teams.$teamId._home"],
  ["routes/teams.$teamId._home.logo", "logo", "routes/teams.$teamId._home"],
  ["routes/teams.$teamId._home.alias", "alias", "routes/teams.$teamId._home"],
  ["routes/teams.$teamId._home.roles", "roles", "routes/teams.$teamId._home"],
  ["routes/teams.$teamId._home.members.new", "members/new", "routes/teams.$teamId._home"],
  ["routes/teams.$teamId._home.members.$userId", "members/:userId", "routes/teams.$teamId._home"],
  ["routes/teams.$teamId._home.new-collection", "new-collection", "routes/teams.$teamId._home"],
  [
    "routes/teams.$teamId._home.rename-collection.$collectionId",
    "rename-collection/:collectionId",
    "routes/teams.$teamId._home",
  ],
  [
    "routes/teams.$teamId._home.delete-collection.$collectionId",
    "delete-collection/:collectionId",
    "routes/teams.$teamId._home",
  ],
  [
    "routes/teams.$teamId._home.share-collection.$collectionId",
    "share-collection/:collectionId",
    "routes/teams.$teamId._home",
  ],
  [
    "routes/teams.$teamId._home.tag-collection.$collectionId",
    "tag-collection/:collectionId",
    "routes/teams.$teamId._home",
  ],
  ["routes/teams.$teamId._home.downloads", "downloads", "routes/teams.$teamId._home"],
  [
    "routes/teams.$teamId._home.downloads_.$downloadId",
    "downloads/:downloadId",
    "routes/teams.$teamId._home",
  ],
  [
    "routes/teams.$teamId.collections.$collectionId",
    "collections/:collectionId",
    "routes/teams.$teamId",
  ],
  [
    "routes/teams.$teamId.collections.$collectionId.files.$fileId",
    "files/:fileId",
    "routes/teams.$teamId.collections.$collectionId",
  ],
  [
    "routes/teams.$teamId.collections.$collectionId.files.$fileId_.rename",
    "files/:fileId/rename",
    "routes/teams.$teamId.collections.$collectionId",
  ],
  [
    "routes/teams.$teamId.collections.$collectionId.files.$fileId_.delete",
    "files/:fileId/delete",
    "routes/teams.$teamId.collections.$collectionId",
  ],
  [
    "routes/teams.$teamId.collections.$collectionId.files.$fileId_.download",
    "files/:fileId/download",
    "routes/teams.$teamId.collections.$collectionId",
  ],
  [
    "routes/teams.$teamId.collections.$collectionId.upload",
    "upload",
    "routes/teams.$teamId.collections.$collectionId",
  ],
  [
    "routes/teams.$teamId.collections.$collectionId.upload.start",
    "start",
    "routes/teams.$teamId.collections.$collectionId.upload",
  ],
  [
    "routes/teams.$teamId.collections.$collectionId.upload.duplicates",
    "duplicates",
    "routes/teams.$teamId.collections.$collectionId.upload",
  ],
  [
    "routes/teams.$teamId.collections.$collectionId_.review",
    "collections/:collectionId/review",
    "routes/teams.$teamId",
  ],
  ["routes/teams.$teamId.activity", "activity", "routes/teams.$teamId"],
  ["routes/teams.$teamId.trash", "trash", "routes/teams.$teamId"],
  [
    "routes/teams.$teamId.collections.$collectionId_.links",
    "collections/:collectionId/links",
    "routes/teams.$teamId",
  ],
  [
    "routes/teams.$teamId.collections.$collectionId_.links_.new",
    "collections/:collectionId/links/new",
    "routes/teams.$teamId",
  ],
  [
    "routes/teams.$teamId.collections.$collectionId_.links_.$linkId",
    "collections/:collectionId/links/:linkId",
    "routes/teams.$teamId",
  ],
  [
    "routes/teams.$teamId.collections.$collectionId_.links_.$linkId_.edit",
    "collections/:collectionId/links/:linkId/edit",
    "routes/teams.$teamId",
  ],
  [
    "routes/teams.$teamId.collections.$collectionId_.links_.$linkId_.poster",
    "collections/:collectionId/links/:linkId/poster",
    "routes/teams.$teamId",
  ],
  ["routes/d.$token_.gallery", "d/:token/gallery", "root"],
  ["routes/d.$token_.gallery_.$fileId", "d/:token/gallery/:fileId", "root"],
  ["routes/teams_.$teamId.invitations.accept", "teams/:teamId/invitations/accept", "root"],
  ["routes/teams_.$teamId.invitations.reject", "teams/:teamId/invitations/reject", "root"],
  [
    "routes/teams_.$teamId.downloads.$downloadId.download",
    "teams/:teamId/downloads/:downloadId/download",
    "root",
  ],
  ["routes/d.$token", "d/:token", "root"],
  ["routes/d.$token.start", "d/:token/start", "root"],
  ["routes/resources.consent", "resources/consent", "root"],
  ["routes/resources.locale", "resources/locale", "root"],
  ["routes/resources.theme", "resources/theme", "root"],
  ["routes/404", "404", "root"],
  ["routes/$", "*", "root"],
];

describe("the route table (app/routes.ts)", () => {
  it("has every route's id, address, index flag and parent as they were", () => {
    expect(rows.map(({ id, path, parentId, index }) => [id, path, parentId, index])).toEqual(
      expected.map(([id, path, parentId, index]) => [id, path, parentId, index === "index"]),
    );
  });

  it("names a module that exists for every route, and no id twice", () => {
    for (const row of rows)
      expect(existsSync(path.join(appDirectory, row.file)), row.file).toBe(true);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  });

  it.each([
    ["TEAM_ROUTE_ID", TEAM_ROUTE_ID],
    ["FILES_ROUTE_ID", FILES_ROUTE_ID],
  ])("%s, read with useRouteLoaderData, is a route's id", (_name, id) => {
    expect(rows.map((row) => row.id)).toContain(id);
  });
});
