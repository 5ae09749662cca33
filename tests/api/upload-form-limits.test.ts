import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebContext } from "#app/load-context.ts";
import {
  action,
  handle,
} from "#app/routes/teams.$teamId.collections.$collectionId.upload/route.tsx";
import { guardActionRequest } from "#app/services/request-body.server.ts";
import { commitSession, getSession } from "#app/services/session.server.ts";
import type { UploadOutcome } from "#app/services/uploads.ts";
import { FILE_MAX_BYTES } from "#domain/file-types.ts";
import { testWebContext } from "#tests/support/web-context.ts";
import { bearer, type Tokens } from "./support/accounts.ts";
import { insertCollection } from "./support/collections.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { insertFile } from "./support/files.ts";
import { ownedTeam, type TestTeam } from "./support/teams.ts";

/*
 * The upload form without JavaScript (ADR 083), posted as a browser posts it, through the route's
 * action with the body guard the host puts before it, to the real API over HTTP. What it writes
 * to the temporary folder is measured on disk: TMPDIR points at a folder of this file's own.
 */
const STORAGE_LIMIT = 64 * 1024 * 1024;
const api = apiForThisFile({ planLimits: { limitStorageBytes: STORAGE_LIMIT } });

let tmp: string;
const savedTmpdir = process.env.TMPDIR;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "upload-form-limits-"));
  process.env.TMPDIR = tmp;
  expect(os.tmpdir()).toBe(tmp);
});
afterAll(() => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The names in `folder`, or none once the form has removed it since the listing of `tmp`. */
function filesIn(folder: string): string[] {
  try {
    return fs.readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Bytes the form's spool folders hold now. */
function spooledBytes(): number {
  let total = 0;
  for (const folder of fs.readdirSync(tmp)) {
    if (!folder.startsWith("web-upload-")) continue;
    for (const file of filesIn(path.join(tmp, folder))) {
      try {
        total += fs.statSync(path.join(tmp, folder, file)).size;
      } catch {
        // Removed between the listing and the look.
      }
    }
  }
  return total;
}

/** The most the spool folders held while `run` ran, looked at every millisecond or so. */
async function peakSpoolWhile<T>(run: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, spooledBytes());
  }, 1);
  try {
    const result = await run();
    return { result, peak: Math.max(peak, spooledBytes()) };
  } finally {
    clearInterval(timer);
  }
}

interface Part {
  filename: string;
  type: string;
  content: Buffer;
  /** Awaited once the part's bytes are handed over, before its closing boundary. */
  after?: () => Promise<void>;
}

/** One read of the body: what the browser's stream hands over at a time here. */
const CHUNK = 64 * 1024;

