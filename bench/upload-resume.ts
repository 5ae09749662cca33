import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { LocalSmtpServer } from "#tests/support/smtp-server.ts";
import { ownerOn, webSession } from "./support/accounts.ts";
import { type CuttingProxy, startCuttingProxy } from "./support/cutting-proxy.ts";
import { type BenchHost, startHost } from "./support/host.ts";
import {
  downloadedSha256,
  launchChromium,
  mib,
  newCollection,
  openUploadDialog,
  pick,
  sha256OfFile,
  signedInPage,
  untilReady,
  untilRows,
  uploadInput,
} from "./support/upload-dialog.ts";

/**
 * A big upload over a link that drops, with one reload in the middle (ADR 103 and 104;
 * docs/performance.md#upload-resume): a BENCH_FILE_MB (300) MiB PDF picked in the real upload dialog in Debian's
 * Chromium, through a TCP proxy (bench/support/cutting-proxy.ts) that cuts every connection each
 * time another BENCH_CUT_MB (20) MiB have gone from the browser to the server. When half the
 * file's bytes have gone, the page is reloaded, the dialog opened again and the same file (same
 * path: same name, size and last-modified time) picked again. Three runs of the same file, each
 * into a collection of its own, in this order:
 * - the anchor: through the same proxy, never cut, no reload;
 * - cut every BENCH_CUT_MB, no reload: what the drops alone cost;
 * - cut every BENCH_CUT_MB and reloaded half-way: the benchmark.
 * Prints, for each, the bytes the browser sent through the proxy over the file's size (the goal
 * for the last: at most 1.05x), the cuts, the PATCHes (and how many were answered 409), the
 * wall time, and where the upload went on from after the reload; then that each file arrived
 * intact (the API's SHA-256 and its download's against the file on disk).
 *
 * The proxy paces what goes from browser to server at BENCH_LINK_MBPS (20) MiB/s, shared by its
 * connections: a fast phone uplink, and slower than the server reads here, so a cut loses only
 * what a real drop would (the piece in flight). BENCH_LINK_MBPS=0 forwards at loopback speed:
 * then the server is the slower end, and each cut also loses the megabytes waiting in the
 * kernel's socket buffers and those Chromium sends again before the server's 409
 * (docs/performance.md#upload-resume has both). BENCH_TRACE=1 prints each PATCH's Upload-Offset.
 *
 *   npm run build && node --import tsx bench/upload-resume.ts
 *   BENCH_FILE_MB=60 BENCH_CUT_MB=8 BENCH_LINK_MBPS=0 node --import tsx bench/upload-resume.ts
 */
const fileBytes = Number(process.env.BENCH_FILE_MB ?? 300) * 1024 * 1024;
const cutBytes = Number(process.env.BENCH_CUT_MB ?? 20) * 1024 * 1024;
const linkBytesPerSecond = Number(process.env.BENCH_LINK_MBPS ?? 20) * 1024 * 1024 || null;

interface Ids {
  teamId: string;
  collectionId: string;
}

