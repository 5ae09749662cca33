import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { requireTeamMember, requireTeamPermission } from "#api/access/teams.ts";
import type { AuthEnv } from "#api/auth/middleware.ts";
import { CollectionPatchSchema, collectionChanges } from "#api/collections/collection-patch.ts";
import {
  COLLECTION_PAGE_MAX,
  COLLECTION_SORTS,
  COLLECTION_VIEWS,
  type CollectionListQuery,
  CollectionSchema,
  type CollectionService,
} from "#api/collections/collections.ts";
import type { Db } from "#api/db/schema.ts";
import { patchHook, patchRequestBody } from "#api/http/json-patch.ts";
import {
  CollectionParams,
  epochMs,
  errorResponses,
  hiddenCollectionResponse,
  idFilter,
  invalidInputHook,
  jsonBody,
  jsonResponse,
  listQueryHook,
  MemberParams,
  PaginationSchema,
  pageQuery,
  TeamParams,
  withDateRange,
} from "#api/http/schemas.ts";
import { COLLECTION_MODES } from "#domain/roles.ts";
import { collectionDescriptionSchema, collectionNameSchema } from "#domain/validation.ts";

// Collections (docs/product.md#api, Collections): a team's collections, one member's, the shared
// (collaborative) ones, the caller's across teams; one collection; creating and changing one.
// {teamId} is the team's id or one of its aliases. Every list and read obeys the visibility
// rule: an uploader sees only the collections it created and the collaborative ones; a
// collection of the team the caller may not see answers forbidden with its creator, so the member
// knows whom to ask (ADR 071); a missing one, or any for a non-member, answers notFound.

const security = [{ bearer: [] }];
const tags = ["Collections"];

const CollectionListQuerySchema = withDateRange(
  z.object({
    ...pageQuery("Collections", COLLECTION_PAGE_MAX),
    creator: idFilter.openapi({ description: "Only collections this user created" }),
    tagged: idFilter.openapi({ description: "Only collections tagging this user" }),
    view: z.enum(COLLECTION_VIEWS).default("all").openapi({
      description: "all, or only collaborative collections",
    }),
    from: epochMs.optional().openapi({ description: "refDate at or after (epoch ms)" }),
    to: epochMs.optional().openapi({ description: "refDate at or before (epoch ms)" }),
    sort: z.enum(COLLECTION_SORTS).default("refDate:desc").openapi({
      description: "refDate:desc (newest first, the default) or refDate:asc",
    }),
  }),
);

const CollectionListSchema = z
  .object({ pagination: PaginationSchema, collections: z.array(CollectionSchema) })
  .openapi("CollectionList");

const CreateCollectionRequest = z
  .strictObject({
    name: collectionNameSchema.describe("2 to 50 characters, trimmed"),
    description: collectionDescriptionSchema.describe("At most 250; blank is none"),
    mode: z.enum(COLLECTION_MODES).optional().openapi({
      description: "owned when absent; collaborative needs update any collection",
    }),
  })
  .openapi("CreateCollectionRequest");

const listQuery = listQueryHook(COLLECTION_SORTS);

