import { randomBytes } from "node:crypto";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32 as zlibCrc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32ByTable, crc32Stream, createCrc32 } from "#api/files/crc32.ts";

const CHECK = Buffer.from("123456789");

/** Splits bytes into chunks of random sizes, some empty. */
function chunks(bytes: Buffer) {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = Math.floor(Math.random() * 5000);
    parts.push(bytes.subarray(at, at + size));
    at += size;
  }
  return parts;
}

/** A sink that keeps only a count of what reached it. */
function counter() {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback();
    },
  });
  return { sink, received: () => bytes };
}

describe("createCrc32", () => {
  it("matches the standard check value and the empty input", () => {
    expect(createCrc32().update(CHECK).digest()).toBe(0xcbf43926);
    expect(createCrc32().digest()).toBe(0);
    expect(createCrc32().update(new Uint8Array(0)).digest()).toBe(0);
  });

  it("gives the same value fed in chunks as in one go", () => {
    const data = randomBytes(100_000);
    const chunked = createCrc32();
    for (const part of chunks(data)) chunked.update(part);
    expect(chunked.digest()).toBe(createCrc32().update(data).digest());
    expect(chunked.digest()).toBe(zlibCrc32(data) >>> 0);
  });

  it("is unsigned even when the top bit is set", () => {
    // CRC-32 of "a" is 0xE8B7BE43.
    expect(createCrc32().update(Buffer.from("a")).digest()).toBe(0xe8b7be43);
  });
});

describe("crc32ByTable", () => {
  it("agrees with zlib, in one go and in chunks", () => {
    expect(crc32ByTable(CHECK)).toBe(0xcbf43926);
    expect(crc32ByTable(new Uint8Array(0))).toBe(0);
    const data = randomBytes(20_000);
    let crc = 0;
    for (const part of chunks(data)) crc = crc32ByTable(part, crc);
    expect(crc).toBe(zlibCrc32(data) >>> 0);
  });
});

describe("crc32Stream", () => {
  it("passes every byte through and reports the CRC-32 and count at the end", async () => {
    const data = randomBytes(300_000);
    const crc = crc32Stream();
    const { sink, received } = counter();
    await pipeline(Readable.from(chunks(data)), crc, sink);
    expect(await crc.result).toEqual({ crc32: zlibCrc32(data) >>> 0, bytes: data.length });
    expect(crc.crc32).toBe(zlibCrc32(data) >>> 0);
    expect(crc.bytes).toBe(data.length);
    expect(received()).toBe(data.length);
  });

  it("reports the check value and an empty stream", async () => {
    const crc = crc32Stream();
    await pipeline(Readable.from([CHECK.subarray(0, 4), CHECK.subarray(4)]), crc, counter().sink);
    expect(await crc.result).toEqual({ crc32: 0xcbf43926, bytes: 9 });
    const empty = crc32Stream();
    await pipeline(Readable.from([]), empty, counter().sink);
    expect(await empty.result).toEqual({ crc32: 0, bytes: 0 });
  });

  it("fails its result when the stream fails", async () => {
    const crc = crc32Stream();
    async function* failing() {
      yield CHECK;
      throw new Error("connection lost");
    }
    await expect(pipeline(Readable.from(failing()), crc, counter().sink)).rejects.toThrow(
      "connection lost",
    );
    await expect(crc.result).rejects.toThrow("connection lost");
  });

  it("fails its result when destroyed before the end", async () => {
    const crc = crc32Stream();
    crc.write(CHECK);
    crc.destroy();
    await expect(crc.result).rejects.toThrow();
  });
});
