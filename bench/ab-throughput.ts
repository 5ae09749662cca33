import path from "node:path";
import autocannon from "autocannon";
import { LocalSmtpServer } from "#tests/support/smtp-server.ts";
import { ownerOn, webSession } from "./support/accounts.ts";
import { type BenchHost, startHost } from "./support/host.ts";

/**
 * Two builds of the project side by side: the host's CPU time per files page (20 files, signed
 * in, 10 connections) for build A and build B, in short runs that take turns, and the ratio B/A.
 * For a change whose effect (a few per cent) is smaller than the machine's own drift: on a shared
 * machine the CPU time per request swings by 10 % within a minute, so bench/throughput.ts's runs
 * of separate builds cannot tell such a change from noise. Runs of 1.5 s that alternate see the
 * same drift, and the median of each pair's ratio cancels it.
 *
 *   git worktree add /tmp/before HEAD~1 && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   (cd /tmp/before && npm run build) && npm run build
 *   BENCH_HOST_CPUS=1 taskset --cpu-list 0 node --import tsx bench/ab-throughput.ts /tmp/before
 *
 * Pin them as above: the hosts on one CPU, this process (the load) on the other. Unpinned, the
 * same build against itself gave B/A 0.957 in 20 rounds, as the scheduler happened to place the
 * two hosts; pinned, 0.980. So a figure within 3 % of 1 at 20 rounds is noise. Even pinned, the
 * host started second has come out a few per cent ahead (ADR 056: 0.834 one way, 1.067 the
 * other): run a comparison both ways and take the geometric mean of B/A and 1/(A/B).
 *
 * The first argument is the folder of build A (its `build/` is run, and its `node_modules`
 * found from there); the second, build B, defaults to this checkout. BENCH_PAGE overrides the
 * page (a path; `{team}` and `{collection}` stand for the owner's ids), BENCH_ROUNDS (30) and
 * BENCH_SECONDS (1.5) the runs, BENCH_WARMUP_SECONDS (10) the load before them.
 */
const [folderA, folderB = "."] = process.argv.slice(2);
if (!folderA) {
  console.error("usage: node --import tsx bench/ab-throughput.ts <folder of build A> [of build B]");
  process.exit(2);
}
const rounds = Number(process.env.BENCH_ROUNDS ?? 30);
const seconds = Number(process.env.BENCH_SECONDS ?? 1.5);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const page = process.env.BENCH_PAGE ?? "/teams/{team}/collections/{collection}";

interface Side {
  name: string;
  host: BenchHost;
  url: string;
  cookie: string;
  cpuPerRequest: number[];
}

const smtp = await new LocalSmtpServer().start();
const sides: Side[] = [];
try {
  for (const [name, folder] of [
    ["A", folderA],
    ["B", folderB],
  ] as const) {
    const root = path.resolve(folder);
    const host = await startHost({ SMTP_URL: smtp.url, ADDRESS_RATE_LIMIT_FACTOR: "50" }, root);
    const side: Side = { name, host, url: "", cookie: "", cpuPerRequest: [] };
    sides.push(side);
    const owner = await ownerOn(host.origin, smtp, { photos: 20 });
    side.cookie = await webSession(host.origin, owner.email);
    const { teamId = "", collectionId = "" } = owner.ids;
    side.url = `${host.origin}${page.replace("{team}", teamId).replace("{collection}", collectionId)}`;
    const response = await fetch(side.url, { headers: { cookie: side.cookie } });
    const html = await response.text();
    console.log(`${name}: ${root}, ${response.status}, HTML ${(html.length / 1024).toFixed(1)} KB`);
    if (!response.ok) throw new Error(`${name} answered ${response.status}`);
  }
  for (const side of sides) await cpuPerRequest(side, warmUpSeconds);
  for (let round = 0; round < rounds; round++) {
    // A then B, then B then A: neither always runs first.
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) side.cpuPerRequest.push(await cpuPerRequest(side, seconds));
  }
  const [a, b] = sides as [Side, Side];
  const pairs = b.cpuPerRequest.map((value, index) => value / (a.cpuPerRequest[index] ?? value));
  console.log(`\n${rounds} rounds of ${seconds} s each, after ${warmUpSeconds} s of warm-up\n`);
  console.log("| build | CPU ms/req, median | lowest | highest |");
  console.log("|---|---|---|---|");
  for (const side of sides) {
    const sorted = [...side.cpuPerRequest].sort((x, y) => x - y);
    console.log(
      `| ${side.name} | ${median(sorted).toFixed(3)} | ${sorted[0]?.toFixed(3)} | ${sorted.at(-1)?.toFixed(3)} |`,
    );
  }
  console.log(`\nB/A, median of the rounds' ratios: ${median(pairs).toFixed(3)}`);
} finally {
  for (const side of sides) await side.host.stop();
  await smtp.stop();
}

/** One autocannon run: the host's CPU time (all threads) per request answered, in ms. */
async function cpuPerRequest(side: Side, duration: number) {
  const before = side.host.cpuMs();
  const result = await autocannon({
    url: side.url,
    connections: 10,
    duration,
    headers: { cookie: side.cookie },
  });
  if (result.non2xx + result.errors > 0) throw new Error(`${side.name}: some requests failed`);
  return (side.host.cpuMs() - before) / Math.max(result.requests.total, 1);
}

function median(values: number[]) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
