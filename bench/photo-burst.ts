import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { type BenchApi, mib, spawnApi, withPeakRss } from "./support/spawn.ts";

/**
 * A burst of phone photos (docs/performance.md#media): BENCH_PHOTOS (500) photos of
 * BENCH_MEGAPIXELS (12), a BENCH_HEIC_SHARE (0.5) of them HEIC and the rest JPEG, uploaded to the
 * real API in a child process over BENCH_UPLOAD_SECONDS (60), as a team's phones send them after
 * an event. Prints:
 * - how long after the last upload every file's previews were made;
 * - the API process's peak resident memory growth over its idle baseline;
 * - the 95th percentile of a files page (GET the collection's files, 20 rows) while the queue
 *   drains, over its idle value measured just before (the anchor): the goal is under 3x.
 *
 *   node --import tsx bench/photo-burst.ts
 */
const photos = Number(process.env.BENCH_PHOTOS ?? 500);
const megapixels = Number(process.env.BENCH_MEGAPIXELS ?? 12);
const heicShare = Number(process.env.BENCH_HEIC_SHARE ?? 0.5);
const uploadSeconds = Number(process.env.BENCH_UPLOAD_SECONDS ?? 60);

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-bench-burst-"));
const width = Math.round(Math.sqrt(megapixels * 1e6 * (4 / 3)));
const height = Math.round((width * 3) / 4);
const jpeg = path.join(dir, "photo.jpg");
await sharp({
  create: {
    width,
    height,
    channels: 3,
    background: { r: 90, g: 120, b: 160 },
    noise: { type: "gaussian", mean: 120, sigma: 25 },
  },
})
  .jpeg({ quality: 85 })
  .toFile(jpeg);
const heic = path.join(dir, "photo.heic");
execFileSync("heif-enc", ["-q", "50", jpeg, "-o", heic]);
const bodies = { jpeg: await fs.readFile(jpeg), heic: await fs.readFile(heic) };

const api = await spawnApi();
try {
  const heics = Math.round(photos * heicShare);
  console.log(
    `${photos} photos of ${megapixels} MP (${heics} HEIC of ${mib(bodies.heic.length)}, ` +
      `${photos - heics} JPEG of ${mib(bodies.jpeg.length)}) over ${uploadSeconds} s; ` +
      `API on ${api.dialect}, ${os.cpus().length} CPUs`,
  );
  const idle = await pageTimes(api, 40);
  const idleP95 = percentile(idle, 0.95);

  const { value, growth } = await withPeakRss(api, async () => {
    const busy: number[] = [];
    let draining = true;
    const sampling = (async () => {
      while (draining) busy.push(...(await pageTimes(api, 1)));
    })();
    const lastUpload = await uploadAll(api, photos, heics);
    let readyAt = 0;
    for (;;) {
      if ((await pendingCount(api)) === 0) {
        readyAt = performance.now();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    draining = false;
    await sampling;
    return { drainSeconds: (readyAt - lastUpload) / 1000, busy };
  });
  const busyP95 = percentile(value.busy, 0.95);
  console.log(`every preview made ${value.drainSeconds.toFixed(0)} s after the last upload`);
  console.log(`peak RSS growth of the API process: ${mib(growth)}`);
  console.log(
    `files page p95: idle ${idleP95.toFixed(0)} ms, while draining ${busyP95.toFixed(0)} ms ` +
      `= ${(busyP95 / idleP95).toFixed(2)}x (${value.busy.length} pages)`,
  );
} finally {
  await api.stop();
  await fs.rm(dir, { recursive: true, force: true });
}

/** Uploads them at an even pace over uploadSeconds, 8 at a time; answers when the last ended. */
async function uploadAll(api: BenchApi, count: number, heics: number) {
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const due = start + (index / count) * uploadSeconds * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const isHeic = index % Math.max(1, Math.round(count / Math.max(1, heics))) === 0;
      await uploadOne(api, index, isHeic && heics > 0 ? "heic" : "jpeg");
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return performance.now();
}

async function uploadOne(api: BenchApi, index: number, kind: "heic" | "jpeg") {
  const body = bodies[kind];
  const name = `IMG_${String(index).padStart(4, "0")}.${kind === "heic" ? "HEIC" : "JPG"}`;
  const created = await fetch(
    `${api.url}/api/teams/${api.teamId}/collections/${api.collectionId}/files`,
    {
      method: "POST",
      headers: {
        Authorization: `Bearer ${api.accessToken}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ name, contentType: "", size: body.length }),
    },
  );
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const { uploadUrl } = (await created.json()) as { uploadUrl: string };
  const local = new URL(uploadUrl);
  const sent = await fetch(`${api.url}${local.pathname}${local.search}`, {
    method: "PUT",
    headers: { "Content-Type": "application/octet-stream" },
    body: new Uint8Array(body),
  });
  if (!sent.ok) throw new Error(`PUT: ${sent.status} ${await sent.text()}`);
}

/** The times of `count` files pages in a row, in milliseconds. */
async function pageTimes(api: BenchApi, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const response = await fetch(
      `${api.url}/api/teams/${api.teamId}/collections/${api.collectionId}/files?limit=20`,
      { headers: { Authorization: `Bearer ${api.accessToken}` } },
    );
    await response.arrayBuffer();
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return times;
}

/** How many of the collection's files are still waiting for their previews. */
async function pendingCount(api: BenchApi) {
  let pending = 0;
  let lastKey: string | null = null;
  do {
    const query = lastKey ? `&lastKey=${encodeURIComponent(lastKey)}` : "";
    const response = await fetch(
      `${api.url}/api/teams/${api.teamId}/collections/${api.collectionId}/files?limit=100${query}`,
      { headers: { Authorization: `Bearer ${api.accessToken}` } },
    );
    const page = (await response.json()) as {
      files: { previewStatus: string }[];
      pagination: { lastKey: string | null };
    };
    pending += page.files.filter((file) => file.previewStatus === "pending").length;
    lastKey = page.pagination.lastKey;
  } while (lastKey);
  return pending;
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}
