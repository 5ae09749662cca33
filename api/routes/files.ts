import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { requireTeamMember, requireTeamPermission } from "#api/access/teams.ts";
import type { AuthEnv } from "#api/auth/middleware.ts";
import { CollectionSchema, type CollectionService } from "#api/collections/collections.ts";
import type { Db } from "#api/db/schema.ts";
import { FilePatchSchema, fileChanges } from "#api/files/file-patch.ts";
import {
  FILE_DISPOSITIONS,
  FILE_PAGE_MAX,
  FILE_SORTS,
  FILE_UPLOADER_FILTERS,
  FILE_VARIANTS,
  FileSchema,
  type FileService,
} from "#api/files/files.ts";
import { ApiError } from "#api/http/errors.ts";
import { patchHook, patchRequestBody } from "#api/http/json-patch.ts";
import {
  CollectionParams,
  epochMs,
  errorResponses,
  hiddenCollectionResponse,
  idFilter,
  jsonResponse,
  listQueryHook,
  PaginationSchema,
  pageQuery,
  signedLinkDescription,
  TeamParams,
  withDateRange,
} from "#api/http/schemas.ts";
import { can } from "#domain/roles.ts";

// Files (docs/product.md#api, Files): a collection's files, a team's, the caller's
// across teams; one file (read by the caller from then on); renaming one (deleting one is the trash's,
// api/routes/trash.ts); a signed link to its bytes; marking a collection's files read. {teamId} is the team's id or one of its
// aliases. A file the caller may not see answers notFound, like a missing one: an uploader asking
// for another member's file learns nothing. A collection the caller may not see is forbidden,
// naming its creator (ADR 071). A role without the matrix cell gets forbidden.

const security = [{ bearer: [] }];
const tags = ["Files"];

/** What a list holds and its order; the neighbours of a file take the same. */
const fileFilters = {
  creator: idFilter.openapi({ description: "Only files this user uploaded" }),
  uploader: z.enum(FILE_UPLOADER_FILTERS).optional().openapi({
    description:
      "guests: only files guests sent through drop links (their uploadedBy is the link's creator)",
  }),
  from: epochMs.optional().openapi({ description: "refDate at or after (epoch ms)" }),
  to: epochMs.optional().openapi({ description: "refDate at or before (epoch ms)" }),
  sort: z.enum(FILE_SORTS).default("refDate:desc").openapi({
    description: "refDate:desc (newest first, the default) or refDate:asc",
  }),
};

const FileListQuerySchema = withDateRange(
  z.object({ ...pageQuery("Files", FILE_PAGE_MAX), ...fileFilters }),
);

/**
 * A collection's list takes one more: `include=collection` answers the collection too (and marks
 * it read, as GET of the collection does), so a screen that shows both asks once.
 */
const CollectionFileListQuerySchema = withDateRange(
  z.object({
    ...pageQuery("Files", FILE_PAGE_MAX),
    ...fileFilters,
    include: z
      .enum(["collection"])
      .optional()
      .openapi({
        description:
          "collection: the answer holds the collection as GET of the collection answers it, " +
          "which also marks it read",
      }),
  }),
);

const FileNeighboursQuerySchema = withDateRange(z.object(fileFilters));

const FileNeighboursSchema = z
  .object({
    previousId: z.string().nullable().openapi({
      description: "The file listed just before this one; null for the first",
    }),
    nextId: z.string().nullable().openapi({
      description: "The file listed just after this one; null for the last",
    }),
    previousPreviewUrl: z
      .string()
      .nullable()
      .openapi({
        description: signedLinkDescription(
          "The previous file's previewUrl, as its File answers it; null when it has none",
        ),
      }),
    nextPreviewUrl: z
      .string()
      .nullable()
      .openapi({
        description: signedLinkDescription(
          "The next file's previewUrl, as its File answers it (to load it ahead); null when it has none",
        ),
      }),
    position: z.number().int().nullable().openapi({
      description:
        "This file's place in the list, from 1; null when the filters leave it out of the list",
    }),
    total: z.number().int().openapi({ description: "How many files the list holds" }),
  })
  .openapi("FileNeighbours");

