import { spawn } from "node:child_process";
import path from "node:path";
import {
  DamagedMediaError,
  MediaTimeoutError,
  NoVideoTrackError,
  VideoToolUnavailableError,
} from "./errors.ts";

/**
 * Posters and durations of videos, read by Debian's ffprobe and ffmpeg, each run as its own
 * process (never through a shell) with a time limit and a cap on what it prints. The file is
 * never read into this process: ffmpeg reads it from disk, or over HTTP from a URL.
 *
 * Where they are: FFPROBE_PATH and FFMPEG_PATH, else `ffprobe` and `ffmpeg` on the PATH. A
 * server without them still runs: findVideoTools says so once at start-up, and every call here
 * fails with VideoToolUnavailableError (docs/operations.md, "Video posters and durations").
 */

/** Reading a video's header may take this long. */
export const PROBE_TIMEOUT_MS = 20_000;
/** Decoding one poster frame may take this long (a seek in a large 4K HEVC file included). */
export const POSTER_TIMEOUT_MS = 30_000;
/** A poster fits inside a square of this side; a smaller video keeps its size. */
export const POSTER_MAX_PX = 1600;
/** The most ffprobe may print: its JSON for a file with a few streams is a few kilobytes. */
const PROBE_MAX_OUTPUT_BYTES = 1024 * 1024;
/** The most ffmpeg may print: one PNG of at most 1600×1600 RGB. */
const POSTER_MAX_OUTPUT_BYTES = 16 * 1024 * 1024;
/** What is kept of a tool's error output, for the error's message. */
const MAX_STDERR_BYTES = 16 * 1024;

/**
 * The demuxers ffmpeg may use on a file: the containers phones and cameras record. A playlist
 * (HLS, concat) that names other files or addresses is never opened.
 */
const DEMUXERS = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mpeg,mpegts,flv,ogg";

/** Where FFPROBE_PATH and FFMPEG_PATH are read: process.env, or a test's own values. */
export type VideoToolEnv = Readonly<Record<string, string | undefined>>;

export interface VideoToolPaths {
  ffprobe: string;
  ffmpeg: string;
}

export function videoToolPaths(env: VideoToolEnv = process.env): VideoToolPaths {
  return { ffprobe: env.FFPROBE_PATH || "ffprobe", ffmpeg: env.FFMPEG_PATH || "ffmpeg" };
}

export interface VideoTools {
  ffprobe: { path: string; available: boolean };
  ffmpeg: { path: string; available: boolean };
  /** Both run: videos get durations and posters. */
  available: boolean;
  /** The one line to log at start-up when they do not, null when they do. */
  warning: string | null;
}

const checked = new Map<string, Promise<boolean>>();

/**
 * Which of ffprobe and ffmpeg run here, each tried once per path (`-version`) and remembered.
 * Never throws: a missing tool is `available: false` and a warning to log once.
 */
export async function findVideoTools(env: VideoToolEnv = process.env): Promise<VideoTools> {
  const paths = videoToolPaths(env);
  const [ffprobe, ffmpeg] = await Promise.all([
    runs("ffprobe", paths.ffprobe),
    runs("ffmpeg", paths.ffmpeg),
  ]);
  const missing = [
    ...(ffprobe ? [] : [`ffprobe (${paths.ffprobe})`]),
    ...(ffmpeg ? [] : [`ffmpeg (${paths.ffmpeg})`]),
  ];
  return {
    ffprobe: { path: paths.ffprobe, available: ffprobe },
    ffmpeg: { path: paths.ffmpeg, available: ffmpeg },
    available: ffprobe && ffmpeg,
    warning: missing.length
      ? `${missing.join(" and ")} not found: videos are stored without a poster or a duration. ` +
        "Install Debian's ffmpeg package, or set FFPROBE_PATH and FFMPEG_PATH."
      : null,
  };
}

function runs(tool: "ffprobe" | "ffmpeg", command: string): Promise<boolean> {
  let known = checked.get(command);
  if (!known) {
    known = run(tool, command, ["-version"], { timeoutMs: 5_000, maxStdoutBytes: 64 * 1024 })
      .then((result) => result.code === 0)
      .catch(() => false);
    checked.set(command, known);
  }
  return known;
}