interface Run {
  name: string;
  ids: Ids;
  sent: number;
  cuts: number;
  patches: number;
  /** PATCHes answered 409: Chromium's resends after a cut (watchPatches). */
  conflicts: number;
  seconds: number;
  /** With a reload: what had gone through the proxy then, and where the upload went on from. */
  reload?: { sent: number; serverOffset: number; resumedFrom: number };
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-bench-resume-"));
const file = path.join(dir, "site-survey.pdf");
const smtp = await new LocalSmtpServer().start();
let host: BenchHost | undefined;
let proxy: CuttingProxy | undefined;
let browser: Browser | undefined;
try {
  await writePdf(file, fileBytes);
  const expected = await sha256OfFile(file);
  host = await startHost({ SMTP_URL: smtp.url, ADDRESS_RATE_LIMIT_FACTOR: "50" });
  proxy = await startCuttingProxy(Number(new URL(host.origin).port), {
    bytesPerSecond: linkBytesPerSecond,
  });
  browser = await launchChromium();
  const owner = await ownerOn(host.origin, smtp);
  const { teamId = "" } = owner.ids;
  const collection = async (name: string) => ({
    teamId,
    collectionId: await newCollection(host?.origin ?? "", owner.token, teamId, name),
  });
  const page = await signedInPage(
    browser,
    proxy.origin,
    await webSession(host.origin, owner.email),
  );
  const patches = watchPatches(page);
  console.log(
    `${mib(fileBytes)} PDF picked in the upload dialog through a TCP proxy, ` +
      `${linkBytesPerSecond ? `paced at ${mib(linkBytesPerSecond)}/s` : "at loopback speed"}; ` +
      `${os.cpus().length} CPUs`,
  );

  const runs: Run[] = [];
  for (const [name, cut, reload] of [
    ["clean (anchor): never cut, no reload", false, false],
    [`cut every ${mib(cutBytes)}, no reload`, true, false],
    [`cut every ${mib(cutBytes)}, reloaded half-way`, true, true],
  ] as const) {
    const ids = await collection(`Run ${runs.length + 1}`);
    const url = `${proxy.origin}/teams/${teamId}/collections/${ids.collectionId}/upload`;
    await openUploadDialog(page, url);
    proxy.reset();
    patches.reset();
    proxy.cutEveryBytes = cut ? cutBytes : null;
    const began = performance.now();
    await pick(page, [file]);
    let reloaded: Run["reload"];
    let patchesBeforeReload = 0;
    await untilRows(page, "done", 1, {
      poll: async () => {
        if (!reload || reloaded || (proxy?.sent ?? 0) < fileBytes / 2) return;
        reloaded = { sent: proxy?.sent ?? 0, serverOffset: patches.serverOffset, resumedFrom: 0 };
        try {
          await page.reload({ waitUntil: "load" });
        } catch {
          // A cut can land on the reload itself while the old page's chunk still flows.
          await page.goto(url, { waitUntil: "load" });
        }
        await uploadInput(page);
        patchesBeforeReload = patches.offsets.length;
        await pick(page, [file]);
      },
    });
    proxy.cutEveryBytes = null;
    if (reloaded) reloaded.resumedFrom = patches.offsets[patchesBeforeReload] ?? Number.NaN;
    else if (reload) console.log("the upload ended before half of it had gone: no reload");
    const run: Run = {
      name,
      ids,
      sent: proxy.sent,
      cuts: proxy.cuts,
      patches: patches.offsets.length,
      conflicts: patches.conflicts,
      seconds: (performance.now() - began) / 1000,
      reload: reloaded,
    };
    runs.push(run);
    console.log(`${name}: ${mib(run.sent)} in ${run.seconds.toFixed(1)} s`);
    if (process.env.BENCH_TRACE) {
      console.log(`  PATCH offsets, MiB: ${patches.offsets.map((at) => mib(at)).join(", ")}`);
    }
  }

  const [anchor] = runs as [Run];
  console.log(
    "\n| run | sent through the proxy | sent / file size | over the anchor | cuts | PATCHes (answered 409) | wall s |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const run of runs) {
    console.log(
      `| ${run.name} | ${mib(run.sent)} | ${(run.sent / fileBytes).toFixed(3)}x | ` +
        `${(run.sent / anchor.sent).toFixed(3)}x | ${run.cuts} | ` +
        `${run.patches} (${run.conflicts}) | ${run.seconds.toFixed(1)} |`,
    );
  }
  const last = runs.at(-1) as Run;
  if (last.reload) {
    console.log(
      `\nreloaded when ${mib(last.reload.sent)} had gone (the server had answered ` +
        `${mib(last.reload.serverOffset)}); after the reload the upload went on from ` +
        `${mib(last.reload.resumedFrom)}`,
    );
  }
  console.log(
    `drops and reload: ${(last.sent / fileBytes).toFixed(3)}x the file's size (goal <= 1.05x), ` +
      `${(last.seconds / anchor.seconds).toFixed(2)}x the anchor's time`,
  );

  // Intact: what the API recorded and what its download gives, against the file on disk.
  for (const run of runs) {
    const stored = (await untilReady(host.origin, owner.token, run.ids, 1)).find(
      (listed) => listed.name === path.basename(file),
    );
    if (!stored) throw new Error(`${run.name}: the file is not listed`);
    const downloaded = await downloadedSha256(host.origin, owner.token, run.ids, stored.fileId);
    const intact =
      stored.size === fileBytes && stored.sha256 === expected && downloaded === expected;
    console.log(
      `${run.name}: ${intact ? "intact" : "NOT INTACT"}: ${stored.size} bytes of ${fileBytes}, ` +
        `the API's SHA-256 ${stored.sha256 === expected ? "equal" : "different"}, ` +
        `the download's ${downloaded === expected ? "equal" : "different"}`,
    );
    if (!intact) process.exitCode = 1;
  }
} finally {
  await browser?.close();
  await proxy?.close();
  await host?.stop();
  await smtp.stop();
  await fs.rm(dir, { recursive: true, force: true });
}

/**
 * What the page's tus client does: where each PATCH begins (its Upload-Offset), how many the
 * server answered 409, and the offset the server last answered. A 409 is Chromium's own resend:
 * a request on a kept-alive connection that is reset goes again, once, on a new one, with the
 * offset it had, which the server has passed by the bytes it kept; tus-js-client then asks the
 * server where it is (HEAD) and goes on from there.
 */
function watchPatches(page: Page) {
  const seen = {
    offsets: [] as number[],
    conflicts: 0,
    serverOffset: 0,
    reset() {
      seen.offsets = [];
      seen.conflicts = 0;
      seen.serverOffset = 0;
    },
  };
  page.on("request", (request) => {
    if (request.method() !== "PATCH") return;
    seen.offsets.push(Number(request.headers()["upload-offset"] ?? Number.NaN));
  });
  page.on("response", (response) => {
    if (response.request().method() !== "PATCH") return;
    if (response.status() === 409) seen.conflicts += 1;
    seen.serverOffset = Number(response.headers()["upload-offset"] ?? seen.serverOffset);
  });
  return seen;
}

/** A PDF the API's sniff takes (its first bytes), then random bytes, written in 1 MiB pieces. */
async function writePdf(target: string, size: number) {
  const handle = await fs.open(target, "w");
  try {
    const head = Buffer.from("%PDF-1.4\n");
    await handle.write(head);
    for (let written = head.length; written < size; ) {
      const piece = randomBytes(Math.min(1024 * 1024, size - written));
      await handle.write(piece);
      written += piece.length;
    }
  } finally {
    await handle.close();
  }
}
