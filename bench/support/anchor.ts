import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, waitUntilUp } from "./host.ts";
import { cpuMsOf } from "./spawn.ts";

/**
 * The minimal Remix 2.17 app the benchmarks measure the project against
 * (docs/performance.md#anchor).
 */
const SOURCE = path.resolve(import.meta.dirname, "../../../shared/anchors/remix-minimal");

export interface Anchor {
  origin: string;
  /** The CPU time the anchor has used so far, in milliseconds (Linux /proc). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * Copies the anchor to a folder of its own under the temporary directory, installs and builds
 * it there once (later runs reuse that folder: BENCH_ANCHOR_FRESH=1 starts over), and starts it
 * with remix-serve on a free loopback port, as docs/performance.md#anchor describes.
 */
export async function startAnchor(): Promise<Anchor> {
  if (!fs.existsSync(path.join(SOURCE, "package.json"))) {
    throw new Error(`The anchor is not at ${SOURCE}`);
  }
  const folder = path.join(os.tmpdir(), "raccolta-bench-anchor");
  if (process.env.BENCH_ANCHOR_FRESH) fs.rmSync(folder, { recursive: true, force: true });
  if (!fs.existsSync(path.join(folder, "build/server/index.js"))) {
    fs.cpSync(SOURCE, folder, { recursive: true });
    const run = (args: string[]) => execFileSync("npm", args, { cwd: folder, stdio: "ignore" });
    console.log(`anchor: installing and building in ${folder}`);
    run(["install", "--no-audit", "--no-fund"]);
    run(["run", "build"]);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [path.join(folder, "node_modules/@remix-run/serve/dist/cli.js"), "./build/server/index.js"],
    {
      cwd: folder,
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  await waitUntilUp(`${origin}/`);
  return {
    origin,
    cpuMs: () => cpuMsOf(child.pid),
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
