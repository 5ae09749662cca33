import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  decodeText,
  FILE_CONTENT_TYPES,
  isActiveMarkup,
  SNIFF_BYTES,
  sniffContent,
} from "#api/files/sniff.ts";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const text = (value: string) => Buffer.from(value, "utf8");

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

let png: Buffer;
let jpeg: Buffer;
let gif: Buffer;
let webp: Buffer;
let avif: Buffer;

beforeAll(async () => {
  const image = () => sharp({ create: { width: 8, height: 8, channels: 3, background: "red" } });
  png = await image().png().toBuffer();
  jpeg = await image().jpeg().toBuffer();
  gif = await image().gif().toBuffer();
  webp = await image().webp().toBuffer();
  avif = await image().avif().toBuffer();
});

describe("sniffContent: accepted types", () => {
  it("recognises images by their bytes and agrees with the declared type", async () => {
    for (const [bytes, type, name] of [
      [png, "image/png", "a.png"],
      [jpeg, "image/jpeg", "a.jpg"],
      [gif, "image/gif", "a.gif"],
      [webp, "image/webp", "a.webp"],
      [avif, "image/avif", "a.avif"],
    ] as const) {
      expect(await sniffContent({ head: bytes, declaredType: type, fileName: name })).toEqual({
        ok: true,
        contentType: type,
      });
    }
  });

  it("looks at no more than the first SNIFF_BYTES", async () => {
    const long = Buffer.concat([png, Buffer.alloc(SNIFF_BYTES * 3, 0xff)]);
    expect(
      await sniffContent({ head: long, declaredType: "image/png", fileName: "a.png" }),
    ).toEqual({ ok: true, contentType: "image/png" });
  });

  it("accepts aliases and parameters in the declared type", async () => {
    expect(
      await sniffContent({ head: jpeg, declaredType: "IMAGE/JPG; q=1", fileName: "a.jpeg" }),
    ).toEqual({ ok: true, contentType: "image/jpeg" });
  });

  it("takes the sniffed type when the declared one says nothing", async () => {
    for (const declaredType of ["", null, undefined, "application/octet-stream"]) {
      expect(await sniffContent({ head: png, declaredType, fileName: "a" })).toEqual({
        ok: true,
        contentType: "image/png",
      });
    }
  });

  it("recognises PDF, MP4, QuickTime, HEIC and HEIF", async () => {
    const pdf = text("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n");
    expect(
      await sniffContent({ head: pdf, declaredType: "application/pdf", fileName: "a.pdf" }),
    ).toEqual({ ok: true, contentType: "application/pdf" });
    expect(
      await sniffContent({ head: isoMedia("isom"), declaredType: "video/mp4", fileName: "a.mp4" }),
    ).toEqual({ ok: true, contentType: "video/mp4" });
    expect(
      await sniffContent({
        head: isoMedia("qt  "),
        declaredType: "video/quicktime",
        fileName: "a.mov",
      }),
    ).toEqual({ ok: true, contentType: "video/quicktime" });
    expect(
      await sniffContent({
        head: isoMedia("heic"),
        declaredType: "image/heic",
        fileName: "a.heic",
      }),
    ).toEqual({ ok: true, contentType: "image/heic" });
    // A phone's HEIC branded mif1 reads as HEIF: the same container, so it is no mismatch.
    expect(
      await sniffContent({
        head: isoMedia("mif1"),
        declaredType: "image/heic",
        fileName: "a.heic",
      }),
    ).toEqual({ ok: true, contentType: "image/heif" });
  });

  it("keeps the Office type of a zip declared as a Word or Excel file", async () => {
    const zip = zipStart("[Content_Types].xml");
    expect(await sniffContent({ head: zip, declaredType: DOCX, fileName: "a.docx" })).toEqual({
      ok: true,
      contentType: DOCX,
    });
    expect(await sniffContent({ head: zip, declaredType: XLSX, fileName: "a.xlsx" })).toEqual({
      ok: true,
      contentType: XLSX,
    });
    expect(
      await sniffContent({ head: zip, declaredType: "application/zip", fileName: "a.zip" }),
    ).toEqual({ ok: true, contentType: "application/zip" });
  });

  it("stores any text as text/plain", async () => {
    for (const [declaredType, fileName] of [
      ["text/plain", "notes.txt"],
      ["text/csv", "table.csv"],
      ["text/markdown", "readme.md"],
      ["application/json", "data.json"],
      ["", "notes"],
    ] as const) {
      expect(
        await sniffContent({ head: text("Hello, world!\nSecond line\n"), declaredType, fileName }),
      ).toEqual({ ok: true, contentType: "text/plain" });
    }
  });

  it("accepts an empty file as text", async () => {
    expect(
      await sniffContent({ head: new Uint8Array(0), declaredType: "text/plain", fileName: "a" }),
    ).toEqual({ ok: true, contentType: "text/plain" });
  });

  it("accepts UTF-8 with a BOM, UTF-16 with a BOM, and a character cut by the head's end", async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text("Grüße")]);
    expect(
      await sniffContent({ head: bom, declaredType: "text/plain", fileName: "a.txt" }),
    ).toEqual({ ok: true, contentType: "text/plain" });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Grüße", "utf16le")]);
    expect(
      await sniffContent({ head: utf16, declaredType: "text/plain", fileName: "a.txt" }),
    ).toEqual({ ok: true, contentType: "text/plain" });
    const cut = text("abc€").subarray(0, 5);
    expect(decodeText(cut)).toBe("abc");
  });

  it("accepts XML that is neither HTML nor SVG as text", async () => {
    const gpx = text('<?xml version="1.0"?>\n<!-- a track -->\n<gpx version="1.1"><trk/></gpx>');
    expect(
      await sniffContent({ head: gpx, declaredType: "application/xml", fileName: "a.gpx" }),
    ).toEqual({ ok: true, contentType: "text/plain" });
  });

  it("lists each accepted type once", () => {
    expect(new Set(FILE_CONTENT_TYPES).size).toBe(FILE_CONTENT_TYPES.length);
  });
});

