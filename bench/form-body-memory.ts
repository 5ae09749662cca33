import http from "node:http";
import { startHost } from "./support/host.ts";
import { MiB, mib } from "./support/spawn.ts";

/**
 * Posts a huge form to the sign-in page of the production build (`npm run build` first), as
 * anyone on the internet could: once with its Content-Length declared, once in chunks without
 * one. Prints each answer's status and time, and the server's resident memory before and after
 * (Linux /proc): the web tier must refuse both at once (413, ADR 021) and hold none of the body.
 * Before the limit, 300 MB took the server from 368 MB to 1.14 GB.
 *
 *   node --import tsx bench/form-body-memory.ts
 *   BENCH_FORM_MIB=50 node --import tsx bench/form-body-memory.ts
 */
const sizeMiB = Number(process.env.BENCH_FORM_MIB ?? 300);
const size = sizeMiB * MiB;

const host = await startHost();
const { origin } = host;

try {
  // Warm up: pages rendered, a real sign-in attempt read and answered.
  for (let i = 0; i < 20; i++) {
    await fetch(`${origin}/auth/signin`).then((response) => response.arrayBuffer());
    await fetch(`${origin}/auth/signin`, {
      method: "POST",
      headers: { Origin: origin },
      body: new URLSearchParams({ intent: "sign-in", identifier: "ada@x.example", password: "x" }),
      redirect: "manual",
    }).then((response) => response.arrayBuffer());
  }
  const before = host.rss();
  console.log(`server RSS after warm-up: ${mib(before)}; form body: ${mib(size)}`);

  const declared = await post({ "Content-Length": String(size) }, size);
  console.log(
    `declared length:  ${declared.status} in ${declared.ms} ms, ${mib(declared.sent)} sent`,
  );
  const chunked = await post({ "Transfer-Encoding": "chunked" }, size);
  console.log(`chunked:          ${chunked.status} in ${chunked.ms} ms, ${mib(chunked.sent)} sent`);

  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = host.rss();
  console.log(
    `server RSS after: ${mib(after)} (growth ${mib(after - before)}, ${(after / before).toFixed(2)}× the warm-up figure)`,
  );
  const alive = await fetch(`${origin}/api/status`);
  console.log(`/api/status afterwards: ${alive.status}`);
} finally {
  await host.stop();
}

/**
 * Posts `bytes` of urlencoded form to /auth/signin, generated as it goes (this process never
 * holds the body either), until the server answers or closes the connection.
 */
function post(headers: Record<string, string>, bytes: number) {
  const started = performance.now();
  return new Promise<{ status: number; ms: number; sent: number }>((resolve, reject) => {
    let sent = 0;
    let status = 0;
    const request = http.request(`${origin}/auth/signin`, {
      method: "POST",
      headers: {
        Origin: origin,
        "Content-Type": "application/x-www-form-urlencoded",
        ...headers,
      },
    });
    const done = () => resolve({ status, ms: Math.round(performance.now() - started), sent });
    request.on("response", (response) => {
      status = response.statusCode ?? 0;
      response.resume();
      response.on("end", () => {
        request.destroy();
        done();
      });
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      // The server closing the connection on a refused body is the expected end.
      if (status || error.code === "EPIPE" || error.code === "ECONNRESET") done();
      else reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const write = () => {
      while (sent < bytes && !request.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once("drain", write);
      }
      if (!request.destroyed) request.end();
    };
    write();
  });
}
