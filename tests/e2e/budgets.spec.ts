import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

/*
 * Byte budgets of the production build (issue 14): what the first load of each route costs a
 * phone on a slow network. Bytes are deterministic, so this is no timing test.
 *
 * CSS is held to issue 14's budget: 35 KB gzip, in at most two render-blocking files. The
 * JavaScript limit is where the build is today, a ratchet (a change that adds bytes fails here,
 * each cut lowers it) on the way to the issue's 90 KB. Raised from 144 to 146 KB by issue 15: the
 * plans pages share the size format and the text field with the dialogs, and Rollup split those
 * modules into chunks of their own (1.3 KB more on the team logo and member dialogs, no new code).
 */
const JS_BUDGET_KB = 146;
const CSS_BUDGET_KB = 35;
const RENDER_BLOCKING_STYLESHEETS = 2;

const client = path.resolve("build/client");

interface ManifestRoute {
  parentId?: string;
  module: string;
  imports?: string[];
}
interface RemixManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** The browser manifest Remix writes (assets/manifest-*.js: `window.__remixManifest={...}`). */
function remixManifest(): RemixManifest {
  const name = fs
    .readdirSync(path.join(client, "assets"))
    .find((file) => /^manifest-.*\.js$/.test(file));
  if (!name) throw new Error("No Remix manifest in build/client/assets: run npm run build");
  const text = fs.readFileSync(path.join(client, "assets", name), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

const gzipKb = (files: Iterable<string>) =>
  [...files].reduce(
    (sum, file) => sum + gzipSync(fs.readFileSync(path.join(client, file)), { level: 9 }).length,
    0,
  ) / 1024;

test("every route's first load stays within the JavaScript budget", async ({ request }) => {
  const { entry, routes } = remixManifest();
  // Every page also loads the route manifest itself, as a script of its own (ADR 032).
  const html = await (await request.get("/auth/signin")).text();
  const manifestFile = /\/assets\/manifest-[\w-]+\.js/.exec(html)?.[0];
  const over: string[] = [];
  let largest = { id: "", kb: 0 };
  for (const [id, route] of Object.entries(routes)) {
    // What the route's HTML makes the browser load: the entry, and every route of its branch
    // (root first) with the chunks each imports (modulepreload).
    const files = new Set([entry.module, ...entry.imports]);
    if (manifestFile) files.add(manifestFile);
    for (let at: ManifestRoute | undefined = route; at; at = routes[at.parentId ?? ""]) {
      files.add(at.module);
      for (const file of at.imports ?? []) files.add(file);
    }
    const kb = gzipKb(files);
    if (kb > largest.kb) largest = { id, kb };
    if (kb > JS_BUDGET_KB) over.push(`${id}: ${kb.toFixed(1)} KB`);
  }
  console.log(`largest first-load JS: ${largest.id}, ${largest.kb.toFixed(1)} KB gzip`);
  expect(over, `over ${JS_BUDGET_KB} KB of JavaScript (gzip)`).toEqual([]);
});

test("pages block their first paint on little CSS, in few files", async ({ request }) => {
  // Every page has the root's stylesheets (no other route adds any): read them off one page.
  const html = await (await request.get("/auth/signin")).text();
  const links = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map(([tag]) => tag);
  const blocking = links
    .filter((tag) => !/\bmedia="/.test(tag))
    .map((tag) => /href="([^"]+)"/.exec(tag)?.[1] ?? "");
  expect(blocking.length).toBeGreaterThan(0);
  expect(blocking.length).toBeLessThanOrEqual(RENDER_BLOCKING_STYLESHEETS);
  const kb = gzipKb(blocking);
  console.log(`render-blocking CSS: ${blocking.length} file(s), ${kb.toFixed(1)} KB gzip`);
  expect(kb).toBeLessThanOrEqual(CSS_BUDGET_KB);
});
