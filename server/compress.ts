import { pipeline, Readable, Transform } from "node:stream";
import zlib from "node:zlib";
import { createMiddleware } from "hono/factory";

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|manifest\+json|x-component)|image\/svg\+xml)/i;
const MIN_BYTES = 1024;

/**
 * Compresses HTML and JSON (brotli, else gzip) when the client accepts it. What has arrived is
 * flushed once nothing more is ready to follow it, so streamed pages keep streaming. Responses
 * that are already encoded, small, ranged, or not text pass through. Off with COMPRESS=0, for
 * operators whose proxy compresses.
 */
export const compress = createMiddleware(async (c, next) => {
  await next();
  const accepted = (c.req.header("Accept-Encoding") ?? "").toLowerCase();
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
  if (!encoding) return;
  const res = c.res;
  const type = res.headers.get("Content-Type") ?? "";
  const length = Number(res.headers.get("Content-Length") ?? Number.NaN);
  if (
    c.req.method === "HEAD" ||
    res.status === 204 ||
    res.status === 206 ||
    res.headers.has("Content-Encoding") ||
    res.headers.get("Cache-Control")?.includes("no-transform") ||
    !COMPRESSIBLE.test(type) ||
    length < MIN_BYTES ||
    // Last: reading `body` turns @hono/node-server's light response, which it writes to the
    // socket as it is, into a web stream it must then read (2 % of a page's time, ADR 044).
    !res.body
  ) {
    return;
  }
  const encoder =
    encoding === "br"
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : zlib.createGzip({ level: 6 });
  // pipeline, not pipe: a page that fails halfway (or a client that goes away) destroys every
  // stream instead of leaving an 'error' event with no listener, which would end the process.
  const source = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream);
  const body = pipeline(source, flushAfterEachBurst(encoder), encoder, () => {
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

/**
 * Passes chunks on, and flushes `encoder` once the chunks that arrived together have all gone
 * into it: a page comes as bursts of small chunks (React's shell, then each streamed part), and a
 * flush after every chunk made brotli cost more than the page's rendering (ADR 044). When a slow
 * client holds the encoder back, the flush waits until the burst's last chunk is in.
 */
function flushAfterEachBurst(encoder: zlib.BrotliCompress | zlib.Gzip) {
  let scheduled = false;
  const flush = () => {
    if (encoder.destroyed || encoder.writableEnded) {
      scheduled = false;
    } else if (encoder.writableNeedDrain) {
      encoder.once("drain", () => setImmediate(flush));
    } else if (passer.readableLength > 0) {
      setImmediate(flush); // the rest of the burst is on its way into the encoder
    } else {
      scheduled = false;
      encoder.flush();
    }
  };
  const passer = new Transform({
    transform(chunk, _encoding, next) {
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      next(null, chunk);
    },
  });
  return passer;
}