export interface VideoProbe {
  /** The container's duration, else the video stream's; null when neither says. */
  durationMs: number | null;
  /** The size as shown: with `rotation` applied, as the poster is. */
  width: number;
  height: number;
  /** ffprobe's codec name: h264, hevc, vp9, av1… */
  videoCodec: string;
  /** Degrees clockwise the stored frames are turned to be shown: 0, 90, 180 or 270. */
  rotation: 0 | 90 | 180 | 270;
}

/**
 * The duration, size, codec and rotation of a video: a local path or an http(s) URL. A file
 * without a video stream (audio only; a cover picture is not a video) is NoVideoTrackError;
 * one ffprobe cannot read (truncated, corrupt, not a video) is DamagedMediaError; more than
 * `timeoutMs` is MediaTimeoutError; no ffprobe is VideoToolUnavailableError.
 */
export async function probeVideo(
  input: string,
  options: { timeoutMs?: number; env?: VideoToolEnv } = {},
): Promise<VideoProbe> {
  const { ffprobe } = videoToolPaths(options.env);
  const args = [
    "-v",
    "error",
    ...inputOptions(input),
    "-print_format",
    "json",
    "-show_format",
    "-show_streams",
    "-i",
    source(input),
  ];
  const result = await run("ffprobe", ffprobe, args, {
    timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS,
    maxStdoutBytes: PROBE_MAX_OUTPUT_BYTES,
  });
  if (result.code !== 0) throw new DamagedMediaError(firstLine(result.stderr));

  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(result.stdout.toString("utf8")) as FfprobeOutput;
  } catch (error) {
    throw new DamagedMediaError("ffprobe's answer is not JSON", { cause: error });
  }
  const streams = parsed.streams ?? [];
  const video = streams.find(
    (stream) => stream.codec_type === "video" && stream.disposition?.attached_pic !== 1,
  );
  if (!video) {
    if (streams.length === 0) throw new DamagedMediaError("no stream found");
    throw new NoVideoTrackError();
  }
  const storedWidth = video.width ?? 0;
  const storedHeight = video.height ?? 0;
  if (!(storedWidth > 0 && storedHeight > 0)) {
    throw new DamagedMediaError("the video stream has no frame size");
  }
  const rotation = rotationOf(video);
  const sideways = rotation === 90 || rotation === 270;
  return {
    durationMs: milliseconds(parsed.format?.duration) ?? milliseconds(video.duration),
    width: sideways ? storedHeight : storedWidth,
    height: sideways ? storedWidth : storedHeight,
    videoCodec: video.codec_name ?? "unknown",
    rotation,
  };
}

/**
 * When to take the poster from: at 1 s, or at a tenth of the video when that is earlier, so
 * the frame is past a fade-in; the first frame of a clip shorter than a second.
 */
export function posterTimeMs(durationMs: number | null): number {
  if (durationMs === null || durationMs < 1000) return 0;
  return Math.min(1000, Math.floor(durationMs / 10));
}

/**
 * One frame of a video as a PNG: the frame at `atMs` (see posterTimeMs), turned upright by the
 * video's rotation (ffmpeg applies it), scaled down by ffmpeg to fit POSTER_MAX_PX on its long
 * side and never enlarged. When nothing is found at `atMs` (past a short video's end), the
 * first frame. Errors as probeVideo's; no ffmpeg is VideoToolUnavailableError.
 */
export async function posterFrame(
  input: string,
  options: { atMs?: number; timeoutMs?: number; env?: VideoToolEnv } = {},
): Promise<Buffer> {
  const atMs = Math.max(0, Math.floor(options.atMs ?? 0));
  const frame = await grabFrame(input, atMs, options);
  if (frame.length > 0 || atMs === 0) {
    if (frame.length === 0) throw new DamagedMediaError("no frame could be decoded");
    return frame;
  }
  const first = await grabFrame(input, 0, options);
  if (first.length === 0) throw new DamagedMediaError("no frame could be decoded");
  return first;
}

