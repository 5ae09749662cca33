import { Readable } from "node:stream";
import { IMAGE_MAX_BYTES } from "#domain/constants.ts";
import { ImageTooLargeError } from "./errors.ts";
import { SNIFF_BYTES } from "./sniff.ts";

export interface PeekedImage {
  /** The first SNIFF_BYTES bytes (fewer when the input is shorter), for sniffImageType. */
  head: Buffer;
  /**
   * The whole input again, head included, failing with ImageTooLargeError as soon as it passes
   * `maxBytes`. Destroying it destroys the input.
   */
  body: Readable;
}

/**
 * Reads just enough of `input` to sniff its type, so a route can refuse a non-image before
 * pulling the rest, and hands back a stream of the whole input that is capped at `maxBytes`.
 */
export async function peekImage(
  input: Readable,
  options: { maxBytes?: number; headBytes?: number } = {},
): Promise<PeekedImage> {
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const headBytes = options.headBytes ?? SNIFF_BYTES;
  const iterator: AsyncIterator<Buffer | string> = input[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let bytes = 0;
  let ended = false;
  try {
    while (bytes < headBytes) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      const chunk = Buffer.from(next.value);
      bytes += chunk.length;
      if (bytes > maxBytes) throw new ImageTooLargeError(maxBytes);
      taken.push(chunk);
    }
  } catch (error) {
    input.destroy();
    throw error;
  }
  const head = Buffer.concat(taken, bytes).subarray(0, headBytes);
  async function* replay() {
    yield* taken;
    if (ended) return;
    let total = bytes;
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        const chunk = Buffer.from(next.value);
        total += chunk.length;
        if (total > maxBytes) throw new ImageTooLargeError(maxBytes);
        yield chunk;
      }
    } finally {
      // Stops and destroys the input when the body is destroyed or fails early.
      await iterator.return?.();
    }
  }
  return { head, body: Readable.from(replay(), { objectMode: false }) };
}

/** Reads all of `input` into one Buffer, stopping with ImageTooLargeError past `maxBytes`. */
export async function readImage(input: Readable, maxBytes = IMAGE_MAX_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const value of input) {
    const chunk = Buffer.from(value as Buffer);
    bytes += chunk.length;
    if (bytes > maxBytes) {
      input.destroy();
      throw new ImageTooLargeError(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, bytes);
}
