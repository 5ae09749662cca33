import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImageDimensionsError, InvalidImageError } from "#api/images/errors.ts";
import { MediaTimeoutError } from "#api/media/errors.ts";
import { type DecodedHeic, decodeHeic } from "#api/media/heic.ts";
import { orientRgba } from "#api/media/orientation.ts";
import {
  heicFrom,
  tempFolder,
  tool,
  withDeclaredSize,
  withPrimaryItem,
} from "#tests/support/media-files.ts";
import { BLUE, halves, near, RED } from "#tests/support/test-images.ts";

// Real HEIC files made by Debian's heif-enc from JPEGs, decoded by libheif in WebAssembly in a
// worker thread (api/media/heic.ts).

const MAX_PIXELS = 100_000_000;
let folder: string;
/** 400×200, red on the left half, blue on the right. */
let landscape: Buffer;

/** The colour at (x, y) of decoded RGBA. */
function colourAt(image: DecodedHeic, x: number, y: number) {
  const at = (y * image.width + x) * 4;
  return { r: image.data[at] ?? 0, g: image.data[at + 1] ?? 0, b: image.data[at + 2] ?? 0 };
}

/** The item id of the burst's 120×60 image, as heif-info lists it. */
async function secondItem() {
  const listing = await tool("heif-info", [path.join(folder, "burst.heic")]);
  return Number(/image: 120x60 \(id=(\d+)\)/.exec(listing)?.[1]);
}

async function jpeg(name: string, image: Sharp) {
  const file = path.join(folder, name);
  await image.jpeg({ quality: 95 }).toFile(file);
  return file;
}

beforeAll(async () => {
  folder = await tempFolder("heic");
  landscape = await heicFrom(
    [await jpeg("landscape.jpg", halves(400, 200))],
    path.join(folder, "landscape.heic"),
  );
}, 60_000);

afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

