import { createRequire } from "node:module";
import type { EntryContext } from "@remix-run/node";
import { createElement } from "react";
import { renderToString } from "react-dom/server";

/**
 * Parts of a hand-made Remix server build, for unit tests that run the real request handler on a
 * few routes (tests/unit/server-routes.test.ts, loader-request.test.ts).
 */
const require = createRequire(import.meta.url);
// The packages' CommonJS builds, as the server loads them (one copy of each context).
export const { createRequestHandler } =
  require("@remix-run/server-runtime") as typeof import("@remix-run/server-runtime");
export const { Outlet, RemixServer } =
  require("@remix-run/react") as typeof import("@remix-run/react");

/** The build's entry: renders the page with the real RemixServer, whole. */
export const renderingEntry = {
  module: {
    default: (request: Request, status: number, headers: Headers, context: EntryContext) =>
      new Response(renderToString(createElement(RemixServer, { context, url: request.url })), {
        status,
        headers,
      }),
  },
};

/** A route of the build's manifest, with or without a loader, an index route or not. */
export function manifestRoute(
  id: string,
  path: string,
  parentId?: string,
  { index, hasLoader = false }: { index?: boolean; hasLoader?: boolean } = {},
) {
  return {
    id,
    path,
    parentId,
    index,
    module: `/${id}.js`,
    hasAction: false,
    hasLoader,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: false,
  };
}
