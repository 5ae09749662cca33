import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  isPublicAddress,
  RemoteFetchError,
  RemoteTimeoutError,
  RemoteTooLargeError,
  type SafeFetchOptions,
  safeFetch,
  UnsafeUrlError,
} from "#api/net/safe-fetch.ts";
import { IMAGE_MAX_BYTES } from "#domain/constants.ts";
import { selfSignedCertificate } from "./support/self-signed.ts";

// A real HTTPS server on 127.0.0.1 with a certificate made here. The fetcher reaches it as
// "images.test" through an injected resolver, and only because the test allows that exact
// hostname, address and port. Every refusal below happens before any connection is made.

const HOST = "images.test";
const { key, cert } = selfSignedCertificate([HOST]);

let server: Server;
let port: number;
let image: Buffer;
let origin: string;
const requests: { url: string; headers: Record<string, unknown> }[] = [];
const servernames: (string | false | null)[] = [];
const resolved: string[] = [];

/** Test names and what they resolve to; unknown names fail like NXDOMAIN. */
const ZONE: Record<string, string[]> = {
  [HOST]: ["127.0.0.1"],
  localhost: ["127.0.0.1", "::1"],
  "private.test": ["10.1.2.3"],
  "mixed.test": ["93.184.216.34", "192.168.1.10"],
  "mapped.test": ["::ffff:127.0.0.1"],
  "metadata.test": ["169.254.169.254"],
  "ula.test": ["fd00::1"],
};

async function resolve(hostname: string): Promise<string[]> {
  resolved.push(hostname);
  const addresses = ZONE[hostname];
  if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return addresses;
}

function options(extra: SafeFetchOptions = {}): SafeFetchOptions {
  return {
    resolve,
    ca: cert,
    testOnlyAllow: { hostname: HOST, address: "127.0.0.1", port },
    ...extra,
  };
}

