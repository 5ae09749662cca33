import { InvalidImageError } from "#api/images/errors.ts";
import { EncryptedPdfError, MediaMemoryError } from "./errors.ts";
import type { PdfWorkerInput, PdfWorkerResult } from "./pdf-worker.ts";
import { MediaWorkerError, oneAtATime, runMediaWorker } from "./workers.ts";

/** Rendering one PDF's first page may take this long in its worker before the worker is ended. */
export const PDF_RENDER_TIMEOUT_MS = 30_000;
/**
 * The JavaScript heap a PDF's worker may use. The file's bytes and the canvas live outside it;
 * what grows here is pdf.js's parse of the page (its fonts, paths and decoded images).
 */
export const PDF_WORKER_HEAP_MB = 512;
/**
 * The most pixels of one image inside a PDF that pdf.js decodes (a larger one is left out of the
 * page): a 50-megapixel scan fits, a decompression bomb does not.
 */
export const PDF_MAX_IMAGE_PIXELS = 50_000_000;

export interface RenderPdfOptions {
  /** The rendering's longer side in pixels, whatever size the page declares. */
  maxSide: number;
  /** Default PDF_RENDER_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default PDF_WORKER_HEAP_MB. */
  heapMb?: number;
}

/** A PDF's first page drawn on white: raw RGBA, for `sharp(data, { raw })`. */
export interface RenderedPdf {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
  /** The page's size in points (1/72 inch), turned by its /Rotate as a viewer shows it. */
  pageWidth: number;
  pageHeight: number;
}

/** PDFs render one at a time per process (ADR 062). */
const inTurn = oneAtATime();

/**
 * Renders a PDF's first page with pdf.js on a skia canvas (@napi-rs/canvas), scaled so that its
 * longer side is `maxSide` pixels, on a white background, turned by the page's /Rotate.
 *
 * pdf.js runs in a worker thread (pdf-worker.ts) with a heap limit: one file at a time per
 * process, each in a new worker ended after it. Fonts a PDF names without embedding them come
 * from pdf.js's own font files on disk; nothing is fetched. The page's declared size only sets
 * the scale: the canvas is never larger than `maxSide` square.
 *
 * A truncated, corrupt or non-PDF file is InvalidImageError; one that needs a password is
 * EncryptedPdfError; past `timeoutMs` MediaTimeoutError and past the heap limit
 * MediaMemoryError, the worker ended either way. Anything else (the renderer failing to load)
 * is thrown as it is. A failure fails that call only.
 */
export function renderPdfFirstPage(
  input: Uint8Array,
  options: RenderPdfOptions,
): Promise<RenderedPdf> {
  return inTurn(() => runWorker(input, options));
}

async function runWorker(input: Uint8Array, options: RenderPdfOptions): Promise<RenderedPdf> {
  const heapMb = options.heapMb ?? PDF_WORKER_HEAP_MB;
  const workerData: PdfWorkerInput = {
    bytes: input,
    maxSide: options.maxSide,
    maxImagePixels: PDF_MAX_IMAGE_PIXELS,
  };
  let result: PdfWorkerResult;
  try {
    result = await runMediaWorker<PdfWorkerResult>("pdf-worker", workerData, {
      what: "Rendering the PDF's first page",
      timeoutMs: options.timeoutMs ?? PDF_RENDER_TIMEOUT_MS,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
      preload: ["pdfjs-dist/legacy/build/pdf.mjs", "pdfjs-dist/legacy/build/pdf.worker.mjs"],
    });
  } catch (error) {
    if (error instanceof MediaWorkerError && error.code === "ERR_WORKER_OUT_OF_MEMORY") {
      throw new MediaMemoryError("Rendering the PDF's first page", heapMb, { cause: error });
    }
    throw error;
  }
  if (result.kind === "rendered") {
    const { data, width, height, pageWidth, pageHeight } = result;
    return {
      data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      width,
      height,
      channels: 4,
      pageWidth,
      pageHeight,
    };
  }
  if (result.kind === "encrypted") throw new EncryptedPdfError();
  throw new InvalidImageError({ cause: new Error(result.message) });
}
