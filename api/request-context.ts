import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request the code now running serves: the host sets it for each request, the job queue for
 * each job (with the id of the request that enqueued it).
 *
 * - Every log line written under it carries `requestId` (`logContext`, the loggers' mixin),
 *   whichever logger writes the line.
 * - The web tier names the page route it runs (`nameRoute`), for the request metrics.
 */
/** The reads a web page's API calls share, by what they read (api/http/page-reads.ts). */
export type PageReads = Map<string, Promise<unknown>>;

interface RequestContext {
  requestId: string | undefined;
  /** The deepest page route whose loader or action ran. */
  route?: string;
  /** The reads this API request may share with the other calls of its page (page-reads.ts). */
  pageReads?: PageReads;
}

const contexts = new AsyncLocalStorage<RequestContext>();

/**
 * Runs `work` as serving `requestId`; undefined runs it as serving no request. `pageReads`: the
 * web page this API request is one call of, when the web tier calls from this process.
 */
export function runForRequest<T>(
  requestId: string | undefined,
  work: () => T,
  pageReads?: PageReads,
): T {
  return contexts.run({ requestId, pageReads }, work);
}

/** The reads shared by the API calls of the web page being served, if it is one (page-reads.ts). */
export function currentPageReads(): PageReads | undefined {
  return contexts.getStore()?.pageReads;
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return contexts.getStore()?.requestId;
}

/**
 * Records that a route's loader or action runs for this request. Nested routes' loaders run
 * together: a child's id is longer than its parent's (`routes/teams.$teamId` and
 * `routes/teams.$teamId.files`), so the longest is the page.
 */
export function nameRoute(routeId: string) {
  const context = contexts.getStore();
  if (context && routeId.length > (context.route?.length ?? 0)) context.route = routeId;
}

/** The page route named for this request, if any. */
export function currentRoute(): string | undefined {
  return contexts.getStore()?.route;
}

/** pino's mixin: adds the current request's id to every line. */
export function logContext(): { requestId?: string } {
  const requestId = contexts.getStore()?.requestId;
  return requestId ? { requestId } : {};
}
