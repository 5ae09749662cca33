import { createHash } from "node:crypto";

/**
 * Real PDF files for the PDF tests, written here byte by byte: pages of one colour each, with a
 * line of text in Helvetica (a standard font the file does not embed, so pdf.js draws it from
 * its own font data), a valid cross-reference table, and optionally encrypted with a user
 * password by the standard security handler (RC4, 40-bit key, revision 2). No tool and nothing
 * mocked: pdf.js reads them as it reads any PDF.
 */

export interface PdfPage {
  /** The page's size in points (a point is 1/72 inch): A4 is 595 × 842. */
  width: number;
  height: number;
  /** The colour the page is filled with, each of r, g, b from 0 to 1; none paints nothing. */
  fill?: [number, number, number];
  /** A line of text drawn in black near the top left. */
  text?: string;
  /** The page's /Rotate: 0, 90, 180 or 270. */
  rotate?: number;
}

export interface PdfOptions {
  /** Encrypts the file: opening it needs this password. */
  userPassword?: string;
}

const PADDING = Buffer.from(
  "28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a",
  "hex",
);

/** A PDF of these pages, in order. */
export function pdfOf(pages: PdfPage[], options: PdfOptions = {}): Buffer {
  // Objects 1 (catalog), 2 (pages), 3 (font), then a page and its content stream per page.
  const objects: (string | { dict: string; stream: Buffer })[] = [];
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects.push("<< /Type /Catalog /Pages 2 0 R >>");
  objects.push(
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`,
  );
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  for (const [index, page] of pages.entries()) {
    const contentId = pageIds[index] ?? 0;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}]` +
        `${page.rotate ? ` /Rotate ${page.rotate}` : ""}` +
        ` /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId + 1} 0 R >>`,
    );
    const fill = page.fill
      ? `${page.fill.join(" ")} rg 0 0 ${page.width} ${page.height} re f\n`
      : "";
    const text = page.text
      ? `0 0 0 rg BT /F1 24 Tf 36 ${page.height - 60} Td (${escapeText(page.text)}) Tj ET`
      : "";
    objects.push({ dict: "", stream: Buffer.from(`${fill}${text}`) });
  }

  const id = createHash("md5").update(JSON.stringify(pages)).digest();
  const security =
    options.userPassword === undefined ? null : rc4Security(options.userPassword, id);
  const encryptId = objects.length + 1;

  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  const write = (chunk: Buffer | string) => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  for (const [index, object] of objects.entries()) {
    const number = index + 1;
    offsets.push(length);
    write(`${number} 0 obj\n`);
    if (typeof object === "string") {
      write(`${object}\nendobj\n`);
    } else {
      const stream = security ? rc4(security.objectKey(number), object.stream) : object.stream;
      write(`<< /Length ${stream.length} >>\nstream\n`);
      write(stream);
      write("\nendstream\nendobj\n");
    }
  }
  if (security) {
    offsets.push(length);
    write(
      `${encryptId} 0 obj\n<< /Filter /Standard /V 1 /R 2 /Length 40 /P ${security.permissions}` +
        ` /O <${security.owner.toString("hex")}> /U <${security.user.toString("hex")}> >>\nendobj\n`,
    );
  }
  const xref = length;
  write(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) write(`${String(offset).padStart(10, "0")} 00000 n \n`);
  write(
    `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R /ID [<${id.toString("hex")}> <${id.toString("hex")}>]` +
      `${security ? ` /Encrypt ${encryptId} 0 R` : ""} >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  return Buffer.concat(parts);
}

function escapeText(text: string) {
  return text.replace(/[\\()]/g, (character) => `\\${character}`);
}

/** The standard security handler, revision 2 (RC4 with a 40-bit key), for a user password. */
function rc4Security(userPassword: string, id: Buffer) {
  const padded = (password: string) =>
    Buffer.concat([Buffer.from(password, "latin1"), PADDING]).subarray(0, 32);
  // The owner password is the user's: the file opens with neither left empty.
  const ownerKey = createHash("md5").update(padded(userPassword)).digest().subarray(0, 5);
  const owner = rc4(ownerKey, padded(userPassword));
  // Every permission granted.
  const permissions = -4;
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = createHash("md5")
    .update(Buffer.concat([padded(userPassword), owner, p, id]))
    .digest()
    .subarray(0, 5);
  const user = rc4(key, PADDING);
  const objectKey = (number: number) => {
    const suffix = Buffer.from([number & 0xff, (number >> 8) & 0xff, (number >> 16) & 0xff, 0, 0]);
    return createHash("md5")
      .update(Buffer.concat([key, suffix]))
      .digest()
      .subarray(0, 10);
  };
  return { owner, user, permissions, objectKey };
}

/** RC4, which OpenSSL 3 no longer offers by default. */
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, index) => index);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + (s[i] ?? 0) + (key[i % key.length] ?? 0)) & 0xff;
    [s[i], s[j]] = [s[j] ?? 0, s[i] ?? 0];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let n = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + (s[i] ?? 0)) & 0xff;
    [s[i], s[j]] = [s[j] ?? 0, s[i] ?? 0];
    out[n] = (data[n] ?? 0) ^ (s[((s[i] ?? 0) + (s[j] ?? 0)) & 0xff] ?? 0);
  }
  return out;
}
