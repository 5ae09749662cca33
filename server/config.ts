import path from "node:path";
import { z } from "zod";
import { DEFAULT_PART_MAX_BYTES } from "#api/downloads/downloads.ts";
import {
  UPLOAD_FORM_FILE_DEFAULT_MAX_BYTES,
  UPLOAD_SPOOL_DEFAULT_MAX_BYTES,
} from "#app/services/request-body.ts";
import { LAUNCH_AT_MS } from "#domain/constants.ts";
import { type PlanLimits, UNLIMITED_PLAN_LIMITS } from "#domain/plans.ts";
import type { FederatedProviderId } from "#domain/providers.ts";
import { type ProxyTrust, parseTrustProxy } from "./proxy.ts";

/**
 * Every setting is an environment variable, parsed here once at start-up. A bad value stops
 * start-up with one line naming the variable and what is wrong (see `loadConfig`).
 * docs/operations.md and .env.example document each variable; keep the three in step.
 */

const flag = (fallback: boolean) =>
  z
    .enum(["1", "0", "true", "false", "yes", "no", "on", "off"], {
      error: "must be 1 or 0 (true/false, yes/no, on/off)",
    })
    .optional()
    .transform((value) =>
      value === undefined ? fallback : ["1", "true", "yes", "on"].includes(value),
    );

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * Whether a URL uses one of `protocols`. Refinements run even after `z.url()` has refused a value:
 * that one already has its line, so it passes here (and must not throw).
 */
const usesProtocol = (value: string, protocols: RegExp) =>
  !URL.canParse(value) || protocols.test(new URL(value).protocol);

const httpUrl = (protocols: string[]) =>
  z
    .url({ error: "must be an absolute URL" })
    .refine((value) => usesProtocol(value, new RegExp(`^(${protocols.join("|")})$`)), {
      error: `must use ${protocols.map((p) => p.replace(":", "")).join(" or ")}`,
    });

/** An issuer must be https; plain http only on a loopback host (a local test provider). */
const issuerUrl = z
  .url({ error: "must be an absolute URL" })
  .refine(
    (value) =>
      !URL.canParse(value) ||
      new URL(value).protocol === "https:" ||
      (new URL(value).protocol === "http:" &&
        ["localhost", "127.0.0.1", "[::1]"].includes(new URL(value).hostname)),
    { error: "must use https (http only on localhost)" },
  );

/**
 * A plan limit: a whole number, -1 for unlimited. Blank is unset, never 0 (which would allow
 * nothing), so `PLAN_LIMIT_TEAMS=` in a file keeps the default.
 */
const planLimit = (fallback: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce
      .number({ error: "must be a whole number, -1 for unlimited" })
      // Safe integers only: 2^53 bytes is 8 PiB, more than anyone limits.
      .int({ error: "must be a whole number, -1 for unlimited", abort: true })
      .min(-1, { error: "must be -1 (unlimited) or more" })
      .default(fallback),
  );

/** A TCP port; 0 lets the system choose. */
const portNumber = () =>
  z.coerce
    .number({ error: "must be a port number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be between 0 and 65535" })
    .max(65535, { error: "must be between 0 and 65535" });

/** A whole number of milliseconds from `min` to `max`. */
const milliseconds = (min: number, max: number) =>
  z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int({ error: "must be a whole number of milliseconds" })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

