import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { requireTeamPermission } from "#api/access/teams.ts";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { RateLimiter } from "#api/auth/rate-limit.ts";
import type { Db } from "#api/db/schema.ts";
import { errorResponses, jsonBody, jsonResponse, TeamParams } from "#api/http/schemas.ts";
import {
  imageFileRoutes,
  imageRequest,
  imageRequestHook,
  imageRequestSchema,
  imageStatusSchema,
  imageUploadSchema,
  renameStatus,
} from "#api/routes/images.ts";
import type { BlobStore } from "#api/storage/index.ts";
import type { LogoService } from "#api/teams/logos.ts";

// Team logos (spec section 7, Teams): as avatars, for a team, by those who may update it (owner
// and admin). Request an upload or a link fetch, PUT the bytes to the signed upload address,
// poll the status. Logo images are public at an unguessable address.

const security = [{ bearer: [] }];

const CreateLogoRequest = imageRequestSchema().openapi("CreateLogoRequest", {
  description: "contentType (an upload) or remoteUrl (a link)",
});

const CreateLogoResponse = imageUploadSchema("logoId").openapi("LogoUpload");

const LogoStatusSchema = imageStatusSchema(
  "logoId",
  "logoUrl",
  "invalidTeamLogo (not an accepted image, too large, a refused link), " +
    "expiredToken (nothing was uploaded in time) or generic",
).openapi("LogoStatus");

function routes(auth: MiddlewareHandler<AuthEnv>) {
  return {
    create: createRoute({
      method: "post",
      path: "/teams/{teamId}/logos",
      tags: ["Teams"],
      summary: "Start a new team logo: an upload address for contentType, or a fetch of remoteUrl",
      security,
      middleware: [auth] as const,
      request: { params: TeamParams, body: jsonBody(CreateLogoRequest) },
      responses: {
        201: jsonResponse("Upload address issued (contentType)", CreateLogoResponse),
        202: jsonResponse("The link is being fetched (remoteUrl)", CreateLogoResponse),
        ...errorResponses(400, 401, 403, 404, 413, 415, 429),
      },
    }),
    status: createRoute({
      method: "get",
      path: "/teams/{teamId}/logos/{logoId}",
      tags: ["Teams"],
      summary: "A logo's status, polled until ready or error",
      security,
      middleware: [auth] as const,
      request: { params: TeamParams.extend({ logoId: z.string() }) },
      responses: {
        200: jsonResponse("The logo's status", LogoStatusSchema),
        ...errorResponses(401, 403, 404),
      },
    }),
  };
}

export function logoRoutes({
  db,
  logos,
  auth,
  limiter,
  blobs,
}: {
  db: Db;
  logos: LogoService;
  auth: MiddlewareHandler<AuthEnv>;
  limiter: RateLimiter;
  blobs: BlobStore;
}) {
  const r = routes(auth);
  const toStatus = (view: Awaited<ReturnType<LogoService["status"]>>) =>
    renameStatus(view, "logoId", "logoUrl");
  const app = new OpenAPIHono<AuthEnv>()
    .openapi(
      r.create,
      async (c) => {
        const { userId } = c.var.auth;
        const { team } = await requireTeamPermission(
          db,
          c.req.valid("param").teamId,
          userId,
          "update",
          "team",
        );
        await limiter.check("logoUpload", c.var.clientIp || "unknown", userId);
        const request = imageRequest(c.req.valid("json"));
        const { id, uploadUrl } = await logos.create({ ownerId: team.team_id, userId }, request);
        const created = { logoId: id, uploadUrl };
        return "remoteUrl" in request ? c.json(created, 202) : c.json(created, 201);
      },
      imageRequestHook("invalidTeamLogo"),
    )
    .openapi(r.status, async (c) => {
      const { teamId, logoId } = c.req.valid("param");
      const { team } = await requireTeamPermission(db, teamId, c.var.auth.userId, "update", "team");
      return c.json(toStatus(await logos.status(team.team_id, logoId)), 200);
    });
  app.route(
    "/",
    imageFileRoutes({
      kind: "logos",
      noun: "logo",
      tag: "Teams",
      statusSchema: LogoStatusSchema,
      receiveUpload: async (input) => toStatus(await logos.receiveUpload(input)),
      blobs,
    }),
  );
  return app;
}
