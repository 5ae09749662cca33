import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "puppeteer-core";
import sharp from "sharp";
import { LocalSmtpServer } from "#tests/support/smtp-server.ts";
import { ownerOn, webSession } from "./support/accounts.ts";
import { type CuttingProxy, startCuttingProxy } from "./support/cutting-proxy.ts";
import { type BenchHost, startHost } from "./support/host.ts";
import {
  launchChromium,
  mib,
  newCollection,
  openUploadDialog,
  pick,
  signedInPage,
  untilReady,
  untilRows,
} from "./support/upload-dialog.ts";

/**
 * The same photos picked twice (docs/performance.md#duplicate-pick, ADR 102): BENCH_PHOTOS (200)
 * distinct JPEGs of BENCH_PHOTO_MP (0.5) megapixels picked in the real upload dialog in Debian's
 * Chromium, through a TCP proxy that counts what the browser sends (bench/support/cutting-
 * proxy.ts, never cutting here); once every row says it arrived and the API has processed every
 * file (their SHA-256 recorded), the same files (same paths: same name, size and last-modified
 * time) are picked again in a freshly opened dialog, until every row says the file is already in
 * the collection. The anchor is the first pick. Prints, for each pick: the tus PATCHes the page
 * sent and their body bytes (the second pick's goal: none), every byte the browser sent through
 * the proxy (the duplicates check's questions included), and the time from the pick until every
 * row had ended; then the second pick's time over the first's.
 *
 *   npm run build && node --import tsx bench/duplicate-pick.ts
 *   BENCH_PHOTOS=20 node --import tsx bench/duplicate-pick.ts
 */
const photoCount = Number(process.env.BENCH_PHOTOS ?? 200);
const megapixels = Number(process.env.BENCH_PHOTO_MP ?? 0.5);