beforeAll(async () => {
  image = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();
  server = createServer({ key, cert }, (req, res) => {
    const url = new URL(req.url ?? "/", "https://test");
    requests.push({ url: req.url ?? "", headers: req.headers });
    const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
    if (url.pathname === "/image.png" || chain?.[1] === "0") {
      res.writeHead(200, { "content-type": "image/png", "content-length": image.length });
      res.end(image);
    } else if (chain) {
      res.writeHead(302, { location: `/chain/${Number(chain[1]) - 1}` });
      res.end();
    } else if (url.pathname === "/redirect") {
      res.writeHead(302, { location: url.searchParams.get("to") ?? "" });
      res.end();
    } else if (url.pathname === "/declared-large") {
      // Announces more than the cap and never sends it: the client must not wait for it.
      res.writeHead(200, {
        "content-type": "image/png",
        "content-length": Number(url.searchParams.get("bytes")),
      });
      res.flushHeaders();
    } else if (url.pathname === "/streamed-large") {
      res.writeHead(200, { "content-type": "image/png" }); // chunked: no length announced
      const chunk = Buffer.alloc(1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 64 && !res.destroyed) {
          sent++;
          if (!res.write(chunk)) return res.once("drain", pump);
        }
        res.end();
      };
      pump();
    } else if (url.pathname === "/slow-headers") {
      // Never answers; the client's clock must end it.
    } else if (url.pathname === "/slow-body") {
      res.writeHead(200, { "content-type": "image/png", "content-length": image.length });
      res.write(image.subarray(0, 10));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  server.on("secureConnection", (socket: TLSSocket) => servernames.push(socket.servername));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  port = (server.address() as AddressInfo).port;
  origin = `https://${HOST}:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

beforeEach(() => {
  requests.length = 0;
  servernames.length = 0;
  resolved.length = 0;
});

async function refusal(link: string, extra?: SafeFetchOptions) {
  return safeFetch(link, options(extra)).then(
    () => expect.fail(`${link} was fetched`),
    (error: unknown) => error,
  );
}

describe("safeFetch, allowed", () => {
  it("fetches an image over HTTPS from the pinned address, named by its hostname", async () => {
    const result = await safeFetch(`${origin}/image.png?v=1`, options());
    expect(result.contentType).toBe("image/png");
    expect(result.bytes).toBe(image.length);
    expect(Buffer.isBuffer(result.body) && result.body.equals(image)).toBe(true);
    expect(result.url).toBe(`${origin}/image.png?v=1`);
    // One resolution, and the connection used it: "images.test" is in no real DNS.
    expect(resolved).toEqual([HOST]);
    expect(servernames).toEqual([HOST]);
    expect(requests).toHaveLength(1);
    const { headers, url } = requests[0]!;
    expect(url).toBe("/image.png?v=1");
    expect(headers.host).toBe(`${HOST}:${port}`);
    expect(headers["accept-encoding"]).toBe("identity");
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
  });

  it("follows up to three redirects, checking each hop", async () => {
    const result = await safeFetch(`${origin}/chain/3`, options());
    expect(result.body.equals(image)).toBe(true);
    expect(result.url).toBe(`${origin}/chain/0`);
    expect(resolved).toEqual([HOST, HOST, HOST, HOST]);
  });

  it("takes a body exactly at the cap", async () => {
    const result = await safeFetch(`${origin}/image.png`, options({ maxBytes: image.length }));
    expect(result.bytes).toBe(image.length);
  });
});

describe("safeFetch, refused links", () => {
  it("refuses http, even to the allowed server", async () => {
    const error = await refusal(`http://${HOST}:${port}/image.png`);
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error).toMatchObject({ reason: "scheme" });
    expect(requests).toHaveLength(0);
  });

  it("refuses credentials in the link", async () => {
    const error = await refusal(`https://user:secret@${HOST}:${port}/image.png`);
    expect(error).toMatchObject({ name: "UnsafeUrlError", reason: "credentials" });
  });

  it("refuses what is not a URL", async () => {
    expect(await refusal("not a link")).toMatchObject({ reason: "invalid" });
  });

  it.each([
    "https://localhost/",
    "https://127.0.0.1/",
    "https://127.1/",
    "https://2130706433/",
    "https://0x7f.1/",
    "https://0x7f000001/",
    "https://0177.0.0.1/",
    "https://127.000.000.001/",
    "https://[::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:7f00:1]/",
    "https://[0:0:0:0:0:ffff:a00:1]/",
    "https://[::127.0.0.1]/",
    "https://169.254.169.254/latest/meta-data/",
    "https://[fd00:ec2::254]/latest/meta-data/",
    "https://[::ffff:169.254.169.254]/",
    "https://10.0.0.1/",
    "https://10.255.255.255/",
    "https://172.16.0.1/",
    "https://172.31.255.1/",
    "https://192.168.1.1/",
    "https://100.64.0.1/",
    "https://0.0.0.0/",
    "https://0/",
    "https://224.0.0.1/",
    "https://255.255.255.255/",
    "https://240.0.0.1/",
    "https://192.0.2.1/",
    "https://[::]/",
    "https://[fe80::1]/",
    "https://[fc00::1]/",
    "https://[ff02::1]/",
    "https://[64:ff9b::a00:1]/",
    "https://[2002:7f00:1::]/",
    "https://private.test/",
    "https://mixed.test/",
    "https://mapped.test/",
    "https://metadata.test/",
    "https://ula.test/",
  ])("refuses %s", async (link) => {
    const error = await refusal(link);
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error).toMatchObject({ reason: "address" });
  });

  it("resolves names but never literal addresses", async () => {
    await refusal("https://2130706433/");
    await refusal("https://[::1]/");
    expect(resolved).toEqual([]);
    await refusal("https://mixed.test/");
    expect(resolved).toEqual(["mixed.test"]);
  });

  it("refuses loopback through the system resolver too", async () => {
    const error = await safeFetch("https://localhost/").catch((caught) => caught);
    expect(error).toMatchObject({ name: "UnsafeUrlError", reason: "address" });
  });

  it("allows the test server only under its exact hostname, address and port", async () => {
    for (const link of [
      `https://127.0.0.1:${port}/image.png`,
      `https://localhost:${port}/image.png`,
      `https://${HOST}:${port + 1 === 65536 ? port - 1 : port + 1}/image.png`,
    ]) {
      expect(await refusal(link)).toMatchObject({ reason: "address" });
    }
    expect(requests).toHaveLength(0);
  });

  it("refuses the test allowance outright in production", async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await expect(safeFetch(`${origin}/image.png`, options())).rejects.toThrow(TypeError);
    } finally {
      process.env.NODE_ENV = previous;
    }
    expect(requests).toHaveLength(0);
  });

  it("reports a name that does not resolve", async () => {
    const error = await refusal("https://nowhere.test/");
    expect(error).toBeInstanceOf(RemoteFetchError);
    expect(error).toMatchObject({ reason: "dns" });
  });
});

