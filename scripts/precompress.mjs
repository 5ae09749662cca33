// Writes brotli and gzip copies of the built client assets, served by Accept-Encoding
// (server/web.ts), so the host never compresses a static file at request time.
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const root = "build/client";
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|map|xml|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

let count = 0;
let before = 0;
let after = 0;
for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = await fs.readFile(file);
  if (content.length < 1024) continue;
  const br = await brotli(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = await gzip(content, { level: 9 });
  await fs.writeFile(`${file}.br`, br);
  await fs.writeFile(`${file}.gz`, gz);
  count++;
  before += content.length;
  after += br.length;
}
console.log(`precompressed ${count} files: ${before} B -> ${after} B with brotli`);