interface Pick {
  name: string;
  patches: number;
  patchBytes: number;
  sent: number;
  seconds: number;
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-bench-duplicates-"));
const smtp = await new LocalSmtpServer().start();
let host: BenchHost | undefined;
let proxy: CuttingProxy | undefined;
let browser: Browser | undefined;
try {
  const photos: string[] = [];
  let photoBytes = 0;
  for (let i = 1; i <= photoCount; i++) {
    const file = path.join(dir, `IMG_${String(i).padStart(4, "0")}.jpg`);
    await makePhoto(file, i);
    photos.push(file);
    photoBytes += (await fs.stat(file)).size;
  }
  host = await startHost({ SMTP_URL: smtp.url, ADDRESS_RATE_LIMIT_FACTOR: "50" });
  proxy = await startCuttingProxy(Number(new URL(host.origin).port));
  browser = await launchChromium();
  const owner = await ownerOn(host.origin, smtp);
  const { teamId = "" } = owner.ids;
  const ids = {
    teamId,
    collectionId: await newCollection(host.origin, owner.token, teamId, "Holidays"),
  };
  const page = await signedInPage(
    browser,
    proxy.origin,
    await webSession(host.origin, owner.email),
  );
  const patches = await watchPatches(page);
  const url = `${proxy.origin}/teams/${teamId}/collections/${ids.collectionId}/upload`;
  console.log(
    `${photoCount} JPEGs of ${megapixels} MP, ${photoBytes} bytes (${mib(photoBytes)}) in all ` +
      `(${(photoBytes / photoCount / 1024).toFixed(0)} KiB each), picked twice in the upload ` +
      `dialog; ${os.cpus().length} CPUs`,
  );

  const picks: Pick[] = [];
  for (const [name, status] of [
    ["pick 1 (anchor): every photo sent", "done"],
    ["pick 2: the same photos again", "duplicate"],
  ] as const) {
    await openUploadDialog(page, url);
    proxy.reset();
    patches.reset();
    const began = performance.now();
    await pick(page, photos);
    await untilRows(page, status, photoCount);
    const seconds = (performance.now() - began) / 1000;
    const sent = patches.totals();
    picks.push({
      name,
      patches: sent.count,
      patchBytes: sent.bytes,
      sent: proxy.sent,
      seconds,
    });
    console.log(`${name}: ${seconds.toFixed(1)} s`);
    if (status === "done") {
      // The second pick compares SHA-256s with what processing recorded: wait for all of them.
      const waited = performance.now();
      await untilReady(host.origin, owner.token, ids, photoCount);
      console.log(
        `  every file processed ${((performance.now() - waited) / 1000).toFixed(1)} s later`,
      );
    } else {
      const already = await page.evaluate(
        () =>
          [...document.querySelectorAll("li.upload-row[data-status=duplicate]")].filter((row) =>
            row.textContent?.includes("Already in this collection"),
          ).length,
      );
      console.log(`  rows that say "Already in this collection": ${already} of ${photoCount}`);
      if (already !== photoCount) process.exitCode = 1;
    }
  }

  console.log(
    "\n| pick | PATCHes | PATCH body bytes | all bytes sent through the proxy | time s |",
  );
  console.log("|---|---|---|---|---|");
  for (const done of picks) {
    console.log(
      `| ${done.name} | ${done.patches} | ${done.patchBytes} (${mib(done.patchBytes)}) | ` +
        `${done.sent} (${mib(done.sent)}) | ${done.seconds.toFixed(1)} |`,
    );
  }
  const [first, second] = picks as [Pick, Pick];
  console.log(
    `\nthe second pick: ${second.patches} PATCHes, ${second.patchBytes} PATCH bytes (goal 0); ` +
      `${(second.seconds / first.seconds).toFixed(2)}x the first pick's time, ` +
      `${(second.sent / first.sent).toFixed(4)}x its bytes`,
  );
  const listed = await untilReady(host.origin, owner.token, ids, photoCount);
  console.log(`the collection holds ${listed.length} files (goal: ${photoCount})`);
  if (second.patches !== 0 || listed.length !== photoCount) process.exitCode = 1;
} finally {
  await browser?.close();
  await proxy?.close();
  await host?.stop();
  await smtp.stop();
  await fs.rm(dir, { recursive: true, force: true });
}

/** A photo of `megapixels`, different from every other (its seed), as a JPEG at `file`. */
async function makePhoto(file: string, seed: number) {
  const width = Math.round(Math.sqrt(megapixels * 1e6 * (4 / 3)));
  const height = Math.round((width * 3) / 4);
  await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 160 },
      noise: { type: "gaussian", mean: 120, sigma: 25 },
    },
  })
    .jpeg({ quality: 85 })
    .toFile(file);
}

/**
 * The tus PATCHes the page sends and their body bytes: the Content-Length in the headers
 * Chromium put on the wire (the DevTools protocol's extra request info: puppeteer's own request
 * headers leave it out). Counted at the end of a pick, once every request has been seen.
 */
async function watchPatches(page: Page) {
  const cdp = await page.createCDPSession();
  const methods = new Map<string, string>();
  const lengths = new Map<string, number>();
  cdp.on("Network.requestWillBeSent", (event) => {
    methods.set(event.requestId, event.request.method);
  });
  cdp.on("Network.requestWillBeSentExtraInfo", (event) => {
    const length = Object.entries(event.headers).find(
      ([name]) => name.toLowerCase() === "content-length",
    )?.[1];
    lengths.set(event.requestId, Number(length ?? Number.NaN));
  });
  await cdp.send("Network.enable");
  return {
    reset() {
      methods.clear();
      lengths.clear();
    },
    /** The PATCHes since the last reset, and their bodies' bytes. */
    totals() {
      let count = 0;
      let bytes = 0;
      for (const [id, method] of methods) {
        if (method !== "PATCH") continue;
        count += 1;
        bytes += lengths.get(id) ?? Number.NaN;
      }
      return { count, bytes };
    },
  };
}
