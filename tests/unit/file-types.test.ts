import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { sniffContent } from "#api/files/sniff.ts";
import {
  checkBeforeSending,
  FILE_MAX_BYTES,
  mayBeAccepted,
  refusalByDeclaration,
  SNIFF_BYTES,
} from "#domain/file-types.ts";

// The checks a file gets before it is sent (ADR 076): never stricter than the API's full sniff,
// and enough to turn away what it would refuse after the last byte.

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** The first bytes of an ISO media file (MP4, MOV, HEIC, AVIF) of the given major brand. */
function isoMedia(brand: string) {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write("ftyp", 4, "latin1");
  box.write(brand, 8, "latin1");
  box.write(brand, 16, "latin1");
  box.write("mp41", 20, "latin1");
  return Buffer.concat([box, Buffer.alloc(64)]);
}

/** A zip local file header for one stored entry, as the start of an archive. */
function zipStart(entryName: string) {
  const name = Buffer.from(entryName, "latin1");
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, Buffer.from("<x/>")]);
}

/** An old QuickTime movie that opens with its `moov` atom. */
function quickTimeMoov() {
  const atom = Buffer.alloc(32);
  atom.writeUInt32BE(32, 0);
  atom.write("moov", 4, "latin1");
  return atom;
}

const WEBM = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]);
const WEBM_HEAD = Buffer.concat([WEBM, Buffer.from("webm"), Buffer.alloc(64)]);

const heads: { name: string; type: string; head: Buffer }[] = [];

beforeAll(async () => {
  const image = () => sharp({ create: { width: 8, height: 8, channels: 3, background: "red" } });
  heads.push(
    { name: "a.png", type: "image/png", head: await image().png().toBuffer() },
    { name: "a.jpg", type: "image/jpeg", head: await image().jpeg().toBuffer() },
    { name: "a.gif", type: "image/gif", head: await image().gif().toBuffer() },
    { name: "a.webp", type: "image/webp", head: await image().webp().toBuffer() },
    { name: "a.avif", type: "image/avif", head: await image().avif().toBuffer() },
    { name: "a.heic", type: "image/heic", head: isoMedia("heic") },
    { name: "a.mp4", type: "video/mp4", head: isoMedia("isom") },
    { name: "a.mov", type: "video/quicktime", head: isoMedia("qt  ") },
    { name: "old.mov", type: "video/quicktime", head: quickTimeMoov() },
    { name: "a.webm", type: "video/webm", head: WEBM_HEAD },
    { name: "a.pdf", type: "application/pdf", head: Buffer.from("%PDF-1.7\n%\xe2\xe3\n1 0 obj") },
    { name: "a.zip", type: "application/zip", head: zipStart("notes.txt") },
    { name: "a.docx", type: DOCX, head: zipStart("[Content_Types].xml") },
    { name: "notes.txt", type: "text/plain", head: Buffer.from("Dear diary,\nit rained.\n") },
    { name: "data.csv", type: "text/csv", head: Buffer.from("a;b\n1;2\n") },
    { name: "utf16.txt", type: "", head: Buffer.from("\ufeffciao", "utf16le") },
    { name: "emoji.txt", type: "", head: Buffer.from("Cara Olga 😀 ".repeat(400)) },
  );
});

describe("mayBeAccepted: the look at the first bytes", () => {
  it("lets through every head the API's sniff accepts", async () => {
    for (const { name, type, head } of heads) {
      const sniffed = await sniffContent({ head, declaredType: type, fileName: name });
      expect(sniffed.ok, name).toBe(true);
      expect(mayBeAccepted(head), name).toBe(true);
      expect(checkBeforeSending({ name, type, size: head.length, head }), name).toBeNull();
    }
  });

  it("turns away bytes that are no accepted type and not text", async () => {
    const refused = [
      Buffer.concat([Buffer.from([0, 1, 2, 3]), randomBytes(SNIFF_BYTES)]),
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), // a Windows program
      Buffer.from("\x7fELF\x02\x01\x01\x00", "latin1"),
      Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00", "latin1"), // MP3
      Buffer.from("RIFF\x24\x00\x00\x00WAVEfmt ", "latin1"),
      Buffer.alloc(100),
    ];
    for (const head of refused) {
      expect(mayBeAccepted(head)).toBe(false);
      // The API would refuse them too, after the last byte.
      const sniffed = await sniffContent({ head, declaredType: "", fileName: "clip.bin" });
      expect(sniffed.ok).toBe(false);
    }
  });

  it("reads only the first SNIFF_BYTES: text that turns binary later is text here", () => {
    const head = Buffer.concat([Buffer.from("a".repeat(SNIFF_BYTES)), Buffer.alloc(10)]);
    expect(mayBeAccepted(head)).toBe(true);
    expect(mayBeAccepted(head.subarray(SNIFF_BYTES - 5))).toBe(false);
  });
});

describe("refusalByDeclaration: the type and the name, before any byte", () => {
  it("refuses script-capable types and extensions as forbiddenType", () => {
    expect(refusalByDeclaration("text/html", "a.txt")).toBe("forbiddenType");
    expect(refusalByDeclaration("IMAGE/SVG+XML; charset=utf-8", "a.png")).toBe("forbiddenType");
    expect(refusalByDeclaration("", "page.HTML")).toBe("forbiddenType");
    expect(refusalByDeclaration("text/plain", "app.js")).toBe("forbiddenType");
  });

  it("refuses a declared type no accepted file comes with as unknownType", () => {
    for (const type of [
      "application/x-msdownload",
      "audio/mpeg",
      "video/x-matroska",
      "image/tiff",
    ]) {
      expect(refusalByDeclaration(type, "file"), type).toBe("unknownType");
    }
  });

  it("takes accepted types, their other names, text and unspecific types", () => {
    for (const type of [
      "image/jpeg",
      "image/jpg",
      "image/x-png",
      "application/x-zip-compressed",
      DOCX,
      "video/quicktime",
      "text/markdown",
      "application/json",
      "application/octet-stream",
      "",
    ]) {
      expect(refusalByDeclaration(type, "file.bin"), type).toBeNull();
    }
  });
});

describe("checkBeforeSending", () => {
  const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

  it("says why a file is refused: its type, its size, or that it is empty", () => {
    const random = randomBytes(64);
    random[0] = 0;
    expect(checkBeforeSending({ name: "clip.bin", type: "", size: 64, head: random })).toBe("type");
    expect(
      checkBeforeSending({
        name: "a.exe",
        type: "application/x-msdownload",
        size: 9,
        head: jpegHead,
      }),
    ).toBe("type");
    expect(
      checkBeforeSending({
        name: "huge.jpg",
        type: "image/jpeg",
        size: FILE_MAX_BYTES + 1,
        head: jpegHead,
      }),
    ).toBe("tooLarge");
    expect(
      checkBeforeSending({ name: "empty.txt", type: "text/plain", size: 0, head: Buffer.alloc(0) }),
    ).toBe("empty");
    expect(
      checkBeforeSending({
        name: "a.jpg",
        type: "image/jpeg",
        size: FILE_MAX_BYTES,
        head: jpegHead,
      }),
    ).toBeNull();
  });
});
