import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { Logger } from "pino";
import { type PlanLimits, UNLIMITED_PLAN_LIMITS } from "#domain/plans.ts";
import { registerActivityJobs } from "./activity/activity.ts";
import { createAccountService } from "./auth/accounts.ts";
import { createCodeStore } from "./auth/codes.ts";
import { createFederatedVerifier, type FederatedProvider } from "./auth/federated.ts";
import { authIfValid, optionalAuth, requireAuth } from "./auth/middleware.ts";
import { createRateLimiter, type RateLimits } from "./auth/rate-limit.ts";
import { createSessionStore } from "./auth/sessions.ts";
import { createTokenService } from "./auth/tokens.ts";
import { type BackgroundWork, createBackgroundWork } from "./background.ts";
import type { CataloguePlan } from "./billing/catalogue.ts";
import { createPlanBook } from "./billing/plans.ts";
import { createStripeBilling, type StripeSettings } from "./billing/stripe.ts";
import { type Clock, systemClock } from "./clock.ts";
import { createCollectionService } from "./collections/collections.ts";
import type { Db } from "./db/schema.ts";
import { createDownloadService, registerDownloadJobs } from "./downloads/downloads.ts";
import { createTraffic } from "./downloads/traffic.ts";
import { registerGuestDigestJob } from "./drop-links/digest.ts";
import { createGalleryService, requireGalleryStillOpen } from "./drop-links/gallery.ts";
import { createDropGuestService } from "./drop-links/guest-uploads.ts";
import { createDropLinkService } from "./drop-links/links.ts";
import { createReviewService } from "./drop-links/review.ts";
import { filesOf } from "./files/file-views.ts";
import { createFileService } from "./files/files.ts";
import { createFileProcessor, registerFileJobs } from "./files/process.ts";
import type { ApiEnv } from "./http/env.ts";
import { ApiError, ErrorBodySchemaName, handleError } from "./http/errors.ts";
import { invalidInputHook } from "./http/schemas.ts";
import {
  createImageUploadService,
  type RemoteFetchOptions,
} from "./image-uploads/image-uploads.ts";
import { AVATARS, LOGOS } from "./image-uploads/kinds.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { Mailer } from "./mail/mailer.ts";
import { activityRoutes } from "./routes/activity.ts";
import { authRoutes } from "./routes/auth.ts";
import { avatarRoutes } from "./routes/avatars.ts";
import { blobRoutes } from "./routes/blobs.ts";
import { collectionRoutes } from "./routes/collections.ts";
import { archiveRoutes, downloadRoutes } from "./routes/downloads.ts";
import { dropGalleryRoutes } from "./routes/drop-gallery.ts";
import { dropLinkRoutes } from "./routes/drop-links.ts";
import { dropRoutes } from "./routes/drops.ts";
import { fileRoutes } from "./routes/files.ts";
import { logoRoutes } from "./routes/logos.ts";
import { memberRoutes } from "./routes/members.ts";
import { paymentRoutes, planRoutes } from "./routes/plans.ts";
import { reviewRoutes } from "./routes/review.ts";
import { statusRoutes } from "./routes/status.ts";
import { subscriptionRoutes } from "./routes/subscriptions.ts";
import { teamRoutes } from "./routes/teams.ts";
import { trashRoutes } from "./routes/trash.ts";
import { uploadRoutes } from "./routes/uploads.ts";
import { userRoutes } from "./routes/users.ts";
import type { BlobStore } from "./storage/index.ts";
import type { UploadStore } from "./storage/upload-store.ts";
import { createUploadUrlSigner } from "./storage/upload-urls.ts";
import { createSubscriptionService } from "./subscriptions/subscriptions.ts";
import {
  createTeamDeletionService,
  registerTeamDeletionJobs,
} from "./team-deletion/team-deletion.ts";
import { createAccountDeletionService } from "./teams/account-deletion.ts";
import { createAliasService } from "./teams/aliases.ts";
import { createInvitationService } from "./teams/invitations.ts";
import { createMemberService } from "./teams/members.ts";
import { createTeamService } from "./teams/teams.ts";
import { createTrashService, registerTrashJobs } from "./trash/trash.ts";
import { createFileUploadService } from "./uploads/file-uploads.ts";
import { createChunkNotes } from "./uploads/proxy-chunks.ts";

