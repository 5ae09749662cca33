import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromium } from "./tests/support/chromium.ts";

/*
 * e2e runs the production build (`npm run test:e2e` builds first) in real Chromium.
 *
 * Two hosts start on free ports, each with its own temporary DATA_DIR:
 * - "app": the embedded defaults, as `npm start` runs them; the js and nojs projects use it.
 * - "proxied": TRUST_PROXY=1 and COMPRESS=0, as behind a reverse proxy that compresses, with
 *   ANALYTICS_SCRIPT_URL set; the host project checks what those change. Its launch is still to
 *   come and its app-store links are set (landing.spec.ts).
 * The proxy project starts its own host behind Debian's nginx (support/nginx.ts).
 * And a mailbox (support/mail-server.ts): a real SMTP server "app" sends to, read over HTTP;
 * and a sign-in provider (support/oidc-server.ts): an OpenID Connect server that "app" offers as
 * its generic provider; and Stripe (tests/support/stripe-standin.ts), where "app" sells the plans
 * of fixtures/plans.json. "proxied" sells none, as a self-hosted server.
 *
 * Playwright loads this file in the runner and again in every worker, so the ports and folders
 * are chosen once and handed down through the environment.
 */
function once(name: string, make: () => string) {
  process.env[name] ||= make();
  return process.env[name];
}

function freePort() {
  return execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

const appPort = once("E2E_APP_PORT", freePort);
const proxiedPort = once("E2E_PROXIED_PORT", freePort);
const smtpPort = once("E2E_SMTP_PORT", freePort);
const mailPort = once("E2E_MAIL_PORT", freePort);
const oidcPort = once("E2E_OIDC_PORT", freePort);
const stripePort = once("E2E_STRIPE_PORT", freePort);
const appDataDir = once("E2E_APP_DATA_DIR", () =>
  fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-e2e-")),
);
const proxiedDataDir = once("E2E_PROXIED_DATA_DIR", () =>
  fs.mkdtempSync(path.join(os.tmpdir(), "raccolta-e2e-proxied-")),
);
export const appUrl = `http://127.0.0.1:${appPort}`;
export const proxiedUrl = `http://127.0.0.1:${proxiedPort}`;
/** The suite's mailbox: what the app sent over SMTP, read over HTTP (support/mail.ts). */
export const mailUrl = `http://127.0.0.1:${mailPort}`;
/** The mailbox's SMTP side, for hosts a test starts itself (support/instances.ts). */
export const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
export const analyticsScriptUrl = "https://analytics.example/script.js";
/** "proxied" launches 40 days after the suite starts; "app" keeps LAUNCH_AT_MS, long past. */
export const proxiedLaunchAt = once("E2E_LAUNCH_AT", () =>
  new Date(Date.now() + 40 * 24 * 60 * 60 * 1000).toISOString(),
);
export const appStoreUrl = "https://apps.apple.com/app/raccolta/id0000000001";
export const playStoreUrl = "https://play.google.com/store/apps/details?id=app.raccolta";
/** The suite's OpenID Connect provider, and how "app" is registered with it. */
export const oidc = {
  issuer: `http://127.0.0.1:${oidcPort}`,
  name: "Test ID",
  clientId: "raccolta-e2e",
  clientSecret: "e2e-client-secret-never-in-a-page-0123456789",
};

/** The suite's stand-in for Stripe's API and hosted pages (tests/support/stripe-standin.ts). */
export const stripe = {
  url: `http://127.0.0.1:${stripePort}`,
  secretKey: "sk_test_e2e_standin",
  webhookSecret: "whsec_e2e_standin",
};

const hostEnv = {
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  HOST: "127.0.0.1",
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // One worker: on 2 cores, two Chromiums beside the server starve each other. Measured on the
  // teams and team-menu specs (12 tests): 122 s with one worker, 133 s and 3 timeouts with two.
  workers: 1,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: appUrl,
    // Recording a trace snapshots the page at every step, whether or not the test then fails:
    // about a fifth of the suite's time. CI keeps no files to open one with; locally, keep them.
    trace: process.env.CI ? "off" : "retain-on-failure",
    locale: "en-GB",
  },
  globalTeardown: "./tests/e2e/support/teardown.ts",
  projects: [
    { name: "js", testIgnore: /(host|robustness|proxy|budgets)\.spec/, use: { ...chromium } },
    {
      name: "nojs",
      testIgnore: /(host|robustness|proxy|budgets)\.spec/,
      use: { ...chromium, javaScriptEnabled: false },
    },
    { name: "host", testMatch: /(host|robustness|budgets)\.spec/, use: { ...chromium } },
    // Behind a real nginx with TLS and a self-signed certificate (tests/e2e/proxy.spec.ts).
    { name: "proxy", testMatch: /proxy\.spec/, use: { ...chromium, ignoreHTTPSErrors: true } },
  ],
  webServer: [
    {
      command: `npx tsx tests/e2e/support/mail-server.ts ${smtpPort} ${mailPort}`,
      url: `${mailUrl}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx tsx tests/e2e/support/oidc-server.ts ${oidcPort} ${oidc.clientId} ${oidc.clientSecret}`,
      url: `${oidc.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx tsx tests/support/stripe-standin.ts ${stripePort} ${appUrl}/api/payments/stripe/webhook ${stripe.secretKey} ${stripe.webhookSecret}`,
      url: `${stripe.url}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: "node build/host/server.js",
      url: `${appUrl}/api/status`,
      env: {
        ...hostEnv,
        PORT: appPort,
        DATA_DIR: appDataDir,
        PUBLIC_URL: appUrl,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: oidc.clientId,
        OIDC_CLIENT_SECRET: oidc.clientSecret,
        OIDC_NAME: oidc.name,
        // Every test signs up from 127.0.0.1, like a class behind one school NAT.
        ADDRESS_RATE_LIMIT_FACTOR: "100",
        // Plans sold through the Stripe stand-in; the free one has no limit on teams and
        // members (tests page through 23 teams and 22 members).
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
        PLANS_FILE: "tests/e2e/fixtures/plans.json",
      },
      reuseExistingServer: false,
      stdout: "pipe",
      timeout: 60_000,
    },
    {
      command: "node build/host/server.js",
      url: `${proxiedUrl}/api/status`,
      env: {
        ...hostEnv,
        PORT: proxiedPort,
        DATA_DIR: proxiedDataDir,
        TRUST_PROXY: "1",
        COMPRESS: "0",
        ANALYTICS_SCRIPT_URL: analyticsScriptUrl,
        // Its landing page counts down to a launch still to come, and shows the app's badges;
        // before the launch it takes early-access requests, whose mail the suite reads.
        LAUNCH_AT: proxiedLaunchAt,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        APP_STORE_URL: appStoreUrl,
        PLAY_STORE_URL: playStoreUrl,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
