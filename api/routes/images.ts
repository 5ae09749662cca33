import { Readable } from "node:stream";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AuthEnv } from "#api/auth/middleware.ts";
import type { RateLimitedAction, RateLimiter } from "#api/auth/rate-limit.ts";
import type { ApiEnv } from "#api/http/env.ts";
import { ApiError } from "#api/http/errors.ts";
import {
  errorResponses,
  issuesText,
  jsonBody,
  jsonResponse,
  ownImageDescription,
  type TeamParams,
} from "#api/http/schemas.ts";
import type {
  ImageOwner,
  ImageStatusView,
  ImageUploadService,
} from "#api/image-uploads/image-uploads.ts";
import { IMAGE_ID_PATTERN, type ImageKind, imageBlobKey } from "#api/image-uploads/kinds.ts";
import type { BlobStore } from "#api/storage/index.ts";
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES } from "#domain/constants.ts";

// The routes of an image a user sets on something they own, for every kind (avatars, logos):
// start one (an upload or a link), poll its status, PUT its bytes to the signed upload address,
// and get the public image. A kind says where its routes are, who owns the image and what its
// fields are called (routes/avatars.ts, routes/logos.ts).

const security = [{ bearer: [] }];
const binary = z.string().openapi({ type: "string", format: "binary" });

/** One kind's routes: where they are and whose image they start. */
export interface ImageRoutesSpec {
  kind: ImageKind;
  images: ImageUploadService;
  /** The OpenAPI tag, and how the summary of the route that starts one names it. */
  tag: "Users" | "Teams";
  title: string;
  /** The answers' names for the image's id and address. */
  idField: "avatarId" | "logoId";
  urlField: "avatarUrl" | "logoUrl";
  /** Where images are started; a status is at `<path>/{<idField>}`. */
  path: string;
  /** The path's own parameters, when it has any. */
  params?: typeof TeamParams;
  /** What else a start and a status may answer, from finding the owner (a team: 403, 404). */
  ownerErrors: readonly number[];
  /** The rate limit on starting one. */
  limit: Extract<RateLimitedAction, "avatarUpload" | "logoUpload">;
  /** Whose image the caller acts on, from the path; throws when they may not. */
  owner(userId: string, params: Record<string, string>): Promise<ImageOwner>;
}

/** `{contentType}` (an upload) or `{remoteUrl}` (a link), exactly one. */
function imageRequestSchema() {
  return z
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
    });
}

/** The start of an image as a route takes it: the upload request, or the link to fetch. */
function imageRequest(body: { contentType?: string; remoteUrl?: string }) {
  return body.remoteUrl !== undefined
    ? { remoteUrl: body.remoteUrl }
    : { contentType: body.contentType as string };
}

/** A type or link the rules refuse is the kind's invalid code; anything else invalidInput. */
function imageRequestHook(invalidCode: ImageKind["invalidCode"]) {
  return (result: { success: true } | { success: false; error: z.ZodError }) => {
    if (result.success) return undefined;
    const issues = result.error.issues;
    const field = issues.find((i) => i.path[0] === "contentType" || i.path[0] === "remoteUrl");
    if (field) {
      throw new ApiError(invalidCode, `${String(field.path[0])}: ${field.message}`);
    }
    throw new ApiError("invalidInput", issuesText(issues));
  };
}

/** What starting an image answers: its id, and where to PUT the image's bytes. */
function imageUploadSchema(idField: string): z.ZodType<Record<string, string | null>> {
  return z.object({
    [idField]: z.string(),
    uploadUrl: z
      .string()
      .nullable()
      .openapi({
        description:
          "For contentType: PUT the image's bytes here, once, within 15 minutes, without a bearer " +
          "token. Null for remoteUrl.",
      }),
  });
}

/** An image's status schema, with the id and URL named after the kind (avatarId, logoUrl). */
function imageStatusSchema(spec: ImageRoutesSpec): z.ZodType<Record<string, unknown>> {
  const { idField, urlField, kind } = spec;
  return z.object({
    [idField]: z.string(),
    status: z.enum(["processing", "ready", "error"]).openapi({
      description: "Poll every second while processing",
    }),
    [urlField]: z
      .string()
      .optional()
      .openapi({ description: ownImageDescription(kind.noun, "only when ready") }),
    errorCode: z
      .string()
      .optional()
      .openapi({
        description:
          `When error: ${kind.invalidCode} (not an accepted image, too large, a refused link), ` +
          "expiredToken (nothing was uploaded in time) or generic",
      }),
    message: z.string().optional(),
  });
}

/** An image status with the id and URL named after the kind. */
function statusAnswer(spec: ImageRoutesSpec, { id, url, ...rest }: ImageStatusView) {
  return { [spec.idField]: id, ...rest, ...(url === undefined ? {} : { [spec.urlField]: url }) };
}

/**
 * The routes a signed-in user reaches a kind's images by: `POST <path>` starts one, `GET
 * <path>/{<idField>}` is its status.
 */
