import fs from "node:fs/promises";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { ownerOn, webSession } from "./support/accounts.ts";
import { type NoScriptProxy, startNoScriptProxy } from "./support/no-script-proxy.ts";
import { startBenchStack } from "./support/stack.ts";

/**
 * Lighthouse (12, from npm; Debian's Chromium) on the production build (`npm run build` first)
 * and on the anchor, a minimal Remix app (docs/performance.md#anchor), in the same run: the mobile
 * preset (simulated slow 4G, CPU slowed four times), every page in turn, rounds interleaved.
 * Prints, per page, the median performance score, FCP, LCP, TBT, CLS, and the JS and CSS bytes
 * sent (gzip), with JavaScript on and off, in the light and the dark theme.
 *
 *   npm run build && node --import tsx bench/lighthouse.ts
 *   BENCH_ROUNDS=3 BENCH_ONLY=files CHROMIUM=/usr/bin/chromium node --import tsx bench/lighthouse.ts
 *
 * "JavaScript off" loads the page through a proxy that adds `script-src 'none'` to its policy
 * (support/no-script-proxy.ts): no script runs, inline ones included, and none is fetched, as in a
 * browser with JavaScript off, so the page must be whole as the server sent it. (Disabling scripts
 * in the browser would stop Lighthouse itself: "Debugger.enable: Script execution is
 * prohibited".) A run with JavaScript off that still sent script bytes fails the benchmark.
 * BENCH_ONLY=files keeps the anchor and the pages whose name has "files" in it; it is a regular
 * expression ("(sign-in|files).*JS on"). BENCH_REPORTS=<folder> keeps each run's full Lighthouse
 * result there as JSON (the LCP element, the layout shifts, every audit), one file per page and
 * round.
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const chromePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const reports = process.env.BENCH_REPORTS;

interface Target {
  name: string;
  url: string;
  /** `name=value; name=value`, set in the browser before the run. */
  cookie?: string;
  javaScript: boolean;
}

interface Sample {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  js: number;
  css: number;
  html: number;
}

