import type { Logger } from "pino";

// What the API learns of a proxy's body limit from the clients (ADR 103): a client whose chunks
// a proxy refused with 413 sends smaller ones, marked `Upload-Chunk-Reduced: <bytes>`. Kept per
// process (each app the process builds), until it restarts: the operator is told once per size in the log, and on /status.

/** The request header of a PATCH a client sent in smaller pieces than it meant to. */
export const CHUNK_REDUCED_HEADER = "Upload-Chunk-Reduced";

/** Sizes outside these bounds are not a client of ours stepping down: ignored. */
const SMALLEST = 64 * 1024;
const LARGEST = 64 * 1024 * 1024;
/** At most this many sizes are remembered, so a client cannot fill the log. */
const MOST_SIZES = 8;

/** A size in KiB or MiB, as an operator sets a body limit. */
export function chunkSizeText(bytes: number) {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : `${Math.round(bytes / 1024)} KiB`;
}

/** What one API process has learnt of proxies cutting its uploads' chunks. */
export function createChunkNotes(logger: Logger) {
  const seen = new Set<number>();
  return {
    /** Notes a stepped-down PATCH that the API took; the first of each size is logged. */
    note(request: Request) {
      const header = request.headers.get(CHUNK_REDUCED_HEADER);
      if (header === null || !/^\d{1,9}$/.test(header)) return;
      const bytes = Number(header);
      if (bytes < SMALLEST || bytes > LARGEST || seen.has(bytes) || seen.size >= MOST_SIZES) {
        return;
      }
      seen.add(bytes);
      logger.warn(
        { chunkBytes: bytes },
        `uploads are being cut to ${chunkSizeText(bytes)} chunks by a proxy; ` +
          "raise client_max_body_size",
      );
    },
    /** The smallest chunk size clients were stepped down to since start-up, or null. */
    smallest(): number | null {
      return seen.size === 0 ? null : Math.min(...seen);
    },
  };
}

export type ChunkNotes = ReturnType<typeof createChunkNotes>;
