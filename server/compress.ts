import { pipeline, Readable } from "node:stream";
import zlib from "node:zlib";
import { createMiddleware } from "hono/factory";

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|manifest\+json|x-component)|image\/svg\+xml)/i;
const MIN_BYTES = 1024;

/**
 * Compresses HTML and JSON (brotli, else gzip) when the client accepts it. Every chunk is flushed,
 * so streamed pages keep streaming. Responses that are already encoded, small, ranged, or not text
 * pass through. Off with COMPRESS=0, for operators whose proxy compresses.
 */
export const compress = createMiddleware(async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get("Content-Type") ?? "";
  const length = Number(res.headers.get("Content-Length") ?? Number.NaN);
  if (
    !res.body ||
    c.req.method === "HEAD" ||
    res.status === 204 ||
    res.status === 206 ||
    res.headers.has("Content-Encoding") ||
    res.headers.get("Cache-Control")?.includes("no-transform") ||
    !COMPRESSIBLE.test(type) ||
    length < MIN_BYTES
  ) {
    return;
  }
  const accepted = (c.req.header("Accept-Encoding") ?? "").toLowerCase();
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
  if (!encoding) return;
  const encoder =
    encoding === "br"
      ? zlib.createBrotliCompress({
          flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
        })
      : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, level: 6 });
  // pipeline, not pipe: a page that fails halfway (or a client that goes away) destroys both
  // streams instead of leaving an 'error' event with no listener, which would end the process.
  const source = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream);
  const body = pipeline(source, encoder, () => {
    // Ending early is already seen by the client as a cut-short response; nothing to add here.
  });
  const headers = new Headers(res.headers);
  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  headers.append("Vary", "Accept-Encoding");
  // Hono merges the old response's headers into a new one; clear it so Content-Length goes away.
  c.res = undefined;
  c.res = new Response(Readable.toWeb(body) as ReadableStream, {
    status: res.status,
    statusText: res.statusText,
    headers,
  });
});