function routes(auth: MiddlewareHandler<AuthEnv>) {
  const signedIn = { tags, security };
  const listResponses = {
    200: jsonResponse("A page of collections", CollectionListSchema),
    ...errorResponses(400, 401, 404),
  };
  return {
    list: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/teams/{teamId}/collections",
      summary: "The team's collections the caller may see, by refDate, a page at a time",
      request: { params: TeamParams, query: CollectionListQuerySchema },
      responses: listResponses,
    }),
    listMember: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/teams/{teamId}/members/{userId}/collections",
      summary: "The collections one member created (that the caller may see)",
      request: { params: MemberParams, query: CollectionListQuerySchema },
      responses: listResponses,
    }),
    listShared: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/teams/{teamId}/shared-collections",
      summary: "The team's collaborative collections",
      request: { params: TeamParams, query: CollectionListQuerySchema },
      responses: listResponses,
    }),
    listMine: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/collections",
      summary: "The collections the caller may see across all their teams",
      request: { query: CollectionListQuerySchema },
      responses: {
        200: jsonResponse("A page of collections", CollectionListSchema),
        ...errorResponses(400, 401),
      },
    }),
    get: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/teams/{teamId}/collections/{collectionId}",
      summary: "One collection; the caller has read it from now on",
      request: { params: CollectionParams },
      responses: {
        200: jsonResponse("The collection", CollectionSchema),
        ...errorResponses(401, 404),
        ...hiddenCollectionResponse(),
      },
    }),
    create: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "post",
      path: "/teams/{teamId}/collections",
      summary: "Create a collection (owner, admin; contributors in a collaborative team)",
      request: { params: TeamParams, body: jsonBody(CreateCollectionRequest) },
      responses: {
        201: jsonResponse("The new collection", CollectionSchema),
        ...errorResponses(400, 401, 403, 404, 413, 415),
      },
    }),
    patch: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "patch",
      path: "/teams/{teamId}/collections/{collectionId}",
      summary: "Rename, describe, tag, share or unshare a collection (JSON Patch)",
      request: {
        params: CollectionParams,
        body: patchRequestBody(CollectionPatchSchema),
      },
      responses: {
        200: jsonResponse("The updated collection", CollectionSchema),
        ...errorResponses(400, 401, 403, 404, 413, 415),
      },
    }),
  };
}

export function collectionRoutes({
  db,
  auth,
  collections,
}: {
  db: Db;
  auth: MiddlewareHandler<AuthEnv>;
  collections: CollectionService;
}) {
  const r = routes(auth);
  const readAccess = (teamId: string, userId: string) =>
    requireTeamPermission(db, teamId, userId, "read", "collection");
  return new OpenAPIHono<AuthEnv>()
    .openapi(
      r.list,
      async (c) => {
        const access = await readAccess(c.req.valid("param").teamId, c.var.auth.userId);
        const query: CollectionListQuery = c.req.valid("query");
        return c.json(await collections.listTeam(access, query), 200);
      },
      listQuery,
    )
    .openapi(
      r.listMember,
      async (c) => {
        const { teamId, userId } = c.req.valid("param");
        const access = await readAccess(teamId, c.var.auth.userId);
        return c.json(await collections.listMember(access, userId, c.req.valid("query")), 200);
      },
      listQuery,
    )
    .openapi(
      r.listShared,
      async (c) => {
        const access = await readAccess(c.req.valid("param").teamId, c.var.auth.userId);
        return c.json(await collections.listShared(access, c.req.valid("query")), 200);
      },
      listQuery,
    )
    .openapi(
      r.listMine,
      async (c) => c.json(await collections.listMine(c.var.auth.userId, c.req.valid("query")), 200),
      listQuery,
    )
    .openapi(r.get, async (c) => {
      const { teamId, collectionId } = c.req.valid("param");
      const access = await readAccess(teamId, c.var.auth.userId);
      return c.json(await collections.read(access, collectionId), 200);
    })
    .openapi(
      r.create,
      async (c) => {
        // The conditional rule (team mode, collaborative) is the service's.
        const access = await requireTeamMember(db, c.req.valid("param").teamId, c.var.auth.userId);
        return c.json(await collections.create(access, c.req.valid("json")), 201);
      },
      invalidInputHook,
    )
    .openapi(
      r.patch,
      async (c) => {
        const changes = collectionChanges(c.req.valid("json"));
        const { teamId, collectionId } = c.req.valid("param");
        const access = await requireTeamMember(db, teamId, c.var.auth.userId);
        return c.json(await collections.update(access, collectionId, changes), 200);
      },
      // A body the schema refuses answers invalidPatch, or the code of a refused value.
      patchHook(collectionChanges),
    );
}
