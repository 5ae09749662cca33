import fs from "node:fs";

/** Removes the hosts' temporary DATA_DIRs (playwright.config.ts made them). */
export default function teardown() {
  for (const name of ["E2E_APP_DATA_DIR", "E2E_PROXIED_DATA_DIR"]) {
    const dir = process.env[name];
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}
