import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { requireTeamMember } from "#api/access/teams.ts";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { Db } from "#api/db/schema.ts";
import {
  CollectionParams,
  errorResponses,
  hiddenCollectionResponse,
  invalidInputHook,
  jsonResponse,
  TeamParams,
} from "#api/http/schemas.ts";
import {
  TRASH_PAGE_DEFAULT,
  TRASH_PAGE_MAX,
  TrashItemSchema,
  type TrashService,
} from "#api/trash/trash.ts";

// The trash (ADR 092): deleting a file or a collection moves it to the team's trash, where it
// stays the owner's plan's trashRetentionDays before it is purged; the owner and admins see all of it, restore,
// delete items forever and empty it; uploaders and upviewers see and restore their own files.
// {teamId} is the team's id or one of its aliases.

const security = [{ bearer: [] }];
const tags = ["Trash"];

const TrashQuerySchema = z.object({
  cursor: z.string().max(500).optional().openapi({
    description: "nextCursor of the previous page, unchanged",
  }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(TRASH_PAGE_MAX)
    .default(TRASH_PAGE_DEFAULT)
    .openapi({ description: `Items per page, 1 to ${TRASH_PAGE_MAX}` }),
});

const TrashPageSchema = z
  .object({
    items: z.array(TrashItemSchema).openapi({ description: "Newest deletion first" }),
    nextCursor: z.string().nullable().openapi({ description: "Null on the last page" }),
    totalBytes: z
      .number()
      .int()
      .openapi({
        description:
          "The bytes of the whole trash the caller sees: they count toward the team owner's " +
          "storage until they are purged",
      }),
  })
  .openapi("TrashPage");

const TrashFileParams = TeamParams.extend({ fileId: z.string().min(1).max(200) });
const FileParams = CollectionParams.extend({ fileId: z.string().min(1).max(200) });

const RestoredFileSchema = z
  .object({ fileId: z.string(), collectionId: z.string() })
  .openapi("RestoredFile");
const RestoredCollectionSchema = z
  .object({ collectionId: z.string() })
  .openapi("RestoredCollection");
const EmptiedTrashSchema = z
  .object({
    items: z.number().int().openapi({ description: "How many items left the trash" }),
  })
  .openapi("EmptiedTrash");

const retention = "the team owner's plan's trashRetentionDays (30 unless the plan says)";

function routes(auth: MiddlewareHandler<AuthEnv>) {
  const signedIn = { tags, security };
  return {
    deleteFile: createRoute({
      ...signedIn,
      tags: ["Files"],
      middleware: [auth] as const,
      method: "delete",
      path: "/teams/{teamId}/collections/{collectionId}/files/{fileId}",
      summary:
        `Move a file to the trash, where it stays ${retention} with its bytes (owner and ` +
        "admin any file; uploader and upviewer their own, in a collection they may add files " +
        "to); it is then hidden everywhere else. A file not there, or already in the trash, " +
        "is 404 fileNotFound",
      request: { params: FileParams },
      responses: {
        204: { description: "In the trash" },
        ...errorResponses(401, 403, 404),
        ...hiddenCollectionResponse(),
      },
    }),
    deleteCollection: createRoute({
      ...signedIn,
      tags: ["Collections"],
      middleware: [auth] as const,
      method: "delete",
      path: "/teams/{teamId}/collections/{collectionId}",
      summary:
        `Move a collection and its files to the trash for ${retention} (owner and admin). ` +
        "Uploads into it are refused (collectionInTrash) on their next chunk; its downloads " +
        "stop (invalidDownload)",
      request: { params: CollectionParams },
      responses: {
        204: { description: "In the trash" },
        ...errorResponses(401, 403, 404),
      },
    }),
    list: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/teams/{teamId}/trash",
      summary:
        "The team's trash, newest deletion first: all of it for the owner and admins, their " +
        "own files for uploaders and upviewers; a viewer is forbidden",
      request: { params: TeamParams, query: TrashQuerySchema },
      responses: {
        200: jsonResponse("A page of the trash", TrashPageSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    restoreFile: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "post",
      path: "/teams/{teamId}/trash/files/{fileId}/restore",
      summary:
        "Bring a file back to its collection (who may delete it may restore it). Its collection " +
        "in the trash too: 409 collectionInTrash. Never refused for storage: trashed bytes still " +
        "count toward it",
      request: { params: TrashFileParams },
      responses: {
        200: jsonResponse("Restored", RestoredFileSchema),
        ...errorResponses(401, 403, 404, 409),
      },
    }),
    restoreCollection: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "post",
      path: "/teams/{teamId}/trash/collections/{collectionId}/restore",
      summary:
        "Bring a collection back with its files, but those trashed on their own before (owner " +
        "and admin)",
      request: { params: CollectionParams },
      responses: {
        200: jsonResponse("Restored", RestoredCollectionSchema),
        ...errorResponses(401, 403, 404),
      },
    }),
    empty: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "delete",
      path: "/teams/{teamId}/trash",
      summary:
        "Empty the trash (owner and admin): its items leave at once, their bytes are removed " +
        "in the background",
      request: { params: TeamParams },
      responses: {
        202: jsonResponse("Emptied; the bytes are being removed", EmptiedTrashSchema),
        ...errorResponses(401, 403, 404),
      },
    }),
    deleteFileForever: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "delete",
      path: "/teams/{teamId}/trash/files/{fileId}",
      summary: "Delete a trashed file forever (owner and admin)",
      request: { params: TrashFileParams },
      responses: {
        204: { description: "Deleted forever" },
        ...errorResponses(401, 403, 404),
      },
    }),
    deleteCollectionForever: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "delete",
      path: "/teams/{teamId}/trash/collections/{collectionId}",
      summary: "Delete a trashed collection forever, with its files (owner and admin)",
      request: { params: CollectionParams },
      responses: {
        204: { description: "Deleted forever" },
        ...errorResponses(401, 403, 404),
      },
    }),
  };
}