export interface ApiDependencies {
  db: Db;
  logger: Logger;
  productName: string;
  version: string;
  blobs: BlobStore;
  /** Signs and verifies the disk store's download links (the token signing key). */
  blobSigningSecret: string;
  /** Signs access, ID and challenge tokens and keys the email-code hashes. */
  tokenSigningKey: string;
  /**
   * The web app's public address: the tokens' issuer and the base of links in mail and of upload
   * addresses. Links to our own images and blobs are paths instead (ADR 024).
   */
  publicUrl: string;
  mailer: Mailer;
  /** Sign-in providers that are on. */
  providers: readonly FederatedProvider[];
  /** Who may make an account; "open" when absent (ADR 088). */
  signUp?: "open" | "invite-only";
  /** Defaults to the system clock; tests move time forward with their own. */
  now?: Clock;
  /** Defaults to DEFAULT_RATE_LIMITS. */
  rateLimits?: RateLimits;
  /**
   * How avatar links are fetched. Code-only, for tests (a resolver, their CA, one loopback
   * allowance): no setting reads it, and safeFetch refuses an allowance in production.
   */
  remoteFetch?: RemoteFetchOptions;
  /** Where work after an answer runs; the host waits for it at shutdown. Created when absent. */
  background?: BackgroundWork;
  /**
   * The limits everyone has while billing is off (teams, members, aliases, bytes); unlimited
   * when absent.
   */
  planLimits?: PlanLimits;
  /** Plans sold through Stripe, and the catalogue that sets each user's limits (ADR 035). */
  billing?: { catalogue: readonly CataloguePlan[]; stripe: StripeSettings };
  /**
   * The durable job queue: createApi registers the file jobs on it; the host starts its worker
   * after createApi and stops it at shutdown (api/jobs/queue.ts).
   */
  jobs: JobQueue;
  /** Where resumable uploads keep their bytes until complete (api/storage/upload-store.ts). */
  uploadStore: UploadStore;
  /** The largest part of a collection download, in bytes; DEFAULT_PART_MAX_BYTES when absent. */
  downloadPartMaxBytes?: number;
  /** True once the host is stopping: the readiness check fails (GET /api/status/ready). */
  draining?: () => boolean;
}

/** JSON bodies are small; uploads have their own routes and limits. */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** Paths under /api that take a raw body (uploads) instead of JSON. */
const RAW_BODY_PREFIXES = ["/api/blobs/", "/api/uploads"];

function isRawBodyPath(path: string) {
  return RAW_BODY_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** A request with a body must be JSON, except on the raw-body routes. */
const jsonOnly = createMiddleware<ApiEnv>(async (c, next) => {
  const hasBody =
    c.req.header("content-length") !== undefined
      ? c.req.header("content-length") !== "0"
      : c.req.header("transfer-encoding") !== undefined;
  if (hasBody && !isRawBodyPath(c.req.path)) {
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/(json|json-patch\+json)\s*(;|$)/i.test(type)) {
      throw new ApiError("invalidInput", "The request body must be application/json", 415);
    }
  }
  await next();
});

/** A JSON escape for U+0000: `\u0000` after an even number of other backslashes. */
const JSON_NUL_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\u0000/i;

/**
 * No text the API takes may hold U+0000: nothing a person types has one, and PostgreSQL cannot
 * store or even compare it (a 500 where SQLite would answer). Refused wherever it can arrive:
 * the path, the query (as %00) and a JSON body (as \u0000).
 */
const noNulCharacters = createMiddleware<ApiEnv>(async (c, next) => {
  const refuse = () => {
    throw new ApiError("invalidInput", "The request holds a NUL character (U+0000)");
  };
  if (c.req.url.includes("%00")) refuse();
  if (c.req.method !== "GET" && !isRawBodyPath(c.req.path)) {
    // Hono keeps the text, and the route's JSON validator parses it from there.
    const body = await c.req.text();
    if (JSON_NUL_ESCAPE.test(body)) refuse();
  }
  await next();
});

