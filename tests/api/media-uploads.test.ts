import fs from "node:fs/promises";
import path from "node:path";
import { buffer as readAll } from "node:stream/consumers";
import { pino } from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as pdfPreviewsMigration from "#api/db/migrations/0013-pdf-previews.ts";
import * as takenMigration from "#api/db/migrations/0014-taken-and-camera.ts";
import type { FileRow } from "#api/db/schema.ts";
import { createFileProcessor, enqueueMissingPreviews } from "#api/files/process.ts";
import { findVideoTools } from "#api/media/video.ts";
import { heicFrom, tempFolder, tool, withDeclaredSize } from "#tests/support/media-files.ts";
import { type PdfPage, pdfOf } from "#tests/support/pdf-files.ts";
import { bearer, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL, startApi, type TestApi } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { ownedTeam, type TestTeam } from "./support/teams.ts";

// The files people send from phones and cameras, uploaded over real HTTP and processed by the
// real job (docs/product.md#thumbnails; ADRs 061 and 062): every type gets its previews, or
// "none" with the reason, and nothing a file holds can stop the queue or answer a 5xx. The files
// are made here by Debian's heif-enc, ffmpeg, exiftool, by sharp, and PDFs byte by byte
// (tests/support/pdf-files.ts).

let api: TestApi;
let team: TestTeam;
let owner: Tokens;
let collectionId: string;
let dir: string;

