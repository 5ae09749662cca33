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
 * Makes a file's thumbnail and preview, both WebP, turned upright by the EXIF orientation and
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

  const decode = () =>
    sharp(source, {
      limitInputPixels: maxPixels,
      // Truncated or corrupt pixel data is an error, not a half-grey picture.
      failOn: "error",
      // The first frame of an animation.
      pages: 1,
    }).rotate();
  try {
    // One after the other, so at most one decoded image is held at a time.
    const thumbnail = await encode(decode().resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: "cover" }));
    const preview = await encode(
      decode().resize(PREVIEW_MAX_PX, PREVIEW_MAX_PX, { fit: "inside", withoutEnlargement: true }),
    );
    const upright = metadata.autoOrient ?? { width, height };
    return { thumbnail, preview, width: upright.width, height: upright.height };
  } catch (error) {
    throw new InvalidImageError({ cause: error });
  }
}

async function encode(pipeline: Sharp): Promise<Derivative> {
  const { data, info } = await pipeline
    .webp({ quality: 80 })
    .timeout({ seconds: TIMEOUT_SECONDS })
    .toBuffer({ resolveWithObject: true });
  return { buffer: data, contentType: "image/webp", width: info.width, height: info.height };
}
