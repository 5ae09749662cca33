import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DamagedMediaError,
  MediaTimeoutError,
  NoVideoTrackError,
  VideoToolUnavailableError,
} from "#api/media/errors.ts";
import {
  findVideoTools,
  POSTER_MAX_PX,
  posterFrame,
  posterTimeMs,
  probeVideo,
} from "#api/media/video.ts";
import { tempFolder, tool } from "#tests/support/media-files.ts";

// Real videos made by Debian's ffmpeg (libx264, libx265, libvpx-vp9), read by its ffprobe and
// ffmpeg (api/media/video.ts).

let folder: string;
const file = (name: string) => path.join(folder, name);

/** ffmpeg's test pattern, `seconds` long, encoded as told. */
async function makeVideo(name: string, size: string, seconds: number, encoding: string[]) {
  await tool("ffmpeg", [
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    `testsrc2=size=${size}:rate=25`,
    "-t",
    String(seconds),
    ...encoding,
    "-y",
    file(name),
  ]);
}

async function pngSize(png: Buffer) {
  const { format, width, height } = await sharp(png).metadata();
  return { format, width, height };
}

beforeAll(async () => {
  folder = await tempFolder("video");
  const h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
  await makeVideo("h264.mp4", "640x360", 3, h264);
  await makeVideo("full-hd.mp4", "1920x1080", 1, h264);
  await makeVideo("short.mp4", "320x240", 0.2, h264);
  await makeVideo("hevc.mov", "640x360", 2, [
    ...["-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-pix_fmt", "yuv420p"],
    ...["-x265-params", "log-level=error"],
  ]);
  await makeVideo("vp9.webm", "320x240", 2, ["-c:v", "libvpx-vp9", "-b:v", "200k"]);
  // A phone's portrait video: landscape frames and a display matrix that turns them.
  await tool("ffmpeg", [
    ...["-v", "error", "-i", file("h264.mp4"), "-c", "copy"],
    ...["-metadata:s:v:0", "rotate=90", "-y", file("portrait.mp4")],
  ]);
  await tool("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "2"],
    ...["-c:a", "aac", "-y", file("audio.mp4")],
  ]);
  // Without -movflags faststart the index (moov) comes last: half the file has none.
  const whole = await fs.readFile(file("h264.mp4"));
  await fs.writeFile(file("truncated.mp4"), whole.subarray(0, whole.length / 2));
  await fs.writeFile(file("notes.mp4"), "these are not moving pictures");
}, 120_000);

afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

describe("probeVideo", { timeout: 60_000 }, () => {
  it("reads an H.264 MP4's duration, size and codec", async () => {
    const probe = await probeVideo(file("h264.mp4"));
    expect(probe).toMatchObject({ width: 640, height: 360, videoCodec: "h264", rotation: 0 });
    expect(Math.abs((probe.durationMs ?? 0) - 3000)).toBeLessThanOrEqual(50);
  });

  it("reads an HEVC MOV and a VP9 WebM", async () => {
    const hevc = await probeVideo(file("hevc.mov"));
    expect(hevc).toMatchObject({ width: 640, height: 360, videoCodec: "hevc" });
    expect(Math.abs((hevc.durationMs ?? 0) - 2000)).toBeLessThanOrEqual(50);
    const vp9 = await probeVideo(file("vp9.webm"));
    expect(vp9).toMatchObject({ width: 320, height: 240, videoCodec: "vp9" });
    expect(Math.abs((vp9.durationMs ?? 0) - 2000)).toBeLessThanOrEqual(50);
  });

  it("gives a portrait video's size as it is shown, with its rotation", async () => {
    const probe = await probeVideo(file("portrait.mp4"));
    expect([90, 270]).toContain(probe.rotation);
    expect([probe.width, probe.height]).toEqual([360, 640]);
  });

  it("fails an audio-only MP4 with NoVideoTrackError", async () => {
    await expect(probeVideo(file("audio.mp4"))).rejects.toBeInstanceOf(NoVideoTrackError);
  });

  it.each([
    ["a truncated MP4", "truncated.mp4"],
    ["text named .mp4", "notes.mp4"],
    ["a file that is not there", "missing.mp4"],
  ])("fails %s with DamagedMediaError", async (_, name) => {
    await expect(probeVideo(file(name))).rejects.toBeInstanceOf(DamagedMediaError);
  });

  it("reads a path that looks like an option as a path", async () => {
    await fs.copyFile(file("vp9.webm"), file("-i.webm"));
    const probe = await probeVideo(path.relative(process.cwd(), file("-i.webm")));
    expect(probe.videoCodec).toBe("vp9");
  });

  it("stops ffprobe past its time limit", async () => {
    await expect(probeVideo(file("h264.mp4"), { timeoutMs: 1 })).rejects.toBeInstanceOf(
      MediaTimeoutError,
    );
  });
});

