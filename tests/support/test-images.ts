import { crc32 } from "node:zlib";
import sharp from "sharp";

/** Images made in the test, and how to read their pixels back. */

export const RED = { r: 255, g: 0, b: 0 };
export const BLUE = { r: 0, g: 0, b: 255 };
type Colour = typeof RED;

/** A landscape image, red on its left half and blue on its right. */
export function halves(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = x < width / 2 ? RED : BLUE;
      pixels.set([colour.r, colour.g, colour.b], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** The colour of the image's pixel at (x, y). */
export async function pixel(image: Buffer, x: number, y: number): Promise<Colour> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: data[offset] ?? 0, g: data[offset + 1] ?? 0, b: data[offset + 2] ?? 0 };
}

/** Whether two colours are alike, as lossy encoding leaves them. */
export function near(actual: Colour, expected: Colour) {
  return (
    Math.abs(actual.r - expected.r) < 40 &&
    Math.abs(actual.g - expected.g) < 40 &&
    Math.abs(actual.b - expected.b) < 40
  );
}

/** A valid PNG whose header claims `width` × `height` (checksum fixed, pixels absent). */
export async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(await halves(4, 4).png().toBuffer());
  // IHDR is the first chunk: length (4) and type (4) at 8, then width and height at 16.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