/** `address@host` or `Name <address@host>`. */
const MAIL_FROM_PATTERN = /^(?:[^<>]*<\s*[^\s<>@]+@[^\s<>@]+\s*>|[^\s<>@]+@[^\s<>@]+)$/;

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(["development", "production", "test"], {
        error: "must be development, production or test",
      })
      .default("production"),
    PORT: portNumber().default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    METRICS_PORT: portNumber().optional(),
    METRICS_HOST: z.string().trim().min(1).optional(),
    ROLE: z.enum(["all", "web", "api"], { error: "must be all, web or api" }).default("all"),
    API_URL: httpUrl(["http:", "https:"]).optional(),
    PUBLIC_URL: httpUrl(["http:", "https:"]).optional(),
    PRODUCT_NAME: z
      .string()
      .trim()
      .min(1, { error: "must not be empty" })
      .max(40)
      .default("Raccolta"),
    CONTACT_EMAIL: z.email({ error: "must be an email address" }).optional(),
    SIGNUP: z
      .enum(["open", "invite-only"], { error: "must be open or invite-only" })
      .default("open"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: z
      .url({ error: "must be a postgres:// URL" })
      .refine((value) => usesProtocol(value, /^postgres(ql)?:$/), {
        error: "must be a postgres:// URL",
      })
      .optional(),
    SESSION_SECRET: optionalText,
    TOKEN_SIGNING_KEY: optionalText,
    WEB_TIER_KEY: optionalText,
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const trust = parseTrustProxy(value);
        if (typeof trust !== "string") return trust;
        ctx.addIssue({
          code: "custom",
          message: `must be 1, 0, or a list of proxy addresses and CIDR ranges; it ${trust}`,
        });
        return z.NEVER;
      }),
    COMPRESS: flag(true),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be fatal, error, warn, info, debug, trace or silent",
      })
      .default("info"),
    API_TIMEOUT_MS: milliseconds(100, 300_000).default(15_000),
    DOWNLOAD_PART_MAX_BYTES: z.coerce
      .number({ error: "must be a number of bytes" })
      .int()
      .min(1024 * 1024, { error: "must be at least 1048576 (1 MiB)" })
      .default(DEFAULT_PART_MAX_BYTES),
    UPLOAD_SPOOL_MAX_BYTES: z.coerce
      .number({ error: "must be a number of bytes" })
      .int()
      .min(1024 * 1024, { error: "must be at least 1048576 (1 MiB)" })
      .default(UPLOAD_SPOOL_DEFAULT_MAX_BYTES),
    UPLOAD_FORM_FILE_MAX_BYTES: z.coerce
      .number({ error: "must be a number of bytes" })
      .int()
      .min(1024 * 1024, { error: "must be at least 1048576 (1 MiB)" })
      .max(UPLOAD_FORM_FILE_DEFAULT_MAX_BYTES, {
        error: `must be at most ${UPLOAD_FORM_FILE_DEFAULT_MAX_BYTES} (2 GiB minus 64 KiB)`,
      })
      .default(UPLOAD_FORM_FILE_DEFAULT_MAX_BYTES),
    SHUTDOWN_TIMEOUT_MS: milliseconds(0, 120_000).default(10_000),
    JOB_LOCK_MS: milliseconds(3000, 3_600_000).default(300_000),
    SHUTDOWN_DELAY_MS: milliseconds(0, 120_000).default(0),
    ADDRESS_RATE_LIMIT_FACTOR: z.coerce
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .min(1, { error: "must be at least 1" })
      .max(1000, { error: "must be at most 1000" })
      .default(1),
    ANALYTICS_SCRIPT_URL: httpUrl(["https:"]).optional(),
    // The landing page's countdown; LAUNCH_AT_MS (docs/product.md#limits) when unset.
    LAUNCH_AT: z.iso
      .datetime({ offset: true, error: "must be a date and time like 2026-03-01T09:00:00+01:00" })
      .optional(),
    APP_STORE_URL: httpUrl(["https:"]).optional(),
    PLAY_STORE_URL: httpUrl(["https:"]).optional(),
    S3_BUCKET: optionalText,
    S3_ENDPOINT: httpUrl(["http:", "https:"]).optional(),
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flag(false),
    SMTP_URL: z
      .url({ error: "must be an smtp:// or smtps:// URL" })
      .refine((value) => usesProtocol(value, /^smtps?:$/), {
        error: "must be an smtp:// or smtps:// URL",
      })
      .optional(),
    MAIL_FROM: optionalText.refine(
      (value) => value === undefined || MAIL_FROM_PATTERN.test(value),
      {
        error: "must be an address, or a name and an address: Raccolta <no-reply@example.com>",
      },
    ),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    APPLE_CLIENT_ID: optionalText,
    APPLE_CLIENT_SECRET: optionalText,
    LINKEDIN_CLIENT_ID: optionalText,
    LINKEDIN_CLIENT_SECRET: optionalText,
    OIDC_ISSUER: issuerUrl.optional(),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_NAME: z.string().trim().min(1).max(40).default("OpenID Connect"),
    PLAN_LIMIT_TEAMS: planLimit(UNLIMITED_PLAN_LIMITS.limitTeams),
    PLAN_LIMIT_MEMBERS_PER_TEAM: planLimit(UNLIMITED_PLAN_LIMITS.limitMembersPerTeam),
    PLAN_LIMIT_ALIASES_PER_TEAM: planLimit(UNLIMITED_PLAN_LIMITS.limitAliasesPerTeam),
    PLAN_LIMIT_STORAGE_BYTES: planLimit(UNLIMITED_PLAN_LIMITS.limitStorageBytes),
    PLAN_LIMIT_TRAFFIC_BYTES: planLimit(UNLIMITED_PLAN_LIMITS.limitTrafficBytes),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    // Another Stripe API address, for a local stand-in (tests); Stripe's own when unset.
    STRIPE_API_URL: z.url({ error: "must be an absolute URL" }).optional(),
    PLANS_FILE: optionalText,
  })
  .superRefine((env, ctx) => {
    if (env.SESSION_SECRET !== undefined) {
      for (const secret of env.SESSION_SECRET.split(",")) {
        if (secret.trim().length < 32) {
          ctx.addIssue({
            code: "custom",
            path: ["SESSION_SECRET"],
            message: "each comma-separated secret must be at least 32 characters",
          });
        }
      }
    }
    for (const name of ["TOKEN_SIGNING_KEY", "WEB_TIER_KEY"] as const) {
      if (env[name] !== undefined && env[name].length < 32) {
        ctx.addIssue({ code: "custom", path: [name], message: "must be at least 32 characters" });
      }
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"],
        message: "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together",
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
      });
    }
    for (const prefix of ["GOOGLE", "APPLE", "LINKEDIN"] as const) {
      const id = env[`${prefix}_CLIENT_ID`];
      const secret = env[`${prefix}_CLIENT_SECRET`];
      if (Boolean(id) !== Boolean(secret)) {
        ctx.addIssue({
          code: "custom",
          path: [id ? `${prefix}_CLIENT_SECRET` : `${prefix}_CLIENT_ID`],
          message: `${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET go together`,
        });
      }
    }
    const oidc = {
      OIDC_ISSUER: env.OIDC_ISSUER,
      OIDC_CLIENT_ID: env.OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET,
    };
    if (Object.values(oidc).some(Boolean)) {
      for (const [name, value] of Object.entries(oidc)) {
        if (!value) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together",
          });
        }
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads: .env.example and docs/operations.md name each one. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof Env)[];

