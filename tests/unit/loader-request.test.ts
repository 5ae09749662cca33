import type { LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { createElement } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  createRequestHandler,
  manifestRoute,
  Outlet,
  renderingEntry,
} from "#tests/support/remix-build.ts";

/**
 * patches/@remix-run+server-runtime (ADR 055): a page's loaders get the request itself, not two
 * copies each, unless it has a parameter Remix strips (`index`, `_routes`); so what one loader
 * reads from it (the session cookie) is read once for them all. A real Remix request handler,
 * with single fetch as the app has it, on a build of two nested routes that record what they get.
 */

const seen: Request[] = [];
const loader = ({ request }: LoaderFunctionArgs) => {
  seen.push(request);
  return { url: request.url };
};

const build = {
  mode: "production",
  entry: renderingEntry,
  routes: {
    root: { id: "root", path: "", module: { default: () => createElement(Outlet), loader } },
    a: { id: "a", path: "a", parentId: "root", module: { default: () => "page A", loader } },
    "a-index": {
      id: "a-index",
      parentId: "a",
      index: true,
      module: { default: () => "index of A", loader },
    },
  },
  assets: {
    entry: { module: "/entry.js", imports: [] },
    routes: {
      root: manifestRoute("root", "", undefined, { hasLoader: true }),
      a: manifestRoute("a", "a", "root", { hasLoader: true }),
      "a-index": manifestRoute("a-index", "", "a", { index: true, hasLoader: true }),
    },
    url: "/manifest.js",
    version: "1",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: { v3_singleFetch: true, v3_throwAbortReason: true },
  isSpaMode: false,
} as unknown as ServerBuild;

const handle = createRequestHandler(build);

beforeEach(() => {
  seen.length = 0;
});

describe("a page's loaders and their request", () => {
  it("hand every loader of a page the request it came with", async () => {
    const request = new Request("http://localhost/a?creator=7", { headers: { Cookie: "x=1" } });
    const response = await handle(request);
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(3);
    for (const each of seen) expect(each).toBe(request);
  });

  it("hand the loaders of a data request one request for the page's address", async () => {
    const response = await handle(new Request("http://localhost/a.data?creator=7"));
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]?.url).toBe("http://localhost/a?creator=7");
  });

  it("still strip what Remix strips, keeping the rest", async () => {
    const withIndex = await handle(new Request("http://localhost/a?index&creator=7"));
    expect(withIndex.status).toBe(200);
    for (const each of seen) expect(each.url).toBe("http://localhost/a?creator=7");
    seen.length = 0;
    const withRoutes = await handle(new Request("http://localhost/a.data?_routes=a&creator=7"));
    expect(withRoutes.status).toBe(200);
    expect(seen.map((each) => each.url)).toEqual(["http://localhost/a?creator=7"]);
  });
});
