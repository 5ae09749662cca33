import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { InvalidImageError } from "#api/images/errors.ts";
import { EncryptedPdfError, MediaMemoryError, MediaTimeoutError } from "#api/media/errors.ts";
import { type RenderedPdf, renderPdfFirstPage } from "#api/media/pdf.ts";
import { type PdfPage, pdfOf } from "#tests/support/pdf-files.ts";
import { near, RED } from "#tests/support/test-images.ts";

// Real PDFs written by tests/support/pdf-files.ts, rendered by pdf.js on a skia canvas in a
// worker thread (api/media/pdf.ts; ADR 062).

const MAX_SIDE = 1600;
const A4 = { width: 595, height: 842 };
const red = (extra: Partial<PdfPage> = {}): PdfPage => ({ ...A4, fill: [1, 0, 0], ...extra });
const blue = (extra: Partial<PdfPage> = {}): PdfPage => ({ ...A4, fill: [0, 0, 1], ...extra });
/** Two A4 pages: red with a line of text, then blue. */
const twoPages = pdfOf([red({ text: "Page one" }), blue({ text: "Page two" })]);

function colourAt(image: RenderedPdf, x: number, y: number) {
  const at = (y * image.width + x) * 4;
  return { r: image.data[at] ?? 0, g: image.data[at + 1] ?? 0, b: image.data[at + 2] ?? 0 };
}

/** How many pixels of the rendering's top eighth are dark: the text drawn there. */
function darkPixelsOnTop(image: RenderedPdf) {
  let dark = 0;
  for (let y = 0; y < image.height / 8; y++) {
    for (let x = 0; x < image.width; x++) {
      const { r, g, b } = colourAt(image, x, y);
      if (r < 80 && g < 80 && b < 80) dark++;
    }
  }
  return dark;
}

const render = (bytes: Uint8Array, options: { timeoutMs?: number; heapMb?: number } = {}) =>
  renderPdfFirstPage(bytes, { maxSide: MAX_SIDE, ...options });

