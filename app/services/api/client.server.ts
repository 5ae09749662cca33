import { data } from "@remix-run/node";
import type { WebContext } from "#app/load-context.ts";

/** An error answered by the product API: its `{statusCode, errorCode, message}` body. */
export class ApiRequestError extends Error {
  override name = "ApiRequestError";
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    /** The whole error body: some errors carry more (newPasswordRequired's challenge). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface ApiCallOptions {
  method?: string;
  body?: unknown;
  accessToken?: string;
  /** HTTP statuses to hand back as data instead of throwing (e.g. 503 from /status). */
  acceptStatuses?: number[];
  signal?: AbortSignal;
}

/**
 * Calls the product API over HTTP, exactly as a separately deployed web tier would.
 * An API error body becomes an ApiRequestError; an unreachable API becomes a 503 response for the
 * error boundary ("service unavailable"), never a stack trace.
 */
export async function apiCall<T>(context: WebContext, path: string, options: ApiCallOptions = {}) {
  const headers = new Headers({
    Accept: "application/json",
    // The visitor's address, for the API's rate limits; the key proves it comes from us.
    "X-Client-IP": context.clientIp,
    "X-Web-Tier-Key": context.config.webTierKey,
  });
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  if (options.accessToken) headers.set("Authorization", `Bearer ${options.accessToken}`);
  let response: Response;
  try {
    response = await fetch(`${context.config.apiUrl}${path}`, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ?? AbortSignal.timeout(15_000),
    });
  } catch {
    throw data({ errorCode: "noConnection" }, { status: 503 });
  }
  const body = (await response.json().catch(() => null)) as T | null;
  if (response.ok || options.acceptStatuses?.includes(response.status)) {
    return { status: response.status, body: body as T };
  }
  const error = body as { errorCode?: unknown; message?: unknown } | null;
  if (response.status >= 500 && typeof error?.errorCode !== "string") {
    throw data({ errorCode: "noConnection" }, { status: 503 });
  }
  throw new ApiRequestError(
    response.status,
    typeof error?.errorCode === "string" ? error.errorCode : "generic",
    typeof error?.message === "string" ? error.message : response.statusText,
    (error ?? {}) as Record<string, unknown>,
  );
}
