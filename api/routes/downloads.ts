import { Readable } from "node:stream";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { requireTeamMember } from "#api/access/teams.ts";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { RateLimiter } from "#api/auth/rate-limit.ts";
import type { Db } from "#api/db/schema.ts";
import { DOWNLOAD_STATUSES } from "#api/db/schema.ts";
import { DOWNLOAD_FILES_MAX, type DownloadService } from "#api/downloads/downloads.ts";
import type { Traffic } from "#api/downloads/traffic.ts";
import { zipStream } from "#api/downloads/zip.ts";
import { cleanEntryName } from "#api/downloads/zip-names.ts";
import { contentDisposition } from "#api/http/content-disposition.ts";
import { countedStream } from "#api/http/counted-stream.ts";
import type { ApiEnv } from "#api/http/env.ts";
import { ApiError } from "#api/http/errors.ts";
import { parseRange } from "#api/http/range.ts";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  signedLinkDescription,
  TeamParams,
} from "#api/http/schemas.ts";

// Collection downloads (docs/product.md#downloads; ADR 025): ask for a
// collection's zip, see its parts, and fetch a signed, expiring link to each part's archive,
// which `GET /api/archives/...` streams with its exact length, an ETag and Range support.

const security = [{ bearer: [] }];
const tags = ["Downloads"];

const CreateDownloadRequest = z
  .object({
    collectionId: z.string().min(1).max(200),
    filesPrefix: z
      .string()
      .max(100)
      .optional()
      .openapi({
        description:
          "A folder inside the archive that holds every file, e.g. the collection's name; " +
          "cleaned like the entries' names. Absent or blank: the files are at the archive's root",
      }),
    fileIds: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(DOWNLOAD_FILES_MAX)
      .optional()
      .openapi({
        description:
          `Only these files of the collection (1 to ${DOWNLOAD_FILES_MAX}; a repeated id counts ` +
          "once). Each must be a ready file of the collection that the caller may read, " +
          "otherwise notFound. Absent: every ready file the caller may read",
      }),
  })
  .strict()
  .openapi("CreateDownloadRequest");

const DownloadCreatedSchema = z.object({ requestId: z.string() }).openapi("DownloadCreated");

const DownloadPartSchema = z
  .object({
    partId: z.number().int().min(1),
    size: z.number().int().openapi({ description: "The part's archive, in bytes, exactly" }),
    fileCount: z.number().int(),
  })
  .openapi("DownloadPart");

const DownloadSchema = z
  .object({
    requestId: z.string(),
    collectionId: z.string(),
    name: z.string().openapi({
      description: "The archive's name without .zip: the collection's name when it was asked for",
    }),
    status: z.enum(DOWNLOAD_STATUSES).openapi({
      description: "ready as soon as the request is answered: the entries are fixed then",
    }),
    totalParts: z.number().int().min(1).openapi({
      description: "Collections larger than one part (about 4 GiB) come as several zips",
    }),
    parts: z.array(DownloadPartSchema),
    createdAt: z.number().int(),
    expiresAt: z.number().int().openapi({ description: "After this the download is gone" }),
  })
  .openapi("Download");

const archiveLink = signedLinkDescription(
  "A GET link to the part's zip, valid 6 hours (never past the download's expiry), no bearer " +
    "needed; served with its exact Content-Length, an ETag and Range support to resume",
).replace("With disk storage a path", "Always a path");

const DownloadPartLinkSchema = DownloadPartSchema.extend({
  url: z.string().openapi({ description: archiveLink }),
}).openapi("DownloadPartLink");

const DownloadLinkSchema = z
  .object({
    url: z.string().openapi({ description: `${archiveLink}. The first part's` }),
    totalParts: z.number().int().min(1),
  })
  .openapi("DownloadLink");

const DownloadParams = TeamParams.extend({ downloadId: z.string().min(1).max(200) });
const PartParams = DownloadParams.extend({
  partId: z.coerce.number().int().min(1).max(100_000),
});

function routes(auth: MiddlewareHandler<AuthEnv>) {
  const signedIn = { tags, security };
  const downloadPath = "/teams/{teamId}/downloads/{downloadId}";
  return {
    create: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "post",
      path: "/teams/{teamId}/downloads",
      summary:
        "Ask for a collection's zip (create download: owner, admin, upviewer, viewer): every " +
        "ready file of the collection the caller may read, or the ones chosen, newest first",
      request: { params: TeamParams, body: jsonBody(CreateDownloadRequest) },
      responses: {
        201: jsonResponse("The download was asked for", DownloadCreatedSchema),
        ...errorResponses(400, 401, 403, 404, 429),
      },
    }),
    get: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: downloadPath,
      summary: "The caller's download: its status and parts (invalidDownload if not theirs)",
      request: { params: DownloadParams },
      responses: {
        200: jsonResponse("The download", DownloadSchema),
        ...errorResponses(401, 404),
      },
    }),
    part: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: `${downloadPath}/parts/{partId}`,
      summary: "One part of the caller's download, with a signed link to its zip",
      request: { params: PartParams },
      responses: {
        200: jsonResponse("The part", DownloadPartLinkSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    link: createRoute({
      ...signedIn,
      middleware: [auth] as const,
      method: "get",
      path: `${downloadPath}/download`,
      summary: "A signed link to the download's (first part's) zip",
      request: { params: DownloadParams },
      responses: {
        200: jsonResponse("The link", DownloadLinkSchema),
        ...errorResponses(401, 403, 404),
      },
    }),
  };
}