beforeAll(async () => {
  api = await startApi();
  const owned = await ownedTeam(api);
  team = owned.team;
  owner = owned.tokens;
  collectionId = (await insertCollection(api, team)).collectionId;
  dir = await tempFolder("media-uploads");
});
afterAll(async () => {
  await api.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const filesPath = () => `/api/teams/${team.teamId}/collections/${collectionId}/files`;

interface ApiFile {
  fileId: string;
  contentType: string;
  previewStatus: string;
  noPreviewReason: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  refDate: number;
  createdAt: number;
  takenAt: number | null;
  camera: { make: string | null; model: string | null } | null;
  thumbnailUrl: string | null;
  thumbnailLargeUrl: string | null;
  previewUrl: string | null;
}

/** Uploads `bytes` as a phone's browser would (POST then PUT), runs the queue, reads the file. */
async function upload(name: string, bytes: Buffer, contentType = "") {
  const created = await api.request(filesPath(), {
    method: "POST",
    headers: bearer(owner),
    json: { name, contentType, size: bytes.length },
  });
  expect(created.status).toBe(201);
  const { fileId, uploadUrl } = (await created.json()) as { fileId: string; uploadUrl: string };
  const sent = await fetch(uploadUrl.replace(PUBLIC_URL, api.url), {
    method: "PUT",
    headers: { "Content-Type": contentType || "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  expect(sent.status).toBe(200);
  await api.jobs.idle();
  return read(fileId);
}

async function read(fileId: string): Promise<ApiFile> {
  const response = await api.request(`${filesPath()}/${fileId}`, { headers: bearer(owner) });
  expect(response.status).toBe(200);
  return (await response.json()) as ApiFile;
}

async function row(fileId: string): Promise<FileRow> {
  return api.db
    .selectFrom("files")
    .selectAll()
    .where("file_id", "=", fileId)
    .executeTakeFirstOrThrow();
}

async function blob(key: string | null) {
  const stored = key === null ? null : await api.blobs.get(key);
  if (!stored) throw new Error(`no blob at ${key}`);
  return readAll(stored.body);
}

/** The stored preview's size and the colour of its top-left and bottom-right corners. */
async function previewOf(file: ApiFile) {
  const bytes = await blob((await row(file.fileId)).preview_key);
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return [data[i], data[i + 1], data[i + 2]] as [number, number, number];
  };
  return {
    width: info.width,
    height: info.height,
    topLeft: at(2, 2),
    bottomRight: at(info.width - 3, info.height - 3),
  };
}

const isRed = ([r, g, b]: number[]) => (r ?? 0) > 180 && (g ?? 255) < 90 && (b ?? 255) < 90;
const isBlue = ([r, g, b]: number[]) => (r ?? 255) < 90 && (g ?? 255) < 90 && (b ?? 0) > 180;

/**
 * A JPEG stored 600 × 400 with red on its top half and blue below, and EXIF orientation 6 and a
 * capture date, as a phone held upright writes it: shown 400 × 600, red on the right.
 */
async function phoneJpeg(file: string) {
  const half = (colour: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 600, height: 200, channels: 3, background: colour } })
      .png()
      .toBuffer();
  await sharp({ create: { width: 600, height: 400, channels: 3, background: "#000" } })
    .composite([
      { input: await half({ r: 230, g: 20, b: 20 }), top: 0, left: 0 },
      { input: await half({ r: 20, g: 20, b: 230 }), top: 200, left: 0 },
    ])
    .jpeg({ quality: 92 })
    .toFile(file);
  await tool("exiftool", [
    "-q",
    "-overwrite_original",
    "-Orientation#=6",
    "-DateTimeOriginal=2024:07:14 09:30:00",
    "-OffsetTimeOriginal=+02:00",
    "-Make=Apple",
    "-Model=iPhone 15 Pro",
    file,
  ]);
  return fs.readFile(file);
}

const TAKEN = Date.UTC(2024, 6, 14, 7, 30, 0);

async function video(name: string, args: string[]) {
  const file = path.join(dir, name);
  await tool("ffmpeg", ["-v", "error", "-y", ...args, file]);
  return fs.readFile(file);
}

const testSource = (seconds: number, size = "320x240") => [
  "-f",
  "lavfi",
  "-i",
  `testsrc=size=${size}:rate=25:duration=${seconds}`,
];

describe("photos", () => {
  it("an iPhone HEIC: upright previews of both sizes, its size and the date it was taken", async () => {
    const jpeg = path.join(dir, "iphone.jpg");
    await phoneJpeg(jpeg);
    const heic = await heicFrom([jpeg], path.join(dir, "IMG_0001.HEIC"));
    const file = await upload("IMG_0001.HEIC", heic, "image/heic");
    expect(file).toMatchObject({
      contentType: "image/heic",
      previewStatus: "ready",
      noPreviewReason: null,
      width: 400,
      height: 600,
      refDate: TAKEN,
      takenAt: TAKEN,
      camera: { make: "Apple", model: "iPhone 15 Pro" },
    });
    const preview = await previewOf(file);
    expect([preview.width, preview.height]).toEqual([400, 600]);
    // Turned as the phone was held: red on the right, blue on the left.
    expect(isBlue(preview.topLeft)).toBe(true);
    expect(isRed(preview.bottomRight)).toBe(true);
    const large = await sharp(await blob((await row(file.fileId)).thumbnail_large_key)).metadata();
    expect(large).toMatchObject({ format: "webp", width: 320, height: 320 });
    // The original is kept byte for byte.
    expect((await blob((await row(file.fileId)).blob_key)).equals(heic)).toBe(true);
  });

  it("a HEIC holding a second image, as a burst does: the primary image's previews", async () => {
    const first = path.join(dir, "primary.jpg");
    const second = path.join(dir, "second.jpg");
    await sharp({ create: { width: 300, height: 200, channels: 3, background: "#e01010" } })
      .jpeg()
      .toFile(first);
    await sharp({ create: { width: 100, height: 100, channels: 3, background: "#1010e0" } })
      .jpeg()
      .toFile(second);
    const heic = await heicFrom([first, second], path.join(dir, "burst.heic"));
    const file = await upload("burst.heic", heic);
    expect(file).toMatchObject({ previewStatus: "ready", width: 300, height: 200 });
    expect(isRed((await previewOf(file)).topLeft)).toBe(true);
  });

  it("a HEIC with an auxiliary image and a thumbnail item, as a portrait's depth map is held: the primary image's previews", async () => {
    // heif-enc stores a PNG's alpha as an auxiliary image of the primary one (an `auxl`
    // reference, as an iPhone's depth or gain map), and `-t` adds a thumbnail item (`thmb`).
    const png = path.join(dir, "aux.png");
    await sharp({
      create: {
        width: 320,
        height: 240,
        channels: 4,
        background: { r: 224, g: 16, b: 16, alpha: 0.5 },
      },
    })
      .png()
      .toFile(png);
    const heic = await heicFrom([png], path.join(dir, "aux.heic"), ["-t", "64"]);
    expect(heic.includes("auxC")).toBe(true);
    expect(heic.includes("thmb")).toBe(true);
    const file = await upload("IMG_0005.HEIC", heic);
    expect(file).toMatchObject({ previewStatus: "ready", width: 320, height: 240 });
    expect((await previewOf(file)).width).toBe(320);
  });

  it("JPEG turned by EXIF, PNG, WebP, GIF and AVIF: previews upright, with their size", async () => {
    const jpeg = await phoneJpeg(path.join(dir, "turned.jpg"));
    const made = (format: "png" | "webp" | "gif" | "avif") =>
      sharp({ create: { width: 90, height: 60, channels: 3, background: "#e01010" } })
        .toFormat(format)
        .toBuffer();
    const cases: [string, Buffer, string, number, number][] = [
      ["turned.jpg", jpeg, "image/jpeg", 400, 600],
      ["a.png", await made("png"), "image/png", 90, 60],
      ["a.webp", await made("webp"), "image/webp", 90, 60],
      ["a.gif", await made("gif"), "image/gif", 90, 60],
      ["a.avif", await made("avif"), "image/avif", 90, 60],
    ];
    for (const [name, bytes, contentType, width, height] of cases) {
      const file = await upload(name, bytes);
      expect(file, name).toMatchObject({ contentType, previewStatus: "ready", width, height });
      expect(file.thumbnailUrl, name).not.toBeNull();
      expect(file.thumbnailLargeUrl, name).not.toBeNull();
    }
  });

  it("hostile HEICs end as no preview with the reason, and the queue goes on", async () => {
    const jpeg = path.join(dir, "small.jpg");
    await sharp({ create: { width: 64, height: 48, channels: 3, background: "#808080" } })
      .jpeg()
      .toFile(jpeg);
    const heic = await heicFrom([jpeg], path.join(dir, "small.heic"));
    const huge = await upload("huge.heic", withDeclaredSize(heic, 100_000, 100_000), "image/heic");
    expect(huge).toMatchObject({ previewStatus: "none", noPreviewReason: "tooLarge" });
    const cut = await upload("cut.heic", heic.subarray(0, Math.floor(heic.length * 0.6)));
    expect(cut).toMatchObject({ previewStatus: "none", noPreviewReason: "damagedFile" });
    // The next file is processed as usual.
    const fine = await upload("fine.heic", heic);
    expect(fine).toMatchObject({ previewStatus: "ready", width: 64, height: 48 });
  });

  it("a zip renamed .heic is refused as a HEIC, and stored as the zip it is when not announced", async () => {
    const zipFile = path.join(dir, "photos.zip");
    await fs.writeFile(path.join(dir, "note.txt"), "hello");
    await tool("python3", [
      "-c",
      "import sys, zipfile; zipfile.ZipFile(sys.argv[1], 'w').write(sys.argv[2], 'note.txt')",
      zipFile,
      path.join(dir, "note.txt"),
    ]);
    const zip = await fs.readFile(zipFile);
    const created = await api.request(filesPath(), {
      method: "POST",
      headers: bearer(owner),
      json: { name: "IMG_0002.heic", contentType: "image/heic", size: zip.length },
    });
    const { uploadUrl } = (await created.json()) as { uploadUrl: string };
    const refused = await fetch(uploadUrl.replace(PUBLIC_URL, api.url), {
      method: "PUT",
      headers: { "Content-Type": "image/heic" },
      body: new Uint8Array(zip),
    });
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ statusCode: 415 });
    const stored = await upload("IMG_0003.heic", zip);
    expect(stored).toMatchObject({
      contentType: "application/zip",
      previewStatus: "none",
      noPreviewReason: "unsupportedType",
    });
  });
});

