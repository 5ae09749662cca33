import { Readable } from "node:stream";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { ApiEnv } from "#api/http/env.ts";
import { ApiError } from "#api/http/errors.ts";
import {
  errorResponses,
  issuesText,
  jsonResponse,
  ownImageDescription,
} from "#api/http/schemas.ts";
import {
  IMAGE_ID_PATTERN,
  type ImageKind,
  type ImageStatusView,
  imageBlobKey,
} from "#api/image-uploads/image-uploads.ts";
import type { BlobStore } from "#api/storage/index.ts";
import type { UploadKind } from "#api/storage/upload-urls.ts";
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES } from "#domain/constants.ts";

// What avatar and logo routes share: the request that starts an image, its validation, the
// signed upload address that takes the bytes, and the public image. Each kind's own routes
// (who may start one, where its status is polled) live with the kind.

const binary = z.string().openapi({ type: "string", format: "binary" });

/** `{contentType}` (an upload) or `{remoteUrl}` (a link), exactly one. Name it with .openapi. */
export function imageRequestSchema() {
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
export function imageRequest(body: { contentType?: string; remoteUrl?: string }) {
  return body.remoteUrl !== undefined
    ? { remoteUrl: body.remoteUrl }
    : { contentType: body.contentType as string };
}

/** A type or link the rules refuse is the kind's invalid code; anything else invalidInput. */
export function imageRequestHook(invalidCode: ImageKind["invalidCode"]) {
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

/** What starting an avatar or a logo answers: its id, and where to PUT the image's bytes. */
export function imageUploadSchema<Id extends string>(idField: Id) {
  return z.object({
    ...({ [idField]: z.string() } as Record<Id, z.ZodString>),
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
export function imageStatusSchema<Id extends string, Url extends "avatarUrl" | "logoUrl">(
  idField: Id,
  urlField: Url,
  errorCodes: string,
) {
  return z.object({
    ...({ [idField]: z.string() } as Record<Id, z.ZodString>),
    status: z.enum(["processing", "ready", "error"]).openapi({
      description: "Poll every second while processing",
    }),
    ...({
      [urlField]: z
        .string()
        .optional()
        .openapi({
          description: ownImageDescription(
            urlField === "avatarUrl" ? "avatar" : "logo",
            "only when ready",
          ),
        }),
    } as Record<Url, z.ZodOptional<z.ZodString>>),
    errorCode: z
      .string()
      .optional()
      .openapi({ description: `When error: ${errorCodes}` }),
    message: z.string().optional(),
  });
}

/** An image status with the id and URL named after the kind. */
export function renameStatus<Id extends string, Url extends string>(
  view: ImageStatusView,
  idField: Id,
  urlField: Url,
) {
  const { id, url, ...rest } = view;
  return {
    ...rest,
    [idField]: id,
    ...(url === undefined ? {} : { [urlField]: url }),
  } as Omit<ImageStatusView, "id" | "url"> & Record<Id, string> & Partial<Record<Url, string>>;
}

/** A year: an image's address names one image forever; a new image gets a new address. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The two unauthenticated routes of a kind: `PUT /uploads/<kind>/{<noun>Id}` (the signed
 * uploadUrl; the signature is the credential) and `GET /<kind>/{<noun>File}` (the public image,
 * `<id>.webp`).
 */
export function imageFileRoutes<S extends z.ZodType>(options: {
  kind: UploadKind;
  noun: string;
  tag: string;
  /** The status the PUT answers with, as the kind names its fields. */
  statusSchema: S;
  receiveUpload(input: {
    id: string;
    expires: string | undefined;
    signature: string | undefined;
    contentLength: string | undefined;
    body: ReadableStream<Uint8Array> | null;
  }): Promise<z.output<S>>;
  blobs: BlobStore;
}) {
  const { kind, noun, tag, statusSchema, blobs } = options;
  const idParam = `${noun}Id`;
  const fileParam = `${noun}File`;
  const upload = createRoute({
    method: "put",
    path: `/uploads/${kind}/{${idParam}}`,
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
      202: jsonResponse("Received; poll the status", statusSchema),
      ...errorResponses(400, 403, 404, 410, 413, 415),
    },
  });
  const image = createRoute({
    method: "get",
    path: `/${kind}/{${fileParam}}`,
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
      const status = await options.receiveUpload({
        id: c.req.valid("param")[idParam] ?? "",
        expires,
        signature,
        contentLength: c.req.header("content-length"),
        body: c.req.raw.body,
      });
      return c.json(status, 202);
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
      const key = imageBlobKey(kind, id);
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