describe("posterFrame", { timeout: 60_000 }, () => {
  it("makes a PNG of one frame, the video's own size when it is small", async () => {
    const poster = await posterFrame(file("h264.mp4"), { atMs: 1000 });
    expect(await pngSize(poster)).toEqual({ format: "png", width: 640, height: 360 });
  });

  it(`scales a large video's frame down to ${POSTER_MAX_PX} px on its long side`, async () => {
    const poster = await posterFrame(file("full-hd.mp4"), { atMs: 100 });
    expect(await pngSize(poster)).toEqual({ format: "png", width: 1600, height: 900 });
  });

  it("turns a portrait video's frame upright", async () => {
    const poster = await posterFrame(file("portrait.mp4"), { atMs: 1000 });
    expect(await pngSize(poster)).toEqual({ format: "png", width: 360, height: 640 });
  });

  it("makes posters of an HEVC MOV and a VP9 WebM", async () => {
    expect(await pngSize(await posterFrame(file("hevc.mov"), { atMs: 200 }))).toMatchObject({
      width: 640,
      height: 360,
    });
    expect(await pngSize(await posterFrame(file("vp9.webm"), { atMs: 200 }))).toMatchObject({
      width: 320,
      height: 240,
    });
  });

  it("takes the first frame when the time asked for is past the end", async () => {
    const poster = await posterFrame(file("short.mp4"), { atMs: 5000 });
    expect(await pngSize(poster)).toEqual({ format: "png", width: 320, height: 240 });
  });

  it("fails an audio-only MP4 with NoVideoTrackError, a truncated one with DamagedMediaError", async () => {
    await expect(posterFrame(file("audio.mp4"))).rejects.toBeInstanceOf(NoVideoTrackError);
    await expect(posterFrame(file("truncated.mp4"))).rejects.toBeInstanceOf(DamagedMediaError);
  });
});

describe("posterTimeMs", () => {
  it("is 1 s, or a tenth of the video when earlier, and 0 for a clip under a second", () => {
    expect(posterTimeMs(60_000)).toBe(1000);
    expect(posterTimeMs(10_000)).toBe(1000);
    expect(posterTimeMs(4000)).toBe(400);
    expect(posterTimeMs(999)).toBe(0);
    expect(posterTimeMs(null)).toBe(0);
  });
});

describe("without ffmpeg", { timeout: 60_000 }, () => {
  const env = { FFMPEG_PATH: "/nonexistent/ffmpeg", FFPROBE_PATH: "/nonexistent/ffprobe" };

  it("says the tools are unavailable, with one warning to log, and never throws", async () => {
    const tools = await findVideoTools(env);
    expect(tools).toMatchObject({
      available: false,
      ffmpeg: { path: "/nonexistent/ffmpeg", available: false },
      ffprobe: { path: "/nonexistent/ffprobe", available: false },
    });
    expect(tools.warning).toMatch(/ffmpeg/);
    expect(await findVideoTools({})).toMatchObject({ available: true, warning: null });
  });

  it("fails a probe or a poster with VideoToolUnavailableError", async () => {
    await expect(probeVideo(file("h264.mp4"), { env })).rejects.toBeInstanceOf(
      VideoToolUnavailableError,
    );
    await expect(posterFrame(file("h264.mp4"), { env })).rejects.toBeInstanceOf(
      VideoToolUnavailableError,
    );
  });

  it("reads FFMPEG_PATH when a call is made, not when the module is imported", async () => {
    const before = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = "/nonexistent/ffmpeg";
    try {
      const video = await import("#api/media/video.ts");
      expect((await video.findVideoTools()).ffmpeg.available).toBe(false);
    } finally {
      if (before === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = before;
    }
  });
});
