/**
 * The worker thread that decodes one HEIC/HEIF (heic.ts starts it, once per image, and ends
 * it after). libheif and libde265 run in WebAssembly here (the libheif-js package), so a
 * decode never blocks the server's event loop, and ending the worker gives the wasm memory back.
 *
 * In: workerData `{ bytes, maxPixels }`. Out: one message, a HeicWorkerResult.
 */
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
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
}
interface LibHeif {
  ready?: Promise<unknown>;
  HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
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

async function decode({ bytes, maxPixels }: HeicWorkerInput): Promise<HeicWorkerResult> {
  // The wasm bundle holds its binary inside: nothing is read or fetched besides this module.
  const libheif = createRequire(import.meta.url)("libheif-js/wasm-bundle") as LibHeif;
  await libheif.ready;
  const images = new libheif.HeifDecoder().decode(bytes);
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
}

function invalid(fallback: string): HeicWorkerResult {
  return { kind: "invalid", message: reported.at(-1) ?? fallback };
}

const port = parentPort;
if (port) {
  let result: HeicWorkerResult;
  try {
    result = await decode(workerData as HeicWorkerInput);
  } catch (error) {
    // A wasm abort (out of memory, a bad read) or a JS error: this image fails, nothing else.
    result = invalid(error instanceof Error ? error.message : String(error));
  }
  port.postMessage(result, result.kind === "decoded" ? [result.data.buffer as ArrayBuffer] : []);
}