const stack = await startBenchStack();
const { smtp, host, anchor } = stack;
// Everything started is stopped in `finally`, whatever fails after it started.
let chrome: chromeLauncher.LaunchedChrome | undefined;
let browser: Browser | undefined;
let noScript: NoScriptProxy | undefined;
try {
  noScript = await startNoScriptProxy(host.origin);
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  // 60 photos: the grid's first page, and three of the list's (ADR 073).
  const owner = await ownerOn(host.origin, smtp, { photos: 60 });
  const session = await webSession(host.origin, owner.email);
  const dark = await darkThemeCookie(host.origin);
  const { teamId, collectionId } = owner.ids;
  const pages = [
    { name: "home", path: "/" },
    { name: "sign-in", path: "/auth/signin" },
    { name: "sign-up", path: "/auth/signup" },
    { name: "collections screen", path: `/teams/${teamId}`, signedIn: true },
    { name: "plans and usage", path: "/plans", signedIn: true },
    {
      name: "files screen, list of 20",
      path: `/teams/${teamId}/collections/${collectionId}`,
      signedIn: true,
      // The List choice (app/files/files-view.server.ts): a plain cookie holding JSON "list".
      cookie: `files-view=${Buffer.from(JSON.stringify("list")).toString("base64")}`,
    },
    {
      name: "files screen, grid of 60",
      path: `/teams/${teamId}/collections/${collectionId}`,
      signedIn: true,
    },
  ];
  const targets: Target[] = [{ name: "anchor /", url: `${anchor.origin}/`, javaScript: true }];
  for (const page of pages) {
    for (const theme of ["light", "dark"] as const) {
      for (const javaScript of [true, false]) {
        const cookies = [
          page.signedIn ? session : "",
          theme === "dark" ? dark : "",
          "cookie" in page ? page.cookie : "",
        ];
        targets.push({
          name: `${page.name}, ${theme}, JS ${javaScript ? "on" : "off"}`,
          url: `${javaScript ? host.origin : noScript.origin}${page.path}`,
          cookie: cookies.filter(Boolean).join("; ") || undefined,
          javaScript,
        });
      }
    }
  }
  const only = process.env.BENCH_ONLY;
  const chosen = targets.filter(
    (target) => !only || target.name === "anchor /" || new RegExp(only).test(target.name),
  );

  const samples = new Map<string, Sample[]>(chosen.map((target) => [target.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const target of chosen) samples.get(target.name)?.push(await audit(page, target));
    console.log(`round ${round} of ${rounds} done`);
  }

  const anchorScore = median((samples.get("anchor /") ?? []).map((sample) => sample.score));
  console.log(`\nLighthouse mobile preset, ${rounds} rounds interleaved; medians\n`);
  console.log(
    "| page | score | vs anchor | FCP s | LCP s | TBT ms | CLS | JS KB | CSS KB | HTML KB |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const target of chosen) {
    const runs = samples.get(target.name) ?? [];
    const of = (pick: (sample: Sample) => number) => median(runs.map(pick));
    console.log(
      `| ${target.name} | ${of((s) => s.score)} | ${(of((s) => s.score) / anchorScore).toFixed(2)} | ${(of((s) => s.fcp) / 1000).toFixed(1)} | ${(of((s) => s.lcp) / 1000).toFixed(1)} | ${of((s) => s.tbt).toFixed(0)} | ${of((s) => s.cls).toFixed(3)} | ${kb(of((s) => s.js))} | ${kb(of((s) => s.css))} | ${kb(of((s) => s.html))} |`,
    );
  }
  // The grid against the list it replaces as the photo collections' first view, same run.
  const medianOf = (name: string, pick: (sample: Sample) => number) =>
    median((samples.get(name) ?? []).map(pick));
  const compared = chosen.filter((target) => target.name.startsWith("files screen, grid of 60"));
  if (compared.length > 0) {
    console.log("\n| grid of 60 vs list of 20 | score | LCP | CLS grid | HTML KB grid |");
    console.log("|---|---|---|---|---|");
  }
  for (const target of compared) {
    const list = target.name.replace("grid of 60", "list of 20");
    if (!samples.has(list)) continue;
    const ratio = (pick: (sample: Sample) => number) =>
      (medianOf(target.name, pick) / medianOf(list, pick)).toFixed(2);
    console.log(
      `| ${target.name.replace("files screen, grid of 60, ", "")} | ${ratio((s) => s.score)} | ${ratio((s) => s.lcp)} | ${medianOf(target.name, (s) => s.cls).toFixed(3)} | ${kb(medianOf(target.name, (s) => s.html))} |`,
    );
  }
} finally {
  await browser?.disconnect();
  chrome?.kill();
  await noScript?.stop();
  await stack.stop();
}

/**
 * One Lighthouse run of `target` in the running Chromium; performance only. Every run starts cold:
 * Lighthouse is told to keep storage so the cookies set here count, so this clears the cache and
 * the cookies itself first.
 */
async function audit(page: Page, target: Target): Promise<Sample> {
  const flags: Flags = {
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    disableStorageReset: true,
  };
  let lhr: Result | undefined;
  // Lighthouse now and then fails to record a trace (NO_NAVSTART): that run is tried again, once.
  for (let attempt = 1; attempt <= 2 && !lhr; attempt++) {
    // Cold before each attempt: a failed one may still have loaded the page, whose hydration
    // sets the `js` cookie, and the retry would measure a returning visitor's streamed page.
    await coldStart(page, target);
    const result = await lighthouse(target.url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.name}`);
    if (!result.lhr.runtimeError) lhr = result.lhr;
    else if (attempt === 2) throw new Error(`${target.name}: ${result.lhr.runtimeError.message}`);
    else console.log(`${target.name}: ${result.lhr.runtimeError.code}, once more`);
  }
  if (!lhr) throw new Error(`No Lighthouse result for ${target.name}`);
  if (reports) {
    const name = `${target.name.replace(/[^\w]+/g, "-")}-${Date.now()}.json`;
    await fs.mkdir(reports, { recursive: true });
    await fs.writeFile(path.join(reports, name), JSON.stringify(lhr));
  }
  const final = lhr.finalDisplayedUrl;
  if (new URL(final).pathname !== new URL(target.url).pathname) {
    throw new Error(`${target.name}: ended on ${final}, not the page asked for`);
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  if (numeric("cumulative-layout-shift") > 0) console.log(`${target.name}: ${shifted(lhr)}`);
  const js = transferred(lhr, "script");
  if (!target.javaScript && js > 0) throw new Error(`${target.name}: ${js} bytes of script sent`);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    js,
    css: transferred(lhr, "stylesheet"),
    html: transferred(lhr, "document"),
  };
}

/** No cache, and only the target's cookies. */
async function coldStart(page: Page, target: Target) {
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Network.clearBrowserCookies");
  await cdp.detach();
  for (const pair of target.cookie?.split("; ") ?? []) {
    const [name = "", value = ""] = pair.split(/=(.*)/s);
    await page.setCookie({ name, value, url: target.url });
  }
}

/** What moved, for a run with layout shift: each element, its share, and the causes found. */
function shifted(lhr: Result) {
  const audit = lhr.audits["layout-shifts"];
  const details = audit?.details as
    | {
        items?: {
          node?: { snippet?: string };
          score?: number;
          subItems?: { items: { cause: string; extra?: { value?: string; snippet?: string } }[] };
        }[];
      }
    | undefined;
  const items = details?.items ?? [];
  if (items.length === 0) {
    return `layout shift, not named: ${audit?.errorMessage ?? audit?.scoreDisplayMode ?? "no audit"}`;
  }
  return items
    .map((item) => {
      const causes = (item.subItems?.items ?? []).map(
        (sub) => `${sub.cause} ${sub.extra?.value ?? sub.extra?.snippet ?? ""}`,
      );
      return `${item.node?.snippet ?? "?"} moved (${item.score?.toFixed(4)})${causes.length ? `: ${causes.join("; ")}` : ""}`;
    })
    .join(", ");
}

/** Bytes on the wire for one kind of resource, from the resource-summary audit. */
function transferred(lhr: Result, resourceType: string) {
  const details = lhr.audits["resource-summary"]?.details as
    | { items?: { resourceType: string; transferSize: number }[] }
    | undefined;
  return details?.items?.find((item) => item.resourceType === resourceType)?.transferSize ?? 0;
}

/** The theme cookie the app sets when a visitor picks dark in the theme switch. */
async function darkThemeCookie(origin: string) {
  const response = await fetch(`${origin}/resources/theme`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin },
    body: new URLSearchParams({ theme: "dark", redirectTo: "/" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("theme="));
  if (!cookie) throw new Error(`theme: ${response.status}`);
  return cookie;
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function kb(bytes: number) {
  return (bytes / 1024).toFixed(1);
}
