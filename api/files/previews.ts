import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { NoPreviewReason } from "#api/db/schema.ts";
import {
  DERIVATIVE_MAX_BYTES,
  type Derivatives,
  derivativesOfImage,
  makeDerivatives,
  PREVIEW_MAX_PX,
} from "#api/files/derivatives.ts";
import { RASTER_IMAGE_TYPES } from "#api/files/sniff.ts";
import {
  ImageDimensionsError,
  ImageTooLargeError,
  InvalidImageError,
  UnsupportedImageTypeError,
} from "#api/images/errors.ts";
import { readImage } from "#api/images/read.ts";
import {
  DamagedMediaError,
  EncryptedPdfError,
  MediaMemoryError,
  MediaTimeoutError,
  NoVideoTrackError,
} from "#api/media/errors.ts";
import { decodeHeic } from "#api/media/heic.ts";
import { renderPdfFirstPage } from "#api/media/pdf.ts";
import { posterFrame, posterTimeMs, probeVideo, type VideoTools } from "#api/media/video.ts";

// What a file's previews are made from, by type (ADR 061): raster images with sharp; HEIC and
// HEIF with libheif in WebAssembly (sharp's libvips has no HEVC decoder), then sharp; videos
// from a poster frame and the duration ffmpeg and ffprobe read; PDFs from their first page,
// drawn by pdf.js (ADR 062), then sharp. Every failure a file's bytes can
// cause ends as a reason (docs/product.md#thumbnails); anything else is thrown for the job queue
// to retry.

const HEIF_TYPES = new Set(["image/heic", "image/heif"]);
/**
 * The most pixels of a HEIC decoded: a 48-megapixel iPhone photo fits. libheif in WebAssembly
 * holds about 11 bytes a pixel at its peak (the planes, the picture and its copy out), so this
 * bounds one decode at about 550 MB; decodes run one at a time (ADR 061).
 */
export const HEIC_MAX_PIXELS = 50_000_000;
const RASTER_TYPES = new Set<string>(RASTER_IMAGE_TYPES);
export const VIDEO_TYPES = new Set(["video/mp4", "video/quicktime", "video/webm"]);
export const PDF_TYPE = "application/pdf";

/** Where a file's bytes can be read: a file on this disk, or a stream of them. */
export interface PreviewSource {
  /** A local file holding exactly the bytes, when there is one (an upload waiting on disk). */
  localPath: string | null;
  /** The bytes, from the start; the caller's to consume or destroy. */
  open(): Promise<Readable>;
}

export type MadePreviews =
  | { made: Derivatives; durationMs: number | null }
  | {
      made: null;
      reason: NoPreviewReason;
      width: number | null;
      height: number | null;
      durationMs: number | null;
    };

export interface PreviewMakerOptions {
  /** Which video tools run here; when they do not, a video's reason is decoderMissing. */
  videoTools: () => Promise<VideoTools>;
  /** Where a video held elsewhere (a bucket) is copied for ffmpeg; the system's temp folder. */
  scratchDir?: string;
}

/** Makes the previews of a file of `contentType`, or says why it has none. */
export async function makePreviews(
  contentType: string,
  source: PreviewSource,
  options: PreviewMakerOptions,
): Promise<MadePreviews> {
  if (RASTER_TYPES.has(contentType)) return imagePreviews(contentType, source);
  if (VIDEO_TYPES.has(contentType)) return videoPreviews(source, options);
  if (contentType === PDF_TYPE) return pdfPreviews(source);
  return none("unsupportedType");
}

function none(
  reason: NoPreviewReason,
  known: { width?: number | null; height?: number | null; durationMs?: number | null } = {},
): MadePreviews {
  return {
    made: null,
    reason,
    width: known.width ?? null,
    height: known.height ?? null,
    durationMs: known.durationMs ?? null,
  };
}

/** Why an image error leaves a file without previews; null for failures to retry. */
function imageReason(error: unknown): NoPreviewReason | null {
  if (error instanceof UnsupportedImageTypeError) return "unsupportedType";
  if (
    error instanceof ImageDimensionsError ||
    error instanceof ImageTooLargeError ||
    error instanceof MediaMemoryError
  ) {
    return "tooLarge";
  }
  if (error instanceof InvalidImageError) return "damagedFile";
  // The same bytes would take as long again: not worth retrying.
  if (error instanceof MediaTimeoutError) return "processingFailed";
  return null;
}