const FileListSchema = z
  .object({ pagination: PaginationSchema, files: z.array(FileSchema) })
  .openapi("FileList");

const CollectionFileListSchema = z
  .object({
    pagination: PaginationSchema,
    files: z.array(FileSchema),
    collection: CollectionSchema.optional().openapi({
      description: "The collection, when the query asked for it (include=collection)",
    }),
  })
  .openapi("CollectionFileList");

const ContentQuerySchema = z.object({
  variant: z.enum(FILE_VARIANTS).default("original").openapi({
    description: "The uploaded bytes (the default), or the webp thumbnail or preview",
  }),
  disposition: z
    .enum(FILE_DISPOSITIONS)
    .default("attachment")
    .openapi({
      description:
        "attachment (the default) or inline; inline is kept only for raster images and the " +
        "webp variants, anything else is served as an attachment",
    }),
});

const ContentLinkSchema = z
  .object({
    signedUrl: z.string().openapi({
      description: signedLinkDescription(
        "A GET link valid 5 minutes, no bearer needed; served with Content-Disposition, " +
          "nosniff, Content-Security-Policy sandbox and Range support",
      ),
    }),
  })
  .openapi("FileContentLink");

const FileParams = CollectionParams.extend({
  fileId: z.string().min(1).max(200),
});

const listQuery = listQueryHook(FILE_SORTS);

function routes(auth: MiddlewareHandler<AuthEnv>) {
  const signedIn = { tags, security };
  const filePath = "/teams/{teamId}/collections/{collectionId}/files/{fileId}";
  return {
    listCollection: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/teams/{teamId}/collections/{collectionId}/files",
      summary: "The collection's files the caller may see, by refDate, a page at a time",
      request: { params: CollectionParams, query: CollectionFileListQuerySchema },
      responses: {
        200: jsonResponse("A page of files, and the collection if asked", CollectionFileListSchema),
        ...errorResponses(400, 401, 404),
        ...hiddenCollectionResponse(),
      },
    }),
    markRead: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "post",
      path: "/teams/{teamId}/collections/{collectionId}/read",
      summary:
        "Mark the collection and every file of it the caller may see as read, for the caller " +
        "only (read collection: every role)",
      request: { params: CollectionParams },
      responses: {
        204: { description: "Marked read" },
        ...errorResponses(401, 404),
        ...hiddenCollectionResponse(),
      },
    }),
    listTeam: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/teams/{teamId}/files",
      summary: "The team's files the caller may see, across its collections",
      request: { params: TeamParams, query: FileListQuerySchema },
      responses: {
        200: jsonResponse("A page of files", FileListSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    listMine: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/files",
      summary: "The files the caller may see across all their teams",
      request: { query: FileListQuerySchema },
      responses: {
        200: jsonResponse("A page of files", FileListSchema),
        ...errorResponses(400, 401),
      },
    }),
    get: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: filePath,
      summary: "One file; the caller has read it from now on",
      request: { params: FileParams },
      responses: {
        200: jsonResponse("The file", FileSchema),
        ...errorResponses(401, 403, 404),
      },
    }),
    neighbours: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: `${filePath}/neighbours`,
      summary:
        "The files listed just before and after this one under the same filters and sort, " +
        "as the collection's files list orders them; does not mark the file read",
      request: { params: FileParams, query: FileNeighboursQuerySchema },
      responses: {
        200: jsonResponse("The neighbours, and the file's place", FileNeighboursSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    patch: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "patch",
      path: filePath,
      summary: "Rename a file (JSON Patch): update any file, or update own file on one's own",
      request: {
        params: FileParams,
        body: patchRequestBody(FilePatchSchema),
      },
      responses: {
        200: jsonResponse("The renamed file", FileSchema),
        ...errorResponses(400, 401, 403, 404, 413, 415),
      },
    }),
    content: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: `${filePath}/content`,
      summary: "A signed, expiring link to the file's bytes, thumbnail or preview",
      request: { params: FileParams, query: ContentQuerySchema },
      responses: {
        200: jsonResponse("The link", ContentLinkSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
  };
}

