import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

export interface BenchApi {
  url: string;
  accessToken: string;
  teamId: string;
  collectionId: string;
  /** The second collection BENCH_SMALL_FILES asked for. */
  smallCollectionId?: string;
  dialect: string;
  /** Where its blobs are: "disk" or "S3". */
  storage: string;
  /** The ready files BENCH_BLOB_FILES asked for. */
  fileIds: string[];
  process: ChildProcess;
  /** The API process's resident memory now, in bytes (Linux /proc). */
  rss(): number;
  stop(): Promise<void>;
}

/** Starts bench/support/api-process.ts in a child process and waits for its JSON line. */
export async function spawnApi(env: Record<string, string> = {}): Promise<BenchApi> {
  const { child, info } = await spawnScript("bench/support/api-process.ts", env);
  return { ...info, process: child, rss: () => rssOf(child.pid), stop: () => stopChild(child) };
}

/** The local S3 server of bench/support/s3-process.ts: its settings, as BENCH_S3 takes them. */
export async function spawnS3() {
  const { child, info } = await spawnScript("bench/support/s3-process.ts", {});
  return { settings: JSON.stringify(info), stop: () => stopChild(child) };
}

/** Runs a TypeScript script in a child process; answers it and the JSON of its first line. */
async function spawnScript(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, info: JSON.parse(first) };
}

async function stopChild(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** A process's resident memory now, in bytes (Linux /proc). */
export function rssOf(pid: number | undefined) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
}

/**
 * The CPU time a process has used so far, user and system, in milliseconds (Linux /proc: its
 * stat counts in clock ticks of 1/100 s, the USER_HZ every Linux reports there).
 */
export function cpuMsOf(pid: number | undefined) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name, which ends at the last ")": utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export const MiB = 1024 * 1024;

export function mib(bytes: number) {
  return `${(bytes / MiB).toFixed(1)} MiB`;
}

/**
 * Runs `work` while sampling the API process's resident memory every 20 ms, after half a second
 * to settle; answers `work`'s value and the peak growth over the baseline.
 */
export async function withPeakRss<T>(api: BenchApi, work: () => Promise<T>) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const baseline = api.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, api.rss());
  }, 20);
  try {
    const value = await work();
    return { value, growth: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}
