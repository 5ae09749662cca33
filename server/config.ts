import path from "node:path";
import { z } from "zod";

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

const httpUrl = (protocols: string[]) =>
  z
    .url({ error: "must be an absolute URL" })
    .refine((value) => protocols.includes(new URL(value).protocol), {
      error: `must use ${protocols.map((p) => p.replace(":", "")).join(" or ")}`,
    });

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(["development", "production", "test"], {
        error: "must be development, production or test",
      })
      .default("production"),
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int({ error: "must be a whole number" })
      .min(0, { error: "must be between 0 and 65535" })
      .max(65535, { error: "must be between 0 and 65535" })
      .default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
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
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: z
      .url({ error: "must be a postgres:// URL" })
      .refine((value) => /^postgres(ql)?:$/.test(new URL(value).protocol), {
        error: "must be a postgres:// URL",
      })
      .optional(),
    SESSION_SECRET: optionalText,
    TOKEN_SIGNING_KEY: optionalText,
    TRUST_PROXY: flag(false),
    COMPRESS: flag(true),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be fatal, error, warn, info, debug, trace or silent",
      })
      .default("info"),
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int()
      .min(0)
      .max(120_000, { error: "must be at most 120000" })
      .default(10_000),
    ANALYTICS_SCRIPT_URL: httpUrl(["https:"]).optional(),
    S3_BUCKET: optionalText,
    S3_ENDPOINT: httpUrl(["http:", "https:"]).optional(),
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: flag(false),
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
    if (env.TOKEN_SIGNING_KEY !== undefined && env.TOKEN_SIGNING_KEY.length < 32) {
      ctx.addIssue({
        code: "custom",
        path: ["TOKEN_SIGNING_KEY"],
        message: "must be at least 32 characters",
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  role: Env["ROLE"];
  /** Where the web tier calls the API; undefined means "this process over loopback". */
  apiUrl: string | undefined;
  publicUrl: string | undefined;
  productName: string;
  contactEmail: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecrets: string[] | undefined;
  tokenSigningKey: string | undefined;
  trustProxy: boolean;
  compress: boolean;
  logLevel: Env["LOG_LEVEL"];
  shutdownTimeoutMs: number;
  analyticsScriptUrl: string | undefined;
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

/** Parses the environment; throws a ConfigError whose message is one line per bad variable. */
export function parseConfig(source: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = source[name];
      const shown =
        got === undefined
          ? ""
          : ` (got "${name.includes("SECRET") || name.includes("KEY") ? "…" : got}")`;
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
    role: env.ROLE,
    apiUrl: env.API_URL?.replace(/\/+$/, ""),
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ""),
    productName: env.PRODUCT_NAME,
    contactEmail: env.CONTACT_EMAIL,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    sessionSecrets: env.SESSION_SECRET?.split(",").map((secret) => secret.trim()),
    tokenSigningKey: env.TOKEN_SIGNING_KEY,
    trustProxy: env.TRUST_PROXY,
    compress: env.COMPRESS,
    logLevel: env.LOG_LEVEL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL,
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
