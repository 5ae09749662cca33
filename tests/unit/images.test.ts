import { Readable } from "node:stream";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ImageDimensionsError,
  ImageTooLargeError,
  InvalidImageError,
  UnsupportedImageTypeError,
} from "#api/images/errors.ts";
import { IMAGE_SQUARE_PX, processImage } from "#api/images/process.ts";
import { peekImage, readImage } from "#api/images/read.ts";
import { SNIFF_BYTES, sniffImageType } from "#api/images/sniff.ts";
import { BLUE, halves, near, pixel, pngClaiming, RED } from "#tests/support/test-images.ts";

/** Random pixels compress badly, so a truncated copy cuts through the image data. */
function noise(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(1)</script><rect width="10" height="10"/></svg>',
);
const HTML = Buffer.from("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>");
const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
const TEXT = Buffer.from("just some words, nothing else\n");

let png: Buffer;
let jpeg: Buffer;
let rotatedJpeg: Buffer;
let webp: Buffer;
let gif: Buffer;
let avif: Buffer;

beforeAll(async () => {
  png = await halves(80, 40).png().toBuffer();
  jpeg = await halves(80, 40).jpeg().toBuffer();
  // Stored landscape with EXIF orientation 6: shown rotated 90° clockwise, red on top.
  rotatedJpeg = await halves(80, 40)
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "someone" } } })
    .toBuffer();
  webp = await halves(80, 40).webp().toBuffer();
  gif = await halves(80, 40).gif().toBuffer();
  avif = await halves(80, 40).avif().toBuffer();
});

