import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "#domain/errors.ts";
import { ERROR_STATUS } from "#domain/errors.ts";
import type { ApiEnv } from "./env.ts";

/** The one error body every API failure answers with (docs/product.md#errors). */
export interface ErrorBody {
  statusCode: number;
  errorCode: ErrorCode;
  message: string;
}

/**
 * Thrown anywhere in the API to answer with an error body. The status defaults to the code's
 * natural one from the domain catalogue. `details` adds fields to the body beside the three
 * standard ones (a challenge's session, the provider an email signed up with).
 */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: ContentfulStatusCode;
  constructor(
    readonly errorCode: ErrorCode,
    message: string,
    status?: number,
    readonly headers?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = (status ?? ERROR_STATUS[errorCode]) as ContentfulStatusCode;
  }
}

export function errorResponse(c: Context, error: ApiError) {
  const body: ErrorBody & Record<string, unknown> = {
    ...error.details,
    statusCode: error.status,
    errorCode: error.errorCode,
    message: error.message,
  };
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(body, error.status);
}

/**
 * The disk under DATA_DIR is full (ENOSPC, or SQLite's SQLITE_FULL): a clear 507 for the
 * client to try again later, not a 500. Nothing stored is harmed: blobs are written beside and
 * renamed into place, the database rolls back.
 */
export function isDiskFull(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOSPC" || code === "SQLITE_FULL";
}

/**
 * The 507 for a full disk (errorCode `generic`: the catalogue has none of its own,
 * docs/product.md#errors), with Retry-After.
 */
export const diskFullError = ({
  message = "The server's storage is full; try again later",
  headers = {},
}: {
  message?: string;
  headers?: Record<string, string>;
} = {}) => new ApiError("generic", message, 507, { "Retry-After": "300", ...headers });

/** Maps framework exceptions to our codes; anything unexpected is a logged 500 `generic`. */
export function handleError(error: Error, c: Context<ApiEnv>) {
  if (error instanceof ApiError) return errorResponse(c, error);
  if (isDiskFull(error)) {
    c.var.logger.error({ err: error, path: c.req.path }, "the disk is full");
    return errorResponse(c, diskFullError());
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 404) return errorResponse(c, new ApiError("notFound", "Not found"));
    if (status === 413) {
      return errorResponse(c, new ApiError("invalidInput", "The request body is too large", 413));
    }
    if (status < 500) {
      const message = /json/i.test(error.message)
        ? "The request body is not valid JSON"
        : error.message;
      return errorResponse(c, new ApiError("invalidInput", message || "Invalid request", status));
    }
  }
  c.var.logger.error({ err: error, path: c.req.path }, "unhandled API error");
  return errorResponse(c, new ApiError("generic", "Something went wrong on our side", 500));
}

export const ErrorBodySchemaName = "Error";
