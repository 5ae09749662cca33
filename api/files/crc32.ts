import { Transform, type TransformCallback } from "node:stream";
import * as zlib from "node:zlib";

/** A CRC-32 fed chunk by chunk: the zip and IEEE 802.3 one (reflected polynomial 0xEDB88320). */
export interface Crc32 {
  /** Adds the next bytes. */
  update(chunk: Uint8Array): Crc32;
  /** The CRC-32 of every byte given so far, as an unsigned 32-bit number. */
  digest(): number;
}

type Crc32Function = (data: Uint8Array, previous: number) => number;

let table: Uint32Array | undefined;

/**
 * CRC-32 by table, for Node versions before 20.15 that lack `zlib.crc32`. `previous` is the
 * CRC-32 of the bytes before `data` (0 for none), as `zlib.crc32` takes it.
 */
export function crc32ByTable(data: Uint8Array, previous = 0): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = ~previous >>> 0;
  for (let i = 0; i < data.length; i++) {
    crc = table[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  }
  return ~crc >>> 0;
}

/** zlib's (native, fast) where Node has it, the table otherwise. */
const crc32Of: Crc32Function =
  typeof zlib.crc32 === "function"
    ? (data, previous) => zlib.crc32(data, previous) >>> 0
    : crc32ByTable;

/** Starts a CRC-32; feed it with `update`, read it with `digest` at any point. */
export function createCrc32(): Crc32 {
  let crc = 0;
  const self: Crc32 = {
    update(chunk) {
      crc = crc32Of(chunk, crc);
      return self;
    },
    digest: () => crc,
  };
  return self;
}

export interface Crc32Result {
  /** The CRC-32 of every byte that passed, unsigned. */
  crc32: number;
  /** How many bytes passed. */
  bytes: number;
}

/**
 * A pass-through stream that computes the CRC-32 and counts the bytes on the way, holding no
 * more than the chunk at hand. `result` settles when the stream ends: with the CRC-32 and byte
 * count once the input has ended (every byte counted), or with the error if it fails or is destroyed
 * first. `crc32` and `bytes` read the running values at any time.
 */
export class Crc32Stream extends Transform {
  readonly result: Promise<Crc32Result>;
  #crc = createCrc32();
  #bytes = 0;
  #settled = false;
  #resolve!: (result: Crc32Result) => void;
  #reject!: (error: Error) => void;

  constructor() {
    super();
    this.result = new Promise<Crc32Result>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    // Nobody has to listen: an unread failure is not an unhandled rejection.
    this.result.catch(() => {});
  }

  get crc32(): number {
    return this.#crc.digest();
  }

  get bytes(): number {
    return this.#bytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#crc.update(chunk);
    this.#bytes += chunk.length;
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    this.#settled = true;
    this.#resolve({ crc32: this.#crc.digest(), bytes: this.#bytes });
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (!this.#settled) {
      this.#settled = true;
      this.#reject(error ?? new Error("The stream was closed before it ended"));
    }
    callback(error);
  }
}

/** A new `Crc32Stream`: pipe bytes through it, then await its `result`. */
export function crc32Stream(): Crc32Stream {
  return new Crc32Stream();
}
