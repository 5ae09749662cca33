/** The image's bytes are longer than allowed. */
export class ImageTooLargeError extends Error {
  override name = "ImageTooLargeError";
  constructor(readonly maxBytes: number) {
    super(`The image is larger than the ${maxBytes} bytes allowed`);
  }
}

/** The bytes are not one of the accepted raster types (SVG, HTML, PDF, text and so on). */
export class UnsupportedImageTypeError extends Error {
  override name = "UnsupportedImageTypeError";
  constructor() {
    super("The file is not a PNG, JPEG, WebP, GIF or AVIF image");
  }
}

/** The image claims more pixels than are decoded: a guard against decompression bombs. */
export class ImageDimensionsError extends Error {
  override name = "ImageDimensionsError";
  constructor(
    readonly width: number,
    readonly height: number,
    readonly maxPixels: number,
  ) {
    super(`The image is ${width}×${height} pixels; at most ${maxPixels} pixels are accepted`);
  }
}

/** The image has an accepted type but cannot be decoded: truncated or corrupt. */
export class InvalidImageError extends Error {
  override name = "InvalidImageError";
  constructor(options?: { cause?: unknown }) {
    super("The image is truncated or corrupt and cannot be read", options);
  }
}
