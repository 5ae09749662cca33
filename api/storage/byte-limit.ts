import { Transform, type TransformCallback } from "node:stream";
import { BlobLengthMismatchError, BlobTooLargeError } from "./blob-store.ts";

/**
 * Passes bytes through, counting them, and fails the stream as soon as they exceed `maxBytes`
 * (`BlobTooLargeError`) or differ from `expectedBytes` (`BlobLengthMismatchError`). The chunk
 * that crosses a limit is not passed on.
 */
export class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly limits: { maxBytes?: number; expectedBytes?: number }) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    const { maxBytes, expectedBytes } = this.limits;
    if (maxBytes !== undefined && this.bytes > maxBytes) {
      callback(new BlobTooLargeError(maxBytes));
    } else if (expectedBytes !== undefined && this.bytes > expectedBytes) {
      callback(new BlobLengthMismatchError(expectedBytes));
    } else {
      callback(null, chunk);
    }
  }

  override _flush(callback: TransformCallback) {
    const { expectedBytes } = this.limits;
    if (expectedBytes !== undefined && this.bytes !== expectedBytes) {
      callback(new BlobLengthMismatchError(expectedBytes));
    } else {
      callback();
    }
  }
}