describe("sniffContent: forbidden types", () => {
  const forbidden = { ok: false, reason: "forbiddenType" };

  it("refuses a .jpg whose bytes are HTML", async () => {
    const html = text("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>");
    expect(
      await sniffContent({ head: html, declaredType: "image/jpeg", fileName: "a.jpg" }),
    ).toEqual(forbidden);
  });

  it("refuses HTML after white space and a BOM, in any case", async () => {
    for (const page of [
      "  \n\t<!doctype HTML>",
      "\uFEFF<html lang=en>",
      "\r\n <SCRIPT>alert(1)</SCRIPT>",
      "<!-- hi --> <body onload=alert(1)>",
      "<iframe src=x>",
      "<h1>Hello</h1>",
    ]) {
      expect(
        await sniffContent({ head: text(page), declaredType: "text/plain", fileName: "a.txt" }),
        page,
      ).toEqual(forbidden);
    }
  });

  it("refuses an SVG carrying a script, with or without an XML declaration", async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(
      await sniffContent({ head: text(svg), declaredType: "image/png", fileName: "a.png" }),
    ).toEqual(forbidden);
    const bare = "<svg onload=alert(1)></svg>";
    expect(await sniffContent({ head: text(bare), declaredType: "", fileName: "picture" })).toEqual(
      forbidden,
    );
    const doctype =
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg:svg xmlns:svg="x"/>';
    expect(await sniffContent({ head: text(doctype), declaredType: "", fileName: "a" })).toEqual(
      forbidden,
    );
  });

  it("refuses XHTML and XML that names the XHTML or SVG namespace", async () => {
    const xhtml = '<?xml version="1.0"?><page xmlns:h="http://www.w3.org/1999/xhtml"><h:script/>';
    expect(await sniffContent({ head: text(xhtml), declaredType: "", fileName: "a.xml" })).toEqual(
      forbidden,
    );
  });

  it("refuses forbidden declared types and extensions whatever the bytes", async () => {
    const plain = text("just words");
    for (const [declaredType, fileName] of [
      ["text/html", "a.txt"],
      ["image/svg+xml", "a.txt"],
      ["application/xhtml+xml", "a.txt"],
      ["text/javascript", "a.txt"],
      ["application/javascript; charset=utf-8", "a.txt"],
      ["text/plain", "page.HTML"],
      ["text/plain", "logo.svg"],
      ["text/plain", "app.js"],
      ["text/plain", "dir/app.mjs"],
    ] as const) {
      expect(await sniffContent({ head: plain, declaredType, fileName }), fileName).toEqual(
        forbidden,
      );
    }
  });

  it("refuses markup whose first element lies past the head", async () => {
    const comment = `<!-- ${"x".repeat(SNIFF_BYTES)} --><html>`;
    expect(await sniffContent({ head: text(comment), declaredType: "", fileName: "a" })).toEqual(
      forbidden,
    );
  });

  it("tells text that merely starts with < from markup", () => {
    expect(isActiveMarkup("<3 you")).toBe(false);
    expect(isActiveMarkup("<< quoted >>")).toBe(false);
    expect(isActiveMarkup("Dear <b>you</b>")).toBe(false);
    expect(isActiveMarkup("<note><to>you</to></note>")).toBe(false);
    expect(isActiveMarkup("<B>bold</B>")).toBe(true);
    // Prose that mentions a namespace is not markup.
    expect(isActiveMarkup("SVG lives at http://www.w3.org/2000/svg")).toBe(false);
  });
});

describe("sniffContent: mismatches and unknown types", () => {
  it("refuses a PNG declared as a JPEG", async () => {
    expect(
      await sniffContent({ head: png, declaredType: "image/jpeg", fileName: "a.jpg" }),
    ).toEqual({ ok: false, reason: "typeMismatch" });
  });

  it("refuses a binary declared as text, and text declared as a binary", async () => {
    expect(
      await sniffContent({ head: png, declaredType: "text/plain", fileName: "a.txt" }),
    ).toEqual({ ok: false, reason: "typeMismatch" });
    expect(
      await sniffContent({
        head: text("hello"),
        declaredType: "application/pdf",
        fileName: "a.pdf",
      }),
    ).toEqual({ ok: false, reason: "typeMismatch" });
    expect(
      await sniffContent({ head: isoMedia("isom"), declaredType: "image/heic", fileName: "a" }),
    ).toEqual({ ok: false, reason: "typeMismatch" });
  });

  it("refuses a type it knows but does not keep, and bytes it cannot place", async () => {
    const gzip = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03, 1, 2, 3]);
    expect(await sniffContent({ head: gzip, declaredType: "", fileName: "a.gz" })).toEqual({
      ok: false,
      reason: "unknownType",
    });
    const noise = Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0x00, 0x10, 0x7f]);
    expect(await sniffContent({ head: noise, declaredType: "", fileName: "a.bin" })).toEqual({
      ok: false,
      reason: "unknownType",
    });
  });
});
