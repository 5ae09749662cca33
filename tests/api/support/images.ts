import { request as httpRequest } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { expect } from "vitest";
import type { RemoteFetchOptions } from "#api/image-uploads/image-uploads.ts";
import { IMAGE_MAX_BYTES } from "#domain/constants.ts";
import { PUBLIC_URL, type TestApi } from "./api-server.ts";
import { selfSignedCertificate } from "./self-signed.ts";

// What avatar and logo tests share: real images made with sharp, and a real HTTPS server (with a
// certificate made here) for links. The API reaches that server as "images.test" only through
// the resolver, CA and one loopback allowance `remoteFetch` hands it; nothing in production can
// set those.

export const IMAGE_HOST = "images.test";
/** Text hidden in the JPEG's EXIF, which must not survive processing. */
export const SECRET_TEXT = "Ada Secret Camera";

/** Test names and what they resolve to; anything else fails like NXDOMAIN. */
const ZONE: Record<string, string[]> = {
  [IMAGE_HOST]: ["127.0.0.1"],
  "private.test": ["10.1.2.3"],
};

export interface TestImages {
  /** 640×400, with EXIF (artist, copyright, camera) that must not survive. */
  jpeg: Buffer;
  /** 100×300. */
  png: Buffer;
  /** A PNG's first bytes, then filler past 3 MB. */
  big: Buffer;
}

export async function testImages(): Promise<TestImages> {
  const jpeg = await sharp({
    create: { width: 640, height: 400, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .jpeg()
    .withExif({ IFD0: { Artist: SECRET_TEXT, Copyright: SECRET_TEXT, Model: SECRET_TEXT } })
    .toBuffer();
  const png = await sharp({
    create: {
      width: 100,
      height: 300,
      channels: 4,
      background: { r: 200, g: 30, b: 30, alpha: 1 },
    },
  })
    .png()
    .toBuffer();
  const big = Buffer.alloc(IMAGE_MAX_BYTES + 1024, 7);
  png.copy(big);
  return { jpeg, png, big };
}

/**
 * An HTTPS server of links: /photo.jpg (the JPEG), /page.html (HTML that claims to be a PNG),
 * /big.png (over 3 MB, no length announced), /to-private (a redirect to a private address).
 */
export async function startImageServer(images: TestImages) {
  const { key, cert } = selfSignedCertificate([IMAGE_HOST]);
  const remote = createServer({ key, cert }, (req, res) => {
    const url = new URL(req.url ?? "/", "https://test");
    if (url.pathname === "/photo.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg", "content-length": images.jpeg.length });
      res.end(images.jpeg);
    } else if (url.pathname === "/page.html") {
      res.writeHead(200, { "content-type": "image/png" }); // the header lies; the bytes do not
      res.end("<!doctype html><html><body><script>alert(1)</script></body></html>");
    } else if (url.pathname === "/big.png") {
      res.writeHead(200, { "content-type": "image/png" }); // chunked: no length announced
      res.end(images.big);
    } else if (url.pathname === "/to-private") {
      res.writeHead(302, { location: "https://private.test/photo.jpg" });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((done) => remote.listen(0, "127.0.0.1", done));
  const { port } = remote.address() as AddressInfo;
  const remoteFetch: RemoteFetchOptions = {
    resolve: async (hostname) => {
      const addresses = ZONE[hostname];
      if (!addresses)
        throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
      return addresses;
    },
    ca: cert,
    testOnlyAllow: { hostname: IMAGE_HOST, address: "127.0.0.1", port },
  };
  return {
    origin: `https://${IMAGE_HOST}:${port}`,
    remoteFetch,
    async close() {
      remote.closeAllConnections();
      await new Promise((done) => remote.close(done));
    },
  };
}

/**
 * Upload addresses are absolute on the public address, images are paths (ADR 024); either way
 * the test reaches the same path on the running API.
 */
export function localUrl(api: TestApi, address: string) {
  if (address.startsWith("/")) return `${api.url}${address}`;
  const url = new URL(address);
  expect(url.origin).toBe(PUBLIC_URL);
  return `${api.url}${url.pathname}${url.search}`;
}

/** PUTs the bytes as a client would: no bearer token, just the signed address. */
export function putImage(
  api: TestApi,
  uploadUrl: string,
  body: Buffer | ReadableStream<Uint8Array>,
  contentType = "application/octet-stream",
) {
  return fetch(localUrl(api, uploadUrl), {
    method: "PUT",
    headers: { "Content-Type": contentType },
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
    duplex: "half",
  } as RequestInit);
}

/**
 * PUTs `first` and then filler for ever (chunked, no length), until the server answers; fetch
 * would wait for the body to end before showing the answer, so this speaks node:http.
 */
export function putEndless(api: TestApi, uploadUrl: string, first: Buffer) {
  return new Promise<{ status: number; body: unknown; written: number }>((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 1);
    let written = 0;
    let answered = false;
    const req = httpRequest(localUrl(api, uploadUrl), {
      method: "PUT",
      headers: { "Content-Type": "image/png", "Transfer-Encoding": "chunked" },
    });
    const pump = () => {
      while (!answered && !req.destroyed) {
        const more = req.write(written === 0 ? first : chunk);
        written += written === 0 ? first.length : chunk.length;
        if (!more) return void req.once("drain", pump);
      }
    };
    req.on("response", (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(parts).toString("utf8")),
          written,
        });
      });
    });
    // The server closes the connection once it has answered; only an error before that counts.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    pump();
  });
}

/** Fetches a stored image and checks it is the promised square WebP with no metadata. */
export async function expectSquareWebp(api: TestApi, imageUrl: string) {
  // A path on our own site, whatever PUBLIC_URL says, so it loads from any address.
  expect(imageUrl).toMatch(/^\/api\/(avatars|logos)\/[0-9a-f]{32}\.webp$/);
  const response = await fetch(localUrl(api, imageUrl));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/webp");
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(response.headers.get("content-length")).toBe(String(bytes.length));
  const metadata = await sharp(bytes).metadata();
  expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(bytes.includes(SECRET_TEXT)).toBe(false);
  return response;
}
