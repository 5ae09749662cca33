import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";
import { pino } from "pino";
import { type ApiDependencies, createApi } from "#api/app.ts";
import type { FederatedProvider } from "#api/auth/federated.ts";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "#api/auth/rate-limit.ts";
import { createBackgroundWork } from "#api/background.ts";
import { createPlanBook } from "#api/billing/plans.ts";
import { migrateToLatest, openDatabase } from "#api/db/database.ts";
import type { PageReads } from "#api/http/page-reads.ts";
import type { RemoteFetchOptions } from "#api/image-uploads/image-uploads.ts";
import { createJobQueue } from "#api/jobs/queue.ts";
import { createMailer } from "#api/mail/mailer.ts";
import { runForRequest } from "#api/request-context.ts";
import { type BlobStore, DiskBlobStore, S3BlobStore } from "#api/storage/index.ts";
import { createUploadStore } from "#api/storage/upload-store.ts";
import { createUploadUrlSigner } from "#api/storage/upload-urls.ts";
import { createFileUploadService } from "#api/uploads/file-uploads.ts";
import type { PlanLimits } from "#domain/plans.ts";
import { LocalSmtpServer } from "#tests/support/smtp-server.ts";
import {
  CLIENT_IP_HEADER,
  clientAddress,
  NO_PROXY,
  WEB_TIER_KEY_HEADER,
} from "../../../server/proxy.ts";
import { hostErrorAnswer } from "../../../server/request-errors.ts";

/** The web-tier key of the test host: `relayedFor` sends it, as the web tier does. */
const TEST_WEB_TIER_KEY = randomBytes(32).toString("base64url");

/** The database every API test file gets: a fresh SQLite file, or a fresh PostgreSQL schema. */
export async function freshDatabase() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-api-"));
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const schema = databaseUrl ? `test_${randomUUID().replaceAll("-", "")}` : undefined;
  if (databaseUrl && schema) await adminQuery(databaseUrl, `create schema ${schema}`);
  const open = () => openDatabase({ dataDir, databaseUrl, schema });
  return {
    databaseUrl,
    schema,
    dataDir,
    dialect: databaseUrl ? ("postgres" as const) : ("sqlite" as const),
    open,
    async drop() {
      if (databaseUrl && schema) await adminQuery(databaseUrl, `drop schema ${schema} cascade`);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh, migrated database opened twice: two connection pools, as two API instances (or
 * processes) have. `close` ends both and drops the database.
 */
export async function databaseTwice() {
  const database = await freshDatabase();
  const first = database.open();
  await migrateToLatest(first);
  const dbA = first.db;
  const dbB = database.open().db;
  return {
    dbA,
    dbB,
    async close() {
      await dbA.destroy();
      await dbB.destroy();
      await database.drop();
    },
  };
}

async function adminQuery(databaseUrl: string, query: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * Serves an API as the host does, on a free loopback port: the client address is the socket's.
 * Nothing here reads X-Forwarded-For. `inProcess` hands it a request as the host does its web
 * tier's calls (server.ts): no socket, and the page's shared reads (api/http/page-reads.ts).
 */
async function serveApi(api: ReturnType<typeof createApi>) {
  type Bindings = Partial<HttpBindings> & { pageReads?: PageReads };
  const host = new Hono<{ Bindings: Bindings; Variables: { clientIp: string } }>();
  host.use((c, next) => {
    // As the host finds it (server/proxy.ts): the socket's, or the visitor a web tier names.
    c.set("clientIp", clientAddress(c.req.raw, c.env.incoming, NO_PROXY, TEST_WEB_TIER_KEY));
    return runForRequest(randomUUID(), next, c.env.pageReads);
  });
  host.route("/", api);
  const server = createServer(
    getRequestListener(host.fetch, {
      errorHandler: (error) => hostErrorAnswer(error, console),
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const inProcess = async (request: Request, pageReads?: PageReads) =>
    host.fetch(request, { pageReads });
  return { server, inProcess };
}

/** Log lines the API wrote, parsed, so tests can assert on what reached the log. */
export type LogLine = { level: number; msg: string; err?: { stack?: string; message?: string } };

/** The public address tests run the API as: links in mail start with it. */
export const PUBLIC_URL = "https://raccolta.test";

/** The product's limits, each a thousand times larger: for files that do not test them. */
const RELAXED_RATE_LIMITS = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([action, rules]) => [
    action,
    Object.fromEntries(
      Object.entries(rules).map(([budget, rule]) => [
        budget,
        { ...rule, limit: rule.limit * 1000 },
      ]),
    ),
  ]),
  // Every action's budgets, each with its limit changed: the shape stays the product's.
) as unknown as RateLimits;

function rateLimitsOf(choice: StartApiOptions["rateLimits"]): RateLimits {
  if (choice === "product") return DEFAULT_RATE_LIMITS;
  return choice === undefined || choice === "relaxed" ? RELAXED_RATE_LIMITS : choice;
}

/** A clock that tests move forward, instead of waiting for codes and tokens to expire. */
export function testClock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms: number) {
      offset += ms;
    },
    reset() {
      offset = 0;
    },
  };
}

const GIB = 1024 ** 3;

/** Finite limits, so every quota is there to be tested; production's default is unlimited. */
export const TEST_PLAN_LIMITS: PlanLimits = {
  limitTeams: 3,
  limitMembersPerTeam: 20,
  limitAliasesPerTeam: 2,
  limitStorageBytes: 5 * GIB,
  limitTrafficBytes: 20 * GIB,
  limitTrafficType: "per_month",
};

export interface StartApiOptions {
  /** OpenID Connect providers to accept ID tokens from. */
  providers?: FederatedProvider[];
  /** SIGNUP: "open" when absent (ADR 088). */
  signUp?: "open" | "invite-only";
  /**
   * "product" runs the real limits; the default relaxes them for files that do not test them;
   * a test of one rule gives the limits it runs.
   */
  rateLimits?: "product" | "relaxed" | RateLimits;
  /**
   * How the API fetches image links: a test's resolver, its self-signed CA, and the one
   * hostname, address and port it may reach on loopback (safeFetch's testOnlyAllow).
   */
  remoteFetch?: RemoteFetchOptions;
  /** The limits while billing is off; TEST_PLAN_LIMITS when absent. Small ones test the quotas. */
  planLimits?: Partial<PlanLimits>;
  /** Plans sold through Stripe (a local stand-in: tests/support/stripe-standin.ts). */
  billing?: ApiDependencies["billing"];
  /**
   * Where the mailer sends instead of the local SMTP server: an address nobody listens on makes
   * every mail fail (api.smtp still runs, and receives nothing).
   */
  smtpUrl?: string;
  /**
   * An S3-compatible server (tests/api/support/s3-server.ts) for blobs instead of the disk
   * under the test's data folder. Resumable uploads wait on disk unless `s3Uploads` is set
   * (then in the bucket, through @tus/s3-store, as in production with S3).
   */
  s3Uploads?: boolean;
  /** The largest part of a collection download; small ones test the split into parts. */
  downloadPartMaxBytes?: number;
  /** Whether the host is stopping, for the readiness check. */
  draining?: () => boolean;
  s3?: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  };
}

