import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { scheduleActivityPurge } from "#api/activity/activity.ts";
import { createApi } from "#api/app.ts";
import { rateLimitsForSharedAddresses } from "#api/auth/rate-limit.ts";
import { createBackgroundWork } from "#api/background.ts";
import { BUILT_IN_CATALOGUE, type CataloguePlan, readCatalogue } from "#api/billing/catalogue.ts";
import { stripeRedirectOrigins } from "#api/billing/stripe.ts";
import { migrateToLatest, openDatabase } from "#api/db/database.ts";
import { enqueueMissingPreviews } from "#api/files/process.ts";
import { createJobQueue } from "#api/jobs/queue.ts";
import { createMailer } from "#api/mail/mailer.ts";
import { findVideoTools } from "#api/media/video.ts";
import {
  apiResource,
  httpRequests,
  metrics,
  watchJobQueue,
  watchPool,
  watchProcess,
  webApiCalls,
} from "#api/metrics.ts";
import { currentRoute, runForRequest } from "#api/request-context.ts";
import { createBlobStore } from "#api/storage/index.ts";
import { createUploadStore } from "#api/storage/upload-store.ts";
import type { WebConfig } from "#app/load-context.ts";
import pkg from "./package.json" with { type: "json" };
import { compress } from "./server/compress.ts";
import { configOrExit, s3LinkOrigin } from "./server/config.ts";
import { unwritableDataDir } from "./server/data-dir.ts";
import type { HostEnv } from "./server/host-env.ts";
import { createLogger, type Logger } from "./server/logger.ts";
import {
  clientAddress,
  forwardedRequest,
  isTrustedProxy,
  trustedRequestId,
} from "./server/proxy.ts";
import { hostErrorAnswer } from "./server/request-errors.ts";
import { loadOrCreateSecret } from "./server/secrets.ts";
import { createWeb } from "./server/web.ts";

/**
 * The host: one Hono app on one port. /api/* goes to the product API, everything else to the web
 * app (static assets, then Remix). ROLE=web or ROLE=api runs one half only.
 */
