import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "#api/db/schema.ts";

/**
 * The Prometheus metrics every part of the host records into (prom-client), read on the metrics
 * port only (METRICS_PORT; server.ts). Recording costs a counter bump whether or not anyone
 * reads them; the database-backed gauges are read when scraped.
 *
 * Labels are bounded: routes are patterns (`/api/teams/:teamId/files`, a page's route id), never
 * paths with ids in them.
 */
export const metrics = new Registry();

export const httpRequests = new Histogram({
  name: "http_request_duration_seconds",
  help: "Requests answered by this host, by tier (web or api), route pattern, method and status",
  labelNames: ["tier", "route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metrics],
});

export const webApiCalls = new Histogram({
  name: "web_api_call_duration_seconds",
  help: "The web tier's calls to the API, by method, API resource (/api/teams, ...) and status",
  labelNames: ["method", "resource", "status"] as const,
  buckets: [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
  registers: [metrics],
});

export const jobsFinished = new Counter({
  name: "jobs_finished_total",
  help: "Background jobs run by this instance, by kind and outcome (done, retry, dropped)",
  labelNames: ["kind", "outcome"] as const,
  registers: [metrics],
});

export const uploadBytes = new Counter({
  name: "upload_bytes_total",
  help: "File bytes received by uploads, by how they were sent (tus, put)",
  labelNames: ["method"] as const,
  registers: [metrics],
});

/** The queue's depth, read from the database when scraped (every instance sees the same). */
export function watchJobQueue(db: Db) {
  metrics.removeSingleMetric("jobs_queued");
  new Gauge({
    name: "jobs_queued",
    help: "Background jobs waiting in the shared queue: due now (due) or later (scheduled), and running (running)",
    labelNames: ["state"] as const,
    registers: [metrics],
    async collect() {
      const at = Date.now();
      // The database down: the gauge keeps its last values, and the rest is still scraped.
      const rows = await db
        .selectFrom("jobs")
        .select((eb) => [
          eb.fn
            .countAll<number>()
            .filterWhere((w) =>
              w.and([
                w("run_at", "<=", at),
                w.or([w("locked_until", "is", null), w("locked_until", "<", at)]),
              ]),
            )
            .as("due"),
          eb.fn.countAll<number>().filterWhere("locked_until", ">=", at).as("running"),
          eb.fn
            .countAll<number>()
            .filterWhere((w) =>
              w.and([
                w("run_at", ">", at),
                w.or([w("locked_until", "is", null), w("locked_until", "<", at)]),
              ]),
            )
            .as("scheduled"),
        ])
        .executeTakeFirst()
        .catch(() => undefined);
      if (!rows) return;
      this.set({ state: "due" }, Number(rows.due));
      this.set({ state: "running" }, Number(rows.running));
      this.set({ state: "scheduled" }, Number(rows.scheduled));
    },
  });
}

/** PostgreSQL's connection pool: in use, idle, and requests waiting for a connection. */
export function watchPool(pool: pg.Pool) {
  metrics.removeSingleMetric("db_pool_connections");
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections by state (idle, in_use, waiting requests)",
    labelNames: ["state"] as const,
    registers: [metrics],
    collect() {
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
}

/** Node's own: memory, event-loop lag, GC, handles (prom-client's defaults). */
export function watchProcess() {
  collectDefaultMetrics({ register: metrics });
}

/** `/api/teams/...` → `/api/teams`: the API resource a web-tier call was for. */
export function apiResource(path: string): string {
  const [, api, resource] = path.split("?")[0]?.split("/") ?? [];
  return api === "api" && resource && /^[a-z@-]+$/.test(resource) ? `/api/${resource}` : "other";
}