/** What a response from `requestFrom` holds. */
export interface PlainResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json(): unknown;
}

/**
 * Starts the real API on a fresh database, on a free port, over real HTTP, with a local SMTP
 * server catching its mail. As the host does, a thin outer app gives the API the client address
 * of the socket. Call `close` in afterAll.
 */
export async function startApi(options: StartApiOptions = {}) {
  const database = await freshDatabase();
  const opened = database.open();
  const { db } = opened;
  await migrateToLatest(opened);
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: "info" }, sink);
  const blobSigningSecret = randomBytes(32).toString("base64url");
  const s3 = options.s3 ? { ...options.s3, forcePathStyle: true } : undefined;
  const blobs: BlobStore = s3
    ? new S3BlobStore(s3)
    : new DiskBlobStore({
        root: path.join(database.dataDir, "blobs"),
        signingSecret: blobSigningSecret,
      });
  const uploadStore = createUploadStore(
    s3 && options.s3Uploads ? { s3 } : { directory: path.join(database.dataDir, "uploads") },
  );
  const smtp = await new LocalSmtpServer().start();
  const mailer = createMailer({
    smtpUrl: options.smtpUrl ?? smtp.url,
    from: "Raccolta <no-reply@raccolta.test>",
    dataDir: database.dataDir,
    logger,
  });
  const clock = testClock();
  const background = createBackgroundWork(logger);
  // Jobs run on the test clock, so a test moves time forward to make later jobs due.
  const jobs = createJobQueue({ db, logger, now: clock.now, pollMs: 200 });
  const deps: ApiDependencies = {
    db,
    logger,
    productName: "Raccolta",
    version: "test",
    blobs,
    blobSigningSecret,
    tokenSigningKey: blobSigningSecret,
    publicUrl: PUBLIC_URL,
    mailer,
    providers: options.providers ?? [],
    signUp: options.signUp ?? "open",
    now: clock.now,
    rateLimits: rateLimitsOf(options.rateLimits),
    remoteFetch: options.remoteFetch,
    background,
    planLimits: { ...TEST_PLAN_LIMITS, ...options.planLimits },
    billing: options.billing,
    downloadPartMaxBytes: options.downloadPartMaxBytes,
    draining: options.draining,
    jobs,
    uploadStore,
  };
  const { server, inProcess } = await serveApi(createApi(deps));
  jobs.start();
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    db,
    dialect: database.dialect,
    dataDir: database.dataDir,
    blobs,
    logs,
    smtp,
    clock,
    /** Resolves once the work the API started after its answers (avatar processing) is done. */
    idle: () => background.idle(),
    /** The job queue: `jobs.idle()` runs every due job (file processing) and resolves after. */
    jobs: {
      idle: () => jobs.idle(),
      /** Queues a job as the API would (a test that sets up a state by hand, then runs it). */
      enqueue: (kind: string, payload: unknown) => jobs.enqueue(kind, payload),
    },
    /**
     * Closes the database under the API, for tests of what the routes answer when it is gone.
     * The job worker stops first: pg's pool never settles a connection asked for while it ends,
     * so a poll caught waiting would keep `close` waiting for ever.
     */
    async takeDatabaseDown() {
      await jobs.stop();
      await db.destroy();
    },
    uploadStore,
    /** What the API was built from: support code that builds a service of its own beside it. */
    deps,
    /**
     * The uploads service as the API builds it (its signer, its store, its database), for a
     * test that starts a file no route of the API starts for it: a drop link guest's file.
     */
    fileUploads() {
      return createFileUploadService({
        db,
        uploads: uploadStore,
        jobs,
        now: clock.now,
        logger,
        publicUrl: PUBLIC_URL,
        signer: createUploadUrlSigner(blobSigningSecret),
        plans: createPlanBook({
          db,
          now: clock.now,
          catalogue: options.billing?.catalogue ?? null,
          configuredLimits: deps.planLimits ?? TEST_PLAN_LIMITS,
        }),
      });
    },
    /**
     * A GET handed to the API in this process, as the host hands its web tier's calls, with the
     * reads of the page it belongs to (api/http/page-reads.ts).
     */
    inProcess(pathname: string, headers: Record<string, string>, pageReads: PageReads) {
      return inProcess(new Request(`${url}${pathname}`, { headers }), pageReads);
    },
    /** fetch against the API with a JSON body when `json` is given. */
    async request(pathname: string, init: RequestInit & { json?: unknown } = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined && !headers.has("Content-Type")) {
        headers.set("Content-Type", "application/json");
      }
      return fetch(`${url}${pathname}`, {
        ...rest,
        headers,
        body: json === undefined ? rest.body : JSON.stringify(json),
      });
    },
    /**
     * A JSON POST from another loopback address (127.0.0.2, ...), to act as another client.
     * fetch cannot choose its source address, so this goes through node:http.
     */
    /**
     * Headers that make the host count a request as `clientIp`'s, as the web tier relays its
     * visitor's address (X-Client-IP with the web-tier key): for addresses a test cannot send
     * from, such as many of one IPv6 /64.
     */
    relayedFor(clientIp: string): Record<string, string> {
      return { [CLIENT_IP_HEADER]: clientIp, [WEB_TIER_KEY_HEADER]: TEST_WEB_TIER_KEY };
    },
    requestFrom(
      localAddress: string,
      pathname: string,
      json: unknown,
      headers: Record<string, string> = {},
    ): Promise<PlainResponse> {
      return new Promise((resolve, reject) => {
        const body = JSON.stringify(json);
        const req = httpRequest(
          `${url}${pathname}`,
          {
            method: "POST",
            localAddress,
            headers: {
              "Content-Type": "application/json",
              "Content-Length": Buffer.byteLength(body),
              ...headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => {
              const text = Buffer.concat(chunks).toString("utf8");
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                json: () => JSON.parse(text),
              });
            });
            res.on("error", reject);
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    },
    /**
     * A second instance of the API on the same database, through a connection (pool) of its
     * own, as a scaled-out deployment runs several. Its job worker stays off. Close it first.
     */
    async anotherInstance() {
      const opened = database.open();
      const otherJobs = createJobQueue({ db: opened.db, logger, now: clock.now, pollMs: 200 });
      const { server: other } = await serveApi(
        createApi({ ...deps, db: opened.db, jobs: otherJobs }),
      );
      const { port: otherPort } = other.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${otherPort}`,
        async close() {
          await new Promise<void>((resolve) => other.close(() => resolve()));
          await opened.db.destroy();
        },
      };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await background.idle();
      await jobs.stop();
      if (blobs instanceof S3BlobStore) blobs.destroy();
      mailer.close();
      await smtp.stop();
      await db.destroy().catch(() => {});
      await database.drop();
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof startApi>>;