describe("videos", () => {
  it("MP4 (H.264), MOV (HEVC) and WebM (VP9): a poster, the size and the duration", async () => {
    const cases: [string, Buffer, string][] = [
      [
        "clip.mp4",
        await video("clip.mp4", [...testSource(3), "-c:v", "libx264", "-pix_fmt", "yuv420p"]),
        "video/mp4",
      ],
      [
        "IMG_0004.MOV",
        await video("IMG_0004.MOV", [...testSource(2), "-c:v", "libx265", "-tag:v", "hvc1"]),
        "video/quicktime",
      ],
      [
        "clip.webm",
        await video("clip.webm", [...testSource(2), "-c:v", "libvpx-vp9", "-b:v", "200k"]),
        "video/webm",
      ],
    ];
    for (const [name, bytes, contentType] of cases) {
      const file = await upload(name, bytes);
      const seconds = name === "clip.mp4" ? 3000 : 2000;
      expect(file, name).toMatchObject({
        contentType,
        previewStatus: "ready",
        width: 320,
        height: 240,
      });
      expect(Math.abs((file.durationMs ?? 0) - seconds), name).toBeLessThan(100);
      const poster = await sharp(await blob((await row(file.fileId)).preview_key)).metadata();
      expect(poster, name).toMatchObject({ format: "webp", width: 320, height: 240 });
    }
  });

  it("a phone video filmed upright: the poster and size as shown", async () => {
    await video("upright.mp4", [...testSource(1), "-c:v", "libx264", "-pix_fmt", "yuv420p"]);
    // A phone stores its frames sideways and the turn in the track's display matrix.
    const file0 = path.join(dir, "upright.mp4");
    await tool("exiftool", ["-q", "-overwrite_original", "-Rotation=90", file0]);
    const bytes = await fs.readFile(file0);
    const file = await upload("upright.mp4", bytes);
    expect(file).toMatchObject({ previewStatus: "ready", width: 240, height: 320 });
  });

  it("a truncated video and one without pictures end as no preview with the reason", async () => {
    const whole = await video("whole.mp4", [
      ...testSource(2),
      "-c:v",
      "libx264",
      "-pix_fmt",
      "yuv420p",
      "-movflags",
      "+faststart",
    ]);
    const cut = await upload("cut.mp4", whole.subarray(0, 4096));
    expect(cut).toMatchObject({ previewStatus: "none", noPreviewReason: "damagedFile" });
    const sound = await video("sound.mov", [
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=1",
      "-c:a",
      "aac",
    ]);
    const silent = await upload("sound.mov", sound, "video/quicktime");
    expect(silent).toMatchObject({ previewStatus: "none", noPreviewReason: "unsupportedType" });
  });

  it("without ffmpeg a video is stored, downloadable, and says the decoder is missing", async () => {
    const bytes = await video("plain.mp4", [
      ...testSource(1),
      "-c:v",
      "libx264",
      "-pix_fmt",
      "yuv420p",
    ]);
    const file = await upload("plain.mp4", bytes);
    // As a server without ffmpeg processes it.
    await api.db
      .updateTable("files")
      .set({ status: "processing", preview_key: null, thumbnail_key: null })
      .where("file_id", "=", file.fileId)
      .execute();
    const missing = await findVideoTools({
      FFPROBE_PATH: path.join(dir, "no-ffprobe"),
      FFMPEG_PATH: path.join(dir, "no-ffmpeg"),
    } as unknown as NodeJS.ProcessEnv);
    expect(missing.available).toBe(false);
    expect(missing.warning).toMatch(/ffmpeg/);
    const processor = createFileProcessor({
      db: api.db,
      blobs: api.blobs,
      uploads: api.uploadStore,
      logger: pino({ level: "silent" }),
      now: api.clock.now,
      videoTools: async () => missing,
    });
    await processor.processFile({ fileId: file.fileId, uploadId: "0".repeat(32) });
    expect(await read(file.fileId)).toMatchObject({
      previewStatus: "none",
      noPreviewReason: "decoderMissing",
    });
    expect((await blob((await row(file.fileId)).blob_key)).equals(bytes)).toBe(true);
  });
});

