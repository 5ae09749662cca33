import { Readable } from "node:stream";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  makeDerivatives,
  PREVIEW_MAX_PX,
  THUMBNAIL_LARGE_PX,
  THUMBNAIL_PX,
} from "#api/files/derivatives.ts";
import {
  ImageDimensionsError,
  ImageTooLargeError,
  InvalidImageError,
  UnsupportedImageTypeError,
} from "#api/images/errors.ts";
import { BLUE, halves, near, pixel, pngClaiming, RED } from "#tests/support/test-images.ts";

/** Bytes as a stream of small chunks, as they come from storage. */
function streamOf(bytes: Buffer) {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 1000) parts.push(bytes.subarray(at, at + 1000));
  return Readable.from(parts);
}

let landscape: Buffer;
let rotated: Buffer;

beforeAll(async () => {
  landscape = await halves(3200, 1800).jpeg().toBuffer();
  // Stored landscape with EXIF orientation 6: shown rotated 90° clockwise, red on top.
  rotated = await halves(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
});

describe("makeDerivatives", () => {
  it("makes square WebP thumbnails of two sizes and a preview that fits inside 1600 px, from a stream", async () => {
    const result = await makeDerivatives(streamOf(landscape));
    expect(result).toMatchObject({ width: 3200, height: 1800 });
    expect(result.thumbnail).toMatchObject({
      contentType: "image/webp",
      width: THUMBNAIL_PX,
      height: THUMBNAIL_PX,
    });
    expect(result.preview).toMatchObject({
      contentType: "image/webp",
      width: PREVIEW_MAX_PX,
      height: 900,
    });
    expect(result.thumbnailLarge).toMatchObject({
      contentType: "image/webp",
      width: THUMBNAIL_LARGE_PX,
      height: THUMBNAIL_LARGE_PX,
    });
    for (const output of [result.thumbnail, result.thumbnailLarge, result.preview]) {
      const metadata = await sharp(output.buffer).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([
        "webp",
        output.width,
        output.height,
      ]);
      expect(metadata.exif).toBeUndefined();
    }
    // Cropped to cover, not letterboxed: red on the left, blue on the right.
    expect(near(await pixel(result.thumbnail.buffer, 3, 35), RED)).toBe(true);
    expect(near(await pixel(result.thumbnail.buffer, 66, 35), BLUE)).toBe(true);
  });

  it("never enlarges a small image's preview", async () => {
    const small = await halves(300, 120).png().toBuffer();
    const result = await makeDerivatives(small);
    expect(result.preview).toMatchObject({ width: 300, height: 120 });
    // The larger thumbnail is never enlarged past the image's shorter side.
    expect(result.thumbnailLarge).toMatchObject({ width: 120, height: 120 });
    expect(result.thumbnail).toMatchObject({ width: THUMBNAIL_PX, height: THUMBNAIL_PX });
  });

  it("turns a photo upright by its EXIF orientation", async () => {
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    const result = await makeDerivatives(streamOf(rotated));
    expect(result).toMatchObject({ width: 200, height: 400 });
    expect(result.preview).toMatchObject({ width: 200, height: 400 });
    const after = await sharp(result.preview.buffer).metadata();
    expect(after.orientation).toBeUndefined();
    // Red was the left half; turned 90° clockwise it is the top half.
    expect(near(await pixel(result.preview.buffer, 100, 20), RED)).toBe(true);
    expect(near(await pixel(result.preview.buffer, 100, 380), BLUE)).toBe(true);
    expect(near(await pixel(result.thumbnail.buffer, 35, 3), RED)).toBe(true);
    expect(near(await pixel(result.thumbnail.buffer, 35, 66), BLUE)).toBe(true);
  });

  it("refuses a decompression bomb before decoding it", async () => {
    const bomb = await pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    const error = await makeDerivatives(bomb).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageDimensionsError);
    expect(error).toMatchObject({ width: 20_000, height: 20_000 });
    await expect(makeDerivatives(landscape, { maxInputPixels: 1_000_000 })).rejects.toBeInstanceOf(
      ImageDimensionsError,
    );
  });

  it("stops reading a stream past its byte cap", async () => {
    await expect(makeDerivatives(streamOf(landscape), { maxBytes: 1000 })).rejects.toBeInstanceOf(
      ImageTooLargeError,
    );
  });

  it("refuses an SVG and fails on what is not an image or is cut short", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(makeDerivatives(svg)).rejects.toBeInstanceOf(UnsupportedImageTypeError);
    await expect(makeDerivatives(Buffer.from("hello"))).rejects.toBeInstanceOf(InvalidImageError);
    const noise = Buffer.alloc(400 * 400 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(noise, { raw: { width: 400, height: 400, channels: 3 } })
      .jpeg()
      .toBuffer();
    await expect(makeDerivatives(jpeg.subarray(0, jpeg.length / 2))).rejects.toBeInstanceOf(
      InvalidImageError,
    );
  });
});
