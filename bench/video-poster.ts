import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { makePreviews } from "#api/files/previews.ts";
import { findVideoTools, probeVideo } from "#api/media/video.ts";

/**
 * A large phone video's poster and duration (docs/performance.md#media): a 1080p H.264 MP4 of
 * about 200 MB (BENCH_VIDEO_MB), made here by ffmpeg, has its previews made as the job makes
 * them, against the anchor of ffprobe reading its duration alone in the same run. Prints both
 * times, their ratio, and this process's peak resident memory growth while the previews are
 * made: ffmpeg reads the file from disk, so the growth stays small whatever the video's size.
 *
 *   node --import tsx bench/video-poster.ts
 */
const targetMb = Number(process.env.BENCH_VIDEO_MB ?? 200);
const dir = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-bench-video-"));
const videoTools = () => findVideoTools();

try {
  if (!(await videoTools()).available) throw new Error("ffmpeg and ffprobe are needed");
  const file = path.join(dir, "IMG_0100.MP4");
  // 40 Mbit/s, about what a phone records 1080p at: 200 MB is 40 s.
  const seconds = Math.round((targetMb * 8) / 40);
  execFileSync("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30"],
    ...["-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.02", "-t", String(seconds)],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-b:v", "40M", "-maxrate", "40M"],
    ...["-bufsize", "80M", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", file],
  ]);
  const size = (await fs.stat(file)).size;
  console.log(`video: ${(size / 1e6).toFixed(0)} MB, ${seconds} s, 1920×1080 H.264`);

  const probeStart = performance.now();
  await probeVideo(file);
  const probeMs = performance.now() - probeStart;

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  const made = await makePreviews(
    "video/mp4",
    { localPath: file, open: () => Promise.reject(new Error("read from the local file")) },
    { videoTools },
  );
  const previewsMs = performance.now() - start;
  clearInterval(sampler);
  if (made.made === null) throw new Error(`no previews: ${made.reason}`);
  console.log(
    `ffprobe alone ${probeMs.toFixed(0)} ms; previews (duration, poster, thumbnails) ` +
      `${previewsMs.toFixed(0)} ms = ${(previewsMs / probeMs).toFixed(1)}x the probe; ` +
      `duration ${made.durationMs} ms; peak RSS growth ${((peak - before) / 1e6).toFixed(0)} MB ` +
      `(${(((peak - before) / size) * 100).toFixed(1)} % of the file)`,
  );
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
