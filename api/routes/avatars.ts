import { Readable } from "node:stream";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { RateLimiter } from "#api/auth/rate-limit.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { errorResponses, jsonBody, jsonResponse } from "#api/http/schemas.ts";
import type { BlobStore } from "#api/storage/index.ts";
import { AVATAR_ID_PATTERN, type AvatarService, avatarBlobKey } from "#api/users/avatars.ts";
import { findUserById, toUser, UserSchema } from "#api/users/users.ts";
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES } from "#domain/constants.ts";

// Avatars (spec section 7, Users): request an upload or a link fetch, PUT the bytes to the
// signed upload address, poll the status. Avatar images are public at an unguessable address.

const security = [{ bearer: [] }];

const CreateAvatarRequest = z
  .strictObject({
    contentType: z.enum(IMAGE_CONTENT_TYPES).optional().openapi({
      description: "The type of the image that will be PUT to uploadUrl; the bytes must be of it",
    }),
    remoteUrl: z.string().max(2048).optional().openapi({
      description: "An https link to an image, fetched by the server",
      example: "https://example.com/me.jpg",
    }),
  })
  .refine((body) => (body.contentType === undefined) !== (body.remoteUrl === undefined), {
    error: "give either contentType or remoteUrl",
  })
  .openapi("CreateAvatarRequest", { description: "contentType (an upload) or remoteUrl (a link)" });

const CreateAvatarResponse = z
  .object({
    avatarId: z.string(),
    uploadUrl: z
      .string()
      .nullable()
      .openapi({
        description:
          "For contentType: PUT the image's bytes here, once, within 15 minutes, without a bearer " +
          "token. Null for remoteUrl.",
      }),
  })
  .openapi("AvatarUpload");

const AvatarStatusSchema = z
  .object({
    avatarId: z.string(),
    status: z.enum(["processing", "ready", "error"]).openapi({
      description: "Poll every second while processing",
    }),
    avatarUrl: z.string().optional().openapi({ description: "When ready" }),
    errorCode: z
      .string()
      .optional()
      .openapi({
        description:
          "When error: invalidUserAvatar (not an accepted image, too large, a refused link), " +
          "expiredToken (nothing was uploaded in time) or generic",
      }),
    message: z.string().optional(),
  })
  .openapi("AvatarStatus");

const binary = z.string().openapi({ type: "string", format: "binary" });

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
    upload: createRoute({
      method: "put",
      path: "/uploads/avatars/{avatarId}",
      tags: ["Users"],
      summary: "The uploadUrl: send the image's bytes (no bearer token; the address is signed)",
      request: {
        params: z.object({ avatarId: z.string() }),
        query: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
        body: {
          required: true,
          description: `The image, at most ${IMAGE_MAX_BYTES} bytes, of the type announced`,
          content: Object.fromEntries(
            IMAGE_CONTENT_TYPES.map((type) => [type, { schema: binary }]),
          ),
        },
      },
      responses: {
        202: jsonResponse("Received; poll the status", AvatarStatusSchema),
        ...errorResponses(400, 403, 404, 410, 413, 415),
      },
    }),
    image: createRoute({
      method: "get",
      path: "/avatars/{avatarFile}",
      tags: ["Users"],
      summary: "An avatar image (`<avatarId>.webp`): public, immutable",
      request: { params: z.object({ avatarFile: z.string() }) },
      responses: {
        200: { description: "A 256×256 WebP", content: { "image/webp": { schema: binary } } },
        ...errorResponses(404),
      },
    }),
  };
}

/** A year: an avatar's address names one image forever; a new avatar gets a new address. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export function avatarRoutes({
  avatars,
  auth,
  limiter,
  db,
  blobs,
  publicUrl,
}: {
  avatars: AvatarService;
  auth: MiddlewareHandler<AuthEnv>;
  limiter: RateLimiter;
  db: Db;
  blobs: BlobStore;
  publicUrl: string;
}) {
  const r = routes(auth);
  const app = new OpenAPIHono<AuthEnv>()
    .openapi(
      r.create,
      async (c) => {
        const { userId } = c.var.auth;
        await limiter.check("avatarUpload", c.var.clientIp || "unknown", userId);
        const { contentType, remoteUrl } = c.req.valid("json");
        if (remoteUrl !== undefined) {
          return c.json(await avatars.create(userId, { remoteUrl }), 202);
        }
        return c.json(await avatars.create(userId, { contentType: contentType! }), 201);
      },
      // A type or link the rules refuse is invalidUserAvatar; anything else invalidInput.
      (result) => {
        if (result.success) return undefined;
        const issues = result.error.issues;
        const field = issues.find((i) => i.path[0] === "contentType" || i.path[0] === "remoteUrl");
        if (field) {
          throw new ApiError("invalidUserAvatar", `${String(field.path[0])}: ${field.message}`);
        }
        const text = issues
          .map((i) => `${i.path.length ? i.path.join(".") : "body"}: ${i.message}`)
          .join("; ");
        throw new ApiError("invalidInput", text);
      },
    )
    .openapi(r.status, async (c) =>
      c.json(await avatars.status(c.var.auth.userId, c.req.valid("param").avatarId), 200),
    )
    .openapi(r.remove, async (c) => {
      const { userId } = c.var.auth;
      await avatars.remove(userId);
      const user = await findUserById(db, userId);
      if (!user) throw new ApiError("notAuthorized", "This account no longer exists");
      return c.json(toUser(user, publicUrl), 200);
    })
    // Unauthenticated: the signature is the credential, and the image is public by design.
    .openapi(r.upload, async (c) => {
      const { avatarId } = c.req.valid("param");
      const { expires, signature } = c.req.valid("query");
      const status = await avatars.receiveUpload({
        avatarId,
        expires,
        signature,
        contentLength: c.req.header("content-length"),
        body: c.req.raw.body,
      });
      return c.json(status, 202);
    })
    .openapi(r.image, async (c) => {
      const match = /^([0-9a-f]+)\.webp$/.exec(c.req.valid("param").avatarFile);
      const avatarId = match?.[1];
      if (!avatarId || !AVATAR_ID_PATTERN.test(avatarId)) {
        throw new ApiError("notFound", "There is no such avatar");
      }
      const etag = `"${avatarId}"`;
      const headers = new Headers({
        "Content-Type": "image/webp",
        "Cache-Control": IMMUTABLE,
        ETag: etag,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cross-Origin-Resource-Policy": "cross-origin",
      });
      // The address names one image forever, so a cached copy is always current.
      if (c.req.header("if-none-match")?.includes(etag)) {
        return new Response(null, { status: 304, headers });
      }
      const key = avatarBlobKey(avatarId);
      if (c.req.method === "HEAD") {
        const info = await blobs.head(key);
        if (!info) throw new ApiError("notFound", "There is no such avatar");
        headers.set("Content-Length", String(info.size));
        return new Response(null, { status: 200, headers });
      }
      const blob = await blobs.get(key);
      if (!blob) throw new ApiError("notFound", "There is no such avatar");
      headers.set("Content-Length", String(blob.size));
      return new Response(Readable.toWeb(blob.body) as ReadableStream<Uint8Array>, {
        status: 200,
        headers,
      });
    });
  return app;
}