export function trashRoutes({
  db,
  auth,
  trash,
}: {
  db: Db;
  auth: MiddlewareHandler<AuthEnv>;
  trash: TrashService;
}) {
  const r = routes(auth);
  const member = (teamId: string, userId: string) => requireTeamMember(db, teamId, userId);
  return new OpenAPIHono<AuthEnv>()
    .openapi(r.deleteFile, async (c) => {
      const { teamId, collectionId, fileId } = c.req.valid("param");
      await trash.trashFile(await member(teamId, c.var.auth.userId), collectionId, fileId);
      return c.body(null, 204);
    })
    .openapi(r.deleteCollection, async (c) => {
      const { teamId, collectionId } = c.req.valid("param");
      await trash.trashCollection(await member(teamId, c.var.auth.userId), collectionId);
      return c.body(null, 204);
    })
    .openapi(
      r.list,
      async (c) => {
        const access = await member(c.req.valid("param").teamId, c.var.auth.userId);
        c.header("Cache-Control", "private, no-store");
        return c.json(await trash.list(access, c.req.valid("query")), 200);
      },
      invalidInputHook,
    )
    .openapi(r.restoreFile, async (c) => {
      const { teamId, fileId } = c.req.valid("param");
      return c.json(await trash.restoreFile(await member(teamId, c.var.auth.userId), fileId), 200);
    })
    .openapi(r.restoreCollection, async (c) => {
      const { teamId, collectionId } = c.req.valid("param");
      const access = await member(teamId, c.var.auth.userId);
      return c.json(await trash.restoreCollection(access, collectionId), 200);
    })
    .openapi(r.empty, async (c) => {
      const access = await member(c.req.valid("param").teamId, c.var.auth.userId);
      return c.json(await trash.empty(access), 202);
    })
    .openapi(r.deleteFileForever, async (c) => {
      const { teamId, fileId } = c.req.valid("param");
      await trash.deleteFileForever(await member(teamId, c.var.auth.userId), fileId);
      return c.body(null, 204);
    })
    .openapi(r.deleteCollectionForever, async (c) => {
      const { teamId, collectionId } = c.req.valid("param");
      await trash.deleteCollectionForever(await member(teamId, c.var.auth.userId), collectionId);
      return c.body(null, 204);
    });
}
