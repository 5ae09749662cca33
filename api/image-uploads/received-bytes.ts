import { Readable } from "node:stream";
import {
  ImageDimensionsError,
  ImageTooLargeError,
  InvalidImageError,
  UnsupportedImageTypeError,
} from "#api/images/errors.ts";
import { peekImage, readImage } from "#api/images/read.ts";
import { sniffImageType } from "#api/images/sniff.ts";
import { RemoteFetchError, RemoteTooLargeError, UnsafeUrlError } from "#api/net/safe-fetch.ts";
import { IMAGE_MAX_BYTES } from "#domain/constants.ts";
import type { ErrorCode } from "#domain/errors.ts";
import { formatFileSize } from "#domain/format.ts";
import type { ImageKind } from "./kinds.ts";

// An image's bytes as they arrive (an upload's body, a fetched link), and what can go wrong with
// them: read no further than needed, and every fault of the user's image named by one code.

/**
 * Why an image failed: its error code (docs/product.md#images), the HTTP status for a synchronous
 * answer, a text.
 */
export interface Failure {
  errorCode: ErrorCode;
  status: number;
  message: string;
}

class ImageTypeMismatchError extends Error {
  override name = "ImageTypeMismatchError";
  constructor(sniffed: string, declared: string) {
    super(`The file is ${sniffed}, not the ${declared} announced`);
  }
}

class UploadInterruptedError extends Error {
  override name = "UploadInterruptedError";
  constructor(options?: { cause?: unknown }) {
    super("The upload did not arrive in full", options);
  }
}

const MAX_SIZE_TEXT = formatFileSize(IMAGE_MAX_BYTES);

/** Everything a user's image or link can get wrong is the kind's invalid code; the rest is ours. */
export function failureOf(error: unknown, kind: ImageKind): Failure {
  const invalid = (status: number, message: string): Failure => ({
    errorCode: kind.invalidCode,
    status,
    message,
  });
  if (error instanceof ImageTooLargeError || error instanceof RemoteTooLargeError) {
    return invalid(413, `The image is larger than the ${MAX_SIZE_TEXT} allowed`);
  }
  if (error instanceof UnsupportedImageTypeError || error instanceof ImageTypeMismatchError) {
    return invalid(415, error.message);
  }
  if (
    error instanceof ImageDimensionsError ||
    error instanceof InvalidImageError ||
    error instanceof UploadInterruptedError ||
    error instanceof UnsafeUrlError
  ) {
    return invalid(400, error.message);
  }
  if (error instanceof RemoteFetchError) {
    return invalid(400, `The link could not be fetched: ${error.message}`);
  }
  return { errorCode: "generic", status: 500, message: `The ${kind.noun} could not be stored` };
}

/** The chunks a web body reader yields, as bytes for a Node stream. */
async function* chunksOf(reader: ReadableStreamDefaultReader<Uint8Array> | undefined) {
  if (!reader) return;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
}

/** A refused body's rest is read at most this far, then the request is cancelled. */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;

/** Reads and drops what is left of a body, in the background. */
export function discard(reader: ReadableStreamDefaultReader<Uint8Array>) {
  void (async () => {
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      bytes += value.byteLength;
      if (bytes > DISCARD_MAX_BYTES) return void (await reader.cancel());
    }
  })().catch(() => {
    // The client went away: nothing is left to drop.
  });
}

/**
 * Reads an upload's body, no further than needed: a length announced over 3 MB is refused
 * unread, the first bytes must be an image of the announced type, and reading stops as soon
 * as the bytes pass 3 MB. At most 3 MB is ever held.
 */
export async function readUpload(
  kind: ImageKind,
  reader: ReadableStreamDefaultReader<Uint8Array> | undefined,
  contentLength: string | undefined,
  declaredType: string | null,
): Promise<Buffer> {
  if (Number(contentLength) > IMAGE_MAX_BYTES) throw new ImageTooLargeError(IMAGE_MAX_BYTES);
  // Stopping this stream leaves the reader to `discard`, rather than cancelling the request.
  const stream = Readable.from(chunksOf(reader), { objectMode: false });
  try {
    const peeked = await peekImage(stream, { maxBytes: IMAGE_MAX_BYTES });
    const sniffed = await sniffImageType(peeked.head);
    if (sniffed !== declaredType) {
      peeked.body.destroy();
      if (!sniffed) throw new UnsupportedImageTypeError();
      throw new ImageTypeMismatchError(sniffed, declaredType ?? "another type");
    }
    return await readImage(peeked.body, IMAGE_MAX_BYTES);
  } catch (error) {
    stream.destroy();
    if (failureOf(error, kind).errorCode !== "generic") throw error;
    throw new UploadInterruptedError({ cause: error });
  }
}
