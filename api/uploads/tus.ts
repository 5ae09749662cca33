import { ERRORS, Server } from "@tus/server";
import { ApiError, diskFullError } from "#api/http/errors.ts";
import { uploadBytes } from "#api/metrics.ts";
import { UPLOAD_ID_PATTERN } from "#api/storage/upload-store.ts";
import { SNIFF_BYTES } from "#domain/file-types.ts";
import {
  checkAddress,
  checkFirstBytes,
  diskFilledUp,
  FILE_MAX_BYTES,
  type FileUploads,
  finishUpload,
  newUploadId,
  peekBody,
  startFile,
  UPLOAD_TTL_MS,
  uploadUrl,
} from "./upload-files.ts";

// The tus protocol of file uploads (upload-files.ts has the steps it shares with a plain PUT):
// creation by a signed-in user, resuming at the signed upload address, and every error as the
// API's JSON body.

/** The tus endpoint, as the client sees it. */
export const TUS_PATH = "/api/uploads";

/**
 * Upload-Metadata's values, read strictly. tus decodes them as UTF-8 with U+FFFD for whatever
 * is not, so a name could change on the way in without anyone being told: invalid UTF-8 is
 * refused instead. tus has already checked the header's shape (keys, base64, no repeats).
 */
function readUploadMetadata(header: string | null): Record<string, string | null> {
  const metadata: Record<string, string | null> = Object.create(null);
  if (!header) return metadata;
  const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  for (const pair of header.split(",")) {
    const [key = "", value] = pair.split(" ");
    try {
      metadata[key] = value === undefined ? null : utf8.decode(Buffer.from(value, "base64"));
    } catch {
      throw new ApiError("invalidInput", `Upload-Metadata: ${key} is not valid UTF-8`);
    }
  }
  return metadata;
}

/**
 * tus answers a request for an extension we do not offer (api/storage/upload-store.ts) with 501, as
 * if the server were at fault. It is the request that asks for too much: a 400 that says what to
 * send instead.
 */
const UNOFFERED_EXTENSIONS = new Map<unknown, string>([
  [
    ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION,
    "The upload's length must be given up front, in Upload-Length when it is created: " +
      "deferred lengths (Upload-Defer-Length, or Upload-Length on a PATCH) are not taken",
  ],
  [
    ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION,
    "Upload-Concat is not taken: send each file as one upload, without parallel parts",
  ],
]);

/** The error body of a refused tus request, from an ApiError or tus's own errors. */
export function tusErrorBody(error: unknown): { status_code: number; body: string } {
  const unoffered = UNOFFERED_EXTENSIONS.get(error);
  if (unoffered) return tusErrorBody(new ApiError("invalidInput", unoffered));
  if (error instanceof ApiError) {
    return {
      status_code: error.status,
      body: JSON.stringify({
        statusCode: error.status,
        errorCode: error.errorCode,
        message: error.message,
      }),
    };
  }
  const tus = error as { status_code?: number; body?: string; message?: string };
  const status = tus.status_code ?? 500;
  const errorCode =
    status === 404 || status === 410 ? "notFound" : status >= 500 ? "generic" : "invalidInput";
  const message =
    status >= 500
      ? "Something went wrong on our side"
      : (tus.body ?? tus.message ?? "Invalid upload request").trim();
  return {
    status_code: status,
    body: JSON.stringify({ statusCode: status, errorCode, message }),
  };
}

/** Adds what a tus request stored (its answer's offset past the one it began at) to the metrics. */
function countReceived(request: Request, response: Response) {
  if (request.method !== "PATCH" && request.method !== "POST") return;
  const from = Number(request.headers.get("Upload-Offset") ?? 0);
  const to = Number(response.headers.get("Upload-Offset"));
  if (response.headers.has("Upload-Offset") && to > from)
    uploadBytes.inc({ method: "tus" }, to - from);
}

