import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
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

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-bench-form-"));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["build/host/server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "error",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
  },
  stdio: ["ignore", "inherit", "inherit"],
});

try {
  await waitUntilUp(`${origin}/api/status`);
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
  const before = rss(server);
  console.log(`server RSS after warm-up: ${mib(before)}; form body: ${mib(size)}`);

  const declared = await post({ "Content-Length": String(size) }, size);
  console.log(
    `declared length:  ${declared.status} in ${declared.ms} ms, ${mib(declared.sent)} sent`,
  );
  const chunked = await post({ "Transfer-Encoding": "chunked" }, size);
  console.log(`chunked:          ${chunked.status} in ${chunked.ms} ms, ${mib(chunked.sent)} sent`);

  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = rss(server);
  console.log(
    `server RSS after: ${mib(after)} (growth ${mib(after - before)}, ${(after / before).toFixed(2)}× the warm-up figure)`,
  );
  const alive = await fetch(`${origin}/api/status`);
  console.log(`/api/status afterwards: ${alive.status}`);
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await fs.rm(dataDir, { recursive: true, force: true });
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

function rss(child: ChildProcess) {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
}

async function waitUntilUp(url: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