const A4 = { width: 595, height: 842 };
const redPage = (extra: Partial<PdfPage> = {}): PdfPage => ({ ...A4, fill: [1, 0, 0], ...extra });
const bluePage: PdfPage = { ...A4, fill: [0, 0, 1], text: "Page two" };

describe("PDFs", () => {
  it("a two-page PDF: its first page as thumbnails and a portrait preview, the page's size", async () => {
    const bytes = pdfOf([redPage({ text: "Page one" }), bluePage]);
    const file = await upload("report.pdf", bytes);
    expect(file).toMatchObject({
      contentType: "application/pdf",
      previewStatus: "ready",
      noPreviewReason: null,
      width: 595,
      height: 842,
      durationMs: null,
    });
    expect(file.thumbnailUrl).not.toBeNull();
    expect(file.thumbnailLargeUrl).not.toBeNull();
    const stored = await row(file.fileId);
    const preview = await sharp(await blob(stored.preview_key)).metadata();
    expect(preview).toMatchObject({ format: "webp", width: 1131, height: 1600 });
    // Page one is red, page two blue: the preview is the first page.
    const pixels = await previewOf(file);
    expect(isRed(pixels.topLeft)).toBe(true);
    expect(isRed(pixels.bottomRight)).toBe(true);
    const thumbnail = await sharp(await blob(stored.thumbnail_key)).metadata();
    expect(thumbnail).toMatchObject({ format: "webp", width: 70, height: 70 });
    const large = await sharp(await blob(stored.thumbnail_large_key)).metadata();
    expect(large).toMatchObject({ format: "webp", width: 320, height: 320 });
    // The original is kept byte for byte.
    expect((await blob(stored.blob_key)).equals(bytes)).toBe(true);
  });

  it("a landscape page and a page declaring 100,000 points: previews within 1600 px", async () => {
    const landscape = await upload("wide.pdf", pdfOf([redPage({ width: 842, height: 595 })]));
    expect(landscape).toMatchObject({ previewStatus: "ready", width: 842, height: 595 });
    const wide = await previewOf(landscape);
    expect([wide.width, wide.height]).toEqual([1600, 1131]);
    const huge = await upload(
      "poster.pdf",
      pdfOf([redPage({ width: 100_000, height: 100_000 })]),
      "application/pdf",
    );
    expect(huge).toMatchObject({ previewStatus: "ready", width: 100_000, height: 100_000 });
    const drawn = await previewOf(huge);
    expect([drawn.width, drawn.height]).toEqual([1600, 1600]);
    expect(isRed(drawn.topLeft)).toBe(true);
  });

  it("a truncated PDF is damagedFile, one needing a password unsupportedType, and the queue goes on", async () => {
    const whole = pdfOf([redPage(), bluePage]);
    const cut = await upload("cut.pdf", whole.subarray(0, Math.floor(whole.length / 2)));
    expect(cut).toMatchObject({
      contentType: "application/pdf",
      previewStatus: "none",
      noPreviewReason: "damagedFile",
      thumbnailUrl: null,
    });
    const locked = await upload("locked.pdf", pdfOf([redPage()], { userPassword: "secret" }));
    expect(locked).toMatchObject({
      contentType: "application/pdf",
      previewStatus: "none",
      noPreviewReason: "unsupportedType",
    });
    // Encrypted, but without a password to open it: shown as any PDF.
    const open = await upload("open.pdf", pdfOf([redPage()], { userPassword: "" }));
    expect(open).toMatchObject({ previewStatus: "ready", width: 595 });
    // Every one is kept, byte for byte, to download.
    expect((await blob((await row(locked.fileId)).blob_key)).length).toBeGreaterThan(0);
  });
});