async function main() {
  // What the host creates is its user's alone: DATA_DIR holds the database, the files, mail with
  // codes in it and the secrets. The code that writes there sets its modes too; this covers
  // whatever a library creates without asking (ADR 022).
  process.umask(0o077);
  const config = configOrExit(process.env);
  const logger = createLogger(config);
  if (config.trustProxy.setting !== "off" && ["0.0.0.0", "::"].includes(config.host)) {
    logger.warn(
      `TRUST_PROXY is on and HOST is ${config.host}: the app is reachable around your proxy on every network; set HOST to the address the proxy connects to, e.g. 127.0.0.1 (docs/operations.md#running-behind-a-reverse-proxy)`,
    );
  }
  const development = config.env === "development";
  /** Set by SIGTERM: readiness fails from then on (/api/status/ready, /health). */
  let stopping = false;
  if (config.metrics) watchProcess();
  // The plans sold, when billing is on: a faulty PLANS_FILE stops start-up like a bad variable.
  let catalogue: readonly CataloguePlan[] | undefined;
  if (config.billing && config.role !== "web") {
    try {
      catalogue = config.billing.plansFile
        ? await readCatalogue(config.billing.plansFile)
        : BUILT_IN_CATALOGUE;
    } catch (error) {
      console.error(`Configuration error: ${(error as Error).message}`);
      process.exit(1);
    }
    if (!catalogue.some((plan) => plan.type === "paid" && plan.stripePriceId)) {
      logger.warn(
        "billing is on, but no plan names a Stripe price (PLANS_FILE): none can be bought",
      );
    }
  }

  // Shared by the web tier (which sends it) and the API (which checks it): server/proxy.ts.
  const webTierKey = loadOrCreateSecret(config.dataDir, "web-tier-key", config.webTierKey);
  const host = new Hono<HostEnv>();
  host.use((c, next) => {
    const started = performance.now();
    // The proxy's id, or the web tier's for its API calls; else a new one (server/proxy.ts).
    const fromProxy = isTrustedProxy(config.trustProxy, c.env?.incoming?.socket.remoteAddress);
    const requestId = trustedRequestId(c.req.raw, fromProxy, webTierKey) ?? randomUUID();
    c.set("requestId", requestId);
    c.set("clientIp", clientAddress(c.req.raw, c.env?.incoming, config.trustProxy, webTierKey));
    c.set("logger", logger);
    // Every line logged while serving it, by any logger, names the request (logContext).
    return runForRequest(
      requestId,
      async () => {
        await next();
        c.res.headers.set("X-Request-Id", requestId);
        c.res.headers.set("X-Content-Type-Options", "nosniff");
        const entry = {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
          ip: c.var.clientIp,
        };
        // Assets, and health checks that pass (a probe every 30 s is 2,900 lines a day), only
        // at debug; a failing health check is news and stays at info.
        const routine =
          c.req.path.startsWith("/assets/") || (HEALTH_PATHS.has(c.req.path) && c.res.ok);
        if (routine) logger.debug(entry, "request");
        else logger.info(entry, "request");
        const tier = c.req.path.startsWith("/api/") ? "api" : "web";
        httpRequests.observe(
          {
            tier,
            route: routeLabel(c, tier),
            method: methodLabel(c.req.method),
            status: c.res.status,
          },
          entry.ms / 1000,
        );
      },
      c.env?.pageReads,
    );
  });
  if (config.compress) host.use(compress);

  // Links in mail need the public address; without one they point at this process.
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  if (!config.publicUrl && config.isProduction && config.role !== "web") {
    logger.warn({ publicUrl }, "PUBLIC_URL is not set: links in mail point at localhost");
    if (config.databaseUrl) {
      // Several instances on one database, most likely: each would issue tokens the others
      // refuse, since a token names its issuer (docs/operations.md, "A cluster behind nginx").
      logger.warn(
        "PUBLIC_URL is not set on an instance with DATABASE_URL: give every instance the same " +
          "PUBLIC_URL, or they reject each other's tokens and users seem signed out at random",
      );
    }
  }

  let closeDatabase = async () => {};
  if (config.role !== "web") {
    const database = openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
    });
    const { db, dialect } = database;
    const applied = await migrateToLatest(database);
    logger.info({ dialect, applied }, "database ready");
    if (config.metrics) {
      watchJobQueue(db);
      if (database.pool) watchPool(database.pool);
    }
    const tokenSigningKey = loadOrCreateSecret(
      config.dataDir,
      "token-signing-key",
      config.tokenSigningKey,
    );
    const blobs = createBlobStore({
      diskRoot: path.join(config.dataDir, "blobs"),
      signingSecret: tokenSigningKey,
      s3: config.s3,
    });
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      logger,
      development,
    });
    if (!config.smtpUrl && config.isProduction) {
      logger.warn("SMTP_URL is not set: mail is written to DATA_DIR/mail instead of being sent");
    }
    // Resumable uploads wait in DATA_DIR/uploads, or in the bucket when S3 is configured.
    const uploadStore = createUploadStore(
      config.s3 ? { s3: config.s3 } : { directory: path.join(config.dataDir, "uploads") },
    );
    // Avatar processing and link fetches run after their answers: let them finish first.
    const background = createBackgroundWork(logger);
    // File processing and clean-up: a durable queue, its worker started once the API is built.
    const jobs = createJobQueue({ db, logger, lockMs: config.jobLockMs });
    closeDatabase = async () => {
      await background.idle();
      await jobs.stop();
      mailer.close();
      await db.destroy();
    };
    host.route(
      "/",
      createApi({
        db,
        logger,
        productName: config.productName,
        version: pkg.version,
        blobs,
        blobSigningSecret: tokenSigningKey,
        tokenSigningKey,
        publicUrl,
        mailer,
        providers: config.providers,
        signUp: config.signUp,
        background,
        rateLimits: rateLimitsForSharedAddresses(config.addressRateLimitFactor),
        planLimits: config.planLimits,
        billing:
          config.billing && catalogue ? { stripe: config.billing.stripe, catalogue } : undefined,
        downloadPartMaxBytes: config.downloadPartMaxBytes,
        jobs,
        uploadStore,
        draining: () => stopping,
      }),
    );
    jobs.start();
    // Videos get posters and durations only where ffmpeg runs: said once, at start-up.
    void findVideoTools().then((tools) => {
      if (tools.warning) logger.warn(tools.warning);
    });
    // The activity log's daily purge (ADR 091): its first run, unless one is waiting.
    void scheduleActivityPurge(jobs, { db }).catch((error: unknown) =>
      logger.warn({ err: error }, "activity: the purge was not scheduled"),
    );
    // HEIC photos and videos stored before their previews could be made get them now.
    void enqueueMissingPreviews(db, jobs).then(
      (count) => count > 0 && logger.info({ files: count }, "previews: files queued for previews"),
      (error: unknown) => logger.warn({ err: error }, "previews: missing previews not queued"),
    );
  }

  const webConfig: WebConfig = {
    productName: config.productName,
    apiUrl: config.apiUrl ?? "",
    apiTimeoutMs: config.apiTimeoutMs,
    observeApiCall: (method, path, status, ms) =>
      webApiCalls.observe({ method, resource: apiResource(path), status }, ms / 1000),
    sessionSecrets: config.sessionSecrets ?? [loadOrCreateSecret(config.dataDir, "session-secret")],
    webTierKey,
    analyticsScriptUrl: config.analyticsScriptUrl,
    contactEmail: config.contactEmail,
    launchAt: config.launchAt,
    appStoreUrl: config.appStoreUrl,
    playStoreUrl: config.playStoreUrl,
    isProduction: config.isProduction,
    ...(development &&
      !config.smtpUrl &&
      config.role === "all" && { mailFolder: path.join(config.dataDir, "mail") }),
    providers: config.providers,
    signUp: config.signUp,
    uploadForm: config.uploadForm,
  };
  const vite = development
    ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }))
    : undefined;
  if (config.role !== "api") {
    // The web tier's own health check, answered without the API (a ROLE=web host has no
    // /api/status): 200 while it serves, 503 once it is stopping.
    host.get("/health", (c) => {
      c.header("Cache-Control", "no-store");
      return stopping
        ? c.json({ status: "draining", message: "Stopping: finishing the requests in flight" }, 503)
        : c.json({ status: "ok", message: "Serving pages" }, 200);
    });
    const buildDir = path.resolve(import.meta.dirname, development ? "build" : "..");
    host.route(
      "/",
      await createWeb({
        config: webConfig,
        vite,
        buildDir,
        analyticsScriptUrl: config.analyticsScriptUrl,
        // Social sign-in buttons post to us, and we redirect to the provider; plan buttons, to
        // Stripe's checkout or portal: the CSP's form-action must allow those hops.
        formActionOrigins: [
          ...config.providers.map((provider) => new URL(provider.issuer).origin),
          ...stripeRedirectOrigins(config.stripeApiUrl),
        ],
        // Thumbnails and previews load from the bucket's signed links when S3 holds the files.
        imageOrigins: config.s3 ? [s3LinkOrigin(config.s3)] : [],
        // Only the configured one: the default (localhost) is not an origin anyone posts from.
        publicUrl: config.publicUrl,
      }),
    );
  }

  const listener = getRequestListener(
    (request, env) =>
      host.fetch(
        forwardedRequest(
          request,
          isTrustedProxy(config.trustProxy, env.incoming.socket.remoteAddress),
        ),
        env,
      ),
    { errorHandler: (error) => hostErrorAnswer(error, logger) },
  );
  const server = createServer((req, res) => {
    // Hono answers its own errors; this only catches a failure of the host's plumbing itself.
    const handle = () =>
      listener(req, res).catch((error: unknown) => {
        logger.error({ err: error, path: req.url }, "request failed in the host");
        if (res.headersSent) res.destroy();
        else res.writeHead(500).end();
      });
    if (vite) vite.middlewares(req, res, handle);
    else void handle();
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const { port } = server.address() as AddressInfo;
  // The web tier calls the API where it was told to; otherwise the API is in this process and
  // answers the web tier's requests without a socket (ADR 030). Uploads stream over loopback.
  webConfig.apiUrl ||= `http://127.0.0.1:${port}`;
  if (!config.apiUrl && config.role === "all") {
    webConfig.inProcessApi = async (request, pageReads) => host.fetch(request, { pageReads });
  }
  logger.info(
    { port, role: config.role, env: config.env, dataDir: config.dataDir },
    `${config.productName} listening on http://localhost:${port}`,
  );
  if (config.metrics) await serveMetrics(config.metrics, logger);

  const stop = (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    const drain = () => {
      logger.info({ signal }, "shutting down: finishing requests in flight");
      const force = setTimeout(() => {
        logger.warn("shutdown timeout: closing remaining connections");
        server.closeAllConnections();
      }, config.shutdownTimeoutMs);
      force.unref();
      server.close(async () => {
        await vite?.close();
        await closeDatabase();
        logger.info("stopped");
        process.exit(exitCode);
      });
      server.closeIdleConnections();
    };
    // A load balancer that polls readiness needs a moment to see it fail and send new requests
    // elsewhere; until then this instance still serves them (SHUTDOWN_DELAY_MS, 0 by default).
    if (config.shutdownDelayMs > 0 && exitCode === 0) {
      logger.info({ signal, delayMs: config.shutdownDelayMs }, "stopping: readiness now fails");
      setTimeout(drain, config.shutdownDelayMs);
    } else {
      drain();
    }
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // The last line of defence (ADR 018). A rejection nobody handled is a bug, logged at error
  // level, but it leaves nothing half-done behind: the process goes on serving. An uncaught
  // exception may have left anything half-done: log it, finish the requests in flight, and
  // exit with 1 for the supervisor (Docker's restart policy, systemd) to start a clean one.
  process.on("unhandledRejection", (reason) => {
    logger.error(
      { err: reason, requestId: requestIdOf(reason) },
      "unhandled rejection: a promise failed with nobody listening",
    );
  });
  process.on("uncaughtException", (error, origin) => {
    logger.fatal({ err: error, origin, requestId: requestIdOf(error) }, "uncaught exception");
    if (stopping) process.exit(1);
    stop("uncaughtException", 1);
  });
}

/**
 * Prometheus's `GET /metrics`, on a port of its own (METRICS_PORT): never behind the proxy that
 * serves the site, so not public by accident.
 */
async function serveMetrics(at: { port: number; host: string }, logger: Logger) {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: GET /metrics\n");
      return;
    }
    metrics.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": metrics.contentType }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, "metrics: collecting failed");
        res.writeHead(503, { "Content-Type": "text/plain" }).end("Metrics unavailable\n");
      },
    );
  });
  // A port already taken stops start-up with its message (main's catch), as the site's would.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(at.port, at.host, resolve);
  });
  server.unref();
  const { port } = server.address() as AddressInfo;
  logger.info({ port }, `metrics on http://localhost:${port}/metrics`);
}

/**
 * The route a request is counted under: the API route's pattern, the page's route id, or a
 * fixed name; never the path itself, whose ids would make a series per team and file.
 */
function routeLabel(c: Context, tier: "api" | "web") {
  const pattern = c.req.routePath;
  const matched = pattern !== "/*" && pattern !== "*" ? pattern : undefined;
  if (tier === "api") return matched ?? "unmatched";
  if (c.req.path.startsWith("/assets/")) return "assets";
  return currentRoute() ?? matched ?? "other";
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const methodLabel = (method: string) => (METHODS.has(method) ? method : "other");

/** The liveness and readiness checks (docs/operations.md#health). */
const HEALTH_PATHS = new Set(["/health", "/api/status", "/api/status/ready"]);

/** The request an error was raised for, when it says (the web tier's API errors do). */
function requestIdOf(error: unknown): string | undefined {
  const requestId = (error as { requestId?: unknown } | null)?.requestId;
  return typeof requestId === "string" ? requestId : undefined;
}

main().catch((error) => {
  // A DATA_DIR this user can't write is an operator's to fix: one line, no stack trace.
  const dataDir = process.env.DATA_DIR?.trim() || "./data";
  console.error(unwritableDataDir(error, dataDir) ?? error);
  process.exit(1);
});
