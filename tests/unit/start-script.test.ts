import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/*
 * `npm start` (scripts/start.mjs) as a newcomer meets it: a first start builds, and prints only
 * what a person should act on. The project here is a small one of its own, whose `npm run build`
 * writes as much as Vite and Rollup do (hundreds of lines, warnings among them) and makes the
 * host's entry; the script, npm and the processes are the real ones.
 */

const START = path.resolve("scripts/start.mjs");
const NOISE = Array.from({ length: 200 }, (_, i) => `(!) Some chunks are larger than 500 kB ${i}`);

let folder = "";
afterEach(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

function project(build: { fails: boolean }) {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "start-script-"));
  fs.mkdirSync(path.join(folder, "scripts"));
  fs.copyFileSync(START, path.join(folder, "scripts/start.mjs"));
  const makeHost = `fs.mkdirSync('build/host',{recursive:true});fs.writeFileSync('build/host/server.js','console.log(\\'Listening on http://localhost:3000\\')')`;
  const builder = [
    "const fs=require('node:fs');",
    `for (const line of ${JSON.stringify(NOISE)}) { console.log(line); console.error('warning: ' + line); }`,
    build.fails ? "console.error('error: cannot resolve #app/x');process.exit(1);" : `${makeHost};`,
  ].join("");
  fs.writeFileSync(path.join(folder, "build.cjs"), builder);
  fs.writeFileSync(
    path.join(folder, "package.json"),
    JSON.stringify({
      name: "start-script-test",
      private: true,
      scripts: { build: "node build.cjs" },
    }),
  );
  return () =>
    spawnSync(process.execPath, ["scripts/start.mjs"], {
      cwd: folder,
      encoding: "utf8",
      env: { ...process.env, npm_config_loglevel: "" },
    });
}

const linesOf = (text: string) => text.split("\n").filter((line) => line.trim() !== "");

describe("npm start", () => {
  it("on a first start, says it builds, and then only what the server says", () => {
    const started = project({ fails: false })();
    expect(started.status).toBe(0);
    expect(linesOf(started.stdout)).toEqual([
      "No build yet: building (a minute or two)…",
      "Listening on http://localhost:3000",
    ]);
    expect(linesOf(started.stderr)).toEqual([]);
  });

  it("with the build in place and newer than the sources, starts at once without a word", () => {
    const start = project({ fails: false });
    start();
    const again = start();
    expect(linesOf(again.stdout)).toEqual(["Listening on http://localhost:3000"]);
    expect(linesOf(again.stderr)).toEqual([]);
  });

  it("when the build fails, shows its whole output and says so", () => {
    const started = project({ fails: true })();
    expect(started.status).toBe(1);
    expect(started.stdout).toContain(NOISE[199]);
    expect(started.stderr).toContain("error: cannot resolve #app/x");
    expect(linesOf(started.stderr).at(-1)).toBe("The build failed: its output is above.");
  });
});
