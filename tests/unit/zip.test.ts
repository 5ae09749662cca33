import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  layoutZip,
  type OpenEntry,
  type ZipEntry,
  ZipSizer,
  zipStream,
} from "#api/downloads/zip.ts";
import { cleanEntryName, entryPaths } from "#api/downloads/zip-names.ts";
import { crc32OfZeros, pythonZipCheck, unzipTest } from "#tests/support/zip-tools.ts";

/*
 * The streamed zip (api/downloads/zip.ts) as other programs read it: Python's zipfile and
 * Info-ZIP's unzip, on small archives, past 65,535 entries, and past 4 GiB (read over HTTP with
 * Range requests, so the test never writes 4 GiB anywhere).
 */

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-zip-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const JUNE_2024 = Date.UTC(2024, 5, 1, 12, 30, 10);

function entriesOf(contents: Buffer[], names: string[], modifiedAt = JUNE_2024): ZipEntry[] {
  return contents.map((content, index) => ({
    name: names[index] as string,
    size: content.length,
    crc32: zlib.crc32(content),
    modifiedAt,
  }));
}

const openFrom =
  (contents: Buffer[]): OpenEntry =>
  async (index, start, end) =>
    Readable.from([(contents[index] as Buffer).subarray(start, end + 1)]);

async function collect(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

describe("entry names", () => {
  it.each([
    ["photo.jpg", "photo.jpg"],
    ["../../etc/passwd", ".._.._etc_passwd"],
    ["/etc/passwd", "_etc_passwd"],
    ["C:\\Windows\\evil.exe", "C__Windows_evil.exe"],
    ["invoice\u202Efdp.bat", "invoice_fdp.bat"],
    ["tab\there\nnewline", "tab_here_newline"],
    ["nul\u0000byte", "nul_byte"],
    ['what?*<>|":.txt', "what_______.txt"],
    ["CON", "_CON"],
    ["aux.txt", "_aux.txt"],
    ["console.txt", "console.txt"],
    ["trailing dots...", "trailing dots"],
    ["  spaced  ", "spaced"],
    ["..", "file"],
    [".", "file"],
    ["", "file"],
    ["e\u0301te\u0301.jpg", "\u00e9t\u00e9.jpg"],
    ["lone \ud800 surrogate", "lone _ surrogate"],
  ])("%j becomes %j", (raw, clean) => {
    expect(cleanEntryName(raw)).toBe(clean);
  });

  it("keeps the extension and whole characters when it shortens a long name", () => {
    const name = `${"é".repeat(200)}.jpeg`;
    const clean = cleanEntryName(name);
    expect(Buffer.byteLength(clean)).toBeLessThanOrEqual(240);
    expect(clean.endsWith("é.jpeg")).toBe(true);
  });

  it("tells apart names that would land on one file, case-insensitively, under a clean folder", () => {
    expect(
      entryPaths(["a.jpg", "A.JPG", "a.jpg", "b", "B", "a (2).jpg"], "Trip / 2024\u202E"),
    ).toEqual([
      "Trip _ 2024_/a.jpg",
      "Trip _ 2024_/A (2).JPG",
      "Trip _ 2024_/a (3).jpg",
      "Trip _ 2024_/b",
      "Trip _ 2024_/B (2)",
      "Trip _ 2024_/a (2) (2).jpg",
    ]);
    expect(entryPaths(["x.txt"], "   ")).toEqual(["x.txt"]);
  });
});

describe("a streamed zip", () => {
  const contents = [
    Buffer.from("hello world\n"),
    Buffer.alloc(0),
    Buffer.from("é".repeat(1000)),
    Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251)),
  ];
  const names = entryPaths(["notes.txt", "empty.txt", "caffè ☕.txt", "bytes.bin"], "Estate");
  const entries = entriesOf(contents, names);

  it("is read by Python's zipfile and by unzip -t, every entry equal to its source", async () => {
    const layout = layoutZip(entries);
    const file = path.join(folder, "small.zip");
    await pipeline(zipStream(layout, openFrom(contents)), fs.createWriteStream(file));
    expect(fs.statSync(file).size).toBe(layout.size);
    expect(await unzipTest(file)).toMatch(/No errors detected/);
    const { entries: seen } = await pythonZipCheck(file);
    expect(seen).toEqual(
      contents.map((content, index) => ({
        name: names[index],
        size: content.length,
        date: [2024, 6, 1, 12, 30, 10],
        // UTF-8 names, flagged as such; stored, not deflated.
        flag_bits: 0x800,
        compress_type: 0,
        sha256: sha256(content),
      })),
    );
  });

  it("gives the same bytes every time, and any range of it is that slice of the whole", async () => {
    const layout = layoutZip(entries);
    const whole = await collect(zipStream(layout, openFrom(contents)));
    const again = await collect(zipStream(layoutZip(entries), openFrom(contents)));
    expect(again.equals(whole)).toBe(true);
    await fc.assert(
      fc.asyncProperty(fc.nat(layout.size - 1), fc.nat(layout.size - 1), async (a, b) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const part = await collect(zipStream(layout, openFrom(contents), { start, end }));
        expect(part.equals(whole.subarray(start, end + 1))).toBe(true);
      }),
      { numRuns: 150, seed: 20261125 },
    );
  });

  it("knows its size as entries are added, as the layout does", () => {
    const sizer = new ZipSizer();
    entries.forEach((entry, index) => {
      expect(sizer.sizeWith(entry)).toBe(layoutZip(entries.slice(0, index + 1)).size);
      sizer.add(entry);
    });
  });

  it("opens at most the next entry ahead, and lets it go when the reader stops", async () => {
    const big = [0, 1, 2, 3, 4].map((index) => Buffer.alloc(200 * 1024, index));
    const open = new Set<Readable>();
    let most = 0;
    const streams: Readable[] = [];
    const archive = zipStream(
      layoutZip(entriesOf(big, ["a", "b", "c", "d", "e"])),
      async (index, start, end) => {
        const stream = Readable.from([(big[index] as Buffer).subarray(start, end + 1)]);
        streams[index] = stream;
        open.add(stream);
        most = Math.max(most, open.size);
        stream.once("close", () => open.delete(stream));
        return stream;
      },
    );
    for await (const _ of archive) break; // the first bytes, then the reader is gone
    await new Promise((resolve) => setImmediate(resolve));
    expect(most).toBeLessThanOrEqual(2);
    expect(open.size).toBe(0);
    expect(streams.length).toBeLessThan(big.length);
  });

  it("fails at an entry opened ahead that could not be opened, in its turn", async () => {
    const layout = layoutZip(entries);
    const open: OpenEntry = async (index, start, end) => {
      if (index === 2) throw new Error("The bytes of file 2 are gone");
      return Readable.from([(contents[index] as Buffer).subarray(start, end + 1)]);
    };
    await expect(collect(zipStream(layout, open))).rejects.toThrow(/file 2 are gone/);
  });

  it("fails, rather than send a wrong archive, when an entry gives fewer bytes than announced", async () => {
    const layout = layoutZip(entries);
    const short: OpenEntry = async () => Readable.from([Buffer.from("hi")]);
    await expect(collect(zipStream(layout, short))).rejects.toThrow(/gave 2 bytes/);
  });
});

