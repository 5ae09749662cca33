import type { Logger } from "pino";

/**
 * Work that runs in this process after a request has been answered (avatar processing, link
 * fetches), until the durable job queue exists. Each piece records its own outcome; this only
 * keeps count, so shutdown (and a test) can wait for what is under way.
 */
export interface BackgroundWork {
  /** Starts tracking `work`; a rejection is logged, never thrown. */
  run(what: string, work: Promise<unknown>): void;
  /** Resolves once everything started so far has finished. */
  idle(): Promise<void>;
}

export function createBackgroundWork(logger: Logger): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run(what, work) {
      const task = work
        .then(() => undefined)
        .catch((error) => logger.error({ err: error }, `${what} failed`))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
