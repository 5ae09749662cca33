import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { requireTeamMember } from "#api/access/teams.ts";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { Db } from "#api/db/schema.ts";
import {
  CreateDropLinkSchema,
  DropLinkPatchSchema,
  DropLinkSchema,
  type DropLinkService,
} from "#api/drop-links/links.ts";
import {
  CollectionParams,
  errorResponses,
  hiddenCollectionResponse,
  jsonBody,
  jsonResponse,
  TeamParams,
} from "#api/http/schemas.ts";
import { DROP_LINKS_PER_COLLECTION_MAX } from "#domain/drop-links.ts";

// Managing drop links (ADR 097): a collection's links, made, changed, paused, resumed and
// revoked by the owner and admins; other roles are forbidden, non-members get notFound. A link of
// a collection in the trash answers notFound, as the collection does. {teamId} is the team's id
// or one of its aliases.

const security = [{ bearer: [] }];
const tags = ["Drop links"];

const LinkParams = TeamParams.extend({ linkId: z.string().min(1).max(200) });

const DropLinkListSchema = z
  .object({ links: z.array(DropLinkSchema).openapi({ description: "Newest first" }) })
  .openapi("DropLinkList");

const managers = "owner and admin; other roles are forbidden";

function routes(auth: MiddlewareHandler<AuthEnv>) {
  const signedIn = { tags, security };
  return {
    list: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/teams/{teamId}/collections/{collectionId}/drop-links",
      summary: `A collection's drop links, newest first, each with its counts (${managers})`,
      request: { params: CollectionParams },
      responses: {
        200: jsonResponse("The collection's links", DropLinkListSchema),
        ...errorResponses(401, 404),
        ...hiddenCollectionResponse(),
      },
    }),
    create: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "post",
      path: "/teams/{teamId}/collections/{collectionId}/drop-links",
      summary:
        `Make a drop link to the collection (${managers}). A collection has at most ` +
        `${DROP_LINKS_PER_COLLECTION_MAX} links: one more is 409 invalidInput`,
      request: { params: CollectionParams, body: jsonBody(CreateDropLinkSchema) },
      responses: {
        201: jsonResponse("Made", DropLinkSchema),
        ...errorResponses(400, 401, 404, 409),
        ...hiddenCollectionResponse(),
      },
    }),
    listTeam: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/teams/{teamId}/drop-links",
      summary: `Every drop link of the team, newest first (${managers})`,
      request: { params: TeamParams },
      responses: {
        200: jsonResponse("The team's links", DropLinkListSchema),
        ...errorResponses(401, 403, 404),
      },
    }),
    get: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/teams/{teamId}/drop-links/{linkId}",
      summary: `One drop link, with its counts (${managers})`,
      request: { params: LinkParams },
      responses: {
        200: jsonResponse("The link", DropLinkSchema),
        ...errorResponses(401, 403, 404),
      },
    }),
    update: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "patch",
      path: "/teams/{teamId}/drop-links/{linkId}",
      summary:
        `Change a drop link's settings or status (${managers}): the fields given change, the ` +
        "others stay. Pausing or revoking stops guests' uploads at their next chunk. A revoked " +
        "link is final: any change is 409 invalidInput",
      request: { params: LinkParams, body: jsonBody(DropLinkPatchSchema) },
      responses: {
        200: jsonResponse("Changed", DropLinkSchema),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    qr: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: "/teams/{teamId}/drop-links/{linkId}/qr.svg",
      summary: `The QR code of the link's full address (url), as SVG (${managers})`,
      request: { params: LinkParams },
      responses: {
        200: {
          description: "The QR code",
          content: { "image/svg+xml": { schema: z.string() } },
        },
        ...errorResponses(401, 403, 404),
      },
    }),
  };
}

export function dropLinkRoutes({
  db,
  auth,
  links,
}: {
  db: Db;
  auth: MiddlewareHandler<AuthEnv>;
  links: DropLinkService;
}) {
  const r = routes(auth);
  const member = (teamId: string, userId: string) => requireTeamMember(db, teamId, userId);
  return new OpenAPIHono<AuthEnv>()
    .openapi(r.list, async (c) => {
      const { teamId, collectionId } = c.req.valid("param");
      c.header("Cache-Control", "private, no-store");
      return c.json(await links.list(await member(teamId, c.var.auth.userId), collectionId), 200);
    })
    .openapi(r.create, async (c) => {
      const { teamId, collectionId } = c.req.valid("param");
      const access = await member(teamId, c.var.auth.userId);
      return c.json(await links.create(access, collectionId, c.req.valid("json")), 201);
    })
    .openapi(r.listTeam, async (c) => {
      const { teamId } = c.req.valid("param");
      c.header("Cache-Control", "private, no-store");
      return c.json(await links.listTeam(await member(teamId, c.var.auth.userId)), 200);
    })
    .openapi(r.get, async (c) => {
      const { teamId, linkId } = c.req.valid("param");
      c.header("Cache-Control", "private, no-store");
      return c.json(await links.get(await member(teamId, c.var.auth.userId), linkId), 200);
    })
    .openapi(r.update, async (c) => {
      const { teamId, linkId } = c.req.valid("param");
      const access = await member(teamId, c.var.auth.userId);
      return c.json(await links.update(access, linkId, c.req.valid("json")), 200);
    })
    .openapi(r.qr, async (c) => {
      const { teamId, linkId } = c.req.valid("param");
      const svg = await links.qrSvg(await member(teamId, c.var.auth.userId), linkId);
      c.header("Cache-Control", "private, no-store");
      c.header("Content-Type", "image/svg+xml; charset=utf-8");
      return c.body(svg, 200);
    });
}
