import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { RateLimiter } from "#api/auth/rate-limit.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { errorResponses, jsonBody, jsonResponse } from "#api/http/schemas.ts";
import type { AvatarService } from "#api/image-uploads/kinds.ts";
import {
  imageFileRoutes,
  imageRequest,
  imageRequestHook,
  imageRequestSchema,
  imageStatusSchema,
  imageUploadSchema,
} from "#api/routes/images.ts";
import type { BlobStore } from "#api/storage/index.ts";
import { findUserById, toUser, UserSchema } from "#api/users/users.ts";

// Avatars (spec section 7, Users): request an upload or a link fetch, PUT the bytes to the
// signed upload address, poll the status. Avatar images are public at an unguessable address.

const security = [{ bearer: [] }];

const CreateAvatarRequest = imageRequestSchema().openapi("CreateAvatarRequest", {
  description: "contentType (an upload) or remoteUrl (a link)",
});

const CreateAvatarResponse = imageUploadSchema("avatarId").openapi("AvatarUpload");

const AvatarStatusSchema = imageStatusSchema(
  "avatarId",
  "avatarUrl",
  "invalidUserAvatar (not an accepted image, too large, a refused link), " +
    "expiredToken (nothing was uploaded in time) or generic",
).openapi("AvatarStatus");

function routes(auth: MiddlewareHandler<AuthEnv>) {
  return {
    create: createRoute({
      method: "post",
      path: "/users/@me/avatars",
      tags: ["Users"],
      summary: "Start a new avatar: an upload address for contentType, or a fetch of remoteUrl",
      security,
      middleware: [auth] as const,
      request: { body: jsonBody(CreateAvatarRequest) },
      responses: {
        201: jsonResponse("Upload address issued (contentType)", CreateAvatarResponse),
        202: jsonResponse("The link is being fetched (remoteUrl)", CreateAvatarResponse),
        ...errorResponses(400, 401, 413, 415, 429),
      },
    }),
    status: createRoute({
      method: "get",
      path: "/users/@me/avatars/{avatarId}",
      tags: ["Users"],
      summary: "An avatar's status, polled until ready or error",
      security,
      middleware: [auth] as const,
      request: { params: z.object({ avatarId: z.string() }) },
      responses: {
        200: jsonResponse("The avatar's status", AvatarStatusSchema),
        ...errorResponses(401, 404),
      },
    }),
    remove: createRoute({
      method: "delete",
      path: "/users/@me/avatar",
      tags: ["Users"],
      summary: "Remove the user's avatar",
      security,
      middleware: [auth] as const,
      responses: {
        200: jsonResponse("The user, without an avatar", UserSchema),
        ...errorResponses(401),
      },
    }),
  };
}

export function avatarRoutes({
  avatars,
  auth,
  limiter,
  db,
  blobs,
}: {
  avatars: AvatarService;
  auth: MiddlewareHandler<AuthEnv>;
  limiter: RateLimiter;
  db: Db;
  blobs: BlobStore;
}) {
  const r = routes(auth);
  const app = new OpenAPIHono<AuthEnv>()
    .openapi(
      r.create,
      async (c) => {
        const { userId } = c.var.auth;
        await limiter.check("avatarUpload", c.var.clientIp || "unknown", userId);
        const request = imageRequest(c.req.valid("json"));
        const created = await avatars.create(userId, request);
        return "remoteUrl" in request ? c.json(created, 202) : c.json(created, 201);
      },
      imageRequestHook("invalidUserAvatar"),
    )
    .openapi(r.status, async (c) =>
      c.json(await avatars.status(c.var.auth.userId, c.req.valid("param").avatarId), 200),
    )
    .openapi(r.remove, async (c) => {
      const { userId } = c.var.auth;
      await avatars.remove(userId);
      const user = await findUserById(db, userId);
      if (!user) throw new ApiError("notAuthorized", "This account no longer exists");
      return c.json(toUser(user), 200);
    });
  app.route(
    "/",
    imageFileRoutes({
      kind: "avatars",
      noun: "avatar",
      tag: "Users",
      statusSchema: AvatarStatusSchema,
      receiveUpload: async ({ id, ...rest }) => avatars.receiveUpload({ avatarId: id, ...rest }),
      blobs,
    }),
  );
  return app;
}