export function imageRoutes(
  spec: ImageRoutesSpec,
  { auth, limiter }: { auth: MiddlewareHandler<AuthEnv>; limiter: RateLimiter },
) {
  const { kind, images, idField, tag } = spec;
  const Noun = kind.noun[0]?.toUpperCase() + kind.noun.slice(1);
  const Request = imageRequestSchema().openapi(`Create${Noun}Request`, {
    description: "contentType (an upload) or remoteUrl (a link)",
  });
  const Upload = imageUploadSchema(idField).openapi(`${Noun}Upload`);
  const Status = imageStatusSchema(spec).openapi(`${Noun}Status`);
  const create = createRoute({
    method: "post",
    path: spec.path,
    tags: [tag],
    summary: `Start a new ${spec.title}: an upload address for contentType, or a fetch of remoteUrl`,
    security,
    middleware: [auth] as const,
    request: { ...(spec.params && { params: spec.params }), body: jsonBody(Request) },
    responses: {
      201: jsonResponse("Upload address issued (contentType)", Upload),
      202: jsonResponse("The link is being fetched (remoteUrl)", Upload),
      ...errorResponses(400, 401, ...spec.ownerErrors, 413, 415, 429),
    },
  });
  const status = createRoute({
    method: "get",
    path: `${spec.path}/{${idField}}`,
    tags: [tag],
    summary: `${/^[aeiou]/.test(kind.noun) ? "An" : "A"} ${kind.noun}'s status, polled until ready or error`,
    security,
    middleware: [auth] as const,
    request: { params: (spec.params ?? z.object({})).extend({ [idField]: z.string() }) },
    responses: {
      200: jsonResponse(`The ${kind.noun}'s status`, Status),
      ...errorResponses(401, ...spec.ownerErrors, 404),
    },
  });
  const app = new OpenAPIHono<AuthEnv>()
    .openapi(
      create,
      async (c) => {
        const { userId } = c.var.auth;
        const owner = await spec.owner(userId, c.req.param());
        await limiter.check(spec.limit, c.var.clientIp || "unknown", userId);
        const request = imageRequest(c.req.valid("json"));
        const { id, uploadUrl } = await images.create(owner, request);
        const created = { [idField]: id, uploadUrl };
        return "remoteUrl" in request ? c.json(created, 202) : c.json(created, 201);
      },
      imageRequestHook(kind.invalidCode),
    )
    .openapi(status, async (c) => {
      const params: Record<string, string> = c.req.valid("param");
      const { ownerId } = await spec.owner(c.var.auth.userId, params);
      return c.json(statusAnswer(spec, await images.status(ownerId, params[idField] ?? "")), 200);
    });
  return { app, Status };
}

/** A year: an image's address names one image forever; a new image gets a new address. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The two unauthenticated routes of a kind: `PUT /uploads/<kind>/{<noun>Id}` (the signed
 * uploadUrl; the signature is the credential) and `GET /<kind>/{<noun>File}` (the public image,
 * `<id>.webp`).
 */
export function imageFileRoutes(
  spec: ImageRoutesSpec,
  Status: z.ZodType<Record<string, unknown>>,
  blobs: BlobStore,
) {
  const { kind, tag, images } = spec;
  const { noun } = kind;
  const idParam = `${noun}Id`;
  const fileParam = `${noun}File`;
  const upload = createRoute({
    method: "put",
    path: `/uploads/${kind.kind}/{${idParam}}`,
    tags: [tag],
    summary: "The uploadUrl: send the image's bytes (no bearer token; the address is signed)",
    request: {
      params: z.object({ [idParam]: z.string() }),
      query: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
      body: {
        required: true,
        description: `The image, at most ${IMAGE_MAX_BYTES} bytes, of the type announced`,
        content: Object.fromEntries(IMAGE_CONTENT_TYPES.map((type) => [type, { schema: binary }])),
      },
    },
    responses: {
      202: jsonResponse("Received; poll the status", Status),
      ...errorResponses(400, 403, 404, 410, 413, 415),
    },
  });
  const image = createRoute({
    method: "get",
    path: `/${kind.kind}/{${fileParam}}`,
    tags: [tag],
    summary: `A ${noun} image (\`<${idParam}>.webp\`): public, immutable`,
    request: { params: z.object({ [fileParam]: z.string() }) },
    responses: {
      200: { description: "A 256×256 WebP", content: { "image/webp": { schema: binary } } },
      ...errorResponses(404),
    },
  });
  const notFound = () => new ApiError("notFound", `There is no such ${noun}`);

  return new OpenAPIHono<ApiEnv>()
    .openapi(upload, async (c) => {
      const { expires, signature } = c.req.valid("query");
      const status = await images.receiveUpload({
        id: c.req.valid("param")[idParam] ?? "",
        expires,
        signature,
        contentLength: c.req.header("content-length"),
        body: c.req.raw.body,
      });
      return c.json(statusAnswer(spec, status), 202);
    })
    .openapi(image, async (c) => {
      const match = /^([0-9a-f]+)\.webp$/.exec(c.req.valid("param")[fileParam] ?? "");
      const id = match?.[1];
      if (!id || !IMAGE_ID_PATTERN.test(id)) throw notFound();
      const etag = `"${id}"`;
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
      const key = imageBlobKey(kind.kind, id);
      if (c.req.method === "HEAD") {
        const info = await blobs.head(key);
        if (!info) throw notFound();
        headers.set("Content-Length", String(info.size));
        return new Response(null, { status: 200, headers });
      }
      const blob = await blobs.get(key);
      if (!blob) throw notFound();
      headers.set("Content-Length", String(blob.size));
      return new Response(Readable.toWeb(blob.body) as ReadableStream<Uint8Array>, {
        status: 200,
        headers,
      });
    });
}