// The first decode starts the kept worker, which loads libheif (about half a second on two busy
// cores); a failure ends it, and the next decode starts another.
describe("decodeHeic", { timeout: 60_000 }, () => {
  it("decodes a HEIC into raw RGBA that sharp reads", async () => {
    const image = await decodeHeic(landscape, { maxPixels: MAX_PIXELS });
    expect({ width: image.width, height: image.height, channels: image.channels }).toEqual({
      width: 400,
      height: 200,
      channels: 4,
    });
    expect(image.data.length).toBe(400 * 200 * 4);
    expect(near(colourAt(image, 20, 100), RED)).toBe(true);
    expect(near(colourAt(image, 380, 100), BLUE)).toBe(true);
    const { info } = await sharp(image.data, { raw: image })
      .webp()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 200]);
  });

  it("turns an image upright by its EXIF Orientation 6, as an iPhone photo is shown", async () => {
    // Stored landscape, red on the left; Orientation 6 shows it turned a quarter clockwise, so
    // upright it is portrait with red on top. heif-enc keeps the tag and writes no irot.
    const source = await jpeg("rotated.jpg", halves(400, 200));
    await tool("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=6", source]);
    const heic = await heicFrom([source], path.join(folder, "rotated.heic"));
    expect(
      await tool("exiftool", ["-s3", "-n", "-Orientation", path.join(folder, "rotated.heic")]),
    ).toBe("6\n");

    const image = await decodeHeic(heic, { maxPixels: MAX_PIXELS });
    expect([image.width, image.height]).toEqual([200, 400]);
    expect(image.height).toBeGreaterThan(image.width);
    expect(near(colourAt(image, 100, 20), RED)).toBe(true);
    expect(near(colourAt(image, 100, 380), BLUE)).toBe(true);
  });

  it("decodes the primary image of a file that holds a thumbnail too", async () => {
    const heic = await heicFrom(
      [await jpeg("with-thumb.jpg", halves(400, 200))],
      path.join(folder, "with-thumb.heic"),
      ["-t", "64"],
    );
    const image = await decodeHeic(heic, { maxPixels: MAX_PIXELS });
    expect([image.width, image.height]).toEqual([400, 200]);
  });

  it("decodes the image the file names primary, in a file of several (a burst)", async () => {
    const small = await jpeg("second.jpg", halves(120, 60));
    const third = await jpeg("third.jpg", halves(90, 30));
    const burst = await heicFrom(
      [await jpeg("first.jpg", halves(400, 200)), small, third],
      path.join(folder, "burst.heic"),
    );
    expect((await decodeHeic(burst, { maxPixels: MAX_PIXELS })).width).toBe(400);
    // The primary need not be the first image: here it is the second.
    const image = await decodeHeic(withPrimaryItem(burst, await secondItem()), {
      maxPixels: MAX_PIXELS,
    });
    expect([image.width, image.height]).toEqual([120, 60]);
  });

  it("refuses a declared 100000×100000 image before decoding, and decodes the next one", async () => {
    const bomb = withDeclaredSize(landscape, 100_000, 100_000);
    const failure = await decodeHeic(bomb, { maxPixels: MAX_PIXELS }).catch((error) => error);
    expect(failure).toBeInstanceOf(ImageDimensionsError);
    expect(failure).toMatchObject({ width: 100_000, height: 100_000, maxPixels: MAX_PIXELS });
    expect((await decodeHeic(landscape, { maxPixels: MAX_PIXELS })).width).toBe(400);
  });

  it("refuses an image over maxPixels", async () => {
    await expect(decodeHeic(landscape, { maxPixels: 400 * 200 - 1 })).rejects.toBeInstanceOf(
      ImageDimensionsError,
    );
  });

  it.each([
    ["cut in half", () => landscape.subarray(0, landscape.length / 2)],
    ["missing its last bytes", () => landscape.subarray(0, landscape.length - 40)],
    ["declaring a 0×0 image", () => withDeclaredSize(landscape, 0, 0)],
    ["declaring more pixels than its data has", () => withDeclaredSize(landscape, 4000, 2000)],
    ["empty", () => Buffer.alloc(0)],
  ])("fails a HEIC %s with InvalidImageError, and decodes the next one", async (_, bytes) => {
    await expect(decodeHeic(bytes(), { maxPixels: MAX_PIXELS })).rejects.toBeInstanceOf(
      InvalidImageError,
    );
    expect((await decodeHeic(landscape, { maxPixels: MAX_PIXELS })).width).toBe(400);
  });

  it("fails a zip renamed .heic with InvalidImageError", async () => {
    await fs.writeFile(path.join(folder, "inside.txt"), "not an image");
    const zip = path.join(folder, "archive.heic");
    await tool("python3", [
      "-c",
      "import sys, zipfile; zipfile.ZipFile(sys.argv[1], 'w').write(sys.argv[2], 'inside.txt')",
      zip,
      path.join(folder, "inside.txt"),
    ]);
    await expect(
      decodeHeic(await fs.readFile(zip), { maxPixels: MAX_PIXELS }),
    ).rejects.toBeInstanceOf(InvalidImageError);
  });

  it("ends a decode that outlasts its time limit, and decodes the next one", async () => {
    await expect(
      decodeHeic(landscape, { maxPixels: MAX_PIXELS, timeoutMs: 1 }),
    ).rejects.toBeInstanceOf(MediaTimeoutError);
    expect((await decodeHeic(landscape, { maxPixels: MAX_PIXELS })).width).toBe(400);
  });

  it("decodes calls made together one after the other, each getting its own image", async () => {
    const burst = await fs.readFile(path.join(folder, "burst.heic"));
    const results = await Promise.all([
      decodeHeic(landscape, { maxPixels: MAX_PIXELS }),
      decodeHeic(withPrimaryItem(burst, await secondItem()), { maxPixels: MAX_PIXELS }),
      decodeHeic(landscape.subarray(0, 100), { maxPixels: MAX_PIXELS }).catch((error) => error),
      decodeHeic(landscape, { maxPixels: MAX_PIXELS }),
    ]);
    expect(results.map((result) => (result instanceof Error ? result.name : result.width))).toEqual(
      [400, 120, "InvalidImageError", 400],
    );
  });

  it("works from the production build: the worker is emitted beside the bundle", async () => {
    // The host's own esbuild options (scripts/build-host.mjs), with a small entry in place of
    // server.ts, run by plain node: no tsx, so the bundled worker must load on its own.
    const buildScript = pathToFileURL(path.resolve("scripts/build-host.mjs")).href;
    const { hostBuildOptions } = (await import(buildScript)) as {
      hostBuildOptions: { entryPoints: Record<string, string> } & Parameters<typeof build>[0];
    };
    const outdir = path.resolve(".cache", `heic-build-${process.pid}`);
    const entry = path.join(outdir, "entry.ts");
    await fs.mkdir(outdir, { recursive: true });
    try {
      await fs.writeFile(
        entry,
        [
          'import { readFileSync } from "node:fs";',
          'import { decodeHeic } from "#api/media/heic.ts";',
          "const image = await decodeHeic(readFileSync(process.argv[2]), { maxPixels: 1e8 });",
          "console.log(JSON.stringify({ width: image.width, height: image.height }));",
        ].join("\n"),
      );
      await build({
        ...hostBuildOptions,
        entryPoints: {
          server: entry,
          "heic-worker": hostBuildOptions.entryPoints["heic-worker"] ?? "",
        },
        outdir,
        sourcemap: false,
      });
      const { stdout } = await promisify(execFile)(process.execPath, [
        path.join(outdir, "server.js"),
        path.join(folder, "landscape.heic"),
      ]);
      expect(JSON.parse(stdout)).toEqual({ width: 400, height: 200 });
    } finally {
      await fs.rm(outdir, { recursive: true, force: true });
    }
  });
});

describe("orientRgba", () => {
  it.each([2, 3, 4, 5, 6, 7, 8])(
    "turns pixels by EXIF Orientation %i as sharp's rotate() does",
    async (orientation) => {
      // Six distinct pixels, 3×2: every turn and mirror gives a different arrangement.
      const width = 3;
      const height = 2;
      const pixels = Buffer.from(
        [10, 40, 70, 100, 130, 160].flatMap((value) => [value, 255 - value, value / 2, 255]),
      );
      // A lossless TIFF carrying the orientation, turned upright by sharp, is the reference.
      const tiff = await sharp(pixels, { raw: { width, height, channels: 4 } })
        .tiff({ compression: "none" })
        .withMetadata({ orientation })
        .toBuffer();
      const expected = await sharp(tiff).rotate().raw().toBuffer({ resolveWithObject: true });

      const turned = orientRgba(new Uint8Array(pixels), width, height, orientation);
      expect([turned.width, turned.height]).toEqual([expected.info.width, expected.info.height]);
      expect(Buffer.from(turned.data)).toEqual(expected.data);
    },
  );

  it("leaves pixels as they are for Orientation 1 and values out of range", () => {
    const pixels = new Uint8Array(8);
    for (const orientation of [1, 0, 9]) {
      expect(orientRgba(pixels, 2, 1, orientation)).toEqual({ data: pixels, width: 2, height: 1 });
    }
  });
});
