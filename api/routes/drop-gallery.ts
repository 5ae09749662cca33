import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { RateLimiter } from "#api/auth/rate-limit.ts";
import type { Db } from "#api/db/schema.ts";
import type { Traffic } from "#api/downloads/traffic.ts";
import {
  GALLERY_PAGE_DEFAULT,
  GALLERY_PAGE_MAX,
  GalleryFileDetailSchema,
  GalleryPageSchema,
  type GalleryService,
  GalleryZipSchema,
  openGallery,
} from "#api/drop-links/gallery.ts";
import type { ApiEnv } from "#api/http/env.ts";
import { errorResponses, invalidInputHook, jsonResponse } from "#api/http/schemas.ts";

// A drop link's read-only gallery (ADR 100): the collection's files for its guests, one file
// with its links, and the collection's zip. Open while the link shows the collection and is not
// revoked; a link with a PIN asks for its guest's credential as a Bearer token.

const tags = ["Drop links"];

const TokenParams = z.object({
  token: z.string().min(1).max(100).openapi({ description: "The link's token, as in /d/{token}" }),
});
const FileParams = TokenParams.extend({ fileId: z.string().min(1).max(200) });

const GalleryQuerySchema = z.object({
  cursor: z.string().max(500).optional().openapi({
    description: "nextCursor of the previous page, unchanged",
  }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(GALLERY_PAGE_MAX)
    .default(GALLERY_PAGE_DEFAULT)
    .openapi({ description: `Files per page, 1 to ${GALLERY_PAGE_MAX}` }),
});

const access =
  "Open while the link shows guests the collection and is not revoked (dropLinkRevoked); a " +
  "paused or past-deadline link still shows it. A link that shows guests nothing is notFound. " +
  "A link with a PIN needs its guest's credential as `Authorization: Bearer <credential>` " +
  "(authorizationRequired without it)";

const routes = {
  page: createRoute({
    tags,
    method: "get",
    path: "/drops/{token}/collection",
    summary: `A page of a drop link's collection as its guests see it, newest first. ${access}`,
    request: { params: TokenParams, query: GalleryQuerySchema },
    responses: {
      200: jsonResponse("A page of the gallery", GalleryPageSchema),
      ...errorResponses(400, 401, 404, 410),
    },
  }),
  file: createRoute({
    tags,
    method: "get",
    path: "/drops/{token}/collection/files/{fileId}",
    summary: `One file of a drop link's gallery, with its neighbours and its original's links. ${access}`,
    request: { params: FileParams },
    responses: {
      200: jsonResponse("The file", GalleryFileDetailSchema),
      ...errorResponses(400, 401, 403, 404, 410),
    },
  }),
  zip: createRoute({
    tags,
    method: "post",
    path: "/drops/{token}/collection/download",
    summary:
      "The zip of a drop link's collection: every ready file the gallery shows, made on behalf " +
      "of the link's creator and counted toward the team owner's traffic; its link needs no " +
      `credential. ${access}`,
    request: { params: TokenParams },
    responses: {
      201: jsonResponse("The zip was made", GalleryZipSchema),
      ...errorResponses(400, 401, 403, 404, 410, 429),
    },
  }),
};

/** The credential a guest's app or the web tier sends: `Authorization: Bearer <credential>`. */
function bearerOf(c: Context<ApiEnv>): string | null {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function dropGalleryRoutes({
  db,
  gallery,
  traffic,
  limiter,
}: {
  db: Db;
  gallery: GalleryService;
  traffic: Traffic;
  limiter: RateLimiter;
}) {
  /** A guest's answers are theirs alone, and hold signed links. */
  const noStore = { "Cache-Control": "private, no-store" };
  return new OpenAPIHono<ApiEnv>()
    .openapi(
      routes.page,
      async (c) => {
        const link = await openGallery(db, c.req.valid("param").token, bearerOf(c));
        return c.json(await gallery.page(link, c.req.valid("query")), 200, noStore);
      },
      invalidInputHook,
    )
    .openapi(routes.file, async (c) => {
      const { token, fileId } = c.req.valid("param");
      const link = await openGallery(db, token, bearerOf(c));
      return c.json(await gallery.file(link, fileId), 200, noStore);
    })
    .openapi(routes.zip, async (c) => {
      const link = await openGallery(db, c.req.valid("param").token, bearerOf(c));
      // Guests have no account: their asks count per address, as members' do.
      await limiter.check("createDownload", c.var.clientIp || "unknown");
      const zip = await gallery.zip(link);
      await traffic.check(await gallery.ownerOf(link), zip.parts[0]?.size ?? 0);
      return c.json(zip, 201, noStore);
    });
}
