import { defineConfig } from "@playwright/test";
import { chromium } from "./tests/support/chromium.ts";

/*
 * The cluster suite (tests/cluster/): the production build (`npm run build` first) as two web
 * and two API instances behind Debian's nginx, on PostgreSQL (127.0.0.1:5432, or
 * CLUSTER_POSTGRES_URL) and a local S3 server. One worker, the tests in order: they share the
 * cluster, and some stop its instances.
 */
export default defineConfig({
  testDir: "tests/cluster",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  reporter: [["list"]],
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: { trace: "off", locale: "en-GB", ignoreHTTPSErrors: true },
  projects: [{ name: "cluster", use: { ...chromium, ignoreHTTPSErrors: true } }],
});
