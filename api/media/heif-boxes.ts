/**
 * Reads what libheif does not tell us about a HEIF file's primary image: whether it carries a
 * rotation or mirror property (`irot`, `imir`), and its EXIF Orientation tag.
 *
 * HEIF says the properties turn the image and the EXIF tag is only informational: libheif
 * applies `irot` and `imir` while decoding, and an iPhone writes both, with the same meaning.
 * Some encoders (Debian's heif-enc among them) write only the EXIF tag, which viewers that
 * honour EXIF show upright. So the tag is applied only when the image has no such property
 * (decodeHeic in heic.ts).
 *
 * A pure reader of the ISO BMFF boxes: anything out of bounds or malformed gives the neutral
 * answer (no transform, orientation 1); libheif is the one that refuses a broken file.
 */
export interface HeifLayout {
  /** The primary item carries `irot` or `imir`: libheif's pixels are already upright. */
  transformed: boolean;
  /** The EXIF Orientation (1 to 8) of the file's EXIF item, 1 when there is none. */
  exifOrientation: number;
}

interface Box {
  type: string;
  /** Where the box's payload starts and ends, in the whole file. */
  start: number;
  end: number;
}

const NEUTRAL: HeifLayout = { transformed: false, exifOrientation: 1 };

export function readHeifLayout(bytes: Uint8Array): HeifLayout {
  try {
    return readLayout(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), bytes);
  } catch {
    return NEUTRAL;
  }
}

function readLayout(view: DataView, bytes: Uint8Array): HeifLayout {
  const meta = childBoxes(view, 0, view.byteLength).find((box) => box.type === "meta");
  if (!meta) return NEUTRAL;
  // `meta` is a full box: version and flags come before its children.
  const metaChildren = childBoxes(view, meta.start + 4, meta.end);
  const find = (type: string) => metaChildren.find((box) => box.type === type);

  const pitm = find("pitm");
  if (!pitm) return NEUTRAL;
  const primaryId =
    view.getUint8(pitm.start) === 0
      ? view.getUint16(pitm.start + 4)
      : view.getUint32(pitm.start + 4);

  let transformed = false;
  const iprp = find("iprp");
  if (iprp) {
    const iprpChildren = childBoxes(view, iprp.start, iprp.end);
    const ipco = iprpChildren.find((box) => box.type === "ipco");
    const properties = ipco ? childBoxes(view, ipco.start, ipco.end) : [];
    for (const ipma of iprpChildren.filter((box) => box.type === "ipma")) {
      for (const index of propertyIndexes(view, ipma, primaryId)) {
        const type = properties[index - 1]?.type;
        if (type === "irot" || type === "imir") transformed = true;
      }
    }
  }

  const exif = exifItem(view, bytes, find);
  return { transformed, exifOrientation: exif ? orientationOf(exif) : 1 };
}

/**
 * The TIFF block (header and IFDs) of a HEIF file's EXIF item, or null when there is none or it
 * lies past `bytes`. What exifr reads as a TIFF: it reads a HEIF's own EXIF item only when the
 * item starts with `Exif\0\0` as an iPhone's does, not when its offset to the header is 0, as
 * libheif's encoders write it.
 */
export function readHeifExifTiff(bytes: Uint8Array): Uint8Array | null {
  try {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const meta = childBoxes(view, 0, view.byteLength).find((box) => box.type === "meta");
    if (!meta) return null;
    const metaChildren = childBoxes(view, meta.start + 4, meta.end);
    const item = exifItem(view, bytes, (type) => metaChildren.find((box) => box.type === type));
    if (!item || item.byteLength < 8) return null;
    const tiff = 4 + new DataView(item.buffer, item.byteOffset, item.byteLength).getUint32(0);
    return tiff < item.byteLength ? item.subarray(tiff) : null;
  } catch {
    return null;
  }
}

/** The boxes laid one after another from `start` to `end`. */
function childBoxes(view: DataView, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    const type = fourcc(view, at + 4);
    let header = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) break;
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

function fourcc(view: DataView, at: number): string {
  return String.fromCharCode(
    view.getUint8(at),
    view.getUint8(at + 1),
    view.getUint8(at + 2),
    view.getUint8(at + 3),
  );
}