export function downloadRoutes({
  db,
  auth,
  limiter,
  downloads,
  traffic,
}: {
  db: Db;
  auth: MiddlewareHandler<AuthEnv>;
  limiter: RateLimiter;
  downloads: DownloadService;
  traffic: Traffic;
}) {
  const r = routes(auth);
  const member = (teamId: string, userId: string) => requireTeamMember(db, teamId, userId);
  /** Links are secrets for their hours: kept out of every cache. */
  const noStore = { "Cache-Control": "private, no-store" };
  return new OpenAPIHono<AuthEnv>()
    .openapi(r.create, async (c) => {
      const access = await member(c.req.valid("param").teamId, c.var.auth.userId);
      // Counted once the caller is known to be a member, for every role (docs/product.md#rate-limits).
      await limiter.check("createDownload", c.var.clientIp || "unknown", c.var.auth.userId);
      return c.json(await downloads.create(access, c.req.valid("json")), 201);
    })
    .openapi(r.get, async (c) => {
      const { teamId, downloadId } = c.req.valid("param");
      const access = await member(teamId, c.var.auth.userId);
      return c.json(await downloads.get(access, downloadId), 200);
    })
    .openapi(r.part, async (c) => {
      const { teamId, downloadId, partId } = c.req.valid("param");
      const access = await member(teamId, c.var.auth.userId);
      const part = await downloads.part(access, downloadId, partId);
      await traffic.check(access.team.owner_id, part.size);
      return c.json(part, 200, noStore);
    })
    .openapi(r.link, async (c) => {
      const { teamId, downloadId } = c.req.valid("param");
      const access = await member(teamId, c.var.auth.userId);
      const link = await downloads.link(access, downloadId);
      await traffic.check(access.team.owner_id, link.size);
      return c.json({ url: link.url, totalParts: link.totalParts }, 200, noStore);
    });
}

/**
 * Streams a part's zip to the holder of its signed link: the exact length up front, a strong
 * ETag (the same request always gives the same bytes), and one `Range` for resuming, honoured
 * only while `If-Range` still names this archive. The bytes sent count toward the team owner's
 * traffic; a response that would pass the plan's limit is refused before any byte.
 */
export function archiveRoutes({
  downloads,
  traffic,
}: {
  downloads: DownloadService;
  traffic: Traffic;
}) {
  const app = new OpenAPIHono<ApiEnv>();
  // Described for the OpenAPI document; Hono serves it below, GET and HEAD alike.
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/archives/{downloadId}/{partId}",
    tags,
    summary:
      "A part's zip, for the holder of its signed link (no bearer): exact Content-Length, a " +
      "strong ETag, and one Range (206) to resume, honoured while If-Range names this archive",
    request: {
      params: z.object({ downloadId: z.string(), partId: z.string() }),
      query: z.object({ expires: z.string(), signature: z.string() }),
    },
    responses: {
      200: {
        description: "The whole zip (application/zip, an attachment named after the collection)",
        content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
      },
      206: {
        description: "The range asked for",
        content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
      },
      ...errorResponses(403, 404, 410, 416),
    },
  });
  // ARCHIVE_PATH, under the API's /api.
  app.on(["GET", "HEAD"], "/archives/:downloadId/:partId", async (c) => {
    const { downloadId, partId } = c.req.param();
    const { expires = "", signature = "" } = c.req.query();
    const part = /^\d{1,6}$/.test(partId) ? Number(partId) : 0;
    const archive = await downloads.archive(downloadId, part, expires, signature);
    const { layout, download } = archive;
    const etag = `"${download.download_id}.${part}.${layout.size}"`;
    const lastModified = new Date(download.created_at).toUTCString();
    const ifRange = c.req.header("if-range");
    const asked = parseRange(c.req.header("range"), layout.size);
    const range = ifRange && ifRange !== etag && ifRange !== lastModified ? undefined : asked;
    if (range === "unsatisfiable") {
      throw new ApiError(
        "invalidInput",
        "The requested range is past the end of the archive",
        416,
        {
          "Content-Range": `bytes */${layout.size}`,
        },
      );
    }
    const length = range ? range.end - range.start + 1 : layout.size;
    const name =
      archive.totalParts > 1
        ? `${download.archive_name} (${part} of ${archive.totalParts})`
        : download.archive_name;
    const headers = new Headers({
      "Content-Type": "application/zip",
      "Content-Length": String(length),
      "Content-Disposition": contentDisposition("attachment", `${cleanEntryName(name)}.zip`),
      "Accept-Ranges": "bytes",
      ETag: etag,
      "Last-Modified": lastModified,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
    if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${layout.size}`);
    const status = range ? 206 : 200;
    if (c.req.method === "HEAD") return new Response(null, { status, headers });

    await traffic.check(archive.ownerId, length);
    const body = countedStream(
      zipStream(layout, archive.open, range ?? { start: 0, end: layout.size - 1 }),
      (bytes) => traffic.charge(archive.ownerId, bytes),
      (error) => c.var.logger.warn({ err: error, downloadId, part }, "archive: stream ended early"),
    );
    return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status, headers });
  });
  return app;
}