async function grabFrame(
  input: string,
  atMs: number,
  options: { timeoutMs?: number; env?: VideoToolEnv },
): Promise<Buffer> {
  const { ffmpeg } = videoToolPaths(options.env);
  const fit = `'min(iw,${POSTER_MAX_PX})':'min(ih,${POSTER_MAX_PX})'`;
  const args = [
    "-nostdin",
    "-hide_banner",
    "-v",
    "error",
    ...inputOptions(input),
    // Before -i: a fast seek to the keyframe before, then decoded exactly to the time.
    ...(atMs > 0 ? ["-ss", (atMs / 1000).toFixed(3)] : []),
    "-i",
    source(input),
    "-map",
    "0:v:0",
    "-an",
    "-sn",
    "-dn",
    "-frames:v",
    "1",
    "-vf",
    `scale=${fit}:force_original_aspect_ratio=decrease`,
    "-pix_fmt",
    "rgb24",
    "-c:v",
    "png",
    "-f",
    "image2pipe",
    "pipe:1",
  ];
  const result = await run("ffmpeg", ffmpeg, args, {
    timeoutMs: options.timeoutMs ?? POSTER_TIMEOUT_MS,
    maxStdoutBytes: POSTER_MAX_OUTPUT_BYTES,
  });
  if (result.code !== 0) {
    if (/matches no streams/i.test(result.stderr)) throw new NoVideoTrackError();
    throw new DamagedMediaError(firstLine(result.stderr));
  }
  return result.stdout;
}

/** What limits what ffmpeg opens: these demuxers, over this protocol only. */
function inputOptions(input: string): string[] {
  const remote = isUrl(input);
  return [
    "-format_whitelist",
    DEMUXERS,
    "-protocol_whitelist",
    remote ? "http,https,tcp,tls" : "file",
    // A stalled server is given up after 15 s (microseconds).
    ...(remote ? ["-rw_timeout", "15000000"] : []),
  ];
}

function isUrl(input: string): boolean {
  return /^https?:\/\//i.test(input);
}

/** A URL as it is; a path made absolute and prefixed, so it never reads as an option. */
function source(input: string): string {
  return isUrl(input) ? input : `file:${path.resolve(input)}`;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}
interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string };
}

function milliseconds(seconds: string | undefined): number | null {
  const value = Number(seconds);
  return seconds !== undefined && Number.isFinite(value) && value >= 0
    ? Math.round(value * 1000)
    : null;
}

/**
 * The clockwise turn a player gives the frames: the display matrix's rotation is
 * anticlockwise; older files carry a `rotate` tag, clockwise.
 */
function rotationOf(stream: FfprobeStream): 0 | 90 | 180 | 270 {
  const matrix = stream.side_data_list?.find((data) => typeof data.rotation === "number");
  const clockwise = matrix ? -(matrix.rotation ?? 0) : Number(stream.tags?.rotate ?? 0);
  const quarter = Math.round((((clockwise % 360) + 360) % 360) / 90) % 4;
  return ([0, 90, 180, 270] as const)[quarter] ?? 0;
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0]?.slice(0, 300) || "the tool failed";
}

interface RunResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs a tool with its arguments (no shell), keeping at most `maxStdoutBytes` of its output:
 * past that, or past `timeoutMs`, it is killed. Not found, or not runnable, is
 * VideoToolUnavailableError.
 */
function run(
  tool: "ffprobe" | "ffmpeg",
  command: string,
  args: string[],
  limits: { timeoutMs: number; maxStdoutBytes: number },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], windowsHide: true });
    const chunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    let failure: Error | null = null;
    const stop = (error: Error) => {
      failure ??= error;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(
      () => stop(new MediaTimeoutError(`Running ${tool}`, limits.timeoutMs)),
      limits.timeoutMs,
    );
    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > limits.maxStdoutBytes) {
        stop(new DamagedMediaError(`${tool} printed more than ${limits.maxStdoutBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR_BYTES) stderr += chunk.toString("utf8");
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      failure ??=
        error.code === "ENOENT" || error.code === "EACCES"
          ? new VideoToolUnavailableError(tool)
          : error;
      reject(failure);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else resolve({ code, stdout: Buffer.concat(chunks), stderr });
    });
  });
}
