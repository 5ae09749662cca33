import { createRequire } from "node:module";
import { PassThrough } from "node:stream";
import type { EntryContext, ServerBuild } from "@remix-run/node";
import { createElement as h } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  createRequestHandler,
  manifestRoute,
  Outlet,
  RemixServer,
} from "#tests/support/remix-build.ts";

/**
 * patches/@remix-run+react (docs/upstream-patches.md, ADR 049): `<Scripts>` writes no
 * `<link rel="modulepreload">` (the head's script writes them, so a browser with JavaScript off
 * fetches no module), and still the module script that loads the entry. Through the real request
 * handler with single fetch, as the app renders a page (streamed by React, waited for whole).
 * Fails with that part of the patch undone.
 */
const require = createRequire(import.meta.url);
// The package's CommonJS build, as the server loads it.
const { Scripts } = require("@remix-run/react") as typeof import("@remix-run/react");

/** The build's entry, as app/entry.server.tsx: React's stream, the page sent when all is ready. */
const streamingEntry = {
  module: {
    default: (request: Request, status: number, headers: Headers, context: EntryContext) =>
      new Promise<Response>((resolve, reject) => {
        const { pipe } = renderToPipeableStream(h(RemixServer, { context, url: request.url }), {
          onAllReady() {
            const body = new PassThrough();
            const chunks: Buffer[] = [];
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("end", () => resolve(new Response(Buffer.concat(chunks), { status, headers })));
            pipe(body);
          },
          onShellError: reject,
        });
      }),
  },
};

const Root = () => h("html", null, h("head", null), h("body", null, h(Outlet), h(Scripts)));

const build = {
  mode: "production",
  entry: streamingEntry,
  routes: {
    root: { id: "root", path: "", module: { default: Root } },
    a: {
      id: "a",
      path: "a",
      parentId: "root",
      module: { default: () => h("p", null, "page A"), loader: () => ({ name: "A" }) },
    },
  },
  assets: {
    entry: { module: "/entry.js", imports: ["/react.js"] },
    routes: {
      root: { ...manifestRoute("root", ""), imports: ["/shared.js"] },
      a: manifestRoute("a", "a", "root", { hasLoader: true }),
    },
    url: "/manifest.js",
    version: "1",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: { v3_singleFetch: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: false },
  isSpaMode: false,
} as unknown as ServerBuild;

const page = async () => {
  const response = await createRequestHandler(build)(new Request("http://localhost/a"));
  expect(response.status).toBe(200);
  return response.text();
};

describe("what Remix's <Scripts> writes into every page", () => {
  it("writes no module preload link, and still the module script that loads the entry", async () => {
    const html = await page();
    expect(html).toContain("<p>page A</p>");
    expect(html).toContain('import("/entry.js")');
    expect(html).not.toContain("modulepreload");
  });
});
