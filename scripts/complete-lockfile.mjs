// Adds lockfile entries for platform-specific optional packages that the
// registry this project is developed against does not serve.
//
// The development machines resolve packages through a partial mirror of the
// npm registry: it carries @rollup/rollup-linux-x64-gnu but not, say,
// @rollup/rollup-darwin-arm64@4.68.7. `npm install` then leaves those optional
// dependencies out of package-lock.json, and `npm ci` refuses the lockfile
// ("Missing: @rollup/rollup-darwin-arm64@ from lock file") on every machine.
//
// Each missing entry gets the version its parent asks for plus the `os`, `cpu`
// and `libc` constraints encoded in its name, which is what npm needs to skip
// it on other platforms; on a matching platform npm fetches it as usual.
// Run after changing dependencies: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));

const OS = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "openbsd",
  "openharmony",
  "win32",
  "sunos",
  "aix",
  "netbsd",
];
const CPU = ["arm64", "arm", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "mips64el"];

function platformOf(name) {
  const parts = name.split("/").at(-1).split("-");
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  if (!os || !cpu) return undefined;
  const libc =
    os === "linux" ? (parts.some((part) => part.startsWith("musl")) ? "musl" : "glibc") : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

const added = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ""}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) {
      console.warn(`complete-lockfile: ${name} has no platform in its name; left out`);
      continue;
    }
    lock.packages[`node_modules/${name}`] = { version, ...platform, optional: true };
    added.push(`${name}@${version}`);
  }
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === "" ? -1 : b === "" ? 1 : a.localeCompare(b),
  ),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length
    ? `complete-lockfile: added ${added.join(", ")}`
    : "complete-lockfile: nothing missing",
);
