// Bundles the host (server.ts with api/, domain/ and server/) into build/host/server.js, the
// backup command (backup.ts) into build/host/backup.js, and the worker threads of the HEIC decoder
// (api/media/heic-worker.ts) and the PDF renderer (api/media/pdf-worker.ts) into
// build/host/heic-worker.js and build/host/pdf-worker.js, where api/media/workers.ts looks for them.
// npm packages stay external; the Remix app itself is built by `remix vite:build`.
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/** esbuild's options, exported so tests/unit/media-heic.test.ts builds the worker the same way. */
export const hostBuildOptions = {
  // The host, the backup command (backup.ts) that runs beside it, and the media workers.
  entryPoints: {
    server: "server.ts",
    backup: "backup.ts",
    "heic-worker": "api/media/heic-worker.ts",
    "pdf-worker": "api/media/pdf-worker.ts",
  },
  outdir: "build/host",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
  // Only the web config's type comes from app/; nothing of app/ may be bundled into the host.
  banner: { js: "// Built by scripts/build-host.mjs" },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await build(hostBuildOptions);
}