/** The 1-based `ipco` indexes an `ipma` box associates with one item. */
function propertyIndexes(view: DataView, ipma: Box, itemId: number): number[] {
  const version = view.getUint8(ipma.start);
  const wideIndexes = (view.getUint8(ipma.start + 3) & 1) === 1;
  const count = view.getUint32(ipma.start + 4);
  let at = ipma.start + 8;
  for (let entry = 0; entry < count && at < ipma.end; entry++) {
    const id = version < 1 ? view.getUint16(at) : view.getUint32(at);
    at += version < 1 ? 2 : 4;
    const associations = view.getUint8(at);
    at += 1;
    const indexes: number[] = [];
    for (let n = 0; n < associations; n++) {
      indexes.push(wideIndexes ? view.getUint16(at) & 0x7fff : view.getUint8(at) & 0x7f);
      at += wideIndexes ? 2 : 1;
    }
    if (id === itemId) return indexes;
  }
  return [];
}

/** The payload of the file's first `Exif` item, found through `iinf` and `iloc`. */
function exifItem(
  view: DataView,
  bytes: Uint8Array,
  find: (type: string) => Box | undefined,
): Uint8Array | null {
  const iinf = find("iinf");
  const iloc = find("iloc");
  if (!iinf || !iloc) return null;
  const entriesStart = iinf.start + (view.getUint8(iinf.start) === 0 ? 6 : 8);
  let exifId: number | null = null;
  for (const infe of childBoxes(view, entriesStart, iinf.end)) {
    const version = view.getUint8(infe.start);
    if (infe.type !== "infe" || version < 2) continue;
    const id = version === 2 ? view.getUint16(infe.start + 4) : view.getUint32(infe.start + 4);
    const typeAt = infe.start + (version === 2 ? 8 : 10);
    if (fourcc(view, typeAt) === "Exif") {
      exifId = id;
      break;
    }
  }
  if (exifId === null) return null;

  const version = view.getUint8(iloc.start);
  const sizes = view.getUint8(iloc.start + 4);
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 0xf;
  const more = view.getUint8(iloc.start + 5);
  const baseOffsetSize = more >> 4;
  const indexSize = version === 1 || version === 2 ? more & 0xf : 0;
  let at = iloc.start + 6;
  const read = (size: number) => {
    const value =
      size === 0
        ? 0
        : size === 4
          ? view.getUint32(at)
          : size === 8
            ? Number(view.getBigUint64(at))
            : Number.NaN;
    at += size;
    if (Number.isNaN(value)) throw new RangeError(`an iloc field of ${size} bytes`);
    return value;
  };
  const count = version < 2 ? view.getUint16(at) : view.getUint32(at);
  at += version < 2 ? 2 : 4;
  for (let item = 0; item < count; item++) {
    const id = version < 2 ? view.getUint16(at) : view.getUint32(at);
    at += version < 2 ? 2 : 4;
    const method = version === 1 || version === 2 ? view.getUint16(at) & 0xf : 0;
    if (version === 1 || version === 2) at += 2;
    at += 2; // data_reference_index
    const base = read(baseOffsetSize);
    const extents = view.getUint16(at);
    at += 2;
    const parts: Uint8Array[] = [];
    for (let extent = 0; extent < extents; extent++) {
      read(indexSize);
      const offset = read(offsetSize);
      const length = read(lengthSize);
      if (id !== exifId) continue;
      const origin = method === 1 ? (find("idat")?.start ?? Number.NaN) : 0;
      const from = origin + base + offset;
      const to = length === 0 ? bytes.byteLength : from + length;
      if (!(from >= 0 && to <= bytes.byteLength && from <= to)) return null;
      parts.push(bytes.subarray(from, to));
    }
    if (id === exifId) return parts.length === 1 ? (parts[0] ?? null) : concat(parts);
  }
  return null;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.byteLength;
  }
  return whole;
}

/**
 * The Orientation tag (0x0112) of IFD0 in a HEIF `Exif` item: a 4-byte offset to the TIFF
 * header, then the header, then the IFDs.
 */
function orientationOf(item: Uint8Array): number {
  const view = new DataView(item.buffer, item.byteOffset, item.byteLength);
  const tiff = 4 + view.getUint32(0);
  const order = fourcc(view, tiff).slice(0, 2);
  if (order !== "II" && order !== "MM") return 1;
  const little = order === "II";
  const ifd = tiff + view.getUint32(tiff + 4, little);
  const entries = view.getUint16(ifd, little);
  for (let n = 0; n < entries; n++) {
    const entry = ifd + 2 + n * 12;
    if (view.getUint16(entry, little) !== 0x0112) continue;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}