describe("safeFetch, redirects", () => {
  const via = (to: string) => `${origin}/redirect?to=${encodeURIComponent(to)}`;

  it.each([
    ["loopback by address, same port", () => `https://127.0.0.1:${port}/image.png`],
    ["loopback by name", () => `https://localhost:${port}/image.png`],
    ["IPv6 loopback", () => `https://[::1]:${port}/image.png`],
    ["the metadata address", () => "https://169.254.169.254/latest/meta-data/"],
    ["the IPv6 metadata address", () => "https://[fd00:ec2::254]/latest/meta-data/"],
    ["a name resolving to a private address", () => "https://private.test/image.png"],
  ])("refuses a redirect to %s", async (_name, to) => {
    const error = await refusal(via(to()));
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error).toMatchObject({ reason: "address" });
    expect(requests).toHaveLength(1);
  });

  it("refuses a redirect to http", async () => {
    const error = await refusal(via(`http://${HOST}:${port}/image.png`));
    expect(error).toMatchObject({ name: "UnsafeUrlError", reason: "scheme" });
    expect(requests).toHaveLength(1);
  });

  it("refuses a fourth redirect", async () => {
    const error = await refusal(`${origin}/chain/4`);
    expect(error).toBeInstanceOf(RemoteFetchError);
    expect(error).toMatchObject({ reason: "redirects" });
    expect(requests).toHaveLength(4);
  });

  it("honours a lower redirect limit", async () => {
    const error = await refusal(`${origin}/chain/1`, { maxRedirects: 0 });
    expect(error).toMatchObject({ reason: "redirects" });
  });
});

describe("safeFetch, limits and failures", () => {
  it("refuses a body whose Content-Length is over the cap without reading it", async () => {
    const error = await refusal(`${origin}/declared-large?bytes=2048`, { maxBytes: 1024 });
    expect(error).toBeInstanceOf(RemoteTooLargeError);
    expect(error).toMatchObject({ maxBytes: 1024 });
  });

  it("caps at IMAGE_MAX_BYTES by default", async () => {
    const error = await refusal(`${origin}/declared-large?bytes=${IMAGE_MAX_BYTES + 1}`);
    expect(error).toBeInstanceOf(RemoteTooLargeError);
    expect(error).toMatchObject({ maxBytes: IMAGE_MAX_BYTES });
  });

  it("stops a body without Content-Length once it passes the cap", async () => {
    const error = await refusal(`${origin}/streamed-large`, { maxBytes: 10_000 });
    expect(error).toBeInstanceOf(RemoteTooLargeError);
    expect(error).toMatchObject({ maxBytes: 10_000 });
  });

  it("gives up on a server that does not answer in time", async () => {
    const started = Date.now();
    const error = await refusal(`${origin}/slow-headers`, { timeoutMs: 200 });
    expect(error).toBeInstanceOf(RemoteTimeoutError);
    expect(error).toMatchObject({ reason: "timeout", timeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("gives up on a body that stalls", async () => {
    const error = await refusal(`${origin}/slow-body`, { timeoutMs: 200 });
    expect(error).toBeInstanceOf(RemoteTimeoutError);
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stopped by the caller")), 50);
    const error = await refusal(`${origin}/slow-headers`, { signal: controller.signal });
    expect(error).toMatchObject({ message: "stopped by the caller" });
  });

  it("reports a status other than 200", async () => {
    const error = await refusal(`${origin}/missing`);
    expect(error).toBeInstanceOf(RemoteFetchError);
    expect(error).toMatchObject({ reason: "status", status: 404 });
  });

  it("does not trust a certificate outside the trusted roots", async () => {
    const error = await refusal(`${origin}/image.png`, { ca: undefined });
    expect(error).toBeInstanceOf(RemoteFetchError);
    expect(error).toMatchObject({ reason: "network" });
  });
});

describe("isPublicAddress", () => {
  it.each(["8.8.8.8", "93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "accepts %s",
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  it.each([
    "127.0.0.1",
    "127.1",
    "2130706433",
    "0x7f.1",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "169.254.169.254",
    "fd00:ec2::254",
    "100.100.100.200",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.0.1",
    "100.64.1.1",
    "0.0.0.0",
    "255.255.255.255",
    "224.0.0.251",
    "198.18.0.1",
    "::",
    "fe80::1",
    "fc00::1",
    "ff02::1",
    "2001:db8::1",
    "::7f00:1",
    "not an address",
    "",
  ])("refuses %s", (address) => expect(isPublicAddress(address)).toBe(false));
});
