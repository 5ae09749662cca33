import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { makePreviews } from "#api/files/previews.ts";
import { decodeHeic } from "#api/media/heic.ts";
import { findVideoTools } from "#api/media/video.ts";

/**
 * What making a photo's previews costs, against decoding it alone with the same library in the
 * same run (the anchor), for a 12-megapixel JPEG and the same photo as a HEIC:
 *
 * - anchor: the full decode to pixels (sharp for the JPEG; libheif in its worker for the HEIC);
 * - pipeline: makePreviews as the job runs it: the decode, then the 70 px and 320 px thumbnails
 *   and the 1600 px preview, all WebP.
 *
 * Runs take turns (anchor, pipeline, anchor, …) so the machine's drift falls on both; the
 * figure is the pipeline's throughput over the anchor's (anchor time / pipeline time, medians).
 * The goal (docs/performance.md#media) is at least 0.8: the previews cost at most a quarter
 * more than reading the photo at all.
 *
 *   node --import tsx bench/media-pipeline.ts        (BENCH_ROUNDS, default 7)
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const dir = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-bench-media-"));
const videoTools = () => findVideoTools();

try {
  const jpeg = path.join(dir, "photo.jpg");
  const heic = path.join(dir, "photo.heic");
  await photo(jpeg, 4000, 3000);
  // heif-enc's default quality, as a phone's HEIC is about the size of its JPEG.
  execFileSync("heif-enc", ["-q", "50", jpeg, "-o", heic]);
  const heicBytes = await fs.readFile(heic);
  console.log(
    `12 MP photo: JPEG ${mb((await fs.stat(jpeg)).size)}, HEIC ${mb(heicBytes.length)}; ` +
      `${rounds} rounds, ${os.cpus().length} CPUs`,
  );

  const cases = [
    {
      name: "JPEG",
      anchor: () => sharp(jpeg).raw().toBuffer(),
      pipeline: () => makePreviews("image/jpeg", local(jpeg), { videoTools }),
    },
    {
      name: "HEIC",
      anchor: () => decodeHeic(heicBytes, { maxPixels: 100_000_000 }),
      pipeline: () => makePreviews("image/heic", local(heic), { videoTools }),
    },
  ];
  for (const { name, anchor, pipeline } of cases) {
    // Once each first: the worker's WebAssembly and libvips's caches are warm for both.
    await anchor();
    const made = await pipeline();
    if (made.made === null) throw new Error(`${name}: no previews (${made.reason})`);
    const anchorMs: number[] = [];
    const pipelineMs: number[] = [];
    for (let round = 0; round < rounds; round++) {
      anchorMs.push(await timed(anchor));
      pipelineMs.push(await timed(pipeline));
    }
    const a = median(anchorMs);
    const p = median(pipelineMs);
    console.log(
      `${name.padEnd(5)} decode alone ${a.toFixed(0)} ms, previews ${p.toFixed(0)} ms: ` +
        `pipeline/anchor throughput ${(a / p).toFixed(2)}x (${(1000 / p).toFixed(2)} photos/s)`,
    );
  }

  // The largest phone HEIC (48 MP, 8000 × 6000): the process's peak memory while its previews
  // are made, over what it held before.
  const big = path.join(dir, "big.jpg");
  const bigHeic = path.join(dir, "big.heic");
  await photo(big, 8000, 6000);
  execFileSync("heif-enc", ["-q", "50", big, "-o", bigHeic]);
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  const made = await makePreviews("image/heic", local(bigHeic), { videoTools });
  clearInterval(sampler);
  if (made.made === null) throw new Error(`48 MP HEIC: no previews (${made.reason})`);
  console.log(
    `48 MP HEIC previews in ${((performance.now() - start) / 1000).toFixed(1)} s, ` +
      `peak RSS growth ${((peak - before) / 1e6).toFixed(0)} MB`,
  );
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}

/** A photo-like picture: smooth colour with fine grain, which compresses as a camera's does. */
async function photo(file: string, width: number, height: number) {
  const gradient = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      gradient[i] = (x * 255) / width;
      gradient[i + 1] = (y * 255) / height;
      gradient[i + 2] = 128 + 100 * Math.sin((x + y) / 300);
    }
  }
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: "gaussian", mean: 0, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  await sharp(gradient, { raw: { width, height, channels: 3 } })
    .composite([{ input: grain, blend: "add" }])
    .jpeg({ quality: 90 })
    .toFile(file);
}

function local(file: string) {
  return {
    localPath: file,
    open: () => Promise.reject(new Error("read from the local file")),
  };
}

async function timed(work: () => Promise<unknown>) {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function mb(bytes: number) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
