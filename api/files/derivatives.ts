import type { Readable } from "node:stream";
import sharp, { type Metadata, type Sharp } from "sharp";
import {
  ImageDimensionsError,
  InvalidImageError,
  UnsupportedImageTypeError,
} from "#api/images/errors.ts";
import { readImage } from "#api/images/read.ts";

/** A thumbnail's side: the files table shows it at 35 CSS pixels, so this is sharp at 2x. */
export const THUMBNAIL_PX = 70;
/** The larger thumbnail's side: a row at 2x and 3x, and a grid's cell on a phone. */
export const THUMBNAIL_LARGE_PX = 320;
/** A preview fits inside a square of this side; smaller images keep their size. */
export const PREVIEW_MAX_PX = 1600;
/**
 * The most pixels decoded from one image: a 100-megapixel photo fits, while a small file that
 * claims huge dimensions (a decompression bomb) is refused before any decoding.
 */
export const DERIVATIVE_MAX_INPUT_PIXELS = 100_000_000;
/** The largest image read from a stream to make derivatives of; a larger one gets none. */
export const DERIVATIVE_MAX_BYTES = 100 * 1024 * 1024;
/** Decoding and encoding one derivative may take this long before it is given up. */
const TIMEOUT_SECONDS = 30;

/**
 * The libvips loaders of the raster types we keep (HEIF covers AVIF and HEIC). Anything else
 * libvips could read, SVG and PDF above all, is refused, whatever the caller sniffed.
 */
const RASTER_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "tiff"]);

export interface Derivative {
  buffer: Buffer;
  contentType: "image/webp";
  width: number;
  height: number;
}

export interface Derivatives {
  /** THUMBNAIL_PX square, cropped to fill it. */
  thumbnail: Derivative;
  /** THUMBNAIL_LARGE_PX square (never enlarged past the image's shorter side), cropped to fill it. */
  thumbnailLarge: Derivative;
  /** Fits inside PREVIEW_MAX_PX, never enlarged. */
  preview: Derivative;
  /** The source image's size, upright (after its EXIF orientation is applied). */
  width: number;
  height: number;
}

export interface DerivativeOptions {
  /** The most input pixels decoded (default DERIVATIVE_MAX_INPUT_PIXELS). */
  maxInputPixels?: number;
  /** The most bytes read from a stream (default DERIVATIVE_MAX_BYTES). */
  maxBytes?: number;
}

/**
 * Makes a file's thumbnails and preview, all WebP, turned upright by the EXIF orientation and
 * without any metadata (EXIF, GPS, XMP, ICC are left out).
 *
 * `input` is a stream, a buffer or a path to a file on disk. A path is best: libvips reads the
 * file as it decodes. sharp reads a stream whole into memory before decoding, so a stream is
 * read here, capped at `maxBytes` (ImageTooLargeError past it), and the one buffer serves both
 * outputs.
 *
 * The header is read first: an image whose dimensions pass `maxInputPixels` is refused with
 * ImageDimensionsError before a pixel is decoded, and sharp's `limitInputPixels` guards the
 * decoding too. Anything but a raster image is UnsupportedImageTypeError; a truncated or corrupt
 * image (or one whose codec this build lacks, such as HEVC in HEIC) is InvalidImageError.
 */
export async function makeDerivatives(
  input: Readable | Buffer | string,
  options: DerivativeOptions = {},
): Promise<Derivatives> {
  const maxPixels = options.maxInputPixels ?? DERIVATIVE_MAX_INPUT_PIXELS;
  const source =
    typeof input === "string" || Buffer.isBuffer(input)
      ? input
      : await readImage(input, options.maxBytes ?? DERIVATIVE_MAX_BYTES);

  let metadata: Metadata;
  try {
    metadata = await sharp(source, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new InvalidImageError({ cause: error });
  }
  if (!RASTER_FORMATS.has(metadata.format)) throw new UnsupportedImageTypeError();
  const { width = 0, height = 0 } = metadata;
  if (width * height > maxPixels) throw new ImageDimensionsError(width, height, maxPixels);

  let screen: RawImage;
  try {
    // Decoded once, at the preview's size: libvips shrinks a JPEG while it decodes it, and the
    // thumbnails are made from this smaller copy, not from the original again.
    screen = await toScreenSize(
      sharp(source, {
        limitInputPixels: maxPixels,
        // Truncated or corrupt pixel data is an error, not a half-grey picture.
        failOn: "error",
        // The first frame of an animation.
        pages: 1,
      }).rotate(),
    );
  } catch (error) {
    throw new InvalidImageError({ cause: error });
  }
  const upright = metadata.autoOrient ?? { width, height };
  return derivativesOfImage(screen, upright);
}

/** Decoded pixels, as sharp takes them raw. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * The thumbnails and preview of pixels decoded elsewhere (a HEIC decoded in WebAssembly, a
 * video's poster frame), already upright. `size` is the source's own size, answered with them.
 */
export async function derivativesOfImage(
  image: RawImage,
  size: { width: number; height: number },
): Promise<Derivatives> {
  try {
    // Made from one copy at the preview's size: three resizes of a 12-megapixel HEIC would each
    // read all of it.
    const screen =
      Math.max(image.width, image.height) > PREVIEW_MAX_PX
        ? await toScreenSize(sharp(image.data, { raw: rawOf(image) }))
        : image;
    const from = () => sharp(screen.data, { raw: rawOf(screen) });
    const side = Math.max(THUMBNAIL_PX, Math.min(THUMBNAIL_LARGE_PX, screen.width, screen.height));
    // At once: libvips spreads them over the cores.
    const [preview, thumbnail, thumbnailLarge] = await Promise.all([
      encode(from()),
      encode(from().resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: "cover" })),
      encode(from().resize(side, side, { fit: "cover" })),
    ]);
    return { thumbnail, thumbnailLarge, preview, width: size.width, height: size.height };
  } catch (error) {
    throw new InvalidImageError({ cause: error });
  }
}

function rawOf(image: RawImage) {
  return { width: image.width, height: image.height, channels: image.channels };
}

/** Pixels that fit within PREVIEW_MAX_PX, never enlarged, decoded once. */
async function toScreenSize(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline
    .resize(PREVIEW_MAX_PX, PREVIEW_MAX_PX, { fit: "inside", withoutEnlargement: true })
    .raw()
    .timeout({ seconds: TIMEOUT_SECONDS })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

async function encode(pipeline: Sharp): Promise<Derivative> {
  const { data, info } = await pipeline
    // Effort 1 of 6: a fifth of the default's time for a 1600 px preview, and no larger
    // (docs/performance.md#media).
    .webp({ quality: 80, effort: 1 })
    .timeout({ seconds: TIMEOUT_SECONDS })
    .toBuffer({ resolveWithObject: true });
  return { buffer: data, contentType: "image/webp", width: info.width, height: info.height };
}
