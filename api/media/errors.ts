/** Decoding an image or reading a video took longer than allowed; the work was stopped. */
export class MediaTimeoutError extends Error {
  override name = "MediaTimeoutError";
  constructor(
    readonly what: string,
    readonly timeoutMs: number,
  ) {
    super(`${what} took longer than ${timeoutMs} ms and was stopped`);
  }
}

/** The file is a container ffprobe reads, but it holds no video stream (audio only, say). */
export class NoVideoTrackError extends Error {
  override name = "NoVideoTrackError";
  constructor() {
    super("The file has no video track");
  }
}

/** The video is truncated, corrupt or not a video at all: ffprobe or ffmpeg cannot read it. */
export class DamagedMediaError extends Error {
  override name = "DamagedMediaError";
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`The video is truncated or corrupt and cannot be read: ${detail}`, options);
  }
}

/** ffprobe or ffmpeg is not installed (or not where FFPROBE_PATH/FFMPEG_PATH say). */
export class VideoToolUnavailableError extends Error {
  override name = "VideoToolUnavailableError";
  constructor(readonly tool: "ffprobe" | "ffmpeg") {
    super(`${tool} is not available on this server`);
  }
}

/** The PDF is encrypted with a password that opening it needs: its pages cannot be read. */
export class EncryptedPdfError extends Error {
  override name = "EncryptedPdfError";
  constructor() {
    super("The PDF needs a password to be opened");
  }
}

/** Decoding the file needed more memory than its worker may use; the worker was ended. */
export class MediaMemoryError extends Error {
  override name = "MediaMemoryError";
  constructor(
    readonly what: string,
    readonly limitMb: number,
    options?: { cause?: unknown },
  ) {
    super(`${what} needed more than ${limitMb} MB of memory and was stopped`, options);
  }
}
