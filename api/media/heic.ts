import { ImageDimensionsError, InvalidImageError } from "#api/images/errors.ts";
import type { HeicWorkerInput, HeicWorkerResult } from "./heic-worker.ts";
import { MediaWorkerError, oneAtATime, runMediaWorker } from "./workers.ts";

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

/** HEIC decodes run one at a time per process (ADR 061). */
const inTurn = oneAtATime();

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
  return inTurn(() => runWorker(input, options));
}

async function runWorker(input: Uint8Array, options: DecodeHeicOptions): Promise<DecodedHeic> {
  const workerData: HeicWorkerInput = { bytes: input, maxPixels: options.maxPixels };
  let result: HeicWorkerResult;
  try {
    result = await runMediaWorker<HeicWorkerResult>("heic-worker", workerData, {
      what: "Decoding the HEIC image",
      timeoutMs: options.timeoutMs ?? HEIC_DECODE_TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof MediaWorkerError) throw new InvalidImageError({ cause: error });
    throw error;
  }
  if (result.kind === "decoded") {
    const { data, width, height } = result;
    return {
      data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      width,
      height,
      channels: 4,
    };
  }
  if (result.kind === "tooLarge") {
    throw new ImageDimensionsError(result.width, result.height, options.maxPixels);
  }
  throw new InvalidImageError({ cause: new Error(result.message) });
}
