import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request the code now running serves, for the log: the host sets it for each request, the
 * job queue for each job (the id of the request that enqueued it). Every log line written under
 * it carries `requestId` (`logContext`, the loggers' mixin), whichever logger writes the line.
 */
const requestIds = new AsyncLocalStorage<string | undefined>();

/** Runs `work` as serving `requestId`; undefined runs it as serving no request. */
export function runForRequest<T>(requestId: string | undefined, work: () => T): T {
  return requestIds.run(requestId, work);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/** pino's mixin: adds the current request's id to every line. */
export function logContext(): { requestId?: string } {
  const requestId = requestIds.getStore();
  return requestId ? { requestId } : {};
}
