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
    /** The call carried an access token: a 401 then means the session has ended. */
    readonly authenticated = false,
    /** The web request this call served, for the log. */
    readonly requestId?: string,
    /** How long the API asked to wait (its Retry-After, in seconds), when it did. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The access token (and so the session) is no good any more: sign in again. */
  get sessionEnded() {
    return this.authenticated && this.statusCode === 401;
  }
}

/**
 * The API refused the call for a reason of its own (a 4xx: not found, forbidden, a conflict, a
 * refused value), as opposed to a session that has ended, an API that failed, or a bug. Only
 * refusals are a page's to answer; the rest goes to the route error mapping
 * (app/shell/route-errors.server.ts).
 */
export function isRefusal(error: unknown): error is ApiRequestError {
  return isClientError(error) && !error.sessionEnded;
}

/** Any 4xx answer, a session that has ended included. */
export function isClientError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.statusCode >= 400 && error.statusCode < 500;
}

/**
 * A call whose refusal the page answers itself (a form's error, a toast): its value, or the
 * refusal as a value. Everything else still throws, to the route error mapping.
 *
 *     const { refusal } = await attempt(collectionsApi.create(...));
 *     if (refusal) return formRefusal(submission, refusal, auth.headers);
 */
export async function attempt<T>(
  call: Promise<T>,
  /** Error codes to answer as refusals whatever their status (a partial success, say). */
  alsoCodes: readonly string[] = [],
): Promise<{ value: T; refusal?: undefined } | { value?: undefined; refusal: ApiRequestError }> {
  try {
    return { value: await call };
  } catch (error) {
    if (isRefusal(error)) return { refusal: error };
    if (error instanceof ApiRequestError && alsoCodes.includes(error.errorCode)) {
      return { refusal: error };
    }
    throw error;
  }
}

/** The call's body, or null when the API refuses it (a member since gone, say). */
export async function unlessRefused<T>(call: Promise<{ body: T }>): Promise<T | null> {
  const outcome = await attempt(call);
  return outcome.refusal ? null : outcome.value.body;
}

/** What the error boundary shows when the API cannot be reached or fails: 503. */
export function serviceUnavailable() {
  return data({ errorCode: "noConnection" }, { status: 503 });
}

export interface ApiCallOptions {
  method?: string;
  body?: unknown;
  accessToken?: string;
  /** HTTP statuses to hand back as data instead of throwing (e.g. 503 from /status). */
  acceptStatuses?: number[];
  signal?: AbortSignal;
  /** A success's body as text (an SVG image), not JSON. Errors are JSON all the same. */
  text?: boolean;
}

/**
 * Calls the product API with an HTTP request, exactly as a separately deployed web tier would:
 * over the network, or handed to the API in this process when the host runs both halves.
 * An API error body becomes an ApiRequestError; an unreachable API becomes a 503 response for the
 * error boundary ("service unavailable"), never a stack trace.
 */
export async function apiCall<T>(context: WebContext, path: string, options: ApiCallOptions = {}) {
  const headers = new Headers({
    Accept: "application/json",
    // The visitor's address, for the API's rate limits; the key proves it comes from us.
    "X-Client-IP": context.clientIp,
    "X-Web-Tier-Key": context.config.webTierKey,
    "X-Request-Id": context.requestId,
  });
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  if (options.accessToken) headers.set("Authorization", `Bearer ${options.accessToken}`);
  let response: Response;
  const method = options.method ?? "GET";
  // A call that writes may change what the page's calls share (the session, a membership): it
  // and every call after it read afresh (ADR 050).
  const writes = method !== "GET" && method !== "HEAD";
  if (writes) context.apiReads.clear();
  const started = performance.now();
  const observe = (status: number | "unreachable") =>
    context.config.observeApiCall?.(method, path, status, performance.now() - started);
  try {
    const { inProcessApi, apiTimeoutMs } = context.config;
    const request = new Request(`${context.config.apiUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      // In this process, the deadline is a timer (inTime): no handler of the API reads the
      // request's signal, and a timeout signal cost a files page 2 to 5 % of its time (ADR 047).
      signal: options.signal ?? (inProcessApi ? undefined : AbortSignal.timeout(apiTimeoutMs)),
    });
    response = await (inProcessApi
      ? inTime(
          inProcessApi(request, writes ? undefined : context.apiReads),
          apiTimeoutMs,
          options.signal,
        )
      : fetch(request));
  } catch {
    observe("unreachable");
    throw serviceUnavailable();
  } finally {
    if (writes) context.apiReads.clear();
  }
  observe(response.status);
  let body: T | null = null;
  try {
    body = (options.text && response.ok ? await response.text() : await response.json()) as T;
  } catch {
    // An empty body (some 200s have none), or one cut short: judged below.
  }
  if (response.ok || options.acceptStatuses?.includes(response.status)) {
    if (body === null && response.headers.get("Content-Type")?.includes("json")) {
      // The API began to answer and stopped: as unreachable as never answering.
      throw serviceUnavailable();
    }
    return { status: response.status, body: body as T };
  }
  const error = body as { errorCode?: unknown; message?: unknown } | null;
  if (response.status >= 500 && typeof error?.errorCode !== "string") throw serviceUnavailable();
  throw new ApiRequestError(
    response.status,
    typeof error?.errorCode === "string" ? error.errorCode : "generic",
    typeof error?.message === "string" ? error.message : response.statusText,
    (error ?? {}) as Record<string, unknown>,
    Boolean(options.accessToken),
    context.requestId,
    retryAfterSeconds(response.headers.get("Retry-After")),
  );
}

/**
 * The answer, or a TimeoutError once `ms` have passed, or the caller's signal's reason once it
 * aborts first: what fetch does for a call over the network.
 */
function inTime(answer: Promise<Response>, ms: number, signal?: AbortSignal) {
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(signal?.reason);
    const timer = setTimeout(
      () => reject(new DOMException("The API did not answer in time", "TimeoutError")),
      ms,
    );
    // Settled either way, the answer lets go of the timer and of a signal that may outlive it.
    answer.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", abort);
    });
    if (signal?.aborted) abort();
    else signal?.addEventListener("abort", abort, { once: true });
  });
}

/** Retry-After in seconds, as the API sends it; an HTTP date or nonsense counts as absent. */
function retryAfterSeconds(value: string | null) {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}