async function imagePreviews(contentType: string, source: PreviewSource): Promise<MadePreviews> {
  let stream: Readable | undefined;
  const input = async () => {
    if (source.localPath) return source.localPath;
    stream = await source.open();
    return stream;
  };
  try {
    if (!HEIF_TYPES.has(contentType)) {
      return { made: await makeDerivatives(await input()), durationMs: null };
    }
    const from = await input();
    const bytes =
      typeof from === "string"
        ? await readLocal(from)
        : await readImage(from, DERIVATIVE_MAX_BYTES);
    try {
      const decoded = await decodeHeic(bytes, { maxPixels: HEIC_MAX_PIXELS });
      const size = { width: decoded.width, height: decoded.height };
      return { made: await derivativesOfImage(decoded, size), durationMs: null };
    } catch (error) {
      // A HEIF whose image libheif has no decoder for here (AV1 in a .heif, say) may still be
      // one libvips reads.
      if (!(error instanceof InvalidImageError)) throw error;
      return { made: await makeDerivatives(bytes), durationMs: null };
    }
  } catch (error) {
    const reason = imageReason(error);
    if (reason === null) throw error;
    return none(reason);
  } finally {
    stream?.destroy();
  }
}

/**
 * A PDF's first page as its thumbnails and preview, drawn at the preview's size. Its size is the
 * page's in points. A PDF that needs a password to open shows no page: unsupportedType, as for a
 * document we never preview (docs/product.md#preview-status).
 */
async function pdfPreviews(source: PreviewSource): Promise<MadePreviews> {
  let stream: Readable | undefined;
  try {
    let bytes: Buffer;
    if (source.localPath) {
      bytes = await readLocal(source.localPath);
    } else {
      stream = await source.open();
      bytes = await readImage(stream, DERIVATIVE_MAX_BYTES);
    }
    const page = await renderPdfFirstPage(bytes, { maxSide: PREVIEW_MAX_PX });
    const size = { width: page.pageWidth, height: page.pageHeight };
    return { made: await derivativesOfImage(page, size), durationMs: null };
  } catch (error) {
    if (error instanceof EncryptedPdfError) return none("unsupportedType");
    const reason = imageReason(error);
    if (reason === null) throw error;
    return none(reason);
  } finally {
    stream?.destroy();
  }
}

/** A local file's bytes, up to DERIVATIVE_MAX_BYTES (ImageTooLargeError past it). */
async function readLocal(file: string): Promise<Buffer> {
  if ((await stat(file)).size > DERIVATIVE_MAX_BYTES) {
    throw new ImageTooLargeError(DERIVATIVE_MAX_BYTES);
  }
  return readFile(file);
}

async function videoPreviews(
  source: PreviewSource,
  options: PreviewMakerOptions,
): Promise<MadePreviews> {
  const tools = await options.videoTools();
  if (!tools.available) return none("decoderMissing");
  return withLocalFile(source, options.scratchDir ?? os.tmpdir(), async (file) => {
    const env = {
      ...process.env,
      FFPROBE_PATH: tools.ffprobe.path,
      FFMPEG_PATH: tools.ffmpeg.path,
    };
    let probe: Awaited<ReturnType<typeof probeVideo>>;
    try {
      probe = await probeVideo(file, { env });
    } catch (error) {
      return none(videoReason(error));
    }
    const known = { width: probe.width, height: probe.height, durationMs: probe.durationMs };
    try {
      const poster = await posterFrame(file, { atMs: posterTimeMs(probe.durationMs), env });
      const made = await makeDerivatives(poster);
      return {
        made: { ...made, width: probe.width, height: probe.height },
        durationMs: probe.durationMs,
      };
    } catch (error) {
      return none(videoReason(error), known);
    }
  });
}

/** Why a video failure leaves it without previews; anything unexpected is thrown, to retry. */
function videoReason(error: unknown): NoPreviewReason {
  // Sound alone has no picture to show.
  if (error instanceof NoVideoTrackError) return "unsupportedType";
  if (error instanceof DamagedMediaError) return "damagedFile";
  const reason = imageReason(error);
  if (reason !== null) return reason;
  throw error;
}

/**
 * Runs `work` with a local file of the source's bytes: the upload's own file when it is on this
 * disk, else a copy streamed into `scratchDir` (a chunk in memory at a time) and removed after.
 * ffmpeg seeks in the file, which a pipe would not let it do (a phone's MOV often keeps its index
 * at the end).
 */
async function withLocalFile<T>(
  source: PreviewSource,
  scratchDir: string,
  work: (file: string) => Promise<T>,
): Promise<T> {
  if (source.localPath) return work(source.localPath);
  const copy = path.join(scratchDir, `preview-${randomUUID()}`);
  try {
    await pipeline(await source.open(), createWriteStream(copy, { mode: 0o600 }));
    return await work(copy);
  } finally {
    await rm(copy, { force: true });
  }
}
