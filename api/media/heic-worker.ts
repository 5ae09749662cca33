/**
 * The worker thread that decodes HEIC/HEIF images (heic.ts starts it and keeps it while photos
 * keep coming). libheif and libde265 run in WebAssembly here (the libheif-js package), so a
 * decode never blocks the server's event loop. Each decode frees what libheif allocated for it,
 * so the next one reuses the same WebAssembly memory; ending the worker gives it back.
 *
 * In: one message per photo, `{ bytes, maxPixels }`. Out: one message per photo, a
 * HeicWorkerResult, in turn.
 */
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import { readHeifLayout } from "./heif-boxes.ts";
import { orientRgba } from "./orientation.ts";

export type HeicWorkerResult =
  | { kind: "decoded"; data: Uint8Array; width: number; height: number }
  | { kind: "tooLarge"; width: number; height: number }
  | { kind: "invalid"; message: string };

export interface HeicWorkerInput {
  bytes: Uint8Array;
  maxPixels: number;
}

/** The part of libheif-js's API used here (it ships no types of its own for this entry). */
interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  display(
    target: { data: Uint8ClampedArray; width: number; height: number },
    done: (result: { data: Uint8ClampedArray } | null) => void,
  ): void;
  /** Releases the image's handle in libheif. */
  free(): void;
}
interface HeifDecoder {
  /** The libheif context of the last decode; freed by the next decode or heif_context_free. */
  decoder: number | null;
  decode(bytes: Uint8Array): HeifImage[];
}
interface LibHeif {
  ready?: Promise<unknown>;
  HeifDecoder: new () => HeifDecoder;
  heif_context_free(context: number): void;
}

// libheif-js reports its errors through console.log; they become the error's message instead.
const reported: string[] = [];
console.log = (...parts: unknown[]) => {
  reported.push(parts.map((part) => (typeof part === "string" ? part : messageOf(part))).join(" "));
};
console.error = console.log;
console.warn = console.log;

function messageOf(part: unknown): string {
  if (part && typeof part === "object" && "message" in part) return String(part.message);
  return "";
}

// The wasm bundle holds its binary inside: nothing is read or fetched besides this module. It is
// compiled once per worker, which heic.ts keeps for the photos that follow.
const libheif = createRequire(import.meta.url)("libheif-js/wasm-bundle") as LibHeif;

async function decode({ bytes, maxPixels }: HeicWorkerInput): Promise<HeicWorkerResult> {
  await libheif.ready;
  const decoder = new libheif.HeifDecoder();
  let images: HeifImage[] = [];
  try {
    images = decoder.decode(bytes);
    // A burst or a file with several images: the one the file names primary, as viewers show.
    const primary = images.find((image) => image.is_primary()) ?? images[0];
    if (!primary) return invalid("no image in the file");
    // The size after libheif's rotation and mirroring, read from the header before decoding.
    const width = primary.get_width();
    const height = primary.get_height();
    if (!(width > 0 && height > 0)) return invalid(`a ${width}×${height} image`);
    if (width * height > maxPixels) return { kind: "tooLarge", width, height };

    const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
    const shown = await new Promise<{ data: Uint8ClampedArray } | null>((resolve) =>
      primary.display(target, resolve),
    );
    if (!shown) return invalid("the image data cannot be decoded");

    const layout = readHeifLayout(bytes);
    const pixels = new Uint8Array(shown.data.buffer, shown.data.byteOffset, shown.data.byteLength);
    const upright = layout.transformed
      ? { data: pixels, width, height }
      : orientRgba(pixels, width, height, layout.exifOrientation);
    return { kind: "decoded", ...upright };
  } finally {
    // What libheif allocated for this photo, freed for the next one in this worker.
    for (const image of images) image.free();
    if (decoder.decoder) libheif.heif_context_free(decoder.decoder);
    decoder.decoder = null;
  }
}

function invalid(fallback: string): HeicWorkerResult {
  return { kind: "invalid", message: reported.at(-1) ?? fallback };
}

const port = parentPort;
port?.on("message", async (input: HeicWorkerInput) => {
  reported.length = 0;
  let result: HeicWorkerResult;
  try {
    result = await decode(input);
  } catch (error) {
    // A wasm abort (out of memory, a bad read) or a JS error: this image fails, nothing else;
    // heic.ts ends this worker after any failure.
    result = invalid(error instanceof Error ? error.message : String(error));
  }
  port.postMessage(result, result.kind === "decoded" ? [result.data.buffer as ArrayBuffer] : []);
});
