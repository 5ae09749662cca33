import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AuthEnv } from "#api/auth/middleware.ts";
import { CollectionParams, errorResponses, jsonBody, jsonResponse } from "#api/http/schemas.ts";
import { DuplicatesRequestSchema, DuplicatesResponseSchema } from "#api/uploads/duplicates.ts";
import type { FileUploadService } from "#api/uploads/file-uploads.ts";

// File uploads (docs/product.md#uploads; ADR 016): start one in a collection and get its signed
// upload address; send the bytes there with one PUT or with tus (HEAD, PATCH); or start a tus
// upload directly with POST /api/uploads (mobile clients). The upload address needs no bearer:
// its signature is the credential.

const security = [{ bearer: [] }];
const tags = ["Files"];

export const StartUploadRequest = z
  .strictObject({
    name: z.string().max(1000).openapi({
      description: "The file's name, 2 to 255 characters; shown shortened to 50 (extension kept)",
    }),
    contentType: z.string().max(255).openapi({
      description:
        "What the file is; the bytes must agree (empty or application/octet-stream: any)",
      example: "image/jpeg",
    }),
    size: z.number().int().openapi({ description: "The exact number of bytes that will be sent" }),
  })
  .openapi("StartUploadRequest");

export const StartUploadResponse = z
  .object({
    fileId: z.string(),
    uploadUrl: z.string().openapi({
      description:
        "Send the bytes here within 24 hours, without a bearer token: one PUT of the whole body, " +
        "or tus 1.0 (HEAD for the offset, PATCH from it) to resume",
    }),
  })
  .openapi("FileUpload");

const UploadRoom = z
  .object({
    fileMaxBytes: z.number().int().openapi({ description: "The largest single file, bytes" }),
    storageLeftBytes: z
      .number()
      .int()
      .nullable()
      .openapi({
        description:
          "Bytes left on the team owner's plan for new files (uploads under way count); null: " +
          "no limit. A start can still be refused if other files take the room first",
      }),
  })
  .openapi("UploadRoom");

const UploadReceived = z
  .object({ fileId: z.string(), status: z.enum(["processing"]) })
  .openapi("FileUploadReceived");

const UploadParams = z.object({ uploadId: z.string() });
const SignedQuery = z.object({ expires: z.string().optional(), signature: z.string().optional() });
const binary = z.string().openapi({ type: "string", format: "binary" });

function routes(auth: MiddlewareHandler<AuthEnv>) {
  return {
    start: createRoute({
      method: "post",
      path: "/teams/{teamId}/collections/{collectionId}/files",
      tags,
      security,
      summary: "Start a file in the collection: answers its id and the address to send it to",
      middleware: [auth] as const,
      request: { params: CollectionParams, body: jsonBody(StartUploadRequest) },
      responses: {
        201: jsonResponse("Upload address issued", StartUploadResponse),
        ...errorResponses(400, 401, 403, 404, 413, 507),
      },
    }),
    room: createRoute({
      method: "get",
      path: "/teams/{teamId}/collections/{collectionId}/upload-room",
      tags,
      security,
      summary: "What one more file may take in the collection: its largest size, the room left",
      middleware: [auth] as const,
      request: { params: CollectionParams },
      responses: {
        200: jsonResponse("The room for one more file", UploadRoom),
        ...errorResponses(401, 403, 404),
      },
    }),
    duplicates: createRoute({
      method: "post",
      path: "/teams/{teamId}/collections/{collectionId}/duplicates",
      tags,
      security,
      summary:
        "Which of the files about to be sent are already in the collection (ADR 102): by SHA-256 " +
        "when given, else by name and size (byKey: hash those and ask again)",
      middleware: [auth] as const,
      request: { params: CollectionParams, body: jsonBody(DuplicatesRequestSchema) },
      responses: {
        200: jsonResponse("The candidates already there", DuplicatesResponseSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    put: createRoute({
      method: "put",
      path: "/uploads/{uploadId}",
      tags,
      summary: "The uploadUrl: the file's whole body (no bearer token; the address is signed)",
      request: {
        params: UploadParams,
        query: SignedQuery,
        body: {
          required: true,
          description: "Exactly the bytes declared, streamed",
          content: { "application/octet-stream": { schema: binary } },
        },
      },
      responses: {
        200: jsonResponse("Received; the file is being processed", UploadReceived),
        ...errorResponses(400, 403, 404, 410, 413, 415, 507),
      },
    }),
  };
}

export function uploadRoutes({
  auth,
  uploads,
}: {
  auth: MiddlewareHandler<AuthEnv>;
  uploads: FileUploadService;
}) {
  const r = routes(auth);
  const app = new OpenAPIHono<AuthEnv>()
    .openapi(r.start, async (c) => {
      const { teamId, collectionId } = c.req.valid("param");
      const created = await uploads.create(
        c.var.auth.userId,
        teamId,
        collectionId,
        c.req.valid("json"),
      );
      return c.json(created, 201);
    })
    .openapi(r.room, async (c) => {
      const { teamId, collectionId } = c.req.valid("param");
      return c.json(await uploads.room(c.var.auth.userId, teamId, collectionId), 200);
    })
    .openapi(r.duplicates, async (c) => {
      const { teamId, collectionId } = c.req.valid("param");
      const matches = await uploads.duplicates(
        c.var.auth.userId,
        teamId,
        collectionId,
        c.req.valid("json").files,
      );
      return c.json({ matches }, 200);
    })
    .openapi(r.put, async (c) => {
      const received = await uploads.receivePut(c.req.valid("param").uploadId, c.req.raw);
      return c.json(received, 200);
    });

  // tus 1.0 (resumable upload), documented here and answered by @tus/server.
  app.openAPIRegistry.registerPath({
    method: "post",
    path: "/uploads",
    tags,
    security,
    summary:
      "tus creation: Upload-Length, and Upload-Metadata with teamId, collectionId, filename, " +
      "filetype. 201 with Location (the signed upload address) and File-Id",
    responses: {
      201: { description: "Created; PATCH the bytes to Location" },
      ...errorResponses(400, 401, 403, 404, 413),
    },
  });
  app.openAPIRegistry.registerPath({
    method: "patch",
    path: "/uploads/{uploadId}",
    tags,
    summary: "tus: bytes from Upload-Offset (HEAD tells the offset); the address is signed",
    request: {
      params: UploadParams,
      query: SignedQuery,
      headers: z.object({
        "upload-chunk-reduced": z
          .string()
          .optional()
          .openapi({
            description:
              "Bytes per PATCH a client stepped down to after a proxy refused larger bodies " +
              "with 413: the API tells the operator (log, /status). Optional",
          }),
      }),
    },
    responses: {
      204: { description: "Received; Upload-Offset is the new offset" },
      ...errorResponses(400, 403, 404, 409, 410, 413, 415),
    },
  });
  app.options("/uploads", (c) => uploads.tusOptions(c.req.raw));
  app.options("/uploads/:uploadId", (c) => uploads.tusOptions(c.req.raw));
  app.post("/uploads", auth, (c) => uploads.tusCreate(c.var.auth.userId, c.req.raw));
  app.patch("/uploads/:uploadId", (c) => uploads.tusResume(c.req.param("uploadId"), c.req.raw));
  // Hono answers HEAD through the GET route (and drops the body); only HEAD is served here.
  app.get("/uploads/:uploadId", async (c, next) => {
    if (c.req.raw.method !== "HEAD") return next();
    return uploads.tusResume(c.req.param("uploadId"), c.req.raw);
  });
  return app;
}
