import { ImageDimensionsError, InvalidImageError } from "#api/images/errors.ts";
import type { HeicWorkerInput, HeicWorkerResult } from "./heic-worker.ts";
import { keptMediaWorker, MediaWorkerError, oneAtATime } from "./workers.ts";

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

/** A decoder left idle this long is ended, and its memory given back. */
export const HEIC_WORKER_IDLE_MS = 10_000;

/**
 * The decoder's worker, kept while photos keep coming: libheif is compiled once for a burst
 * (about 0.6 s a photo otherwise), and its WebAssembly memory reused rather than a new thread
 * (with a malloc arena of its own) growing the process for each photo (docs/performance.md#media).
 * Ended after a failure, after HEIC_WORKER_IDLE_MS idle, and after 100 decodes.
 */
const decoder = keptMediaWorker("heic-worker", {
  idleMs: HEIC_WORKER_IDLE_MS,
  runsPerWorker: 100,
});

/**
 * Decodes a HEIC/HEIF's primary image (the one the file names primary, in a burst or a file
 * with depth or other images) into raw RGBA that is upright: the caller applies no rotation.
 *
 * libheif applies the file's `irot` and `imir` properties; when the image has neither, its
 * EXIF Orientation is applied here instead (heif-boxes.ts says why). sharp's `.rotate()` on the
 * raw result is a no-op, since raw pixels carry no EXIF, and the EXIF tag of the original file
 * must not be applied again.
 *
 * The decode runs in a worker thread (heic-worker.ts), one at a time per process, in the kept
 * decoder (`decoder` above). The size
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
  const message: HeicWorkerInput = { bytes: input, maxPixels: options.maxPixels };
  let result: HeicWorkerResult;
  try {
    result = await decoder.run<HeicWorkerResult>(message, {
      what: "Decoding the HEIC image",
      timeoutMs: options.timeoutMs ?? HEIC_DECODE_TIMEOUT_MS,
      // A failure may leave libheif's memory in any state: the next photo gets a new worker.
      keep: (answer) => answer.kind !== "invalid",
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
