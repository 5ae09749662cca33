import { createRequire } from "node:module";
import { PassThrough } from "node:stream";
import vm from "node:vm";
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
 * patches/@remix-run+react (docs/upstream-patches.md): what Remix writes into every page, through
 * the real request handler with single fetch, as the app renders it (streamed by React, waited
 * for whole). Each check fails with its part of the patch undone:
 *   - no `data-discover` on links and forms (ADR 032: lazy route discovery is off);
 *   - no `<link rel="modulepreload">` from `<Scripts>` (ADR 049: the head's script writes them);
 *   - the page's data as single-quoted strings, which still carry the data unchanged (ADR 045).
 */
const require = createRequire(import.meta.url);
// The package's CommonJS build, as the server loads it.
const { Form, Link, Scripts, ScrollRestoration } =
  require("@remix-run/react") as typeof import("@remix-run/react");

/** Characters the data's script must carry safely: quotes, a backslash, markup, separators. */
const tricky = `Olga's "club" \\ </script><!-- \t\u2028\u2029 & more`;

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

const Root = () =>
  h(
    "html",
    null,
    h("head", null),
    h(
      "body",
      null,
      h(Link, { to: "/a" }, "A"),
      h(Form, { method: "post", action: "/a" }, h("button", { type: "submit" }, "Go")),
      h(Outlet),
      h(ScrollRestoration),
      h(Scripts),
    ),
  );

const build = {
  mode: "production",
  entry: streamingEntry,
  routes: {
    root: { id: "root", path: "", module: { default: Root } },
    a: {
      id: "a",
      path: "a",
      parentId: "root",
      module: { default: () => h("p", null, "page A"), loader: () => ({ name: tricky }) },
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

describe("what Remix writes into every page", () => {
  it("marks no link or form for route discovery", async () => {
    const html = await page();
    expect(html).toMatch(/<a href="\/a"/);
    expect(html).toMatch(/<form method="post" action="\/a"/);
    expect(html).not.toContain("data-discover");
  });

  it("writes no module preload link, and still the module script that loads the entry", async () => {
    const html = await page();
    expect(html).toContain('import("/entry.js")');
    expect(html).not.toContain("modulepreload");
  });

  it("writes the page's data as single-quoted strings that carry it unchanged", async () => {
    const html = await page();
    const scripts = [
      ...html.matchAll(/<script>(window\.__remixContext\.streamController[^<]*)<\/script>/g),
    ];
    expect(scripts.length).toBeGreaterThan(0);
    const chunks: string[] = [];
    for (const [, script] of scripts) {
      expect(script).toMatch(/^window\.__remixContext\.streamController\.(enqueue\('|close\(\))/);
      // turbo-stream's JSON keeps its double quotes unescaped: a tenth of the data's bytes.
      if (script?.includes("enqueue")) expect(script).toContain('"loaderData"');
      const streamController = { enqueue: (chunk: string) => chunks.push(chunk), close() {} };
      vm.runInNewContext(script ?? "", { window: { __remixContext: { streamController } } });
    }
    // turbo-stream writes a string as JSON: the loader's value arrives as it was.
    expect(chunks.join("")).toContain(JSON.stringify(tricky));
  });
});