describe("ZIP64", () => {
  it("holds more than 65,535 entries", async () => {
    const count = 65_536;
    const contents = Array.from({ length: count }, (_, i) => Buffer.from([i % 256]));
    const names = entryPaths(contents.map((_, i) => `photo-${i}.jpg`));
    const layout = layoutZip(entriesOf(contents, names));
    expect(layout.zip64).toBe(true);
    const file = path.join(folder, "many.zip");
    await pipeline(zipStream(layout, openFrom(contents)), fs.createWriteStream(file));
    // unzip checks every entry's CRC; Python reads the directory and a sample of entries.
    expect(await unzipTest(file)).toMatch(/No errors detected/);
    const { entries: seen } = await pythonZipCheck(file, { sample: true });
    expect(seen).toHaveLength(count);
    expect(seen.at(-1)).toMatchObject({
      name: "photo-65535.jpg",
      size: 1,
      sha256: sha256(contents.at(-1) as Buffer),
    });
  }, 120_000);

  it("holds an entry past 4 GiB and an entry that starts past 4 GiB", async () => {
    // 4 GiB and 10 bytes of zeros, generated as they are read, then a small file after it.
    const big = 4 * 1024 ** 3 + 10;
    const chunk = Buffer.alloc(16 * 1024 * 1024);
    const crc = await crc32OfZeros(big);
    const small = Buffer.from("after the big one\n");
    const entries: ZipEntry[] = [
      { name: "zeros.bin", size: big, crc32: crc, modifiedAt: JUNE_2024 },
      { name: "after.txt", size: small.length, crc32: zlib.crc32(small), modifiedAt: JUNE_2024 },
    ];
    const layout = layoutZip(entries);
    expect(layout.centralOffset).toBeGreaterThan(2 ** 32);
    const open: OpenEntry = async (index, start, end) => {
      if (index === 1) return Readable.from([small.subarray(start, end + 1)]);
      return Readable.from(
        (function* zeros() {
          for (let left = end - start + 1; left > 0; left -= chunk.length) {
            yield chunk.subarray(0, Math.min(left, chunk.length));
          }
        })(),
      );
    };
    // Served with Range, as the archive route does, for Python to read as a seekable file.
    const server = http.createServer((request, response) => {
      const match = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? "");
      const range = match ? { start: Number(match[1]), end: Number(match[2]) } : undefined;
      const length = range ? range.end - range.start + 1 : layout.size;
      response.writeHead(range ? 206 : 200, { "Content-Length": String(length) });
      if (request.method === "HEAD") return response.end();
      zipStream(layout, open, range).pipe(response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { entries: seen, fetched } = await pythonZipCheck(`http://127.0.0.1:${port}/`);
      expect(seen).toEqual([
        expect.objectContaining({
          name: "zeros.bin",
          size: big,
          head: "00".repeat(16),
          tail: "00".repeat(16),
        }),
        expect.objectContaining({ name: "after.txt", size: small.length, sha256: sha256(small) }),
      ]);
      // zipfile found its way with the ZIP64 records, reading a few kilobytes of 4 GiB.
      expect(fetched).toBeLessThan(1024 * 1024);
    } finally {
      server.close();
    }
  }, 120_000);
});
