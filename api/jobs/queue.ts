import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Clock } from "#api/clock.ts";
import type { Database, Db } from "#api/db/schema.ts";
import { jobsFinished } from "#api/metrics.ts";
import { currentRequestId, runForRequest } from "#api/request-context.ts";

/**
 * The durable job queue (ADR 016: background work survives a restart), on the `jobs` table
 * of migration 0006. Any process may enqueue; every API instance runs a worker:
 *
 * - A job is a row: its kind, a JSON payload, when it is due (`run_at`), how often it was
 *   claimed (`attempts`), and `locked_until` while a worker holds it.
 * - A worker claims one due job at a time with a conditional UPDATE (`WHERE job_id = ? AND
 *   (locked_until IS NULL OR locked_until < now)`): on PostgreSQL the row lock makes the second
 *   of two racing UPDATEs re-check the condition and match nothing, on SQLite writes are serial,
 *   so exactly one worker wins. Each claim adds one to `attempts`, which also serves as the
 *   fencing token: the worker finishes (deletes, reschedules) only the claim it made.
 * - While a job runs its lock is extended; a worker that dies leaves the lock to expire, and the
 *   job is claimed again (it counts as an attempt).
 * - A job that throws is retried with exponential back-off; after its kind's `maxAttempts` the
 *   kind's `giveUp` runs, the failure is logged and the row is dropped.
 * - The worker polls every `pollMs` and is woken at once by `enqueue` in the same process.
 * - A job keeps the id of the request that enqueued it: what it logs carries that `requestId`.
 *
 * Handlers must be idempotent: a job can run more than once (a crash after the work, before the
 * delete).
 */

export interface JobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
}

export interface JobHandler<P = unknown> {
  run(payload: P, context: JobContext): Promise<void>;
  /** Called once when the last attempt failed, before the job is dropped. */
  giveUp?(payload: P, error: unknown): Promise<void>;
  /** Runs before giving up; DEFAULT_MAX_ATTEMPTS when absent. */
  maxAttempts?: number;
}

export interface EnqueueOptions {
  /** Not before this instant (epoch ms); now when absent. */
  runAt?: number;
  /** A transaction to enqueue in: the job exists only if it commits. Call `wake` after. */
  db?: Kysely<Database>;
}

export interface JobQueue {
  register<P>(kind: string, handler: JobHandler<P>): void;
  /** Adds a job; answers its id. Outside a transaction, wakes this process's worker. */
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<string>;
  /** Looks for due work now, e.g. after a transaction that enqueued has committed. */
  wake(): void;
  /** Starts polling. */
  start(): void;
  /** Stops polling and waits for the job under way, if any (graceful shutdown). */
  stop(): Promise<void>;
  /**
   * Runs due jobs in this process until none is due and none is running; jobs due later, and
   * jobs locked by another worker, do not count. Works whether or not the worker was started.
   */
  idle(): Promise<void>;
}

export interface JobQueueOptions {
  db: Db;
  logger: Logger;
  now?: Clock;
  /** How often the worker looks for due jobs (default 1 s). */
  pollMs?: number;
  /** How long a claim holds a job before another worker may take it (default 5 minutes). */
  lockMs?: number;
  /** The first retry's delay; each next one doubles, up to MAX_BACKOFF_MS (default 10 s). */
  backoffMs?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_POLL_MS = 1000;
const DEFAULT_LOCK_MS = 5 * 60_000;
const DEFAULT_BACKOFF_MS = 10_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** How many due jobs one look fetches, to try the next when another worker took the first. */
const CANDIDATES = 5;
/** The longest last_error kept. */
const ERROR_MAX_CHARS = 2000;

interface ClaimedJob {
  job_id: string;
  kind: string;
  payload: string;
  attempts: number;
  request_id: string | null;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, logger } = options;
  const now = options.now ?? (() => Date.now());
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const handlers = new Map<string, JobHandler<unknown>>();

  let timer: NodeJS.Timeout | undefined;
  let stopping = false;
  /** The drain loop under way, if any. */
  let draining: Promise<void> | null = null;
  /** A wake-up arrived while draining: look once more before ending. */
  let wakeAgain = false;

  async function claim(): Promise<ClaimedJob | null> {
    const at = now();
    const candidates = await db
      .selectFrom("jobs")
      .select("job_id")
      .where("run_at", "<=", at)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
      .orderBy("run_at")
      .orderBy("job_id")
      .limit(CANDIDATES)
      .execute();
    for (const { job_id } of candidates) {
      const claimed = await db
        .updateTable("jobs")
        .set((eb) => ({ locked_until: at + lockMs, attempts: eb("attempts", "+", 1) }))
        .where("job_id", "=", job_id)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
        .returning(["job_id", "kind", "payload", "attempts", "request_id"])
        .executeTakeFirst();
      if (claimed) return { ...claimed, attempts: Number(claimed.attempts) };
    }
    return null;
  }