/** The variables as parsed, defaults filled in; throws on a bad one (parseConfig says which). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  return envSchema.parse(source);
}

/**
 * A social or OpenID Connect sign-in provider, on when its client id and secret are set. The web
 * app runs the authorization code flow with it; the API verifies its ID tokens against the
 * issuer's published keys, with the client id as audience.
 */
export interface Provider {
  id: FederatedProviderId;
  /** Shown on the sign-in button. */
  name: string;
  /** OpenID Connect issuer; its discovery document is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The issuers of the built-in providers (LinkedIn's OpenID Connect issuer has this path). */
export const PROVIDER_ISSUERS = {
  google: "https://accounts.google.com",
  apple: "https://appleid.apple.com",
  linkedin: "https://www.linkedin.com/oauth",
} as const;

function providersFrom(env: Env): Provider[] {
  const providers: Provider[] = [];
  const builtIn = [
    {
      id: "google",
      name: "Google",
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
    },
    {
      id: "apple",
      name: "Apple",
      clientId: env.APPLE_CLIENT_ID,
      clientSecret: env.APPLE_CLIENT_SECRET,
    },
    {
      id: "linkedin",
      name: "LinkedIn",
      clientId: env.LINKEDIN_CLIENT_ID,
      clientSecret: env.LINKEDIN_CLIENT_SECRET,
    },
  ] as const;
  for (const { id, name, clientId, clientSecret } of builtIn) {
    if (clientId && clientSecret) {
      providers.push({ id, name, issuer: PROVIDER_ISSUERS[id], clientId, clientSecret });
    }
  }
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    providers.push({
      id: "oidc",
      name: env.OIDC_NAME,
      issuer: env.OIDC_ISSUER.replace(/\/+$/, ""),
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
    });
  }
  return providers;
}

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  /** Prometheus metrics on their own port, off unless METRICS_PORT is set. */
  metrics: { port: number; host: string } | undefined;
  role: Env["ROLE"];
  /** Where the web tier calls the API; undefined means "this process over loopback". */
  apiUrl: string | undefined;
  /** How long the web tier waits for one API answer before showing "service unavailable". */
  apiTimeoutMs: number;
  publicUrl: string | undefined;
  productName: string;
  contactEmail: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecrets: string[] | undefined;
  tokenSigningKey: string | undefined;
  /** Proves to the API that a request comes from our web tier (and so its X-Client-IP). */
  webTierKey: string | undefined;
  /** The proxies whose forwarding headers are believed (ADR 082). */
  trustProxy: ProxyTrust;
  /** Multiplies every per-address rate-limit budget (many visitors behind one address). */
  addressRateLimitFactor: number;
  compress: boolean;
  logLevel: Env["LOG_LEVEL"];
  shutdownTimeoutMs: number;
  /** How long a worker's claim holds a job: a dead worker's job is taken over after it. */
  jobLockMs: number;
  /** How long a stopping host keeps taking new requests, failing readiness, before it drains. */
  shutdownDelayMs: number;
  analyticsScriptUrl: string | undefined;
  /** The launch the landing page counts down to (epoch ms). */
  launchAt: number;
  /** The mobile app's store pages; their badges show only when set. */
  appStoreUrl: string | undefined;
  playStoreUrl: string | undefined;
  /** Outgoing mail server; without it mail is written to DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** The From of every mail. */
  mailFrom: string;
  /** Sign-in providers that are on, in the order their buttons show. */
  providers: readonly Provider[];
  /** Who may make an account: anyone, or only someone invited to a team (ADR 088). */
  signUp: Env["SIGNUP"];
  /** The limits everyone has while billing is off; -1 is unlimited (the default). */
  planLimits: PlanLimits;
  /** Another Stripe API address (a local stand-in); Stripe's own when undefined. */
  stripeApiUrl: string | undefined;
  /** Plans sold through Stripe; undefined when billing is off (ADR 035). */
  billing:
    | {
        stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined };
        /** The operator's catalogue file; the built-in catalogue when undefined. */
        plansFile: string | undefined;
      }
    | undefined;
  /** The largest part of a collection download, in bytes (ADR 025). */
  downloadPartMaxBytes: number;
  /** The upload form without JavaScript (ADR 083): its largest file, and its temporary space. */
  uploadForm: { fileMaxBytes: number; spoolMaxBytes: number };
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * The configuration of a command's process (the host, the backup): a bad variable prints its
 * one line per fault, no stack trace, and ends the process with 1.
 */
