import { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#api/db/schema.ts";
import { createJobQueue, type JobQueue } from "#api/jobs/queue.ts";
import { jobsFinished } from "#api/metrics.ts";
import { currentRequestId, logContext, runForRequest } from "#api/request-context.ts";
import { databaseTwice, testClock } from "./support/api-server.ts";

// The durable job queue on the real database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// jobs outlive the process that queued them, a dead worker's job is taken over once its lock
// expires, and two workers never run the same job.

const logger = pino({ level: "silent" });
let database: Awaited<ReturnType<typeof databaseTwice>>;
/** Two connections (pools) to the same database: two "processes". */
let dbA: Db;
let dbB: Db;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await databaseTwice();
  ({ dbA, dbB } = database);
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await database.close();
});
beforeEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
  await dbA.deleteFrom("jobs").execute();
});

function queueOn(db: Db, options: Partial<Parameters<typeof createJobQueue>[0]> = {}) {
  const queue = createJobQueue({ db, logger, pollMs: 50, ...options });
  queues.push(queue);
  return queue;
}

describe("the job queue", () => {
  it("runs a job queued by a process that stopped before running it", async () => {
    const first = queueOn(dbA);
    await first.enqueue("greet", { name: "Ada" });
    await first.stop();

    const ran: unknown[] = [];
    const second = queueOn(dbB);
    second.register("greet", { run: async (payload) => void ran.push(payload) });
    await second.idle();
    expect(ran).toEqual([{ name: "Ada" }]);
    expect(await dbA.selectFrom("jobs").selectAll().execute()).toEqual([]);
  });

  it("is woken by enqueue at once, not at the next poll", async () => {
    const queue = queueOn(dbA, { pollMs: 60_000 });
    const ran: string[] = [];
    queue.register("now", { run: async (payload) => void ran.push(payload as string) });
    queue.start();
    await sleep(50);
    await queue.enqueue("now", "hello");
    for (let i = 0; i < 50 && ran.length === 0; i++) await sleep(20);
    expect(ran).toEqual(["hello"]);
  });

  it("runs a job as serving the request that enqueued it, on another instance too", async () => {
    const lines: { msg: string; requestId?: string }[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(
          ...String(chunk)
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line)),
        );
        done();
      },
    });
    const logging = pino({ level: "info", mixin: logContext }, sink);
    const enqueuer = queueOn(dbA);
    const worker = queueOn(dbB, { logger: logging });
    const seen: (string | undefined)[] = [];
    worker.register("traced", {
      run: async (payload) => {
        seen.push(currentRequestId());
        logging.info({ payload }, "traced job ran");
        if (payload === "fails") throw new Error("no luck");
      },
      maxAttempts: 1,
    });
    const finished = async (outcome: string) =>
      (await jobsFinished.get()).values.find(
        (value) => value.labels.kind === "traced" && value.labels.outcome === outcome,
      )?.value ?? 0;
    const [doneBefore, droppedBefore] = [await finished("done"), await finished("dropped")];
    await runForRequest("req-0123456789abcdef", () => enqueuer.enqueue("traced", "ok"));
    await runForRequest("req-fedcba9876543210", () => enqueuer.enqueue("traced", "fails"));
    await enqueuer.enqueue("traced", "untraced");
    // Woken from inside another request, the worker still runs each job as its own request's.
    await runForRequest("req-waking-the-worker", () => worker.idle());

    expect(seen.sort()).toEqual(["req-0123456789abcdef", "req-fedcba9876543210", undefined].sort());
    const ran = lines.filter((line) => line.msg === "traced job ran");
    expect(ran.map((line) => [(line as { payload?: string }).payload, line.requestId])).toEqual(
      expect.arrayContaining([
        ["ok", "req-0123456789abcdef"],
        ["fails", "req-fedcba9876543210"],
        ["untraced", undefined],
      ]),
    );
    // The queue's own line about the failure names the request too.
    const failed = lines.find((line) => line.msg.startsWith("job failed"));
    expect(failed?.requestId).toBe("req-fedcba9876543210");
    expect(lines.some((line) => line.requestId === "req-waking-the-worker")).toBe(false);
    // The metrics count each outcome by kind (api/metrics.ts).
    expect(await finished("done")).toBe(doneBefore + 2);
    expect(await finished("dropped")).toBe(droppedBefore + 1);
  });

  it("leaves a job until it is due", async () => {
    const clock = testClock();
    const queue = queueOn(dbA, { now: clock.now });
    const ran: string[] = [];
    queue.register("later", { run: async (payload) => void ran.push(payload as string) });
    await queue.enqueue("later", "x", { runAt: clock.now() + 60_000 });
    await queue.idle();
    expect(ran).toEqual([]);
    clock.advance(61_000);
    await queue.idle();
    expect(ran).toEqual(["x"]);
  });

  it("enqueues inside a transaction: the job exists only if it commits", async () => {
    const queue = queueOn(dbA);
    await dbA
      .transaction()
      .execute(async (trx) => {
        await queue.enqueue("never", {}, { db: trx });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await dbA.transaction().execute(async (trx) => {
      await queue.enqueue("kept", {}, { db: trx });
    });
    const kinds = await dbA.selectFrom("jobs").select("kind").execute();
    expect(kinds.map((row) => row.kind)).toEqual(["kept"]);
  });

  it("retries a failing job with back-off, then gives up and drops it", async () => {
    const clock = testClock();
    const queue = queueOn(dbA, { now: clock.now, backoffMs: 1000 });
    const attempts: number[] = [];
    const gaveUp: unknown[] = [];
    queue.register("flaky", {
      maxAttempts: 3,
      run: async (_payload, { attempt }) => {
        attempts.push(attempt);
        throw new Error(`boom ${attempt}`);
      },
      giveUp: async (payload) => void gaveUp.push(payload),
    });
    await queue.enqueue("flaky", { id: 1 });
    await queue.idle();
    expect(attempts).toEqual([1]);
    const row = await dbA.selectFrom("jobs").selectAll().executeTakeFirstOrThrow();
    expect(row.last_error).toBe("boom 1");
    expect(Number(row.run_at)).toBeGreaterThanOrEqual(clock.now() + 900);
    // Not yet due: back-off doubles (1 s, then 2 s).
    clock.advance(1100);
    await queue.idle();
    expect(attempts).toEqual([1, 2]);
    clock.advance(1100);
    await queue.idle();
    expect(attempts).toEqual([1, 2]);
    clock.advance(1000);
    await queue.idle();
    expect(attempts).toEqual([1, 2, 3]);
    expect(gaveUp).toEqual([{ id: 1 }]);
    expect(await dbA.selectFrom("jobs").selectAll().execute()).toEqual([]);
  });

  it("takes over the job of a worker that died, once its lock has expired", async () => {
    const clock = testClock();
    const crashed = queueOn(dbA, { now: clock.now, lockMs: 30_000 });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    // Never finishes: the process "dies" holding the job.
    crashed.register("work", {
      run: () => {
        started();
        return new Promise<void>(() => {});
      },
    });
    await crashed.enqueue("work", { n: 1 });
    void crashed.idle();
    await running;
    queues.splice(queues.indexOf(crashed), 1);

    const ran: unknown[] = [];
    const survivor = queueOn(dbB, { now: clock.now, lockMs: 30_000 });
    survivor.register("work", {
      run: async (payload, { attempt }) => void ran.push({ payload, attempt }),
    });
    await survivor.idle();
    expect(ran).toEqual([]);
    clock.advance(31_000);
    await survivor.idle();
    expect(ran).toEqual([{ payload: { n: 1 }, attempt: 2 }]);
    expect(await dbA.selectFrom("jobs").selectAll().execute()).toEqual([]);
  });

  it("never lets two workers run the same job", async () => {
    const runs = new Map<number, number>();
    const handler = {
      run: async (payload: unknown) => {
        const n = (payload as { n: number }).n;
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await sleep(5);
      },
    };
    const one = queueOn(dbA, { pollMs: 20 });
    const two = queueOn(dbB, { pollMs: 20 });
    one.register("count", handler);
    two.register("count", handler);
    const total = 40;
    for (let n = 0; n < total; n++) await one.enqueue("count", { n });
    one.start();
    two.start();
    await Promise.all([one.idle(), two.idle()]);
    for (let i = 0; i < 100 && runs.size < total; i++) await sleep(20);
    await Promise.all([one.idle(), two.idle()]);
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(await dbA.selectFrom("jobs").selectAll().execute()).toEqual([]);
  });

  it("stop waits for the job under way", async () => {
    const queue = queueOn(dbA);
    let finished = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    queue.register("slow", {
      run: async () => {
        started();
        await sleep(200);
        finished = true;
      },
    });
    queue.start();
    await queue.enqueue("slow", {});
    await running;
    await queue.stop();
    expect(finished).toBe(true);
    expect(await dbA.selectFrom("jobs").selectAll().execute()).toEqual([]);
  });
});