describe("files stored before their previews could be made", () => {
  it("photos stored before migration 0014 get their date taken from ref_date; others get none", async () => {
    const jpeg = path.join(dir, "before-0014.jpg");
    await phoneJpeg(jpeg);
    const photo = await upload("before-0014.jpg", await fs.readFile(jpeg), "image/jpeg");
    const plain = await upload(
      "plain.png",
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123" } })
        .png()
        .toBuffer(),
    );
    expect(await read(photo.fileId)).toMatchObject({ takenAt: TAKEN, refDate: TAKEN });
    // As a server before this one: no such columns.
    await takenMigration.down(api.db as never);
    await takenMigration.up(api.db as never);
    expect(await read(photo.fileId)).toMatchObject({ takenAt: TAKEN, camera: null });
    const after = await read(plain.fileId);
    expect(after).toMatchObject({ takenAt: null, camera: null });
    expect(after.refDate).toBe(after.createdAt);
  });

  it("PDFs stored as unsupportedType get their previews after migration 0013, and nothing else changes", async () => {
    const pdf = await upload("old.pdf", pdfOf([redPage(), bluePage]));
    const locked = await upload("old-locked.pdf", pdfOf([redPage()], { userPassword: "x" }));
    const zip = await upload("old.zip", Buffer.from("PK\x05\x06".padEnd(22, "\0"), "latin1"));
    const damaged = await upload("old-cut.pdf", pdfOf([redPage()]).subarray(0, 200));
    // As a server before this one left them: ready, no previews, unsupportedType.
    await api.db
      .updateTable("files")
      .set({
        thumbnail_key: null,
        thumbnail_large_key: null,
        preview_key: null,
        width: null,
        height: null,
        no_preview_reason: "unsupportedType",
      })
      .where("file_id", "in", [pdf.fileId, locked.fileId])
      .execute();
    expect(await read(pdf.fileId)).toMatchObject({
      previewStatus: "none",
      noPreviewReason: "unsupportedType",
    });
    expect(await read(zip.fileId)).toMatchObject({ noPreviewReason: "unsupportedType" });

    await pdfPreviewsMigration.up(api.db as never);
    // The PDFs only: the zip keeps its reason, the damaged PDF its own.
    expect(await read(pdf.fileId)).toMatchObject({ previewStatus: "none", noPreviewReason: null });
    expect(await read(zip.fileId)).toMatchObject({ noPreviewReason: "unsupportedType" });
    expect(await read(damaged.fileId)).toMatchObject({ noPreviewReason: "damagedFile" });
    // With locked.pdf of the test above: the migration cannot tell it from a PDF stored before,
    // and the backfill finds its reason again.
    expect(await enqueueMissingPreviews(api.db, api.jobs)).toBe(3);
    await api.jobs.idle();
    expect(await read(pdf.fileId)).toMatchObject({
      previewStatus: "ready",
      width: 595,
      height: 842,
    });
    expect(isRed((await previewOf(await read(pdf.fileId))).topLeft)).toBe(true);
    // A PDF that needs a password gets its reason again.
    expect(await read(locked.fileId)).toMatchObject({
      previewStatus: "none",
      noPreviewReason: "unsupportedType",
    });
    expect(await enqueueMissingPreviews(api.db, api.jobs)).toBe(0);
  });

  it("get them at start-up: a HEIC and a video without a preview or a reason", async () => {
    const jpeg = path.join(dir, "old.jpg");
    await sharp({ create: { width: 120, height: 80, channels: 3, background: "#e01010" } })
      .jpeg()
      .toFile(jpeg);
    const heic = await upload("old.heic", await heicFrom([jpeg], path.join(dir, "old.heic")));
    const clip = await upload(
      "old.mp4",
      await video("old.mp4", [...testSource(1), "-c:v", "libx264", "-pix_fmt", "yuv420p"]),
    );
    // As migration 0011 leaves them: ready, no previews, no reason.
    await api.db
      .updateTable("files")
      .set({ thumbnail_key: null, thumbnail_large_key: null, preview_key: null, width: null })
      .where("file_id", "in", [heic.fileId, clip.fileId])
      .execute();
    expect(await read(heic.fileId)).toMatchObject({ previewStatus: "none", noPreviewReason: null });
    expect(await enqueueMissingPreviews(api.db, api.jobs)).toBe(2);
    await api.jobs.idle();
    expect(await read(heic.fileId)).toMatchObject({ previewStatus: "ready", width: 120 });
    expect(await read(clip.fileId)).toMatchObject({ previewStatus: "ready", width: 320 });
    // Done: nothing left to queue.
    expect(await enqueueMissingPreviews(api.db, api.jobs)).toBe(0);
  });
});