/** A multipart body as a browser streams it, in 64 KiB reads, pausing where a part says. */
function multipart(parts: Part[]) {
  const boundary = `----form${randomUUID().replaceAll("-", "")}`;
  async function* chunks() {
    for (const part of parts) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type}\r\n\r\n`,
      );
      for (let at = 0; at < part.content.length; at += CHUNK) {
        yield part.content.subarray(at, at + CHUNK);
      }
      await part.after?.();
      yield Buffer.from("\r\n");
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Readable.toWeb(
      Readable.from(chunks(), { highWaterMark: 1 }),
    ) as ReadableStream<Uint8Array>,
  };
}

/** Text of `bytes` bytes: a type the API keeps. */
const text = (bytes: number) => Buffer.alloc(bytes, "a");

interface Uploader {
  team: TestTeam;
  tokens: Tokens;
  collectionId: string;
}

/** An owner with a collection, and `used` bytes of the plan's storage already taken. */
async function uploader(used = 0): Promise<Uploader> {
  const { team, tokens } = await ownedTeam(api);
  const collection = await insertCollection(api, team, { mode: "collaborative" });
  if (used > 0) {
    // In another collection of the owner's: the storage counts every team and collection.
    const { fileId } = await insertFile(api, team, await insertCollection(api, team));
    await api.db.updateTable("files").set({ size: used }).where("file_id", "=", fileId).execute();
  }
  return { team, tokens, collectionId: collection.collectionId };
}

function webContext(uploadForm: Partial<WebContext["config"]["uploadForm"]> = {}): WebContext {
  const context = testWebContext(api.url, "upload-form-test") as WebContext;
  context.config.uploadForm = { ...context.config.uploadForm, ...uploadForm };
  return context;
}

interface Answer {
  status: number;
  outcomes: UploadOutcome[];
  busy?: boolean;
  retryAfter: string | null;
}

/** The form posted by `who`, through the host's body guard and the route's action. */
async function postForm(context: WebContext, who: Uploader, parts: Part[]): Promise<Answer> {
  const page = `http://raccolta.test/teams/${who.team.teamId}/collections/${who.collectionId}/upload`;
  const session = await getSession(new Request(page), context);
  session.set("tokens", {
    accessToken: who.tokens.AccessToken,
    refreshToken: who.tokens.RefreshToken,
    expiresAt: Date.now() + 60 * 60_000,
  });
  const [cookie] = (await commitSession(new Request(page), context, session)).split(";");
  const { contentType, body } = multipart(parts);
  const posted = new Request(page, {
    method: "POST",
    headers: { Cookie: cookie ?? "", "Content-Type": contentType },
    body,
    duplex: "half",
  } as RequestInit);
  const answer = (await action({
    request: guardActionRequest(posted, handle),
    context: context as unknown as AppLoadContext,
    params: { teamId: who.team.teamId, collectionId: who.collectionId },
  })) as unknown;
  if (answer instanceof Response) {
    return { status: answer.status, outcomes: [], retryAfter: answer.headers.get("Retry-After") };
  }
  const { data, init } = answer as {
    data: { outcomes: UploadOutcome[]; busy?: boolean };
    init: { status: number; headers?: HeadersInit };
  };
  return {
    status: init.status,
    outcomes: data.outcomes,
    busy: data.busy,
    retryAfter: new Headers(init.headers).get("Retry-After"),
  };
}

async function namesIn(collectionId: string) {
  const rows = await api.db
    .selectFrom("files")
    .select("name")
    .where("collection_id", "=", collectionId)
    .orderBy("name")
    .execute();
  return rows.map((row) => row.name);
}

const MIB = 1024 * 1024;

describe("GET .../upload-room", () => {
  it("answers the largest file and the storage left on the team owner's plan", async () => {
    const who = await uploader(STORAGE_LIMIT - 10 * 1024);
    const response = await api.request(
      `/api/teams/${who.team.teamId}/collections/${who.collectionId}/upload-room`,
      { headers: bearer(who.tokens) },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      fileMaxBytes: FILE_MAX_BYTES,
      storageLeftBytes: 10 * 1024,
    });
  });
});

