import { Readable } from "node:stream";

/*
 * A ZIP archive written as a stream, never staged (ADR 025). Every entry is stored
 * (method 0, no deflate) and its size and CRC-32 are known before a byte is read, so the whole
 * layout is known up front: the archive's exact length, where every byte comes from, and so any
 * byte range of it, for `Range` requests that resume a broken download. The same entries give
 * the same bytes, every time.
 *
 * ZIP64 (APPNOTE 6.3.x, section 4.3.9 and 4.5.3) is used exactly where it is needed: an entry of
 * 4 GiB or more gets ZIP64 sizes, an entry that starts past 4 GiB a ZIP64 offset, and an archive
 * with 65,535 entries or more, or a central directory past 4 GiB, the ZIP64 end records.
 */

/** One file in the archive. */
export interface ZipEntry {
  /** The entry's path in the archive, already clean (zip-names.ts): `/`-separated, UTF-8. */
  name: string;
  size: number;
  /** CRC-32 of the content, as an unsigned 32-bit integer. */
  crc32: number;
  /** The entry's date (epoch milliseconds), written as DOS time and as a UTC Unix time. */
  modifiedAt: number;
}

/** Opens bytes `start` to `end` (inclusive) of entry `index`'s content. */
export type OpenEntry = (index: number, start: number, end: number) => Promise<Readable>;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const ZIP64_END_OF_CENTRAL = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;

const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
/** Bit 11: the name is UTF-8. */
const FLAG_UTF8 = 0x0800;
/** Version 2.0 reads a stored entry; 4.5 is needed for ZIP64. */
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;
/** Made by Unix (3), spec version 4.5: so the external attributes hold a Unix mode. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
/** A regular file, rw-r--r--. */
const UNIX_FILE_MODE = 0o100644;
/** The extended timestamp extra field (0x5455) with the modification time only. */
const TIMESTAMP_EXTRA_BYTES = 9;

const LOCAL_FIXED = 30;
const CENTRAL_FIXED = 46;
const END_FIXED = 22;
const ZIP64_END_BYTES = 56;
const ZIP64_LOCATOR_BYTES = 20;
/** What the stream gathers small pieces into before it sends them. */
const COALESCE_BYTES = 64 * 1024;

/** Where each part of the archive lies: a pure function of the entries. */
export interface ZipLayout {
  readonly entries: readonly ZipEntry[];
  /** The archive's exact length in bytes. */
  readonly size: number;
  /** Whether the archive needed its ZIP64 end records. */
  readonly zip64: boolean;
  readonly names: readonly Buffer[];
  /** Offset of each entry's local header. */
  readonly localOffsets: readonly number[];
  readonly centralOffset: number;
  /** Offset of each entry's central directory record. */
  readonly centralRecordOffsets: readonly number[];
  readonly centralSize: number;
}

const needsZip64Size = (entry: ZipEntry) => entry.size >= MAX_32;

function localExtraBytes(entry: ZipEntry) {
  return TIMESTAMP_EXTRA_BYTES + (needsZip64Size(entry) ? 20 : 0);
}

/** The ZIP64 extra field of a central record holds only the values its 32-bit fields cannot. */
function centralZip64Values(entry: ZipEntry, localOffset: number): number[] {
  const values: number[] = [];
  if (needsZip64Size(entry)) values.push(entry.size, entry.size);
  if (localOffset >= MAX_32) values.push(localOffset);
  return values;
}

function centralExtraBytes(entry: ZipEntry, localOffset: number) {
  const zip64 = centralZip64Values(entry, localOffset).length;
  return TIMESTAMP_EXTRA_BYTES + (zip64 > 0 ? 4 + 8 * zip64 : 0);
}

/** Computes where everything goes. Names must be unique and clean (zip-names.ts). */
export function layoutZip(entries: readonly ZipEntry[]): ZipLayout {
  const names = entries.map((entry) => Buffer.from(entry.name, "utf8"));
  const localOffsets: number[] = [];
  let offset = 0;
  entries.forEach((entry, index) => {
    if (!Number.isSafeInteger(entry.size) || entry.size < 0) {
      throw new RangeError(`Entry ${index} has an invalid size ${entry.size}`);
    }
    const name = names[index] as Buffer;
    if (name.length === 0 || name.length > MAX_16) {
      throw new RangeError(`Entry ${index} has a name of ${name.length} bytes`);
    }
    localOffsets.push(offset);
    offset += LOCAL_FIXED + name.length + localExtraBytes(entry) + entry.size;
  });
  const centralOffset = offset;
  const centralRecordOffsets: number[] = [];
  entries.forEach((entry, index) => {
    centralRecordOffsets.push(offset);
    offset +=
      CENTRAL_FIXED +
      (names[index] as Buffer).length +
      centralExtraBytes(entry, localOffsets[index] as number);
  });
  const centralSize = offset - centralOffset;
  const zip64 = needsZip64End(entries.length, centralOffset, centralSize);
  const size = endSize(entries.length, centralOffset, centralSize);
  return {
    entries,
    size,
    zip64,
    names,
    localOffsets,
    centralOffset,
    centralRecordOffsets,
    centralSize,
  };
}

