import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { cpuMsOf, rssOf } from "./spawn.ts";

export interface BenchHost {
  origin: string;
  dataDir: string;
  process: ChildProcess;
  /** The host's resident memory now, in bytes (Linux /proc). */
  rss(): number;
  /** The CPU time the host has used so far, in milliseconds (Linux /proc). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * The production build (`npm run build` first), started as `npm start` runs it, on a free
 * loopback port and a fresh DATA_DIR, with `env` on top. Answers once /api/status does. `root`
 * is the folder whose `build/` runs (this checkout by default; bench/ab-throughput.ts runs two).
 */
export async function startHost(
  env: Record<string, string> = {},
  root = process.cwd(),
): Promise<BenchHost> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-bench-host-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: Node flags for the host, such as --cpu-prof to see where its time goes.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  // The young generation's size `npm start` and the image give the host (ADR 051).
  const command = [
    process.execPath,
    "--max-semi-space-size=32",
    ...nodeArgs,
    "build/host/server.js",
  ];
  // BENCH_HOST_CPUS: the CPUs the host may run on (taskset), apart from the load's (see
  // bench/ab-throughput.ts): where the scheduler puts two hosts otherwise favours one of them.
  const cpus = process.env.BENCH_HOST_CPUS;
  const [file, ...args] = cpus ? ["taskset", "--cpu-list", cpus, ...command] : command;
  const child = spawn(file as string, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "error",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitUntilUp(`${origin}/api/status`);
  return {
    origin,
    dataDir,
    process: child,
    rss: () => rssOf(child.pid),
    cpuMs: () => cpuMsOf(child.pid),
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function waitUntilUp(url: string) {
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

export function freePort() {
  return new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