/** The product API, mounted at /api by the host. */
export function createApi(deps: ApiDependencies) {
  const api = new OpenAPIHono<ApiEnv>({
    defaultHook: invalidInputHook,
  }).basePath("/api");

  api.use(async (c, next) => {
    c.set("logger", deps.logger);
    await next();
  });
  api.use(jsonOnly);
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: () => {
      // The rest of the body is not read: tell the client not to reuse this connection.
      throw new ApiError("invalidInput", "The request body is too large", 413, {
        Connection: "close",
      });
    },
  });
  api.use((c, next) => (isRawBodyPath(c.req.path) ? next() : jsonBodyLimit(c, next)));
  api.use(noNulCharacters);

  const now = deps.now ?? systemClock;
  const plans = createPlanBook({
    db: deps.db,
    now,
    catalogue: deps.billing?.catalogue ?? null,
    configuredLimits: deps.planLimits ?? UNLIMITED_PLAN_LIMITS,
  });
  // Bytes downloads send count toward the team owner's plan (ADR 025).
  const traffic = createTraffic({ db: deps.db, now, plans, logger: deps.logger });
  const tokens = createTokenService({
    signingKey: deps.tokenSigningKey,
    issuer: deps.publicUrl,
    now,
  });
  const sessions = createSessionStore(deps.db, deps.tokenSigningKey, now);
  const accounts = createAccountService({
    db: deps.db,
    now,
    logger: deps.logger,
    tokens,
    sessions,
    codes: createCodeStore(deps.db, deps.tokenSigningKey, now),
    federated: createFederatedVerifier({
      providers: deps.providers,
      now,
      db: deps.db,
      flowKey: deps.tokenSigningKey,
    }),
    signUp: deps.signUp ?? "open",
    mailer: deps.mailer,
    productName: deps.productName,
    publicUrl: deps.publicUrl,
  });
  const limiter = createRateLimiter({
    db: deps.db,
    now,
    logger: deps.logger,
    limits: deps.rateLimits,
  });
  const auth = requireAuth({ tokens, sessions });

  // What proxies cutting upload chunks taught this process, shown on /status (ADR 103).
  const chunkNotes = createChunkNotes(deps.logger);
  api.route(
    "/",
    statusRoutes({
      ...deps,
      uploadChunkLimit: chunkNotes.smallest,
      callerIfValid: authIfValid({ tokens, sessions }),
    }),
  );
  api.route(
    "/",
    subscriptionRoutes({
      subscriptions: createSubscriptionService({
        db: deps.db,
        jobs: deps.jobs,
        mailer: deps.mailer,
        now,
        signingKey: deps.tokenSigningKey,
        productName: deps.productName,
        publicUrl: deps.publicUrl,
      }),
      limiter,
    }),
  );
  api.route("/", authRoutes({ accounts, limiter }));
  // Avatars and team logos share one image flow and its dependencies.
  const imageUploads = {
    db: deps.db,
    blobs: deps.blobs,
    now,
    logger: deps.logger,
    publicUrl: deps.publicUrl,
    signer: createUploadUrlSigner(deps.tokenSigningKey),
    background: deps.background ?? createBackgroundWork(deps.logger),
    remoteFetch: deps.remoteFetch,
  };
  const avatars = createImageUploadService(imageUploads, AVATARS);
  const deletion = createAccountDeletionService({
    db: deps.db,
    now,
    logger: deps.logger,
    blobs: deps.blobs,
    plans,
    mailer: deps.mailer,
    productName: deps.productName,
    publicUrl: deps.publicUrl,
  });
  api.route("/", userRoutes({ db: deps.db, now, auth, accounts, limiter, deletion }));
  api.route(
    "/",
    avatarRoutes({
      avatars,
      auth,
      limiter,
      db: deps.db,
      blobs: deps.blobs,
    }),
  );
  api.route("/", planRoutes({ auth, plans, db: deps.db, traffic }));
  api.route(
    "/",
    paymentRoutes({
      auth,
      db: deps.db,
      billing: deps.billing
        ? createStripeBilling({
            settings: deps.billing.stripe,
            db: deps.db,
            now,
            plans,
            logger: deps.logger,
            publicUrl: deps.publicUrl,
          })
        : null,
    }),
  );
  const teamDeletion = createTeamDeletionService({
    db: deps.db,
    now,
    logger: deps.logger,
    blobs: deps.blobs,
    uploads: deps.uploadStore,
    jobs: deps.jobs,
    plans,
  });
  registerTeamDeletionJobs(deps.jobs, teamDeletion);
  api.route(
    "/",
    teamRoutes({
      db: deps.db,
      auth,
      teams: createTeamService({ db: deps.db, now, plans }),
      aliases: createAliasService({ db: deps.db, now, plans }),
      deletion: teamDeletion,
    }),
  );
  api.route(
    "/",
    logoRoutes({
      db: deps.db,
      auth,
      limiter,
      blobs: deps.blobs,
      logos: createImageUploadService(imageUploads, LOGOS),
    }),
  );
  const members = createMemberService({
    db: deps.db,
    now,
    sessions,
    plans,
    idKey: deps.tokenSigningKey,
  });
  api.route(
    "/",
    memberRoutes({
      db: deps.db,
      members,
      invitations: createInvitationService({
        db: deps.db,
        now,
        logger: deps.logger,
        mailer: deps.mailer,
        productName: deps.productName,
        publicUrl: deps.publicUrl,
        tokens,
        sessions,
        members,
      }),
      limiter,
      auth,
      optionalAuth: optionalAuth({ tokens, sessions }),
    }),
  );
  // The team activity log (ADR 091): read by owner and admin, purged daily on the job queue.
  registerActivityJobs(deps.jobs, { db: deps.db, now, logger: deps.logger });
  api.route("/", activityRoutes({ db: deps.db, auth, activity: { db: deps.db, now } }));
  const collections = createCollectionService({ db: deps.db, now });
  api.route("/", collectionRoutes({ db: deps.db, auth, collections }));
  api.route(
    "/",
    fileRoutes({
      db: deps.db,
      auth,
      collections,
      files: createFileService({
        db: deps.db,
        now,
        blobs: deps.blobs,
        logger: deps.logger,
        traffic,
      }),
    }),
  );
  const downloads = createDownloadService({
    db: deps.db,
    now,
    blobs: deps.blobs,
    jobs: deps.jobs,
    signingKey: deps.tokenSigningKey,
    partMaxBytes: deps.downloadPartMaxBytes,
    requireDropLinkGallery: (dropLinkId) => requireGalleryStillOpen(deps.db, dropLinkId),
  });
  registerDownloadJobs(deps.jobs, downloads);
  const trash = createTrashService({
    db: deps.db,
    now,
    blobs: deps.blobs,
    jobs: deps.jobs,
    plans,
    logger: deps.logger,
  });
  registerTrashJobs(deps.jobs, trash);
  api.route("/", trashRoutes({ db: deps.db, auth, trash }));
  api.route(
    "/",
    dropLinkRoutes({
      db: deps.db,
      auth,
      links: createDropLinkService({ db: deps.db, now, publicUrl: deps.publicUrl }),
    }),
  );
  // Guests' files held by their drop link, reviewed by the owner and admins (ADR 099).
  api.route(
    "/",
    reviewRoutes({
      db: deps.db,
      auth,
      review: createReviewService({ db: deps.db, now, blobs: deps.blobs, trash }),
    }),
  );
  // What guests sent, mailed to each link's creator at most once an hour (ADR 099).
  registerGuestDigestJob(deps.jobs, {
    db: deps.db,
    now,
    jobs: deps.jobs,
    mailer: deps.mailer,
    logger: deps.logger,
    productName: deps.productName,
    publicUrl: deps.publicUrl,
    signingKey: deps.tokenSigningKey,
  });
  api.route("/", downloadRoutes({ db: deps.db, auth, limiter, downloads, traffic }));
  api.route("/", archiveRoutes({ downloads, traffic }));
  // A drop link's read-only gallery for its guests (ADR 100).
  api.route(
    "/",
    dropGalleryRoutes({
      db: deps.db,
      limiter,
      traffic,
      gallery: createGalleryService({
        db: deps.db,
        downloads,
        files: filesOf({ db: deps.db, now, blobs: deps.blobs, logger: deps.logger, traffic }),
      }),
    }),
  );
  registerFileJobs(
    deps.jobs,
    createFileProcessor({
      db: deps.db,
      blobs: deps.blobs,
      uploads: deps.uploadStore,
      logger: deps.logger,
      now,
    }),
  );
  const uploads = createFileUploadService({
    chunkNotes,
    db: deps.db,
    uploads: deps.uploadStore,
    jobs: deps.jobs,
    now,
    logger: deps.logger,
    publicUrl: deps.publicUrl,
    signer: imageUploads.signer,
    plans,
  });
  api.route("/", uploadRoutes({ auth, uploads }));
  // The guest side of drop links (ADR 098): their page, entry, files.
  api.route(
    "/",
    dropRoutes({
      guests: createDropGuestService({
        db: deps.db,
        now,
        jobs: deps.jobs,
        limiter,
        uploads,
        trash,
      }),
    }),
  );
  api.route(
    "/",
    blobRoutes({
      blobs: deps.blobs,
      signingSecret: deps.blobSigningSecret,
      db: deps.db,
      traffic,
    }),
  );

  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });
  // A drop link's guest (ADR 098): the guestToken their entry answered.
  api.openAPIRegistry.registerComponent("securitySchemes", "guest", {
    type: "http",
    scheme: "bearer",
  });
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: `${deps.productName} API`,
      version: deps.version,
      description:
        `Every error answers {statusCode, errorCode, message}; see the ${ErrorBodySchemaName} schema. ` +
        "Links to the API's own content (avatarUrl, logoUrl, and with disk storage thumbnailUrl, " +
        "previewUrl and signedUrl) are paths such as /api/blobs/...: resolve them against the " +
        "address the API was reached at.",
    },
  });

  // A mounted sub-app's notFound is not used by Hono, so unknown /api paths need their own route.
  api.all("*", () => {
    throw new ApiError("notFound", "There is nothing at this address");
  });
  api.onError(handleError);
  return api;
}

export type Api = ReturnType<typeof createApi>;