/**
 * The size an archive grows to as entries are added, without laying it out again each time:
 * what splitting a collection into parts needs. `sizeWith(entry)` is the size if `entry` came
 * next; `add(entry)` adds it. Agrees with layoutZip(entries).size.
 */
export class ZipSizer {
  #count = 0;
  #localBytes = 0;
  #centralBytes = 0;

  sizeWith(entry: ZipEntry): number {
    const name = Buffer.byteLength(entry.name, "utf8");
    const local = LOCAL_FIXED + name + localExtraBytes(entry) + entry.size;
    const central = CENTRAL_FIXED + name + centralExtraBytes(entry, this.#localBytes);
    return endSize(this.#count + 1, this.#localBytes + local, this.#centralBytes + central);
  }

  add(entry: ZipEntry): void {
    const name = Buffer.byteLength(entry.name, "utf8");
    this.#centralBytes += CENTRAL_FIXED + name + centralExtraBytes(entry, this.#localBytes);
    this.#localBytes += LOCAL_FIXED + name + localExtraBytes(entry) + entry.size;
    this.#count += 1;
  }
}

function needsZip64End(count: number, centralOffset: number, centralSize: number) {
  return count >= MAX_16 || centralOffset >= MAX_32 || centralSize >= MAX_32;
}

/** The archive's size from its entry count, where its central directory starts and its size. */
function endSize(count: number, centralOffset: number, centralSize: number) {
  const zip64 = needsZip64End(count, centralOffset, centralSize);
  return (
    centralOffset + centralSize + (zip64 ? ZIP64_END_BYTES + ZIP64_LOCATOR_BYTES : 0) + END_FIXED
  );
}

/** MS-DOS date and time (2-second resolution), from the UTC clock; clamped to 1980-2107. */
function dosDateTime(epochMs: number) {
  const date = new Date(Math.min(Math.max(epochMs, Date.UTC(1980, 0, 1)), Date.UTC(2107, 11, 31)));
  const time =
    (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1);
  const day =
    ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, day };
}

/** The extended timestamp: Unix seconds, clamped to what its unsigned 32 bits hold. */
function writeTimestampExtra(buffer: Buffer, at: number, epochMs: number) {
  buffer.writeUInt16LE(0x5455, at);
  buffer.writeUInt16LE(5, at + 2);
  buffer.writeUInt8(1, at + 4); // the modification time is present
  const seconds = Math.min(Math.max(Math.floor(epochMs / 1000), 0), MAX_32);
  buffer.writeUInt32LE(seconds, at + 5);
  return at + TIMESTAMP_EXTRA_BYTES;
}

function writeUInt64(buffer: Buffer, value: number, at: number) {
  buffer.writeBigUInt64LE(BigInt(value), at);
  return at + 8;
}

function localHeader(layout: ZipLayout, index: number): Buffer {
  const entry = layout.entries[index] as ZipEntry;
  const name = layout.names[index] as Buffer;
  const zip64 = needsZip64Size(entry);
  const extra = localExtraBytes(entry);
  const buffer = Buffer.alloc(LOCAL_FIXED + name.length + extra);
  const { time, day } = dosDateTime(entry.modifiedAt);
  buffer.writeUInt32LE(LOCAL_HEADER, 0);
  buffer.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_DEFAULT, 4);
  buffer.writeUInt16LE(FLAG_UTF8, 6);
  buffer.writeUInt16LE(0, 8); // stored
  buffer.writeUInt16LE(time, 10);
  buffer.writeUInt16LE(day, 12);
  buffer.writeUInt32LE(entry.crc32 >>> 0, 14);
  buffer.writeUInt32LE(zip64 ? MAX_32 : entry.size, 18);
  buffer.writeUInt32LE(zip64 ? MAX_32 : entry.size, 22);
  buffer.writeUInt16LE(name.length, 26);
  buffer.writeUInt16LE(extra, 28);
  name.copy(buffer, LOCAL_FIXED);
  let at = writeTimestampExtra(buffer, LOCAL_FIXED + name.length, entry.modifiedAt);
  if (zip64) {
    buffer.writeUInt16LE(0x0001, at);
    buffer.writeUInt16LE(16, at + 2);
    at = writeUInt64(buffer, entry.size, at + 4);
    writeUInt64(buffer, entry.size, at);
  }
  return buffer;
}