/** The tus server of the uploads, with our checks on creation and at the last byte. */
export function createTusServer(deps: FileUploads) {
  const { uploads, locker, creators, created, now, logger } = deps;
  return new Server({
    path: TUS_PATH,
    datastore: uploads.datastore,
    locker,
    maxSize: FILE_MAX_BYTES,
    namingFunction: () => newUploadId(),
    getFileIdFromRequest: (req) => {
      const last = new URL(req.url).pathname.split("/").pop() ?? "";
      return UPLOAD_ID_PATTERN.test(last) ? last : undefined;
    },
    generateUrl: (req, { id }) => {
      const expiresAt = created.get(req as unknown as Request)?.expiresAt ?? now() + UPLOAD_TTL_MS;
      return uploadUrl(deps, id, expiresAt);
    },
    onUploadCreate: async (req, upload) => {
      const userId = creators.get(req as unknown as Request);
      if (!userId) throw new ApiError("notAuthorized", "Sign in to upload");
      const metadata = readUploadMetadata(
        (req as unknown as Request).headers.get("upload-metadata"),
      );
      const teamId = metadata.teamId ?? "";
      const collectionId = metadata.collectionId ?? "";
      if (!teamId || !collectionId) {
        throw new ApiError("invalidInput", "Upload-Metadata must name teamId and collectionId");
      }
      const started = await startFile(deps, userId, teamId, collectionId, {
        uploadId: upload.id,
        name: metadata.filename ?? metadata.name ?? "",
        contentType: metadata.filetype ?? metadata.contentType ?? "",
        size: upload.size ?? 0,
      });
      created.set(req as unknown as Request, {
        fileId: started.fileId,
        expiresAt: started.expiresAt,
      });
      return {
        metadata: {
          fileId: started.fileId,
          filename: started.name,
          filetype: started.contentType,
        },
      };
    },
    onUploadFinish: async (_req, upload) => {
      await finishUpload(deps, upload.id);
      return {};
    },
    onResponseError: async (_req, error) => {
      if (await diskFilledUp(deps, error)) {
        logger.error({ err: error }, "the disk is full");
        return tusErrorBody(diskFullError());
      }
      const mapped = tusErrorBody(error);
      if (mapped.status_code >= 500) logger.error({ err: error }, "upload failed");
      return mapped;
    },
  });
}

/**
 * A tus answer with every error as our JSON body: the ones our hooks threw already are (via
 * onResponseError); tus's own early refusals (a missing Tus-Resumable, a bad header) are text.
 */
async function withJsonErrors(response: Response) {
  if (response.status < 400) return response;
  const text = await response.text();
  let body: string;
  try {
    const parsed = JSON.parse(text) as { errorCode?: unknown };
    if (typeof parsed.errorCode !== "string") throw new Error("not ours");
    body = text;
  } catch {
    body = tusErrorBody({ status_code: response.status, body: text }).body;
  }
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  return new Response(body, { status: response.status, headers });
}

/** `POST /api/uploads` (tus creation) by a signed-in user. */
export async function tusCreate(deps: FileUploads, tus: Server, userId: string, request: Request) {
  deps.creators.set(request, userId);
  const response = await withJsonErrors(await tus.handleWeb(request));
  countReceived(request, response);
  const fileId = deps.created.get(request)?.fileId;
  if (fileId && response.status === 201) response.headers.set("File-Id", fileId);
  return response;
}

/** `HEAD` and `PATCH` on the upload address: tus, once the address checks out. */
export async function tusResume(
  deps: FileUploads,
  tus: Server,
  uploadId: string,
  request: Request,
) {
  const row = await checkAddress(deps, uploadId, new URL(request.url).searchParams);
  if (row.status !== "uploading") {
    if (request.method === "HEAD") {
      // Complete: a client resuming it learns there is nothing left to send.
      return new Response(null, {
        status: 200,
        headers: {
          "Tus-Resumable": "1.0.0",
          "Upload-Offset": String(row.size),
          "Upload-Length": String(row.size),
          "Cache-Control": "no-store",
        },
      });
    }
    throw new ApiError("expiredToken", "This upload is already complete");
  }
  let forward = request;
  if (request.method === "PATCH" && Number(request.headers.get("Upload-Offset")) === 0) {
    // The first bytes: a type the sniff refuses goes now, not after the whole file.
    const peeked = await peekBody(request.body, SNIFF_BYTES);
    await checkFirstBytes(deps, row, peeked.head);
    forward = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: peeked.body,
      signal: request.signal,
      duplex: "half",
    } as RequestInit);
  }
  const response = await withJsonErrors(await tus.handleWeb(forward));
  countReceived(request, response);
  if (request.method === "PATCH" && response.status < 400) deps.chunkNotes.note(request);
  return response;
}
