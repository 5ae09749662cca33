import { createRequire } from "node:module";
import type { ServerBuild } from "@remix-run/node";
import { type createContext, createElement, type FunctionComponent, useContext } from "react";
import { describe, expect, it } from "vitest";
import {
  createRequestHandler,
  manifestRoute,
  Outlet,
  renderingEntry,
} from "#tests/support/remix-build.ts";

/**
 * patches/@remix-run+react and patches/react-router-dom (ADR 047): a server render no longer
 * makes the app's route tree and converts it again for every request; both are kept per build,
 * so the router's matching (which keeps one ranking per tree, ADR 039) works from the same tree
 * each time. Pages must render exactly as before, and a route module that changes (the dev
 * server) must be rendered, not an old one.
 *
 * A real Remix request handler on a build of three routes, rendering with the real RemixServer.
 * Each page records the route tree its router renders from, as the router context gives it.
 */
const require = createRequire(import.meta.url);
// The package's CommonJS build, as the server loads it (one copy of the context).
const { UNSAFE_DataRouterContext } = require("react-router-dom") as {
  UNSAFE_DataRouterContext: ReturnType<typeof createContext<{ router: { routes: unknown } }>>;
};

const treesSeen: unknown[] = [];
function Page({ text }: { text: string }) {
  treesSeen.push(useContext(UNSAFE_DataRouterContext)?.router.routes);
  return createElement("p", null, text);
}
const PageA = () => createElement(Page, { text: "page A" });
const PageAChanged = () => createElement(Page, { text: "page A, changed" });
const PageB = () => createElement(Page, { text: "page B" });

const assets = {
  entry: { module: "/entry.js", imports: [] },
  routes: {
    root: manifestRoute("root", ""),
    a: manifestRoute("a", "a", "root"),
    b: manifestRoute("b", "b", "root"),
  },
  url: "/manifest.js",
  version: "1",
};

const future = { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true };

function buildWith(pageA: FunctionComponent): ServerBuild {
  return {
    mode: "production",
    entry: renderingEntry,
    routes: {
      root: { id: "root", path: "", module: { default: () => createElement(Outlet) } },
      a: { id: "a", path: "a", parentId: "root", module: { default: pageA } },
      b: { id: "b", path: "b", parentId: "root", module: { default: PageB } },
    },
    // The same manifest and settings for both builds: only a module changes, as in the dev server.
    assets,
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future,
    isSpaMode: false,
  } as unknown as ServerBuild;
}

const render = async (build: ServerBuild, path: string) => {
  const response = await createRequestHandler(build)(new Request(`http://localhost${path}`));
  return response.text();
};

describe("server renders with the route tree kept per build", () => {
  it("renders each page as before, from one route tree, and a changed module anew", async () => {
    const build = buildWith(PageA);
    expect(await render(build, "/a")).toContain("<p>page A</p>");
    expect(await render(build, "/b")).toContain("<p>page B</p>");
    expect(await render(build, "/a")).toContain("<p>page A</p>");
    expect(treesSeen).toHaveLength(3);
    expect(treesSeen[0]).toBeDefined();
    expect(new Set(treesSeen).size).toBe(1);

    const changed = buildWith(PageAChanged);
    expect(await render(changed, "/a")).toContain("<p>page A, changed</p>");
    expect(await render(changed, "/b")).toContain("<p>page B</p>");
    expect(treesSeen[3]).not.toBe(treesSeen[0]);
    expect(treesSeen[4]).toBe(treesSeen[3]);
  });
});
