import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { data, type UploadHandler } from "@remix-run/node";
import type { WebContext } from "#app/load-context.ts";
import { mayBeAccepted, refusalByDeclaration, SNIFF_BYTES } from "#domain/file-types.ts";
import { isSafeText } from "#domain/validation.ts";
import { ApiRequestError } from "./api/client.server.ts";
import { filesApi } from "./api/files.server.ts";
import type { Auth } from "./auth.server.ts";
import { readMultipartForm } from "./request-body.server.ts";
import {
  REFUSED_KEY,
  refusalOf,
  refusalOfErrorKey,
  type UploadOutcome,
  uploadErrorKey,
} from "./uploads.ts";

/*
 * Uploads through the web tier (docs/product.md#uploads; ADR 017). With JavaScript the browser only
 * asks here to start a file (startUpload: the API's POST .../files answers the file id and its
 * signed upload address) and then sends the bytes itself with tus to that address, so it never
 * holds a token. Without JavaScript the multipart form posts the files here (receiveUploads).
 */

/** The upload address as a path: the browser reaches the API through our own origin. */
export function uploadPath(uploadUrl: string) {
  const address = new URL(uploadUrl, "http://api.invalid");
  return `${address.pathname}${address.search}`;
}

export interface StartRequest {
  teamId: string;
  collectionId: string;
  name: string;
  contentType: string;
  size: number;
}

/** Starts one file: `{fileId, uploadPath}`, or the error key to show beside it. */
export async function startUpload(
  context: WebContext,
  auth: Auth,
  { teamId, collectionId, ...body }: StartRequest,
): Promise<{ fileId: string; uploadPath: string } | { error: string }> {
  // The API refuses such a name too (invalidInput); here the person learns which rule it broke.
  if (!isSafeText(body.name)) return { error: "files:upload.errors.unsafeName" };
  try {
    const { body: created } = await filesApi.create(
      context,
      auth.accessToken,
      teamId,
      collectionId,
      body,
    );
    return { fileId: created.fileId, uploadPath: uploadPath(created.uploadUrl) };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      return { error: uploadErrorKey(error.statusCode, error.errorCode) };
    }
    throw error;
  }
}

/**
 * The form post without JavaScript: each file part in turn. The API must be told a file's exact
 * size before its bytes, which a multipart part does not say, so each part is first written to
 * a temporary file (streamed: never held in memory), then started and streamed on with one PUT,
 * and removed. A part whose declared type or first bytes the API would refuse is never written
 * nor started (ADR 076). Every part is read to its end, so the browser always gets the answer.
 */
export async function receiveUploads(
  request: Request,
  context: WebContext,
  auth: Auth,
  target: { teamId: string; collectionId: string },
): Promise<UploadOutcome[]> {
  const outcomes: UploadOutcome[] = [];
  const folder = await mkdtemp(join(tmpdir(), "web-upload-"));
  let index = 0;
  const fileHandler: UploadHandler = async ({ name, filename, contentType, data: parts }) => {
    if (name !== "files" || filename === undefined) return undefined;
    // The first bytes decide whether the rest is worth keeping (ADR 076): a file of a type the
    // API would refuse is read to its end, to reach the next part, but never written.
    const { head, rest } = await firstBytes(parts, SNIFF_BYTES);
    if (filename && (refusalByDeclaration(contentType, filename) || !mayBeAccepted(head))) {
      for await (const _ of rest) {
        // Discarded.
      }
      outcomes.push({ name: filename, error: REFUSED_KEY, reason: "type" });
      return "refused";
    }
    const path = join(folder, String(index++));
    await pipeline(Readable.from(rest), createWriteStream(path));
    if (!filename) return "empty";
    try {
      const { size } = await stat(path);
      outcomes.push(await forward(context, auth, target, path, filename, contentType, size));
    } finally {
      await rm(path, { force: true });
    }
    return "received";
  };
  try {
    await readMultipartForm(request, fileHandler);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return outcomes;
}

/** The first `bytes` of a part (fewer when it is shorter), and the whole part, those included. */
async function firstBytes(parts: AsyncIterable<Uint8Array>, bytes: number) {
  const iterator = parts[Symbol.asyncIterator]();
  const first: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    first.push(next.value);
    length += next.value.length;
  }
  async function* rest() {
    yield* first;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      yield next.value;
    }
  }
  return { head: Buffer.concat(first).subarray(0, bytes), rest: rest() };
}

async function forward(
  context: WebContext,
  auth: Auth,
  target: { teamId: string; collectionId: string },
  path: string,
  name: string,
  contentType: string,
  size: number,
): Promise<UploadOutcome> {
  if (size === 0) return { name, error: "files:upload.errors.empty", reason: "empty" };
  const started = await startUpload(context, auth, {
    ...target,
    name,
    contentType: contentType || "application/octet-stream",
    size,
  });
  if ("error" in started) {
    return { name, error: started.error, reason: refusalOfErrorKey(started.error) };
  }
  let status = 0;
  let errorCode = "";
  try {
    const response = await fetch(`${context.config.apiUrl}${started.uploadPath}`, {
      method: "PUT",
      headers: {
        "Content-Type": "application/octet-stream",
        "Content-Length": String(size),
      },
      body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
      duplex: "half",
      signal: AbortSignal.timeout(30 * 60_000),
    } as RequestInit);
    status = response.status;
    const body = (await response.json().catch(() => null)) as { errorCode?: unknown } | null;
    if (typeof body?.errorCode === "string") errorCode = body.errorCode;
  } catch {
    // The API went away: told below.
  }
  if (status >= 200 && status < 300) return { name, fileId: started.fileId };
  if (status === 0) throw data({ errorCode: "noConnection" }, { status: 503 });
  return {
    name,
    error: uploadErrorKey(status, errorCode || "generic"),
    reason: refusalOf(status),
  };
}