function centralRecord(layout: ZipLayout, index: number): Buffer {
  const entry = layout.entries[index] as ZipEntry;
  const name = layout.names[index] as Buffer;
  const localOffset = layout.localOffsets[index] as number;
  const zip64Values = centralZip64Values(entry, localOffset);
  const sizeIn64 = needsZip64Size(entry);
  const extra = centralExtraBytes(entry, localOffset);
  const buffer = Buffer.alloc(CENTRAL_FIXED + name.length + extra);
  const { time, day } = dosDateTime(entry.modifiedAt);
  buffer.writeUInt32LE(CENTRAL_HEADER, 0);
  buffer.writeUInt16LE(MADE_BY, 4);
  buffer.writeUInt16LE(zip64Values.length > 0 ? VERSION_ZIP64 : VERSION_DEFAULT, 6);
  buffer.writeUInt16LE(FLAG_UTF8, 8);
  buffer.writeUInt16LE(0, 10); // stored
  buffer.writeUInt16LE(time, 12);
  buffer.writeUInt16LE(day, 14);
  buffer.writeUInt32LE(entry.crc32 >>> 0, 16);
  buffer.writeUInt32LE(sizeIn64 ? MAX_32 : entry.size, 20);
  buffer.writeUInt32LE(sizeIn64 ? MAX_32 : entry.size, 24);
  buffer.writeUInt16LE(name.length, 28);
  buffer.writeUInt16LE(extra, 30);
  // Comment length, disk number start and internal attributes stay 0.
  buffer.writeUInt32LE((UNIX_FILE_MODE << 16) >>> 0, 38);
  buffer.writeUInt32LE(Math.min(localOffset, MAX_32), 42);
  name.copy(buffer, CENTRAL_FIXED);
  let at = writeTimestampExtra(buffer, CENTRAL_FIXED + name.length, entry.modifiedAt);
  if (zip64Values.length > 0) {
    buffer.writeUInt16LE(0x0001, at);
    buffer.writeUInt16LE(8 * zip64Values.length, at + 2);
    at += 4;
    for (const value of zip64Values) at = writeUInt64(buffer, value, at);
  }
  return buffer;
}

function endRecords(layout: ZipLayout): Buffer {
  const { entries, centralOffset, centralSize, zip64 } = layout;
  const buffer = Buffer.alloc((zip64 ? ZIP64_END_BYTES + ZIP64_LOCATOR_BYTES : 0) + END_FIXED);
  let at = 0;
  if (zip64) {
    const zip64EndOffset = centralOffset + centralSize;
    buffer.writeUInt32LE(ZIP64_END_OF_CENTRAL, 0);
    writeUInt64(buffer, ZIP64_END_BYTES - 12, 4); // the size of the rest of this record
    buffer.writeUInt16LE(MADE_BY, 12);
    buffer.writeUInt16LE(VERSION_ZIP64, 14);
    // This disk and the central directory's disk stay 0.
    writeUInt64(buffer, entries.length, 24);
    writeUInt64(buffer, entries.length, 32);
    writeUInt64(buffer, centralSize, 40);
    writeUInt64(buffer, centralOffset, 48);
    buffer.writeUInt32LE(ZIP64_LOCATOR, 56);
    writeUInt64(buffer, zip64EndOffset, 64);
    buffer.writeUInt32LE(1, 72); // one disk in all
    at = ZIP64_END_BYTES + ZIP64_LOCATOR_BYTES;
  }
  const count = Math.min(entries.length, MAX_16);
  buffer.writeUInt32LE(END_OF_CENTRAL, at);
  buffer.writeUInt16LE(count, at + 8);
  buffer.writeUInt16LE(count, at + 10);
  buffer.writeUInt32LE(Math.min(centralSize, MAX_32), at + 12);
  buffer.writeUInt32LE(Math.min(centralOffset, MAX_32), at + 16);
  return buffer;
}

/** An entry's stream opened before its turn, and which entry it is. */
interface Ahead {
  index: number;
  stream: Promise<Readable>;
}

