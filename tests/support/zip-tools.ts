import { execFile } from "node:child_process";
import { setImmediate as nextTurn } from "node:timers/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";

const run = promisify(execFile);

/** One entry as Python's zipfile saw it (tests/support/zipcheck.py). */
export interface CheckedEntry {
  name: string;
  size: number;
  /** [year, month, day, hour, minute, second], as the DOS date holds it. */
  date: number[];
  flag_bits: number;
  compress_type: number;
  /** The entry's bytes, hashed, when read whole (CRC-32 checked by zipfile). */
  sha256?: string;
  /** First and last 16 bytes, hex, of an entry too large to fetch over HTTP. */
  head?: string;
  tail?: string;
}

/**
 * Opens a zip with Python's zipfile: a file (every entry read whole, CRCs checked; with `sample`
 * only the first and last three), or a URL read with Range requests (see zipcheck.py). Rejects
 * when zipfile refuses the archive.
 */
export async function pythonZipCheck(target: string, { sample = false } = {}) {
  const args = ["tests/support/zipcheck.py", target, ...(sample ? ["--sample"] : [])];
  const { stdout } = await run("python3", args, {
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(stdout) as { entries: CheckedEntry[]; fetched: number | null };
}

/** `unzip -t`, Info-ZIP's own test of every entry: resolves with its report, rejects on errors. */
export async function unzipTest(file: string) {
  const { stdout } = await run("unzip", ["-t", file], { maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}

/**
 * The CRC-32 of `size` zero bytes, computed 16 MiB at a time, letting the event loop turn in
 * between: 4 GiB takes seconds, and a test worker must still answer its runner meanwhile.
 */
export async function crc32OfZeros(size: number) {
  const chunk = Buffer.alloc(16 * 1024 * 1024);
  let crc = 0;
  for (let left = size; left > 0; left -= chunk.length) {
    crc = zlib.crc32(chunk.subarray(0, Math.min(left, chunk.length)), crc);
    await nextTurn();
  }
  return crc;
}