describe("the upload form without JavaScript", () => {
  it("refuses a file past the storage left on the plan after at most one read of it, and the other file still lands", async () => {
    // 10 KiB left on the owner's plan.
    const who = await uploader(STORAGE_LIMIT - 10 * 1024);
    let whileBig = Number.NaN;
    const { result, peak } = await peakSpoolWhile(() =>
      postForm(webContext(), who, [
        {
          filename: "big.txt",
          type: "text/plain",
          content: text(3 * MIB),
          // Every byte of big.txt is sent, its part not yet over.
          after: async () => {
            await new Promise((resolve) => setTimeout(resolve, 200));
            whileBig = spooledBytes();
          },
        },
        { filename: "note.txt", type: "text/plain", content: text(100) },
      ]),
    );
    // On disk: at most one read of big.txt, at any time.
    expect(whileBig).toBeLessThanOrEqual(CHUNK);
    expect(peak).toBeLessThanOrEqual(CHUNK);
    expect(result.status).toBe(400);
    expect(result.outcomes).toEqual([
      { name: "big.txt", error: "files:upload.status.refused", reason: "quota" },
      { name: "note.txt", fileId: expect.any(String) },
    ]);
    expect(await namesIn(who.collectionId)).toEqual(["note.txt"]);
    // Nothing is left behind.
    expect(spooledBytes()).toBe(0);
  });

  it("refuses a file larger than the form takes after at most one read of it, and the other file still lands", async () => {
    const who = await uploader();
    let whileBig = Number.NaN;
    const { result, peak } = await peakSpoolWhile(() =>
      postForm(webContext({ fileMaxBytes: MIB }), who, [
        { filename: "first.txt", type: "text/plain", content: text(200) },
        {
          filename: "huge.txt",
          type: "text/plain",
          content: text(3 * MIB),
          after: async () => {
            await new Promise((resolve) => setTimeout(resolve, 200));
            whileBig = spooledBytes();
          },
        },
      ]),
    );
    // Up to the limit at most, and gone once it was passed.
    expect(peak).toBeLessThanOrEqual(MIB);
    expect(whileBig).toBeLessThanOrEqual(CHUNK);
    expect(result.status).toBe(400);
    expect(result.outcomes).toEqual([
      { name: "first.txt", fileId: expect.any(String) },
      {
        name: "huge.txt",
        error: "files:upload.status.refused",
        reason: "tooLarge",
        limitBytes: MIB,
      },
    ]);
    expect(await namesIn(who.collectionId)).toEqual(["first.txt"]);
    expect(spooledBytes()).toBe(0);
  });

  it("answers a post that finds the temporary space taken by others 503 busy, writing nothing, and takes posts again once it is free", async () => {
    const context = webContext({ spoolMaxBytes: MIB });
    const [first, second] = [await uploader(), await uploader()];
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    // The first post holds all but 16 KiB of the space while its file is still arriving.
    const slow = postForm(context, first, [
      {
        filename: "slow.txt",
        type: "text/plain",
        content: text(MIB - 16 * 1024),
        after: () => {
          held();
          return paused;
        },
      },
    ]);
    await holding;
    await expect.poll(spooledBytes).toBeGreaterThan(MIB - 32 * 1024);
    const before = spooledBytes();
    const busy = await postForm(context, second, [
      { filename: "other.txt", type: "text/plain", content: text(300 * 1024) },
    ]);
    expect(busy).toMatchObject({ status: 503, busy: true, outcomes: [], retryAfter: "60" });
    expect(spooledBytes()).toBe(before);
    expect(await namesIn(second.collectionId)).toEqual([]);

    resume();
    expect(await slow).toMatchObject({ status: 303 });
    expect(await namesIn(first.collectionId)).toEqual(["slow.txt"]);
    // The space is given back: the same post now goes through.
    const again = await postForm(context, second, [
      { filename: "other.txt", type: "text/plain", content: text(300 * 1024) },
    ]);
    expect(again.status).toBe(303);
    expect(await namesIn(second.collectionId)).toEqual(["other.txt"]);
    expect(spooledBytes()).toBe(0);
  });

  it("refuses a file that would pass the temporary space left mid-way, as busy, and the next file still lands", async () => {
    const context = webContext({ spoolMaxBytes: MIB });
    const [first, second] = [await uploader(), await uploader()];
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const slow = postForm(context, first, [
      {
        filename: "slow.txt",
        type: "text/plain",
        content: text(600 * 1024),
        after: () => {
          held();
          return paused;
        },
      },
    ]);
    await holding;
    await expect.poll(spooledBytes).toBeGreaterThan(500 * 1024);
    const { result, peak } = await peakSpoolWhile(() =>
      postForm(context, second, [
        { filename: "wide.txt", type: "text/plain", content: text(600 * 1024) },
        { filename: "small.txt", type: "text/plain", content: text(100) },
      ]),
    );
    // Never more than the space: the first post's file and what the second could take.
    expect(peak).toBeLessThanOrEqual(MIB);
    expect(result.status).toBe(400);
    expect(result.outcomes).toEqual([
      { name: "wide.txt", error: "files:upload.status.refused", reason: "busy" },
      { name: "small.txt", fileId: expect.any(String) },
    ]);
    resume();
    expect(await slow).toMatchObject({ status: 303 });
    expect(spooledBytes()).toBe(0);
  });
});
