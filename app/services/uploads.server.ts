import { createReadStream } from "node:fs";
import { type FileHandle, mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { data, type UploadHandler } from "@remix-run/node";
import type { WebConfig, WebContext } from "#app/load-context.ts";
import { mayBeAccepted, refusalByDeclaration, SNIFF_BYTES } from "#domain/file-types.ts";
import { isSafeText } from "#domain/validation.ts";
import { ApiRequestError } from "./api/client.server.ts";
import { filesApi } from "./api/files.server.ts";
import type { Auth } from "./auth.server.ts";
import { readMultipartForm } from "./request-body.server.ts";
import {
  REFUSED_KEY,
  type RefusalReason,
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

/** One file as the API's start takes it. */
export interface NewUpload {
  name: string;
  contentType: string;
  size: number;
}

/**
 * Where uploads go, and who starts them: a member's collection, or a drop link's guest (ADR 098).
 * `start` is the API's start of one file (its refusals thrown as ApiRequestError); `room` is
 * what the form without JavaScript may take before a byte is read (ADR 083).
 */
export interface UploadStarter {
  start(file: NewUpload): Promise<{ fileId: string; uploadUrl: string }>;
  room(): Promise<{ fileMaxBytes: number; storageLeftBytes: number | null }>;
}

/** A member's uploads into a collection, with the session's token. */
export function memberUploads(
  context: WebContext,
  auth: Auth,
  { teamId, collectionId }: { teamId: string; collectionId: string },
): UploadStarter {
  return {
    start: async (file) =>
      (await filesApi.create(context, auth.accessToken, teamId, collectionId, file)).body,
    room: async () =>
      (await filesApi.uploadRoom(context, auth.accessToken, teamId, collectionId)).body,
  };
}

/** Starts one file: `{fileId, uploadPath}`, or the error key to show beside it. */
export function startUpload(
  context: WebContext,
  auth: Auth,
  { teamId, collectionId, ...body }: StartRequest,
) {
  return startWith(memberUploads(context, auth, { teamId, collectionId }), body);
}

/** Starts one file with `starter`: `{fileId, uploadPath}`, or the error key to show beside it. */
export async function startWith(
  starter: UploadStarter,
  body: NewUpload,
): Promise<{ fileId: string; uploadPath: string } | { error: string }> {
  // The API refuses such a name too (invalidInput); here the person learns which rule it broke.
  if (!isSafeText(body.name)) return { error: "files:upload.errors.unsafeName" };
  try {
    const created = await starter.start(body);
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
 * nor started (ADR 076). Before a byte is read the API says how much room the team owner's plan
 * has left, and a part stops being written, and is removed, the moment it passes that room or
 * the form's largest file, or would pass the temporary space left to the whole process; the API's
 * start still decides (ADR 083). Every part is read to its end, so the browser always gets the
 * answer. `busy` when the temporary space is spent before the post starts: nothing is read.
 */
export function receiveUploads(
  request: Request,
  context: WebContext,
  auth: Auth,
  target: { teamId: string; collectionId: string },
): Promise<{ outcomes: UploadOutcome[]; busy: boolean }> {
  return receiveUploadsWith(request, context, memberUploads(context, auth, target));
}

/** receiveUploads for any starter: a member's collection, or a drop link's guest. */
export async function receiveUploadsWith(
  request: Request,
  context: WebContext,
  starter: UploadStarter,
): Promise<{ outcomes: UploadOutcome[]; busy: boolean }> {
  const spool = spoolOf(context.config);
  if (spool.free < SPOOL_CHUNK_BYTES) return { outcomes: [], busy: true };
  const room = await starter.room();
  const fileMaxBytes = Math.min(room.fileMaxBytes, context.config.uploadForm.fileMaxBytes);
  // What this post's files have taken of the room so far.
  let accepted = 0;
  const outcomes: UploadOutcome[] = [];
  const folder = await mkdtemp(join(tmpdir(), "web-upload-"));
  let index = 0;
  const fileHandler: UploadHandler = async ({ name, filename, contentType, data: parts }) => {
    if (name !== "files" || filename === undefined) return undefined;
    // The first bytes decide whether the rest is worth keeping (ADR 076): a file of a type the
    // API would refuse is read to its end, to reach the next part, but never written.
    const { head, rest } = await firstBytes(parts, SNIFF_BYTES);
    if (!filename) {
      await drain(rest);
      return "empty";
    }
    if (refusalByDeclaration(contentType, filename) || !mayBeAccepted(head)) {
      await drain(rest);
      outcomes.push({ name: filename, error: REFUSED_KEY, reason: "type" });
      return "refused";
    }
    const left =
      room.storageLeftBytes === null
        ? Number.POSITIVE_INFINITY
        : Math.max(0, room.storageLeftBytes - accepted);
    const spooled = await spoolPart(rest, join(folder, String(index++)), {
      maxBytes: Math.min(fileMaxBytes, left),
      spool,
    });
    if ("stopped" in spooled) {
      const reason: RefusalReason =
        spooled.stopped === "busy" ? "busy" : left < fileMaxBytes ? "quota" : "tooLarge";
      outcomes.push({
        name: filename,
        error: REFUSED_KEY,
        reason,
        ...(reason === "tooLarge" ? { limitBytes: fileMaxBytes } : {}),
      });
      return "refused";
    }
    try {
      const outcome = await forward(
        context,
        starter,
        spooled.path,
        filename,
        contentType,
        spooled.size,
      );
      if ("fileId" in outcome) accepted += spooled.size;
      outcomes.push(outcome);
    } finally {
      await spooled.release();
    }
    return "received";
  };
  try {
    await readMultipartForm(request, fileHandler);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return { outcomes, busy: false };
}

/** The most one read of a request body holds: the free space a post needs to begin. */
export const SPOOL_CHUNK_BYTES = 64 * 1024;

/**
 * The temporary space of the form without JavaScript (ADR 083), one count for every request of
 * the process: bytes are taken before they are written and given back when their file goes.
 */
class Spool {
  #used = 0;
  constructor(readonly maxBytes: number) {}

  get free() {
    return this.maxBytes - this.#used;
  }

  take(bytes: number) {
    if (this.#used + bytes > this.maxBytes) return false;
    this.#used += bytes;
    return true;
  }

  give(bytes: number) {
    this.#used = Math.max(0, this.#used - bytes);
  }
}

/** The host hands every request one configuration object: one spool per process. */
const spools = new WeakMap<WebConfig, Spool>();

function spoolOf(config: WebConfig) {
  let spool = spools.get(config);
  if (!spool) {
    spool = new Spool(config.uploadForm.spoolMaxBytes);
    spools.set(config, spool);
  }
  return spool;
}

/**
 * Writes a part to `path` while it stays within `maxBytes` and the spool has room: a chunk that
 * would pass either is not written, the file is removed at once and the rest of the part is
 * read and dropped. Answers the file and its size, to be released once sent on.
 */
async function spoolPart(
  parts: AsyncIterable<Uint8Array>,
  path: string,
  { maxBytes, spool }: { maxBytes: number; spool: Spool },
): Promise<
  { path: string; size: number; release: () => Promise<void> } | { stopped: "limit" | "busy" }
> {
  let taken = 0;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await rm(path, { force: true });
    spool.give(taken);
  };
  let stopped: "limit" | "busy" | null = null;
  let file: FileHandle | null = await open(path, "w");
  try {
    for await (const chunk of parts) {
      if (stopped) continue;
      if (taken + chunk.length > maxBytes) stopped = "limit";
      else if (!spool.take(chunk.length)) stopped = "busy";
      if (stopped) {
        await file?.close();
        file = null;
        await release();
        continue;
      }
      taken += chunk.length;
      await file?.write(chunk);
    }
  } catch (error) {
    await file?.close();
    file = null;
    await release();
    throw error;
  }
  await file?.close();
  if (stopped) return { stopped };
  return { path, size: taken, release };
}

/** Reads a part to its end and drops it. */
async function drain(parts: AsyncIterable<Uint8Array>) {
  for await (const _ of parts) {
    // Discarded.
  }
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
  starter: UploadStarter,
  path: string,
  name: string,
  contentType: string,
  size: number,
): Promise<UploadOutcome> {
  if (size === 0) return { name, error: "files:upload.errors.empty", reason: "empty" };
  const started = await startWith(starter, {
    name,
    contentType: contentType || "application/octet-stream",
    size,
  });
  if ("error" in started) {
    // The API's own count of the plan's storage, under the owner's turn, is the last word.
    const reason =
      started.error === "messages:errors.quotaExceededStorage"
        ? "quota"
        : refusalOfErrorKey(started.error);
    return { name, error: reason === "quota" ? REFUSED_KEY : started.error, reason };
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