  /** Keeps the claim alive while the job runs. */
  function holdLock(job: ClaimedJob) {
    const interval = setInterval(
      () => {
        db.updateTable("jobs")
          .set({ locked_until: now() + lockMs })
          .where("job_id", "=", job.job_id)
          .where("attempts", "=", job.attempts)
          .execute()
          .catch((error) => logger.warn({ err: error, jobId: job.job_id }, "job lock not renewed"));
      },
      Math.max(1000, Math.floor(lockMs / 3)),
    );
    interval.unref();
    return () => clearInterval(interval);
  }

  async function finish(job: ClaimedJob) {
    await db
      .deleteFrom("jobs")
      .where("job_id", "=", job.job_id)
      .where("attempts", "=", job.attempts)
      .execute();
  }

  async function fail(job: ClaimedJob, handler: JobHandler<unknown> | undefined, error: unknown) {
    const maxAttempts = handler?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const message = (error instanceof Error ? error.message : String(error)).slice(
      0,
      ERROR_MAX_CHARS,
    );
    const context = { jobId: job.job_id, kind: job.kind, attempt: job.attempts };
    if (job.attempts >= maxAttempts) {
      logger.error({ ...context, err: error }, "job failed for the last time: dropped");
      if (handler?.giveUp) {
        try {
          await handler.giveUp(JSON.parse(job.payload), error);
        } catch (giveUpError) {
          logger.error({ ...context, err: giveUpError }, "job's giveUp failed");
        }
      }
      await finish(job);
      jobsFinished.inc({ kind: job.kind, outcome: "dropped" });
      return;
    }
    const delay = Math.min(backoffMs * 2 ** (job.attempts - 1), MAX_BACKOFF_MS);
    logger.warn({ ...context, err: error, retryInMs: delay }, "job failed: retrying later");
    await db
      .updateTable("jobs")
      .set({ run_at: now() + delay, locked_until: null, last_error: message })
      .where("job_id", "=", job.job_id)
      .where("attempts", "=", job.attempts)
      .execute();
    jobsFinished.inc({ kind: job.kind, outcome: "retry" });
  }

  /** Claims and runs one due job; false when none was due. */
  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    await runForRequest(job.request_id ?? undefined, () => run(job));
    return true;
  }

  async function run(job: ClaimedJob) {
    const handler = handlers.get(job.kind);
    const release = holdLock(job);
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      await handler.run(JSON.parse(job.payload), { jobId: job.job_id, attempt: job.attempts });
      release();
      await finish(job);
      jobsFinished.inc({ kind: job.kind, outcome: "done" });
    } catch (error) {
      release();
      await fail(job, handler, error);
    }
  }

  function drain(): Promise<void> {
    if (draining !== null) {
      wakeAgain = true;
      return draining;
    }
    // Woken by a request's enqueue, the loop still serves no request: each job sets its own.
    draining = runForRequest(undefined, async () => {
      try {
        do {
          wakeAgain = false;
          while (!stopping && (await runOne())) {
            // One job at a time, until none is due.
          }
        } while (wakeAgain && !stopping);
      } catch (error) {
        logger.error({ err: error }, "job queue: looking for due jobs failed");
      } finally {
        draining = null;
      }
    });
    return draining;
  }

  async function hasDue(): Promise<boolean> {
    const at = now();
    const row = await db
      .selectFrom("jobs")
      .select("job_id")
      .where("run_at", "<=", at)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler as JobHandler<unknown>);
    },
    async enqueue(kind, payload, enqueueOptions = {}) {
      const jobId = randomUUID();
      const at = now();
      await (enqueueOptions.db ?? db)
        .insertInto("jobs")
        .values({
          job_id: jobId,
          kind,
          payload: JSON.stringify(payload ?? null),
          run_at: enqueueOptions.runAt ?? at,
          locked_until: null,
          last_error: null,
          created_at: at,
          request_id: currentRequestId() ?? null,
        })
        .execute();
      if (!enqueueOptions.db && timer) queueMicrotask(() => void drain());
      return jobId;
    },
    wake() {
      if (timer && !stopping) void drain();
    },
    start() {
      if (timer || stopping) return;
      timer = setInterval(() => void drain(), pollMs);
      timer.unref();
      void drain();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await draining;
    },
    async idle() {
      while (!stopping) {
        await drain();
        if (!(await hasDue())) return;
      }
      await draining;
    },
  };
}
