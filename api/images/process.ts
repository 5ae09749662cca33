import type { Readable } from "node:stream";
import sharp, { type Metadata } from "sharp";
import { IMAGE_MAX_BYTES } from "#domain/constants.ts";
import {
  ImageDimensionsError,
  ImageTooLargeError,
  InvalidImageError,
  UnsupportedImageTypeError,
} from "./errors.ts";
import { readImage } from "./read.ts";
import { type ImageContentType, sniffImageType } from "./sniff.ts";

/** Logos and avatars are stored as squares of this side. */
export const IMAGE_SQUARE_PX = 256;
/**
 * The most pixels decoded from one input: a 48-megapixel photo fits, while a small file that
 * claims huge dimensions (a decompression bomb) is refused before any decoding.
 */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
/** Decoding and encoding one image may take this long before it is given up. */
const PROCESS_TIMEOUT_SECONDS = 10;

/** The libvips loader each accepted type must be read by (AVIF is read by the HEIF loader). */
const LOADER: Record<ImageContentType, string> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "heif",
};

export interface ProcessImageOptions {
  /** The side of the square output, in pixels. */
  size: number;
  /** The largest input accepted (default IMAGE_MAX_BYTES). */
  maxBytes?: number;
  /** The most input pixels decoded (default IMAGE_MAX_INPUT_PIXELS). */
  maxInputPixels?: number;
}

export interface ProcessedImage {
  buffer: Buffer;
  contentType: "image/webp";
  width: number;
  height: number;
  /** The type sniffed from the input's bytes. */
  sourceType: ImageContentType;
}

/**
 * Turns an uploaded or fetched image into a square WebP: turned upright by its EXIF
 * orientation, cropped to fill the square, with every piece of metadata (EXIF, GPS, XMP, ICC)
 * left out. The bytes are sniffed first; anything but an accepted raster type is refused, so
 * an SVG or PDF never reaches a decoder that would render it.
 */
export async function processImage(
  input: Readable | Buffer,
  options: ProcessImageOptions,
): Promise<ProcessedImage> {
  const { size } = options;
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const maxPixels = options.maxInputPixels ?? IMAGE_MAX_INPUT_PIXELS;
  if (!Number.isSafeInteger(size) || size < 1 || size > 4096) {
    throw new RangeError(`size must be an integer from 1 to 4096, got ${size}`);
  }
  // sharp reads a stream whole into memory before decoding anyway, so nothing is lost here.
  const bytes = Buffer.isBuffer(input) ? input : await readImage(input, maxBytes);
  if (bytes.length > maxBytes) throw new ImageTooLargeError(maxBytes);

  const sourceType = await sniffImageType(bytes);
  if (!sourceType) throw new UnsupportedImageTypeError();

  // The header alone: dimensions are checked before a single pixel is decoded.
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new InvalidImageError({ cause: error });
  }
  if (metadata.format !== LOADER[sourceType]) throw new UnsupportedImageTypeError();
  const { width = 0, height = 0 } = metadata;
  if (width * height > maxPixels) throw new ImageDimensionsError(width, height, maxPixels);

  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: maxPixels,
      // Truncated or corrupt pixel data is an error, not a half-grey picture.
      failOn: "error",
      autoOrient: true,
      pages: 1,
    })
      .resize(size, size, { fit: "cover" })
      .webp({ quality: 82 })
      .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return {
      buffer: data,
      contentType: "image/webp",
      width: info.width,
      height: info.height,
      sourceType,
    };
  } catch (error) {
    throw new InvalidImageError({ cause: error });
  }
}
