import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Hono } from "hono";
import type { ViteDevServer } from "vite";
import { nameRoute } from "#api/request-context.ts";
import type { WebConfig } from "#app/load-context.ts";
import { mentionsSession } from "#app/services/session-cookie.ts";
import type { HostEnv } from "./host-env.ts";
import { secretsOutOfAddress, withHandedOffSecrets } from "./secret-handoff.ts";
import { sameOriginOnly, securityHeaders } from "./security.ts";

export interface WebOptions {
  config: WebConfig;
  /** In development, Vite serves assets and the Remix build with hot reload. */
  vite?: ViteDevServer;
  /** The production build's folder (holding client/ and server/). */
  buildDir: string;
  analyticsScriptUrl?: string;
  /** Origins a form submission may end up at after our redirect (sign-in providers). */
  formActionOrigins?: readonly string[];
  /** Origins images and videos may load from besides our own (the S3 bucket's signed links). */
  imageOrigins?: readonly string[];
  /** PUBLIC_URL when set: form posts from its origin are ours too (see sameOriginOnly). */
  publicUrl?: string;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

type RouteHandler = (args: { request: Request; context: unknown }) => unknown;
/** Which handler threw: a loader or an action, of a page or of a resource route (no page). */
interface ThrownBy {
  kind: "loader" | "action";
  page: boolean;
}
/** What the app's server entry exports besides Remix's own (app/entry.server.tsx). */
interface AppServerEntry {
  mapRouteError?: (error: unknown, args: unknown, thrownBy: ThrownBy) => Promise<unknown>;
  guardActionRequest?: (request: Request, handle: unknown) => Request;
}

/**
 * Every route's loader and action, with what they throw passed through the app's one error
 * mapping (`mapRouteError`, exported by app/entry.server.tsx; ADR 018): an API error a route
 * did not answer becomes a sign-in redirect, the 404 page, a snackbar or the 503 page, whichever
 * route it came from, including routes written later. An action reads its request through the
 * app's `guardActionRequest` (ADR 021): a body of the wrong type or size is refused before or
 * while it is read.
 */
export function withRouteErrorMapping(build: ServerBuild): ServerBuild {
  const { mapRouteError, guardActionRequest } = build.entry.module as AppServerEntry;
  if (!mapRouteError) return build;
  const wrap = (
    handler: RouteHandler | undefined,
    thrownBy: ThrownBy,
    handle: unknown,
    routeId: string,
  ) =>
    handler &&
    (async (args: Parameters<RouteHandler>[0]) => {
      // The request metrics count the page by its route, not its path (api/metrics.ts).
      nameRoute(routeId);
      try {
        if (thrownBy.kind === "loader" || !guardActionRequest) return await handler(args);
        return await handler({ ...args, request: guardActionRequest(args.request, handle) });
      } catch (error) {
        throw await mapRouteError(error, args, thrownBy);
      }
    });
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const module = route.module as typeof route.module & {
        loader?: RouteHandler;
        action?: RouteHandler;
      };
      const page = module.default !== undefined;
      return [
        id,
        {
          ...route,
          module: {
            ...module,
            loader: wrap(module.loader, { kind: "loader", page }, module.handle, id),
            action: wrap(module.action, { kind: "action", page }, module.handle, id),
          },
        },
      ];
    }),
  );
  return { ...build, routes } as ServerBuild;
}

/**
 * The request without `?_data=`. Remix still answers that parameter with its data protocol of
 * before single fetch, which this app never uses, and prints an unstructured warning to stderr
 * for each such request: any client could fill an operator's log with them. Without it, such a
 * request is the page's, or the action's, as for any other address.
 */
function withoutLegacyDataParameter(request: Request): Request {
  if (!request.url.includes("_data")) return request;
  const url = new URL(request.url);
  if (!url.searchParams.has("_data")) return request;
  url.searchParams.delete("_data");
  // A Request as the init carries the method, headers, body (duplex "half") and signal over.
  return new Request(url, request);
}

/** The web tier: static assets, then every other path to Remix. */
export async function createWeb({
  config,
  vite,
  buildDir,
  analyticsScriptUrl,
  formActionOrigins,
  imageOrigins,
  publicUrl,
}: WebOptions) {
  const web = new Hono<HostEnv>();
  const mode = vite ? "development" : "production";
  const handle = vite
    ? createRequestHandler(
        () =>
          (vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>).then(
            withRouteErrorMapping,
          ),
        mode,
      )
    : createRequestHandler(
        withRouteErrorMapping(
          (await import(/* @vite-ignore */ path.join(buildDir, "server/index.js"))) as ServerBuild,
        ),
        mode,
      );

  if (!vite) {
    // Hashed files under /assets never change: cache them for a year. Brotli or gzip copies made at
    // build time are chosen by Accept-Encoding.
    const root = path.relative(process.cwd(), path.join(buildDir, "client"));
    // Only a path under one of the client folder's own names can be a file: a page's path goes
    // straight to Remix, without a look at the disk first
    // (docs/performance.md#server-throughput).
    const topLevel = new Set(fs.readdirSync(path.join(buildDir, "client")));
    const serveFile = serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header(
          "Cache-Control",
          c.req.path.startsWith("/assets/") ? IMMUTABLE : "public, max-age=3600",
        );
      },
    });
    web.use("*", (c, next) =>
      topLevel.has(c.req.path.split("/")[1] ?? "") ? serveFile(c, next) : next(),
    );
  }

  web.use(
    "*",
    securityHeaders({
      analyticsScriptUrl,
      formActionOrigins,
      imageOrigins,
      development: Boolean(vite),
    }),
  );
  web.use("*", sameOriginOnly({ publicUrl }));
  web.use("*", secretsOutOfAddress(config.sessionSecrets));
  // An answer that depends on who is signed in is stored by nobody: not a shared cache, and not
  // the browser, whose Back button after signing out must not show the private page again.
  // Guests' public pages and the hashed assets above keep their caching.
  web.use("*", async (c, next) => {
    await next();
    if (c.res.headers.has("Cache-Control")) return;
    const cookies = [c.req.header("Cookie") ?? "", ...c.res.headers.getSetCookie()];
    if (mentionsSession(cookies)) c.res.headers.set("Cache-Control", "private, no-store");
  });
  web.all("*", (c) =>
    handle(withoutLegacyDataParameter(withHandedOffSecrets(c.req.raw, config.sessionSecrets)), {
      config,
      cspNonce: c.var.cspNonce,
      clientIp: c.var.clientIp,
      requestId: c.var.requestId,
      apiReads: new Map(),
    }),
  );
  return web;
}
