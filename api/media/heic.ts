import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ImageDimensionsError, InvalidImageError } from "#api/images/errors.ts";
import { MediaTimeoutError } from "./errors.ts";
import type { HeicWorkerInput, HeicWorkerResult } from "./heic-worker.ts";

/** One HEIC decode may take this long in its worker before the worker is ended. */
export const HEIC_DECODE_TIMEOUT_MS = 60_000;

export interface DecodeHeicOptions {
  /** The most pixels decoded: a larger declared size is refused before any decoding. */
  maxPixels: number;
  /** Default HEIC_DECODE_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** Raw RGBA, upright, ready for `sharp(data, { raw: { width, height, channels } })`. */
export interface DecodedHeic {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
}

// In the build, scripts/build-host.mjs emits the worker as build/host/heic-worker.js beside the
// bundled server. Under tsx and vitest this module is api/media/heic.ts and the worker its
// TypeScript sibling: a worker does not inherit the TypeScript loader, so a few lines of
// JavaScript register tsx in the worker first, then load it.
const fromSource = import.meta.url.endsWith(".ts");
const WORKER_URL = new URL(fromSource ? "./heic-worker.ts" : "./heic-worker.js", import.meta.url);
const WORKER_SOURCE = fromSource
  ? `import(${JSON.stringify(tsxApiUrl())})
      .then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); });`
  : null;

/** Where `import "tsx/esm/api"` leads, found from this file rather than the worker's cwd. */
function tsxApiUrl(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const { exports } = JSON.parse(readFileSync(manifest, "utf8")) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const entry = exports["./esm/api"]?.import.default ?? "./dist/esm/api/index.mjs";
  return pathToFileURL(path.join(path.dirname(manifest), entry)).href;
}

/** The end of the queue: each decode starts when the one before it has finished. */
let queue: Promise<void> = Promise.resolve();

/**
 * Decodes a HEIC/HEIF's primary image (the one the file names primary, in a burst or a file
 * with depth or other images) into raw RGBA that is upright: the caller applies no rotation.
 *
 * libheif applies the file's `irot` and `imir` properties; when the image has neither, its
 * EXIF Orientation is applied here instead (heif-boxes.ts says why). sharp's `.rotate()` on the
 * raw result is a no-op, since raw pixels carry no EXIF, and the EXIF tag of the original file
 * must not be applied again.
 *
 * The decode runs in a worker thread (heic-worker.ts): one at a time per process, each in a new
 * worker that is ended after it, so its WebAssembly memory goes back to the system. The size
 * declared in the file is checked first: more than `maxPixels` is ImageDimensionsError before a
 * pixel is decoded. A truncated, corrupt or non-HEIF file is InvalidImageError; a decode that
 * outlasts `timeoutMs` is MediaTimeoutError, its worker ended. A failure fails that call only.
 */
export async function decodeHeic(
  input: Uint8Array,
  options: DecodeHeicOptions,
): Promise<DecodedHeic> {
  const before = queue;
  let done = () => {};
  queue = new Promise<void>((resolve) => {
    done = resolve;
  });
  try {
    await before;
    return await runWorker(input, options);
  } finally {
    done();
  }
}

function runWorker(input: Uint8Array, options: DecodeHeicOptions): Promise<DecodedHeic> {
  const timeoutMs = options.timeoutMs ?? HEIC_DECODE_TIMEOUT_MS;
  const workerData: HeicWorkerInput = { bytes: input, maxPixels: options.maxPixels };
  return new Promise((resolve, reject) => {
    const worker = WORKER_SOURCE
      ? new Worker(WORKER_SOURCE, { eval: true, workerData })
      : new Worker(WORKER_URL, { workerData });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(new MediaTimeoutError("Decoding the HEIC image", timeoutMs))),
      timeoutMs,
    );
    worker.once("message", (result: HeicWorkerResult) =>
      settle(() => {
        if (result.kind === "decoded") {
          const { data, width, height } = result;
          resolve({
            data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
            width,
            height,
            channels: 4,
          });
        } else if (result.kind === "tooLarge") {
          reject(new ImageDimensionsError(result.width, result.height, options.maxPixels));
        } else {
          reject(new InvalidImageError({ cause: new Error(result.message) }));
        }
      }),
    );
    worker.once("error", (error) => settle(() => reject(new InvalidImageError({ cause: error }))));
    worker.once("exit", (code) =>
      settle(() =>
        reject(new InvalidImageError({ cause: new Error(`the decoder stopped (${code})`) })),
      ),
    );
  });
}