/**
 * The pieces of the archive in order, each `[start, end)`: for every entry its local header and
 * its content, then every central record, then the end records. Found by binary search, so a
 * range starting anywhere costs a few comparisons, not a walk of every entry.
 */
type Piece =
  | { kind: "bytes"; start: number; bytes: () => Buffer }
  | { kind: "content"; start: number; index: number; size: number };

function pieceAt(layout: ZipLayout, offset: number): Piece {
  const { entries, localOffsets, centralOffset, centralRecordOffsets } = layout;
  const count = entries.length;
  if (offset < centralOffset) {
    const index = lastAtOrBefore(localOffsets, offset);
    const headerStart = localOffsets[index] as number;
    const header = localHeader(layout, index);
    const contentStart = headerStart + header.length;
    if (offset < contentStart) {
      return { kind: "bytes", start: headerStart, bytes: () => header };
    }
    const entry = entries[index] as ZipEntry;
    return { kind: "content", start: contentStart, index, size: entry.size };
  }
  const endStart = centralOffset + layout.centralSize;
  if (offset < endStart && count > 0) {
    const index = lastAtOrBefore(centralRecordOffsets, offset);
    return {
      kind: "bytes",
      start: centralRecordOffsets[index] as number,
      bytes: () => centralRecord(layout, index),
    };
  }
  return { kind: "bytes", start: endStart, bytes: () => endRecords(layout) };
}

function lastAtOrBefore(sorted: readonly number[], value: number) {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((sorted[middle] as number) <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Streams bytes `start` to `end` (inclusive) of the archive, the whole of it by default. Content
 * comes from `open`, a piece at a time, with the stream's back-pressure. While one entry streams
 * the next one the range reaches is already opened (a bucket's answer takes a round trip), so at
 * most two entries' streams are open, the second not yet read; nothing is held but the chunk in
 * flight and one header.
 */
export function zipStream(
  layout: ZipLayout,
  open: OpenEntry,
  range: { start: number; end: number } = { start: 0, end: layout.size - 1 },
): Readable {
  if (range.start < 0 || range.end >= layout.size || range.end < range.start - 1) {
    throw new RangeError(`Range ${range.start}-${range.end} is outside the archive`);
  }
  const stop = range.end + 1;
  /** Entry `index`'s content from its first byte to where the range stops, opened now. */
  function openAhead(index: number): Ahead | null {
    if (index >= layout.entries.length) return null;
    const contentStart = (layout.localOffsets[index] as number) + localHeader(layout, index).length;
    const to = Math.min((layout.entries[index] as ZipEntry).size, stop - contentStart);
    if (to <= 0) return null;
    const stream = open(index, 0, to - 1);
    // Handled now, so a failure cannot end the process before its turn (ADR 018); awaiting it
    // then still throws, in order.
    stream.catch(() => {});
    return { index, stream };
  }
  async function* pieces() {
    let offset = range.start;
    let ahead: Ahead | null = null;
    try {
      while (offset < stop) {
        const piece = pieceAt(layout, offset);
        if (piece.kind === "bytes") {
          const buffer = piece.bytes();
          const from = offset - piece.start;
          const to = Math.min(buffer.length, stop - piece.start);
          yield buffer.subarray(from, to);
          offset = piece.start + to;
          continue;
        }
        const from = offset - piece.start;
        const to = Math.min(piece.size, stop - piece.start);
        if (to > from) {
          const opened =
            ahead?.index === piece.index && from === 0
              ? ahead.stream
              : open(piece.index, from, to - 1);
          ahead = openAhead(piece.index + 1);
          let received = 0;
          for await (const chunk of await opened) {
            received += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
          if (received !== to - from) {
            throw new Error(
              `Entry ${piece.index} gave ${received} bytes where ${to - from} were expected`,
            );
          }
        }
        offset = piece.start + to;
      }
    } finally {
      // Stopped early (a range's end, a client gone): the entry opened ahead is let go.
      ahead?.stream.then(
        (stream) => stream.destroy(),
        () => {},
      );
    }
  }
  /**
   * Small pieces (headers, records, small files) are sent together, COALESCE_BYTES at a time:
   * one write per header of a thousand small files would cost more than their bytes.
   */
  async function* coalesced() {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const chunk of pieces()) {
      if (chunk.length >= COALESCE_BYTES && pendingBytes === 0) {
        yield chunk;
        continue;
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= COALESCE_BYTES) {
        yield Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
      }
    }
    if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
  }
  return Readable.from(coalesced(), { objectMode: false });
}
