/**
 * The worker thread that renders one PDF's first page (pdf.ts starts it, once per file, and ends
 * it after). pdf.js parses the file here, on hostile input, so a slow or greedy file never
 * blocks the server's event loop, and ending the worker gives its memory back. pdf.js draws on
 * a canvas of @napi-rs/canvas (skia, prebuilt in the package) as pdf.js's Node build expects.
 *
 * In: workerData, a PdfWorkerInput. Out: one message, a PdfWorkerResult.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";

export type PdfWorkerResult =
  | {
      kind: "rendered";
      /** RGBA, opaque: the page is drawn on white. */
      data: Uint8Array;
      width: number;
      height: number;
      /** The page's size in points (1/72 inch), turned by its /Rotate, as a viewer shows it. */
      pageWidth: number;
      pageHeight: number;
    }
  | { kind: "encrypted" }
  | { kind: "invalid"; message: string };

export interface PdfWorkerInput {
  bytes: Uint8Array;
  /** The rendering's longer side, in pixels, whatever the page's declared size. */
  maxSide: number;
  /** The most pixels of one image inside the PDF that are decoded; larger ones are left out. */
  maxImagePixels: number;
}

/** The package's folder on disk: its fonts and decoders are read from there, never fetched. */
function packageFolder(): string {
  return path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
}

// Loaded before any file is read: a module that fails to load (a canvas binary missing for this
// platform, say) is the server's fault, not the file's, and stops the worker with an error.
// The legacy build is the one pdf.js makes for Node. Its parser, loaded here first, runs in this
// thread (pdf.js's "fake worker"), which is already off the server's event loop.
const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
// The package ships no types for this module; only its presence on globalThis matters.
const parserModule: string = "pdfjs-dist/legacy/build/pdf.worker.mjs";
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(parserModule);
const { createCanvas } = await import("@napi-rs/canvas");
const folder = packageFolder();

async function render({
  bytes,
  maxSide,
  maxImagePixels,
}: PdfWorkerInput): Promise<PdfWorkerResult> {
  const task = pdfjs.getDocument({
    data: bytes,
    // Under Node these are paths that pdf.js reads with fs: the 14 standard fonts a PDF may use
    // without embedding them, CMaps for CJK text, the ICC profiles and the JPEG 2000 and JBIG2
    // decoders in WebAssembly. Nothing goes over the network.
    standardFontDataUrl: `${folder}/standard_fonts/`,
    cMapUrl: `${folder}/cmaps/`,
    iccUrl: `${folder}/iccs/`,
    wasmUrl: `${folder}/wasm/`,
    useSystemFonts: false,
    disableFontFace: true,
    // No code compiled from the file's fonts or functions.
    isEvalSupported: false,
    enableXfa: false,
    maxImageSize: maxImagePixels,
    // Errors only, and those become the result's message.
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const page = await document.getPage(1);
    const declared = page.getViewport({ scale: 1 });
    const pageWidth = declared.width;
    const pageHeight = declared.height;
    if (!(pageWidth > 0 && pageHeight > 0 && Number.isFinite(pageWidth * pageHeight))) {
      return { kind: "invalid", message: `a ${pageWidth}×${pageHeight} page` };
    }
    // The longer side becomes maxSide whatever the page declares: a 100,000-point page is drawn
    // as small as an A4 one, and the canvas never passes maxSide × maxSide.
    const viewport = page.getViewport({ scale: maxSide / Math.max(pageWidth, pageHeight) });
    const width = Math.min(maxSide, Math.max(1, Math.round(viewport.width)));
    const height = Math.min(maxSide, Math.max(1, Math.round(viewport.height)));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext("2d");
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
      background: "#ffffff",
    }).promise;
    const pixels = context.getImageData(0, 0, width, height).data;
    return {
      kind: "rendered",
      data: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength),
      width,
      height,
      pageWidth: Math.max(1, Math.round(pageWidth)),
      pageHeight: Math.max(1, Math.round(pageHeight)),
    };
  } catch (error) {
    // pdf.js does not export the class; its name says it.
    if (error instanceof Error && error.name === "PasswordException") return { kind: "encrypted" };
    throw error;
  } finally {
    await task.destroy();
  }
}

const port = parentPort;
if (port) {
  let result: PdfWorkerResult;
  try {
    result = await render(workerData as PdfWorkerInput);
  } catch (error) {
    // Not a PDF, truncated, corrupt: this file fails, nothing else.
    result = { kind: "invalid", message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(result, result.kind === "rendered" ? [result.data.buffer as ArrayBuffer] : []);
}