// Each render starts a worker that loads pdf.js (and, from the sources, tsx).
describe("renderPdfFirstPage", { timeout: 60_000 }, () => {
  it("draws the first page of two, its longer side 1600 px, with its text", async () => {
    const page = await render(twoPages);
    expect({ width: page.width, height: page.height, channels: page.channels }).toEqual({
      width: 1131,
      height: 1600,
      channels: 4,
    });
    expect([page.pageWidth, page.pageHeight]).toEqual([595, 842]);
    expect(page.data.length).toBe(1131 * 1600 * 4);
    // The first page is red, corner to corner; the second, blue, is not drawn.
    for (const [x, y] of [
      [2, 2],
      [1128, 1597],
      [565, 800],
    ] as const) {
      expect(near(colourAt(page, x, y), RED), `${x},${y}`).toBe(true);
    }
    // Helvetica, which the file names without embedding, is drawn from pdf.js's own font files.
    expect(darkPixelsOnTop(page)).toBeGreaterThan(500);
    expect(darkPixelsOnTop(await render(pdfOf([red()])))).toBe(0);
  });

  it("draws a landscape page, and a portrait page turned by /Rotate, as landscape", async () => {
    for (const bytes of [pdfOf([red({ width: 842, height: 595 })]), pdfOf([red({ rotate: 90 })])]) {
      const page = await render(bytes);
      expect([page.width, page.height, page.pageWidth, page.pageHeight]).toEqual([
        1600, 1131, 842, 595,
      ]);
    }
  });

  it("draws a page on white where the file paints nothing", async () => {
    const page = await render(pdfOf([{ ...A4, text: "Only words" }]));
    expect(colourAt(page, 1000, 1500)).toEqual({ r: 255, g: 255, b: 255 });
    expect(page.data[(1500 * page.width + 1000) * 4 + 3]).toBe(255);
    expect(darkPixelsOnTop(page)).toBeGreaterThan(500);
    // A small page is drawn at the preview's size, sharp as any other.
    const small = await render(pdfOf([red({ width: 100, height: 100 })]));
    expect([small.width, small.height]).toEqual([1600, 1600]);
  });

  it("draws a page declaring 100,000 × 100,000 points at 1600 × 1600 pixels", async () => {
    const started = performance.now();
    const page = await render(pdfOf([red({ width: 100_000, height: 100_000 })]));
    expect([page.width, page.height, page.pageWidth, page.pageHeight]).toEqual([
      1600, 1600, 100_000, 100_000,
    ]);
    expect(near(colourAt(page, 800, 800), RED)).toBe(true);
    expect(performance.now() - started).toBeLessThan(20_000);
    // A sliver a point wide: one pixel, not zero.
    const sliver = await render(pdfOf([red({ width: 1, height: 100_000 })]));
    expect([sliver.width, sliver.height]).toEqual([1, 1600]);
  });

  it("opens an encrypted PDF without a password to open it, and refuses one that has", async () => {
    // The same RC4 encryption either way: only the user password differs.
    const open = await render(pdfOf([red()], { userPassword: "" }));
    expect(near(colourAt(open, 10, 10), RED)).toBe(true);
    await expect(render(pdfOf([red()], { userPassword: "secret" }))).rejects.toBeInstanceOf(
      EncryptedPdfError,
    );
  });

  it.each([
    ["cut in half", () => twoPages.subarray(0, twoPages.length / 2)],
    ["cut after its header", () => twoPages.subarray(0, 300)],
    ["empty", () => Buffer.alloc(0)],
    ["text", () => Buffer.from("%PDF-1.4 nothing else of a PDF")],
  ])("fails a PDF %s with InvalidImageError, and renders the next one", async (_, bytes) => {
    await expect(render(bytes())).rejects.toBeInstanceOf(InvalidImageError);
    expect((await render(twoPages)).width).toBe(1131);
  });

  it("ends a render that outlasts its time limit, and renders the next one", async () => {
    await expect(render(twoPages, { timeoutMs: 1 })).rejects.toBeInstanceOf(MediaTimeoutError);
    expect((await render(twoPages)).width).toBe(1131);
  });

  it("ends a render that passes its heap limit with MediaMemoryError", async () => {
    // pdf.js alone takes more than 4 MB of heap to load.
    await expect(render(twoPages, { heapMb: 4 })).rejects.toBeInstanceOf(MediaMemoryError);
    expect((await render(twoPages)).width).toBe(1131);
  });

  it("renders calls made together one after the other, each getting its own page", async () => {
    const results = await Promise.all([
      render(twoPages),
      render(pdfOf([blue({ width: 842, height: 595 })])),
      render(twoPages.subarray(0, 100)).catch((error) => error),
      render(twoPages),
    ]);
    expect(results.map((result) => (result instanceof Error ? result.name : result.width))).toEqual(
      [1131, 1600, "InvalidImageError", 1131],
    );
  });

  it("works from the production build: the worker is emitted beside the bundle", async () => {
    // The host's own esbuild options (scripts/build-host.mjs), with a small entry in place of
    // server.ts, run by plain node: no tsx, so the bundled worker must load on its own.
    const buildScript = pathToFileURL(path.resolve("scripts/build-host.mjs")).href;
    const { hostBuildOptions } = (await import(buildScript)) as {
      hostBuildOptions: { entryPoints: Record<string, string> } & Parameters<typeof build>[0];
    };
    const outdir = path.resolve(".cache", `pdf-build-${process.pid}`);
    const entry = path.join(outdir, "entry.ts");
    const file = path.join(outdir, "two.pdf");
    await fs.mkdir(outdir, { recursive: true });
    try {
      await fs.writeFile(file, twoPages);
      await fs.writeFile(
        entry,
        [
          'import { readFileSync } from "node:fs";',
          'import { renderPdfFirstPage } from "#api/media/pdf.ts";',
          "const started = performance.now();",
          "const page = await renderPdfFirstPage(readFileSync(process.argv[2]), { maxSide: 1600 });",
          "const ms = Math.round(performance.now() - started);",
          "console.log(JSON.stringify({ width: page.width, height: page.height, red: page.data[0], ms }));",
        ].join("\n"),
      );
      await build({
        ...hostBuildOptions,
        entryPoints: {
          server: entry,
          "pdf-worker": hostBuildOptions.entryPoints["pdf-worker"] ?? "",
        },
        outdir,
        sourcemap: false,
      });
      const { stdout } = await promisify(execFile)(process.execPath, [
        path.join(outdir, "server.js"),
        file,
      ]);
      expect(JSON.parse(stdout)).toMatchObject({ width: 1131, height: 1600, red: 255 });
    } finally {
      await fs.rm(outdir, { recursive: true, force: true });
    }
  });
});