describe("sniffImageType", () => {
  it("recognises each accepted raster type from its bytes", async () => {
    expect(await sniffImageType(png)).toBe("image/png");
    expect(await sniffImageType(jpeg)).toBe("image/jpeg");
    expect(await sniffImageType(webp)).toBe("image/webp");
    expect(await sniffImageType(gif)).toBe("image/gif");
    expect(await sniffImageType(avif)).toBe("image/avif");
  });

  it("needs only the first bytes", async () => {
    expect(await sniffImageType(png.subarray(0, 64))).toBe("image/png");
  });

  it("answers null for SVG, HTML named .png, PDF, text and nothing", async () => {
    expect(await sniffImageType(SVG)).toBeNull();
    // The name and declared type are never seen: an HTML page sent as "avatar.png".
    expect(await sniffImageType(HTML)).toBeNull();
    expect(await sniffImageType(PDF)).toBeNull();
    expect(await sniffImageType(TEXT)).toBeNull();
    expect(await sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe("processImage", () => {
  it.each([
    ["PNG", () => png],
    ["JPEG", () => jpeg],
    ["WebP", () => webp],
    ["GIF", () => gif],
    ["AVIF", () => avif],
  ])("turns a %s into a square WebP", async (_name, input) => {
    const result = await processImage(input(), { size: IMAGE_SQUARE_PX });
    expect(result).toMatchObject({ width: 256, height: 256, contentType: "image/webp" });
    expect(await sniffImageType(result.buffer)).toBe("image/webp");
    const metadata = await sharp(result.buffer).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 256, 256]);
  });

  it("crops to cover the square rather than letterboxing", async () => {
    const { buffer } = await processImage(png, { size: 64 });
    // Landscape red|blue cropped at the centre: still red on the left, blue on the right.
    expect(near(await pixel(buffer, 4, 32), RED)).toBe(true);
    expect(near(await pixel(buffer, 59, 32), BLUE)).toBe(true);
  });

  it("turns a photo upright by its EXIF orientation and strips the metadata", async () => {
    const before = await sharp(rotatedJpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();
    const { buffer, sourceType } = await processImage(rotatedJpeg, { size: 64 });
    expect(sourceType).toBe("image/jpeg");
    // Rotated clockwise, the left (red) half is now on top.
    expect(near(await pixel(buffer, 32, 4), RED)).toBe(true);
    expect(near(await pixel(buffer, 32, 59), BLUE)).toBe(true);
    const after = await sharp(buffer).metadata();
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
  });

  it("reads a stream input", async () => {
    const result = await processImage(Readable.from([png.subarray(0, 10), png.subarray(10)]), {
      size: 32,
    });
    expect([result.width, result.height, result.sourceType]).toEqual([32, 32, "image/png"]);
  });

  it.each([
    ["an SVG", SVG],
    ["an HTML page named .png", HTML],
    ["a PDF", PDF],
    ["text", TEXT],
  ])("refuses %s", async (_name, input) => {
    await expect(processImage(input, { size: 64 })).rejects.toThrow(UnsupportedImageTypeError);
  });

  it("refuses a truncated image with a clear error", async () => {
    const whole = await noise(200, 200).png().toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    // The header is intact, so it still sniffs as a PNG; decoding is what fails.
    expect(await sniffImageType(truncated)).toBe("image/png");
    const error = await processImage(truncated, { size: 64 }).catch((caught) => caught);
    expect(error).toBeInstanceOf(InvalidImageError);
    expect(error.message).toBe("The image is truncated or corrupt and cannot be read");
  });

  it("refuses a corrupt image (a JPEG header followed by garbage)", async () => {
    const corrupt = Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(2000, 0x5a)]);
    expect(await sniffImageType(corrupt)).toBe("image/jpeg");
    await expect(processImage(corrupt, { size: 64 })).rejects.toThrow(InvalidImageError);
  });

  it("refuses an image whose dimensions are too large, before decoding it", async () => {
    const bomb = await pngClaiming(60_000, 60_000);
    expect(bomb.length).toBeLessThan(1000);
    const error = await processImage(bomb, { size: 64 }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ImageDimensionsError);
    expect(error).toMatchObject({ width: 60_000, height: 60_000 });
  });

  it("honours a smaller pixel limit", async () => {
    await expect(processImage(png, { size: 64, maxInputPixels: 80 * 40 - 1 })).rejects.toThrow(
      ImageDimensionsError,
    );
    await expect(processImage(png, { size: 64, maxInputPixels: 80 * 40 })).resolves.toBeTruthy();
  });

  it("refuses an input over the byte limit, Buffer or stream", async () => {
    await expect(processImage(png, { size: 64, maxBytes: png.length - 1 })).rejects.toThrow(
      ImageTooLargeError,
    );
    await expect(
      processImage(Readable.from([png]), { size: 64, maxBytes: png.length - 1 }),
    ).rejects.toThrow(ImageTooLargeError);
  });

  it("refuses a size out of range", async () => {
    await expect(processImage(png, { size: 0 })).rejects.toThrow(RangeError);
  });
});

describe("peekImage and readImage", () => {
  const bytes = Buffer.alloc(10_000);
  for (let i = 0; i < bytes.length; i++) bytes[i] = i % 251;
  const chunked = () =>
    Readable.from([0, 1000, 3000, 6000].map((at, i, all) => bytes.subarray(at, all[i + 1])));

  it("keeps the first bytes for sniffing and replays the whole input", async () => {
    const { head, body } = await peekImage(chunked(), { maxBytes: 20_000 });
    expect(head.length).toBe(SNIFF_BYTES);
    expect(head.equals(bytes.subarray(0, SNIFF_BYTES))).toBe(true);
    expect((await readImage(body, 20_000)).equals(bytes)).toBe(true);
  });

  it("sniffs an image without reading it all", async () => {
    const { head } = await peekImage(Readable.from([png]));
    expect(await sniffImageType(head)).toBe("image/png");
  });

  it("gives a short input whole as its head", async () => {
    const { head, body } = await peekImage(Readable.from([bytes.subarray(0, 100)]));
    expect(head.equals(bytes.subarray(0, 100))).toBe(true);
    expect((await readImage(body)).length).toBe(100);
  });

  it("fails the body as soon as it passes the cap", async () => {
    const input = chunked();
    const { body } = await peekImage(input, { maxBytes: 7000 });
    await expect(readImage(body, 20_000)).rejects.toThrow(ImageTooLargeError);
    expect(input.destroyed).toBe(true);
  });

  it("fails at once when the head alone passes the cap", async () => {
    await expect(peekImage(chunked(), { maxBytes: 500 })).rejects.toThrow(ImageTooLargeError);
  });

  it("readImage stops at the cap and destroys the input", async () => {
    const input = chunked();
    await expect(readImage(input, 9_999)).rejects.toThrow(ImageTooLargeError);
    expect(input.destroyed).toBe(true);
    expect((await readImage(chunked(), 10_000)).equals(bytes)).toBe(true);
  });
});
