/**
 * Turns raw RGBA pixels upright by an EXIF Orientation (1 to 8): what sharp's `.rotate()` does
 * for a JPEG, for pixels that carry no EXIF of their own. Orientation 5 to 8 swap the width and
 * the height. 1, or a value out of range, gives the pixels back as they are.
 */
export function orientRgba(
  data: Uint8Array,
  width: number,
  height: number,
  orientation: number,
): { data: Uint8Array; width: number; height: number } {
  if (orientation < 2 || orientation > 8 || !Number.isInteger(orientation)) {
    return { data, width, height };
  }
  // One 32-bit word per pixel: a pixel moves as a whole (a word view needs 4-byte alignment).
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice();
  const source = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const swap = orientation >= 5;
  const outWidth = swap ? height : width;
  const outHeight = swap ? width : height;
  const target = new Uint32Array(outWidth * outHeight);
  const lastX = width - 1;
  const lastY = height - 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let tx: number;
      let ty: number;
      switch (orientation) {
        case 2: // mirrored left to right
          tx = lastX - x;
          ty = y;
          break;
        case 3: // turned half a turn
          tx = lastX - x;
          ty = lastY - y;
          break;
        case 4: // mirrored top to bottom
          tx = x;
          ty = lastY - y;
          break;
        case 5: // mirrored along the main diagonal
          tx = y;
          ty = x;
          break;
        case 6: // needs a quarter turn clockwise
          tx = lastY - y;
          ty = x;
          break;
        case 7: // mirrored along the other diagonal
          tx = lastY - y;
          ty = lastX - x;
          break;
        default: // 8: needs a quarter turn anticlockwise
          tx = y;
          ty = lastX - x;
      }
      target[ty * outWidth + tx] = source[row + x]!;
    }
  }
  return { data: new Uint8Array(target.buffer), width: outWidth, height: outHeight };
}