export function fileRoutes({
  db,
  auth,
  files,
  collections,
}: {
  db: Db;
  auth: MiddlewareHandler<AuthEnv>;
  files: FileService;
  /** Answers the collection with its files (include=collection). */
  collections: CollectionService;
}) {
  const r = routes(auth);
  /** A member of the team whose role reads files (any, or own). */
  const readAccess = async (teamId: string, userId: string) => {
    const access = await requireTeamMember(db, teamId, userId);
    const { role } = access.member;
    if (!can(role, "read", "file:any") && !can(role, "read", "file:own")) {
      throw new ApiError("forbidden", "Your role cannot read files");
    }
    return access;
  };
  return new OpenAPIHono<AuthEnv>()
    .openapi(
      r.listCollection,
      async (c) => {
        const { teamId, collectionId } = c.req.valid("param");
        const { include, ...query } = c.req.valid("query");
        const access = await readAccess(teamId, c.var.auth.userId);
        if (include !== "collection") {
          return c.json(await files.listCollection(access, collectionId, query), 200);
        }
        // One call for a screen that shows both (ADR 055): a collection the caller may not see
        // is notFound from either, as from GET of the collection.
        const [collection, page] = await Promise.all([
          collections.read(access, collectionId),
          files.listCollection(access, collectionId, query),
        ]);
        return c.json({ ...page, collection }, 200);
      },
      listQuery,
    )
    .openapi(r.markRead, async (c) => {
      const { teamId, collectionId } = c.req.valid("param");
      const access = await requireTeamPermission(
        db,
        teamId,
        c.var.auth.userId,
        "read",
        "collection",
      );
      await collections.read(access, collectionId);
      await files.markAllRead(access, collectionId);
      return c.body(null, 204);
    })
    .openapi(
      r.listTeam,
      async (c) => {
        const access = await readAccess(c.req.valid("param").teamId, c.var.auth.userId);
        return c.json(await files.listTeam(access, c.req.valid("query")), 200);
      },
      listQuery,
    )
    .openapi(
      r.listMine,
      async (c) => c.json(await files.listMine(c.var.auth.userId, c.req.valid("query")), 200),
      listQuery,
    )
    .openapi(r.get, async (c) => {
      const { teamId, collectionId, fileId } = c.req.valid("param");
      const access = await readAccess(teamId, c.var.auth.userId);
      return c.json(await files.read(access, collectionId, fileId), 200);
    })
    .openapi(
      r.neighbours,
      async (c) => {
        const { teamId, collectionId, fileId } = c.req.valid("param");
        const access = await readAccess(teamId, c.var.auth.userId);
        const filters = c.req.valid("query");
        return c.json(await files.neighbours(access, collectionId, fileId, filters), 200);
      },
      listQuery,
    )
    .openapi(
      r.patch,
      async (c) => {
        const changes = fileChanges(c.req.valid("json"));
        const { teamId, collectionId, fileId } = c.req.valid("param");
        const access = await requireTeamMember(db, teamId, c.var.auth.userId);
        return c.json(await files.update(access, collectionId, fileId, changes), 200);
      },
      // A body the schema refuses answers invalidPatch, or the code of a refused value.
      patchHook(fileChanges),
    )
    .openapi(r.content, async (c) => {
      const { teamId, collectionId, fileId } = c.req.valid("param");
      const access = await readAccess(teamId, c.var.auth.userId);
      const link = await files.contentLink(access, collectionId, fileId, c.req.valid("query"));
      // A signed link is a secret for its few minutes: keep it out of shared caches.
      c.header("Cache-Control", "private, no-store");
      return c.json(link, 200);
    });
}
