import { OpenAPIHono, type z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { Logger } from "pino";
import type { Db } from "./db/schema.ts";
import type { ApiEnv } from "./http/env.ts";
import { ApiError, ErrorBodySchemaName, handleError } from "./http/errors.ts";
import { statusRoutes } from "./routes/status.ts";
import { subscriptionRoutes } from "./routes/subscriptions.ts";

export interface ApiDependencies {
  db: Db;
  logger: Logger;
  productName: string;
  version: string;
}

/** JSON bodies are small; uploads have their own routes and limits. */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** Paths under /api that take a raw body (uploads) instead of JSON. */
const RAW_BODY_PREFIXES = ["/api/blobs/", "/api/uploads"];

/** A request with a body must be JSON, except on the raw-body routes. */
const jsonOnly = createMiddleware<ApiEnv>(async (c, next) => {
  const hasBody =
    c.req.header("content-length") !== undefined
      ? c.req.header("content-length") !== "0"
      : c.req.header("transfer-encoding") !== undefined;
  const raw = RAW_BODY_PREFIXES.some((prefix) => c.req.path.startsWith(prefix));
  if (hasBody && !raw) {
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/(json|json-patch\+json)\s*(;|$)/i.test(type)) {
      throw new ApiError("invalidInput", "The request body must be application/json", 415);
    }
  }
  await next();
});

function formatIssues(error: z.ZodError) {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "body"}: ${issue.message}`)
    .join("; ");
}

/** The product API, mounted at /api by the host. */
export function createApi(deps: ApiDependencies) {
  const api = new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new ApiError("invalidInput", formatIssues(result.error));
    },
  }).basePath("/api");

  api.use(async (c, next) => {
    c.set("logger", deps.logger);
    await next();
  });
  api.use(jsonOnly);
  api.use(
    bodyLimit({
      maxSize: JSON_BODY_LIMIT_BYTES,
      onError: () => {
        throw new ApiError("invalidInput", "The request body is too large", 413);
      },
    }),
  );

  api.route("/", statusRoutes(deps));
  api.route("/", subscriptionRoutes(deps));

  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: `${deps.productName} API`,
      version: deps.version,
      description: `Every error answers {statusCode, errorCode, message}; see the ${ErrorBodySchemaName} schema.`,
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
