import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

export interface BenchApi {
  url: string;
  accessToken: string;
  teamId: string;
  collectionId: string;
  dialect: string;
  process: ChildProcess;
  /** The API process's resident memory now, in bytes (Linux /proc). */
  rss(): number;
  stop(): Promise<void>;
}

/** Starts bench/support/api-process.ts in a child process and waits for its JSON line. */
export async function spawnApi(env: Record<string, string> = {}): Promise<BenchApi> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/support/api-process.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`The API process exited with ${code}`)));
  });
  const info = JSON.parse(first);
  return {
    ...info,
    process: child,
    rss: () => rssOf(child.pid),
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A process's resident memory now, in bytes (Linux /proc). */
export function rssOf(pid: number | undefined) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
}

export const MiB = 1024 * 1024;

export function mib(bytes: number) {
  return `${(bytes / MiB).toFixed(1)} MiB`;
}
