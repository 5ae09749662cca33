import path from "node:path";
import fc from "fast-check";
import { startApi } from "#tests/api/support/api-server.ts";
import { seedForFuzz } from "#tests/api/support/fuzz-seed.ts";
import {
  apiRequests,
  type FuzzRun,
  formatCounts,
  type OpenApiDocument,
  runFuzz,
  webActionRequests,
} from "#tests/support/fuzz.ts";
import { LocalSmtpServer } from "#tests/support/smtp-server.ts";
import { ownerOn, webSession } from "./support/accounts.ts";
import { startHost } from "./support/host.ts";

/**
 * The long fuzz run (ADR 018, ADR 021): the generators of tests/api/fuzz.test.ts and the web part
 * of tests/e2e/robustness.spec.ts, run far longer. Prints the answers counted by status and every
 * problem found (a 5xx, internals in a body, an API error without its error body).
 *
 *   npm run build && node --import tsx bench/fuzz.ts
 *   BENCH_FUZZ_API=20000 BENCH_FUZZ_WEB=5000 BENCH_FUZZ_SEED=7 node --import tsx bench/fuzz.ts
 *
 * The API part runs on the real API in this process (a fresh SQLite file); the web part posts
 * to every action of the production build, started as `npm start` would, with a signed-in
 * session and without one.
 */
const seed = Number(process.env.BENCH_FUZZ_SEED ?? 20261124);
const apiRuns = Number(process.env.BENCH_FUZZ_API ?? 12_000);
const webRuns = Number(process.env.BENCH_FUZZ_WEB ?? 3_000);

function report(name: string, run: FuzzRun, seconds: number) {
  console.log(
    `${name}: ${run.sent} requests in ${seconds.toFixed(1)} s (${Math.round(run.sent / seconds)}/s), seed ${seed}`,
  );
  console.log(`  by status: ${formatCounts(run.counts)}`);
  console.log(`  problems: ${run.problems.length}`);
  for (const problem of run.problems.slice(0, 50)) console.log(`    ${problem.slice(0, 300)}`);
}

let failed = false;

// The API, from its own OpenAPI document.
{
  const api = await startApi();
  try {
    const { ids, tokens } = await seedForFuzz(api);
    const doc = (await (await api.request("/api/openapi.json")).json()) as OpenApiDocument;
    const requests = fc.sample(apiRequests(doc, ids, tokens), { seed, numRuns: apiRuns });
    const started = performance.now();
    const run = await runFuzz(api.url, requests);
    report("API", run, (performance.now() - started) / 1000);
    const alive = (await api.request("/api/status")).status;
    console.log(`  /api/status afterwards: ${alive}`);
    failed ||= run.problems.length > 0 || alive !== 200;
  } finally {
    await api.close();
  }
}

// The web tier's actions, on the production build.
{
  const smtp = await new LocalSmtpServer().start();
  const host = await startHost({
    SMTP_URL: smtp.url,
    ADDRESS_RATE_LIMIT_FACTOR: "50",
  });
  const { origin } = host;
  try {
    const owner = await ownerOn(origin, smtp);
    const cookies = await Promise.all([1, 2, 3].map(() => webSession(origin, owner.email)));
    const routes = (
      (await import(path.resolve("build/server/index.js"))) as {
        routes: Record<string, { path?: string; parentId?: string; module: { action?: unknown } }>;
      }
    ).routes;
    const fullPath = (id: string): string => {
      const route = routes[id];
      const parent = route?.parentId ? fullPath(route.parentId) : "";
      return [parent, route?.path ?? ""].filter(Boolean).join("/").replace(/\/+/g, "/");
    };
    const actionPaths = Object.entries(routes)
      .filter(([, route]) => typeof route.module.action === "function")
      .map(([id]) =>
        `/${fullPath(id)}`.replace(/:(\w+)/g, (_, name: string) => owner.ids[name] ?? "oidc"),
      );
    const requests = fc.sample(webActionRequests(actionPaths, { origin, cookies }), {
      seed,
      numRuns: webRuns,
    });
    const started = performance.now();
    const run = await runFuzz(origin, requests);
    report(`web actions (${actionPaths.length})`, run, (performance.now() - started) / 1000);
    const alive = (await fetch(`${origin}/api/status`)).status;
    console.log(`  /api/status afterwards: ${alive}`);
    failed ||= run.problems.length > 0 || alive !== 200;
  } finally {
    await host.stop();
    await smtp.stop();
  }
}

process.exitCode = failed ? 1 : 0;