export function configOrExit(source: Record<string, string | undefined>): Config {
  try {
    return parseConfig(source);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Variables whose values may hold a credential, so an error never prints them. */
const SENSITIVE = /SECRET|KEY|PASSWORD|TOKEN|^DATABASE_URL$|^SMTP_URL$|^REDIS_URL$/;

/** The default From: no-reply at the public host, named after the product. */
function defaultMailFrom(productName: string, publicUrl: string | undefined) {
  const host = publicUrl ? new URL(publicUrl).hostname : "localhost";
  return `"${productName.replaceAll('"', "")}" <no-reply@${host}>`;
}

/** Parses the environment; throws a ConfigError whose message is one line per bad variable. */
export function parseConfig(source: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = source[name];
      const shown = got === undefined ? "" : ` (got "${SENSITIVE.test(name) ? "…" : got}")`;
      return `Configuration error: ${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(lines.join("\n"));
  }
  const env = result.data;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    metrics:
      env.METRICS_PORT === undefined
        ? undefined
        : { port: env.METRICS_PORT, host: env.METRICS_HOST ?? env.HOST },
    role: env.ROLE,
    apiUrl: env.API_URL?.replace(/\/+$/, ""),
    apiTimeoutMs: env.API_TIMEOUT_MS,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ""),
    productName: env.PRODUCT_NAME,
    contactEmail: env.CONTACT_EMAIL,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    sessionSecrets: env.SESSION_SECRET?.split(",").map((secret) => secret.trim()),
    tokenSigningKey: env.TOKEN_SIGNING_KEY,
    webTierKey: env.WEB_TIER_KEY,
    trustProxy: env.TRUST_PROXY,
    addressRateLimitFactor: env.ADDRESS_RATE_LIMIT_FACTOR,
    compress: env.COMPRESS,
    logLevel: env.LOG_LEVEL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    jobLockMs: env.JOB_LOCK_MS,
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL,
    launchAt: env.LAUNCH_AT ? Date.parse(env.LAUNCH_AT) : LAUNCH_AT_MS,
    appStoreUrl: env.APP_STORE_URL,
    playStoreUrl: env.PLAY_STORE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? defaultMailFrom(env.PRODUCT_NAME, env.PUBLIC_URL),
    providers: providersFrom(env),
    signUp: env.SIGNUP,
    planLimits: {
      ...UNLIMITED_PLAN_LIMITS,
      limitTeams: env.PLAN_LIMIT_TEAMS,
      limitMembersPerTeam: env.PLAN_LIMIT_MEMBERS_PER_TEAM,
      limitAliasesPerTeam: env.PLAN_LIMIT_ALIASES_PER_TEAM,
      limitStorageBytes: env.PLAN_LIMIT_STORAGE_BYTES,
      limitTrafficBytes: env.PLAN_LIMIT_TRAFFIC_BYTES,
    },
    stripeApiUrl: env.STRIPE_API_URL,
    billing:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            stripe: {
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              apiUrl: env.STRIPE_API_URL,
            },
            plansFile: env.PLANS_FILE,
          }
        : undefined,
    downloadPartMaxBytes: env.DOWNLOAD_PART_MAX_BYTES,
    uploadForm: {
      fileMaxBytes: env.UPLOAD_FORM_FILE_MAX_BYTES,
      spoolMaxBytes: env.UPLOAD_SPOOL_MAX_BYTES,
    },
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
  };
}

/**
 * The origin S3 signed links point at, which pages must allow as an image source (thumbnails and
 * previews come straight from the bucket): the endpoint itself with path-style addressing, the
 * bucket as its subdomain otherwise, and AWS's regional host without an endpoint. This mirrors
 * how the AWS SDK builds the links.
 */
export function s3LinkOrigin(s3: NonNullable<Config["s3"]>): string {
  if (!s3.endpoint) return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  const endpoint = new URL(s3.endpoint);
  if (s3.forcePathStyle) return endpoint.origin;
  return `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`;
}
