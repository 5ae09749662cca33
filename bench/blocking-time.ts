import puppeteer, { type Browser } from "puppeteer-core";
import { chromium } from "#tests/support/chromium.ts";
import { ownerOn, webSession } from "./support/accounts.ts";
import { startBenchStack } from "./support/stack.ts";

/**
 * How long a page keeps a slow phone's main thread busy while it loads and hydrates, measured in
 * Chromium itself rather than simulated: Debian's Chromium with the CPU slowed four times (as
 * Lighthouse's mobile preset), a cold cache, the page's own trace. Prints, per page, the median
 * of its blocking time (each task's time over 50 ms after the first contentful paint: what
 * Lighthouse's TBT adds up) and of its longest task, beside the minimal Remix anchor's.
 * Lighthouse's own TBT (bench/lighthouse.ts) is estimated from one trace and swings by hundreds
 * of milliseconds from run to run here; this one is steadier, so it can tell a 50 ms change.
 *
 *   npm run build && node --import tsx bench/blocking-time.ts
 *   BENCH_ROUNDS=7 BENCH_ONLY=files CHROMIUM_PATH=/usr/bin/chromium node --import tsx bench/blocking-time.ts
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const LONG_TASK_MS = 50;

interface Target {
  name: string;
  url: string;
  /** The session cookie, for a signed-in page. */
  cookie?: string;
}

interface Sample {
  blocking: number;
  longest: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

const stack = await startBenchStack();
const { smtp, host, anchor } = stack;
let browser: Browser | undefined;
try {
  // Debian's Chromium with the flags every Playwright suite here launches it with.
  browser = await puppeteer.launch({
    executablePath: chromium.launchOptions.executablePath ?? "/usr/bin/chromium",
    args: chromium.launchOptions.args,
  });
  const owner = await ownerOn(host.origin, smtp, { photos: 20 });
  const session = await webSession(host.origin, owner.email);
  const { teamId, collectionId } = owner.ids;
  const only = process.env.BENCH_ONLY;
  const targets = (
    [
      { name: "anchor /", url: `${anchor.origin}/` },
      { name: "home", url: `${host.origin}/` },
      { name: "sign-in", url: `${host.origin}/auth/signin` },
      { name: "sign-up", url: `${host.origin}/auth/signup` },
      { name: "collections screen", url: `${host.origin}/teams/${teamId}`, cookie: session },
      {
        name: "files screen, 20 files",
        url: `${host.origin}/teams/${teamId}/collections/${collectionId}`,
        cookie: session,
      },
    ] satisfies Target[]
  ).filter((target) => !only || target.name === "anchor /" || target.name.includes(only));

  const samples = new Map<string, Sample[]>(targets.map((target) => [target.name, []]));
  await load(browser, targets[0] as Target); // warm-up: the browser's own first start
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) samples.get(target.name)?.push(await load(browser, target));
    console.log(`round ${round} of ${rounds} done`);
  }

  const anchorBlocking = median((samples.get("anchor /") ?? []).map((sample) => sample.blocking));
  console.log(
    `\nMain thread with the CPU slowed 4×, ${rounds} cold loads each, interleaved; medians\n`,
  );
  console.log("| page | blocking ms | minus anchor | longest task ms | each run's blocking ms |");
  console.log("|---|---|---|---|---|");
  for (const target of targets) {
    const runs = samples.get(target.name) ?? [];
    const blocking = median(runs.map((sample) => sample.blocking));
    const longest = median(runs.map((sample) => sample.longest));
    console.log(
      `| ${target.name} | ${blocking} | ${blocking - anchorBlocking} | ${longest} | ${runs.map((sample) => sample.blocking).join(", ")} |`,
    );
  }
} finally {
  await browser?.close();
  await stack.stop();
}

/** One cold load of `target` in a fresh browser context, traced until the network is quiet. */
async function load(browser: Browser, target: Target): Promise<Sample> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 });
    if (target.cookie) {
      const [name = "", value = ""] = target.cookie.split(/=(.*)/s);
      await page.setCookie({ name, value, url: target.url });
    }
    const cdp = await page.createCDPSession();
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.tracing.start({
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"],
    });
    const response = await page.goto(target.url, { waitUntil: "networkidle0" });
    if (!response?.ok()) throw new Error(`${target.name}: ${response?.status()}`);
    if (new URL(page.url()).pathname !== new URL(target.url).pathname) {
      throw new Error(`${target.name}: ended on ${page.url()}, not the page asked for`);
    }
    // A task that starts as the network goes quiet (a late effect) still counts.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const trace = await page.tracing.stop();
    return blockingOf(JSON.parse(new TextDecoder().decode(trace)).traceEvents as TraceEvent[]);
  } finally {
    await context.close();
  }
}

/**
 * The page's main thread is the renderer thread that painted first; its tasks over 50 ms from
 * that first contentful paint on are the blocking ones (a task under way at the paint counts from
 * the paint, as Lighthouse clips it).
 */
function blockingOf(events: TraceEvent[]): Sample {
  const paint = events.find((event) => event.name === "firstContentfulPaint");
  if (!paint) throw new Error("no first contentful paint in the trace");
  const thread = (event: TraceEvent) => `${event.pid}:${event.tid}`;
  const main = thread(paint);
  const tasks = events.filter(
    (event) =>
      event.name === "RunTask" &&
      event.ph === "X" &&
      thread(event) === main &&
      event.ts + (event.dur ?? 0) >= paint.ts,
  );
  const durations = tasks.map(
    (task) => (task.ts + (task.dur ?? 0) - Math.max(task.ts, paint.ts)) / 1000,
  );
  return {
    blocking: Math.round(
      durations.filter((ms) => ms > LONG_TASK_MS).reduce((sum, ms) => sum + ms - LONG_TASK_MS, 0),
    ),
    longest: Math.round(Math.max(0, ...durations)),
  };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
