import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { makePreviews } from "#api/files/previews.ts";
import { findVideoTools } from "#api/media/video.ts";
import { type PdfPage, pdfOf } from "#tests/support/pdf-files.ts";

/**
 * What making a PDF's previews costs (ADR 062): makePreviews as the job runs it, on a 1-page and
 * a 50-page A4 PDF with a line of Helvetica on every page, against the same pipeline on a
 * 1600 × 1131 PNG of about the preview's size (the anchor: sharp alone, no worker). Also the
 * process's peak resident memory above its start, sampled every 10 ms while the PDFs render.
 *
 *   node --import tsx bench/pdf-first-page.ts        (BENCH_ROUNDS, default 5)
 *
 * From the sources each worker also registers tsx (about 0.3 s); the production build does not.
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const dir = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-bench-pdf-"));
const videoTools = () => findVideoTools();

const page = (index: number): PdfPage => ({
  width: 595,
  height: 842,
  fill: index === 0 ? [1, 0, 0] : [0, 0, 1],
  text: `Page ${index + 1} of the report, in Helvetica`,
});

try {
  const files = {
    "1-page PDF": path.join(dir, "one.pdf"),
    "50-page PDF": path.join(dir, "fifty.pdf"),
  };
  await fs.writeFile(files["1-page PDF"], pdfOf([page(0)]));
  await fs.writeFile(files["50-page PDF"], pdfOf(Array.from({ length: 50 }, (_, i) => page(i))));
  const png = path.join(dir, "anchor.png");
  const sharp = (await import("sharp")).default;
  await sharp({ create: { width: 1131, height: 1600, channels: 3, background: "#e01010" } })
    .png()
    .toFile(png);

  const time = async (contentType: string, file: string) => {
    const started = performance.now();
    const made = await makePreviews(
      contentType,
      { localPath: file, open: () => Promise.reject(new Error("local only")) },
      { videoTools },
    );
    if (made.made === null) throw new Error(`no previews: ${made.reason}`);
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const results: Record<string, number[]> = { anchor: [] };
  for (const name of Object.keys(files)) results[name] = [];
  for (let round = 0; round < rounds; round++) {
    results.anchor?.push(await time("image/png", png));
    for (const [name, file] of Object.entries(files)) {
      results[name]?.push(await time("application/pdf", file));
    }
  }
  clearInterval(sampler);
  const anchor = median(results.anchor ?? []);
  console.log(`anchor (1600 px PNG through sharp): ${anchor.toFixed(0)} ms`);
  for (const name of Object.keys(files)) {
    const ms = median(results[name] ?? []);
    console.log(`${name}: ${ms.toFixed(0)} ms, ${(ms / anchor).toFixed(1)}x the anchor`);
  }
  console.log(`peak RSS growth: ${((peak - base) / 2 ** 20).toFixed(0)} MiB`);
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
