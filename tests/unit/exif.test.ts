import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  EXIF_HEAD_BYTES,
  parseExifDate,
  readCaptureDate,
  readPhotoFacts,
} from "#api/files/exif.ts";

function image(width = 16, height = 8) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 10, b: 10 } } });
}

/** A JPEG carrying the given Exif IFD tags (sharp calls that directory IFD2). */
function jpegWithExif(exif: Record<string, string>) {
  return image()
    .jpeg()
    .withExif({ IFD0: { Make: "Raccolta", Model: "Test" }, IFD2: exif })
    .toBuffer();
}

describe("readPhotoFacts", () => {
  it("reads the date taken and the camera's make and model from one head", async () => {
    const jpeg = await jpegWithExif({ DateTimeOriginal: "2021:06:15 10:20:30" });
    expect(await readPhotoFacts(jpeg)).toEqual({
      takenAt: Date.UTC(2021, 5, 15, 10, 20, 30),
      camera: { make: "Raccolta", model: "Test" },
    });
  });

  it("trims NUL padding and blanks, and says nothing of a camera it does not name", async () => {
    const padded = await image()
      .jpeg()
      .withExif({ IFD0: { Make: "  Canon\u0000\u0000", Model: "   " } })
      .toBuffer();
    expect(await readPhotoFacts(padded)).toEqual({
      takenAt: null,
      camera: { make: "Canon", model: null },
    });
    const bare = await image().jpeg().toBuffer();
    expect(await readPhotoFacts(bare)).toEqual({ takenAt: null, camera: null });
    expect(await readPhotoFacts(Buffer.from("not an image"))).toEqual({
      takenAt: null,
      camera: null,
    });
  });
});

describe("readCaptureDate", () => {
  it("reads DateTimeOriginal, as UTC when there is no offset", async () => {
    const jpeg = await jpegWithExif({ DateTimeOriginal: "2021:06:15 10:20:30" });
    expect(await readCaptureDate(jpeg)).toBe(Date.UTC(2021, 5, 15, 10, 20, 30));
  });

  it("applies OffsetTimeOriginal when the camera wrote one", async () => {
    const jpeg = await jpegWithExif({
      DateTimeOriginal: "2021:06:15 10:20:30",
      OffsetTimeOriginal: "+02:00",
    });
    expect(await readCaptureDate(jpeg)).toBe(Date.UTC(2021, 5, 15, 8, 20, 30));
  });

  it("prefers DateTimeOriginal to CreateDate", async () => {
    const jpeg = await jpegWithExif({
      DateTimeOriginal: "2020:01:02 03:04:05",
      DateTimeDigitized: "2022:01:01 00:00:00",
    });
    expect(await readCaptureDate(jpeg)).toBe(Date.UTC(2020, 0, 2, 3, 4, 5));
  });

  it("falls back on CreateDate (DateTimeDigitized) with its own offset", async () => {
    const jpeg = await jpegWithExif({
      DateTimeDigitized: "2019:12:31 23:30:00",
      OffsetTimeDigitized: "-05:00",
    });
    expect(await readCaptureDate(jpeg)).toBe(Date.UTC(2020, 0, 1, 4, 30, 0));
  });

  it("falls back on CreateDate when DateTimeOriginal is blank", async () => {
    const jpeg = await jpegWithExif({
      DateTimeOriginal: "0000:00:00 00:00:00",
      DateTimeDigitized: "2018:07:08 09:10:11",
    });
    expect(await readCaptureDate(jpeg)).toBe(Date.UTC(2018, 6, 8, 9, 10, 11));
  });

  it("needs only the head of a large photo", async () => {
    // Random pixels compress badly: a file well past the head.
    const pixels = Buffer.alloc(600 * 400 * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
    const big = await sharp(pixels, { raw: { width: 600, height: 400, channels: 3 } })
      .jpeg({ quality: 100 })
      .withExif({ IFD2: { DateTimeOriginal: "2017:05:06 07:08:09" } })
      .toBuffer();
    expect(big.length).toBeGreaterThan(EXIF_HEAD_BYTES);
    expect(await readCaptureDate(big.subarray(0, EXIF_HEAD_BYTES))).toBe(
      Date.UTC(2017, 4, 6, 7, 8, 9),
    );
  });

  it("answers null for a JPEG without dates, a PNG without EXIF, and what is not an image", async () => {
    expect(await readCaptureDate(await image().jpeg().toBuffer())).toBeNull();
    expect(await readCaptureDate(await image().png().toBuffer())).toBeNull();
    expect(await readCaptureDate(Buffer.from("just some text"))).toBeNull();
    expect(await readCaptureDate(new Uint8Array(0))).toBeNull();
  });

  it("answers null for a JPEG cut inside its EXIF", async () => {
    const jpeg = await jpegWithExif({ DateTimeOriginal: "2021:06:15 10:20:30" });
    expect(await readCaptureDate(jpeg.subarray(0, 30))).toBeNull();
  });
});

describe("parseExifDate", () => {
  it("reads the EXIF form and dashes, ignoring trailing bytes", () => {
    expect(parseExifDate("2021:06:15 10:20:30")).toBe(Date.UTC(2021, 5, 15, 10, 20, 30));
    expect(parseExifDate("2021-06-15 10:20:30")).toBe(Date.UTC(2021, 5, 15, 10, 20, 30));
    expect(parseExifDate("2021:06:15 10:20:30\u0000")).toBe(Date.UTC(2021, 5, 15, 10, 20, 30));
  });

  it("applies offsets and ignores malformed ones", () => {
    const utc = Date.UTC(2021, 5, 15, 10, 20, 30);
    expect(parseExifDate("2021:06:15 10:20:30", "+05:30")).toBe(utc - 5.5 * 3_600_000);
    expect(parseExifDate("2021:06:15 10:20:30", "-08:00")).toBe(utc + 8 * 3_600_000);
    expect(parseExifDate("2021:06:15 10:20:30", "   :  ")).toBe(utc);
    expect(parseExifDate("2021:06:15 10:20:30", 7)).toBe(utc);
  });

  it("refuses blanks, impossible dates and what is not a date", () => {
    for (const value of [
      "0000:00:00 00:00:00",
      "    :  :     :  :  ",
      "2021:02:30 10:00:00",
      "2021:13:01 10:00:00",
      "2021:06:15 24:00:00",
      "1700:01:01 00:00:00",
      "yesterday",
      "",
      undefined,
      20210615,
    ]) {
      expect(parseExifDate(value), String(value)).toBeNull();
    }
  });
});
