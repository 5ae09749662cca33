import autocannon from "autocannon";
import { ownerOn, webSession } from "./support/accounts.ts";
import { startBenchStack } from "./support/stack.ts";

/**
 * Server throughput of the production build (`npm run build` first) against the minimal Remix
 * app of docs/performance.md#anchor, measured in the same run: autocannon at 10 connections,
 * each page in turn, several rounds interleaved so a noisy machine weighs on both alike. Prints
 * each page's requests per second, its latency (p50, p95, p97.5) and the ratio to the anchor.
 *
 *   npm run build && node --import tsx bench/throughput.ts
 *   BENCH_SECONDS=10 BENCH_ROUNDS=5 BENCH_CONNECTIONS=10 node --import tsx bench/throughput.ts
 *
 * Each page is loaded for BENCH_WARMUP_SECONDS (10) before the rounds, so what is measured is a
 * server whose JIT has settled, as it is after its first minute of traffic.
 *
 * The project runs as `npm start` does (ROLE=all, the embedded SQLite), with a signed-in owner
 * whose collection holds 20 ready photos. BENCH_HOST_ENV (JSON) adds settings to its environment;
 * BENCH_ONLY=files measures the anchor and the pages whose name has "files" in it.
 * BENCH_ACCEPT_ENCODING=gzip asks every page, the anchor's too, compressed, as browsers do
 * (remix-serve gzips; the host answers gzip when brotli is not offered).
 *
 * Besides requests per second, it prints the server's CPU time per request (user and system,
 * from Linux's /proc, over each run) and its ratio, anchor over page, so higher is better in
 * both ratios. On a machine whose neighbours steal time, requests per second swing by 15 % from
 * one round to the next; CPU time per request swings far less, so it is the figure to compare
 * two builds by.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/**
 * Each page is loaded this long before it is measured. A server's JIT takes tens of seconds of
 * load to settle, the project's (far more code) longer than the anchor's: after 2 s, the files
 * screen still cost half as much CPU again per request as after 30 s. Both get the same warm-up.
 */
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const hostEnv = JSON.parse(process.env.BENCH_HOST_ENV ?? "{}") as Record<string, string>;
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING;

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** The CPU time used so far by the process that answers it, in milliseconds. */
  cpuMs: () => number;
}

interface Sample {
  rps: number;
  /** Server CPU time per request answered, in milliseconds. */
  cpuPerRequest: number;
  latencies: number[];
  failures: number;
}

const stack = await startBenchStack(hostEnv);
const { smtp, host, anchor } = stack;
try {
  const owner = await ownerOn(host.origin, smtp, { photos: 20 });
  const cookie = await webSession(host.origin, owner.email);
  const { teamId, collectionId } = owner.ids;
  const only = process.env.BENCH_ONLY;
  const targets = (
    [
      { name: "anchor /", url: `${anchor.origin}/`, cpuMs: anchor.cpuMs },
      {
        name: "files screen, 20 files",
        url: `${host.origin}/teams/${teamId}/collections/${collectionId}`,
        headers: { cookie },
        cpuMs: host.cpuMs,
      },
      {
        name: "collections screen",
        url: `${host.origin}/teams/${teamId}`,
        headers: { cookie },
        cpuMs: host.cpuMs,
      },
      { name: "home", url: `${host.origin}/`, cpuMs: host.cpuMs },
      { name: "/auth/signin", url: `${host.origin}/auth/signin`, cpuMs: host.cpuMs },
      { name: "/404 (no API call)", url: `${host.origin}/404`, cpuMs: host.cpuMs },
    ] satisfies Target[]
  ).filter((target) => !only || target.name === "anchor /" || target.name.includes(only));

  for (const target of targets) {
    const response = await fetch(target.url, { headers: target.headers, redirect: "manual" });
    const html = await response.text();
    console.log(`${target.name}: ${response.status}, HTML ${(html.length / 1024).toFixed(1)} KB`);
    await measure(target, warmUpSeconds);
  }

  const samples = new Map<string, Sample[]>(targets.map((target) => [target.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) samples.get(target.name)?.push(await measure(target, seconds));
    console.log(
      `round ${round} of ${rounds} done: CPU ms/req ${targets
        .map((target) => samples.get(target.name)?.at(-1)?.cpuPerRequest.toFixed(2))
        .join(", ")}`,
    );
  }

  const anchorRuns = samples.get("anchor /") ?? [];
  const anchorRps = median(anchorRuns.map((sample) => sample.rps));
  const anchorCpu = median(anchorRuns.map((sample) => sample.cpuPerRequest));
  console.log(
    `\n${connections} connections, ${warmUpSeconds} s of warm-up, then ${rounds} rounds of ${seconds} s per page, interleaved; medians` +
      `${acceptEncoding ? `; Accept-Encoding: ${acceptEncoding}` : ""}\n`,
  );
  console.log(
    "| page | req/s | ratio to anchor | CPU ms/req | CPU ratio | p50 ms | p95 ms | p97.5 ms | failed |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const target of targets) {
    const runs = samples.get(target.name) ?? [];
    const rps = median(runs.map((run) => run.rps));
    const cpu = median(runs.map((run) => run.cpuPerRequest));
    const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
    const failures = runs.reduce((sum, run) => sum + run.failures, 0);
    console.log(
      `| ${target.name} | ${rps.toFixed(0)} | ${(rps / anchorRps).toFixed(2)} | ${cpu.toFixed(2)} | ${(anchorCpu / cpu).toFixed(2)} | ${percentile(latencies, 50)} | ${percentile(latencies, 95)} | ${percentile(latencies, 97.5)} | ${failures} |`,
    );
  }
} finally {
  await stack.stop();
}

/** One autocannon run against `target`; every answer's latency is kept for the percentiles. */
async function measure(target: Target, duration: number): Promise<Sample> {
  const latencies: number[] = [];
  const cpuBefore = target.cpuMs();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections,
        duration,
        headers: {
          ...target.headers,
          ...(acceptEncoding && { "accept-encoding": acceptEncoding }),
        },
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  // A 404 is what /404 answers; anything else outside 2xx means the page failed.
  const expected404 = target.url.endsWith("/404") ? result["4xx"] : 0;
  return {
    rps: result.requests.average,
    cpuPerRequest: (target.cpuMs() - cpuBefore) / Math.max(result.requests.total, 1),
    latencies,
    failures: result.errors + result.timeouts + result.non2xx - expected404,
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function percentile(sorted: number[], p: number) {
  const value = sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
  return value.toFixed(0);
}
