import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { RateLimiter } from "#api/auth/rate-limit.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { errorResponses, jsonResponse } from "#api/http/schemas.ts";
import type { ImageUploadService } from "#api/image-uploads/image-uploads.ts";
import { AVATARS } from "#api/image-uploads/kinds.ts";
import type { BlobStore } from "#api/storage/index.ts";
import { findUserById, toUser, UserSchema } from "#api/users/users.ts";
import { type ImageRoutesSpec, imageFileRoutes, imageRoutes } from "./images.ts";

// Avatars (docs/product.md#images): the image routes of routes/images.ts for the signed-in user's
// own avatar, and its removal. Avatar images are public at an unguessable address.

export function avatarRoutes({
  avatars,
  auth,
  limiter,
  db,
  blobs,
}: {
  avatars: ImageUploadService;
  auth: MiddlewareHandler<AuthEnv>;
  limiter: RateLimiter;
  db: Db;
  blobs: BlobStore;
}) {
  const spec: ImageRoutesSpec = {
    kind: AVATARS,
    images: avatars,
    tag: "Users",
    title: "avatar",
    idField: "avatarId",
    urlField: "avatarUrl",
    path: "/users/@me/avatars",
    ownerErrors: [],
    limit: "avatarUpload",
    owner: async (userId) => ({ ownerId: userId, userId }),
  };
  const remove = createRoute({
    method: "delete",
    path: "/users/@me/avatar",
    tags: ["Users"],
    summary: "Remove the user's avatar",
    security: [{ bearer: [] }],
    middleware: [auth] as const,
    responses: {
      200: jsonResponse("The user, without an avatar", UserSchema),
      ...errorResponses(401),
    },
  });
  const { app, Status } = imageRoutes(spec, { auth, limiter });
  app.openapi(remove, async (c) => {
    const { userId } = c.var.auth;
    await avatars.remove({ ownerId: userId, userId });
    const user = await findUserById(db, userId);
    if (!user) throw new ApiError("notAuthorized", "This account no longer exists");
    return c.json(toUser(user), 200);
  });
  app.route("/", imageFileRoutes(spec, Status, blobs));
  return app;
}
