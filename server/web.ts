import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Hono } from "hono";
import type { ViteDevServer } from "vite";
import type { WebConfig } from "#app/load-context.ts";
import type { HostEnv } from "./host-env.ts";
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
  /** Origins images may load from besides our own (the S3 bucket's signed links). */
  imageOrigins?: readonly string[];
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/** The web tier: static assets, then every other path to Remix. */
export async function createWeb({
  config,
  vite,
  buildDir,
  analyticsScriptUrl,
  formActionOrigins,
  imageOrigins,
}: WebOptions) {
  const web = new Hono<HostEnv>();
  const mode = vite ? "development" : "production";
  const handle = vite
    ? createRequestHandler(
        () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
        mode,
      )
    : createRequestHandler(
        (await import(/* @vite-ignore */ path.join(buildDir, "server/index.js"))) as ServerBuild,
        mode,
      );

  if (!vite) {
    // Hashed files under /assets never change: cache them for a year. Brotli or gzip copies made at
    // build time are chosen by Accept-Encoding.
    const root = path.relative(process.cwd(), path.join(buildDir, "client"));
    web.use(
      "*",
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => {
          c.header(
            "Cache-Control",
            c.req.path.startsWith("/assets/") ? IMMUTABLE : "public, max-age=3600",
          );
        },
      }),
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
  web.use("*", sameOriginOnly);
  // Ask for the system colour scheme as a client hint, so the first paint has the right theme even
  // without JavaScript (see app/services/theme.server.ts).
  web.use("*", async (c, next) => {
    await next();
    if (c.res.headers.get("Content-Type")?.startsWith("text/html")) {
      c.res.headers.set("Accept-CH", "Sec-CH-Prefers-Color-Scheme");
      c.res.headers.set("Critical-CH", "Sec-CH-Prefers-Color-Scheme");
      c.res.headers.append("Vary", "Sec-CH-Prefers-Color-Scheme");
    }
  });
  web.all("*", (c) =>
    handle(c.req.raw, { config, cspNonce: c.var.cspNonce, clientIp: c.var.clientIp }),
  );
  return web;
}
