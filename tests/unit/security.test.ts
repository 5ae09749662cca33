import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { HostEnv } from "../../server/host-env.ts";
import { forwardedRequest } from "../../server/proxy.ts";
import { sameOriginOnly } from "../../server/security.ts";

/**
 * The Origin check as the host runs it: behind the proxy switch (server/proxy.ts), in front of a
 * route that answers 200 to whatever gets through.
 */
function host(options: { trustProxy: boolean; publicUrl?: string }) {
  const app = new Hono<HostEnv>();
  app.use(async (c, next) => {
    c.set("logger", pino({ level: "silent" }));
    await next();
  });
  app.use(sameOriginOnly({ publicUrl: options.publicUrl }));
  app.all("*", (c) => c.text("ok"));
  return (headers: Record<string, string>, method = "POST") =>
    app.fetch(
      forwardedRequest(
        new Request("http://127.0.0.1:3000/resources/theme", { method, headers }),
        options.trustProxy,
      ),
    );
}

// What nginx sends with `proxy_set_header X-Forwarded-Host $host`: the host without its port.
const portDropped = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "photos.example.com" };
// With `$http_host`: the host as the browser sent it, port included.
const portKept = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "photos.example.com:8443" };
const browser = "https://photos.example.com:8443";

describe("sameOriginOnly", () => {
  it("lets a post from our own origin through, and refuses a foreign one or none", async () => {
    const post = host({ trustProxy: false });
    expect((await post({ Origin: "http://127.0.0.1:3000" })).status).toBe(200);
    expect((await post({ Referer: "http://127.0.0.1:3000/teams" })).status).toBe(200);
    expect((await post({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ Origin: "null" })).status).toBe(403);
    expect((await post({ Referer: "not a url" })).status).toBe(403);
    expect((await post({})).status).toBe(403);
    expect((await post({}, "GET")).status).toBe(200);
  });

  it("behind a proxy that forwards the port, takes the forwarded origin as ours", async () => {
    const post = host({ trustProxy: true });
    expect((await post({ ...portKept, Origin: browser })).status).toBe(200);
    expect((await post({ ...portKept, Origin: "https://photos.example.com" })).status).toBe(403);
  });

  it("behind a proxy that drops the port, refuses the browser's origin without PUBLIC_URL", async () => {
    const post = host({ trustProxy: true });
    expect((await post({ ...portDropped, Origin: browser })).status).toBe(403);
  });

  it("takes the origin of PUBLIC_URL as ours too, and only that one", async () => {
    const post = host({ trustProxy: true, publicUrl: `${browser}/` });
    expect((await post({ ...portDropped, Origin: browser })).status).toBe(200);
    expect((await post({ ...portDropped, Referer: `${browser}/teams?x=1` })).status).toBe(200);
    expect((await post({ ...portDropped, Origin: "https://photos.example.com:9443" })).status).toBe(
      403,
    );
    expect((await post({ ...portDropped, Origin: "http://photos.example.com:8443" })).status).toBe(
      403,
    );
    expect((await post({ ...portDropped })).status).toBe(403);
    // The request's own origin still counts beside it.
    expect((await post({ ...portDropped, Origin: "https://photos.example.com" })).status).toBe(200);
  });
});
