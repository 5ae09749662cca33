import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compress } from "../../server/compress.ts";

/**
 * A page streamed in two parts, the second held back until `release` is called: the compressed
 * answer must let the client read the first part while the second is still being made.
 */
function streamingApp(shell = `<!DOCTYPE html><html><body>${"<p>the shell</p>".repeat(200)}`) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const app = new Hono().use(compress).get("/", () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        // The shell comes as React writes it: many small chunks at once.
        for (let at = 0; at < shell.length; at += 100) {
          controller.enqueue(encoder.encode(shell.slice(at, at + 100)));
        }
        await held;
        controller.enqueue(encoder.encode("<p>the rows</p></body></html>"));
        controller.close();
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
  return { app, shell, release };
}

describe("compress", () => {
  for (const [encoding, decoder] of [
    ["br", () => zlib.createBrotliDecompress()],
    ["gzip", () => zlib.createGunzip()],
  ] as const) {
    it(`${encoding}: what has arrived is readable before the rest of the page is made`, async () => {
      await readsTheShellFirst(encoding, decoder, streamingApp());
    });

    it(`${encoding}: so is a large shell, read by a client slower than the server`, async () => {
      // Random text barely compresses: the encoder's buffers fill, and it makes the host wait.
      const shell = `<!DOCTYPE html><html><body>${randomBytes(300_000).toString("base64")}`;
      await readsTheShellFirst(encoding, decoder, streamingApp(shell), 200);
    });
  }
});

async function readsTheShellFirst(
  encoding: string,
  decoder: () => zlib.BrotliDecompress | zlib.Gunzip,
  { app, shell, release }: ReturnType<typeof streamingApp>,
  readAfterMs = 0,
) {
  const response = await app.request("/", { headers: { "Accept-Encoding": encoding } });
  await new Promise((resolve) => setTimeout(resolve, readAfterMs));
  expect(response.headers.get("Content-Encoding")).toBe(encoding);
  const decompress = decoder();
  let text = "";
  decompress.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  while (text.length < shell.length) {
    const { value, done } = await reader.read();
    expect(done).toBe(false);
    await new Promise<void>((resolve) => decompress.write(value, () => resolve()));
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(text).toBe(shell);

  release();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    decompress.write(value);
  }
  await new Promise((resolve) => decompress.end(resolve));
  expect(text).toBe(`${shell}<p>the rows</p></body></html>`);
}
