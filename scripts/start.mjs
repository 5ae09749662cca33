// `npm start`: builds when the build is missing or older than the sources, then runs the host.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const entry = "build/host/server.js";
const sources = [
  "app",
  "api",
  "domain",
  "server",
  "public",
  "server.ts",
  "package.json",
  "vite.config.ts",
];

function newest(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(file).map((name) => newest(path.join(file, name))));
}

const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
const stale =
  built === 0 || sources.some((source) => fs.existsSync(source) && newest(source) > built);
if (stale) {
  console.log(
    built === 0 ? "No build yet: building (a minute or two)…" : "Sources changed: rebuilding…",
  );
  // The build's hundreds of lines are for whoever changes the code: shown only when it fails.
  try {
    execSync("npm run build", { stdio: "pipe", maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    process.stdout.write(error.stdout ?? "");
    process.stderr.write(error.stderr ?? "");
    console.error("The build failed: its output is above.");
    process.exit(1);
  }
}
await import(path.resolve(entry));
