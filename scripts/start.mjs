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
  console.log(built === 0 ? "No build yet: building…" : "Sources changed: rebuilding…");
  execSync("npm run build", { stdio: "inherit" });
}
await import(path.resolve(entry));
