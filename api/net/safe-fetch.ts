import { lookup as dnsLookup } from "node:dns/promises";
import type { IncomingMessage } from "node:http";
import { request } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { IMAGE_MAX_BYTES } from "#domain/constants.ts";

/**
 * Fetches a user-supplied link (a logo or avatar "link") from the server without letting it
 * reach anything but the public internet (SSRF): https only, every address the host resolves
 * to must be public unicast, the connection goes to the very address that was checked (so a
 * DNS answer that changes between check and connect cannot win), redirects are followed by
 * hand with the same checks on every hop, and the body and the total time are capped.
 */

export const REMOTE_FETCH_TIMEOUT_MS = 10_000;
export const REMOTE_FETCH_MAX_REDIRECTS = 3;

/** Cloud metadata endpoints, named even though their ranges are refused anyway. */
const METADATA_ADDRESSES = new Set(["169.254.169.254", "fd00:ec2::254", "100.100.100.200"]);

/** IPv6 global unicast (2000::/3): anything outside it has no business on the internet. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type UnsafeUrlReason = "invalid" | "scheme" | "credentials" | "address";

/** The link, or a redirect it led to, points somewhere the server must not go. */
export class UnsafeUrlError extends Error {
  override name = "UnsafeUrlError";
  constructor(
    readonly reason: UnsafeUrlReason,
    message: string,
  ) {
    super(message);
  }
}

/** The remote body is (or announces itself as) longer than `maxBytes`. */
export class RemoteTooLargeError extends Error {
  override name = "RemoteTooLargeError";
  constructor(readonly maxBytes: number) {
    super(`The remote file is larger than the ${maxBytes} bytes allowed`);
  }
}

export type RemoteFetchReason = "dns" | "network" | "status" | "redirects" | "timeout";

/** The remote could not be fetched: no such host, a network or TLS failure, a bad status. */
export class RemoteFetchError extends Error {
  override name = "RemoteFetchError";
  /** The HTTP status, when the remote answered with one that is refused. */
  readonly status: number | undefined;
  constructor(
    readonly reason: RemoteFetchReason,
    message: string,
    options?: { status?: number; cause?: unknown },
  ) {
    super(message, { cause: options?.cause });
    this.status = options?.status;
  }
}

/** The whole fetch, redirects and body included, took longer than allowed. */
export class RemoteTimeoutError extends RemoteFetchError {
  override name = "RemoteTimeoutError";
  constructor(readonly timeoutMs: number) {
    super("timeout", `The remote did not answer in full within ${timeoutMs} ms`);
  }
}

/**
 * Lets tests reach their own HTTPS server on loopback: one exact hostname, address and port,
 * nothing wider. It is a code-only option (no environment variable or config reads it) and it
 * is refused outright when NODE_ENV is production.
 */
export interface TestOnlyAllowance {
  hostname: string;
  address: string;
  port: number;
}

export interface SafeFetchOptions {
  /** The largest body accepted (default IMAGE_MAX_BYTES). */
  maxBytes?: number;
  /** The time allowed for the whole fetch, redirects and body included (default 10 s). */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Resolves a hostname to its addresses (default: the system resolver, every address). */
  resolve?: (hostname: string) => Promise<string[]>;
  /** Certificates to trust instead of the built-in roots (tests use a self-signed one). */
  ca?: string | Buffer | Array<string | Buffer>;
  signal?: AbortSignal;
  testOnlyAllow?: TestOnlyAllowance;
}

export interface SafeFetchResult {
  /** The URL the body came from, after redirects. */
  url: string;
  /** The Content-Type header as sent; only a hint, the bytes must be sniffed. */
  contentType: string | null;
  bytes: number;
  /**
   * The whole body. It is read here rather than handed back as a stream so the time cap covers
   * the transfer and every failure surfaces from this one call; it is at most `maxBytes` long.
   */
  body: Buffer;
}

interface Target {
  url: URL;
  /** The hostname without IPv6 brackets: what TLS checks and Host names. */
  hostname: string;
  port: number;
  address: string;
  family: 4 | 6;
}

/** True when `address` is a public unicast address a server may connect to. */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  const ip =
    parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
      ? (parsed as ipaddr.IPv6).toIPv4Address()
      : parsed;
  if (METADATA_ADDRESSES.has(ip.toString())) return false;
  if (ip.range() !== "unicast") return false;
  return ip.kind() === "ipv4" || ip.match(IPV6_GLOBAL_UNICAST);
}

function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[(.*)\]$/, "$1");
  // ipaddr.js also reads the odd IPv4 notations (127.1, 2130706433, 0x7f.1, 0177.1).
  if (!ipaddr.isValid(bare)) return null;
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

/** Parses the link and refuses anything but an https URL without credentials. */
export function parseSafeUrl(link: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    throw new UnsafeUrlError("invalid", "The link is not a valid URL");
  }
  if (url.protocol !== "https:") {
    throw new UnsafeUrlError("scheme", `Only https links are fetched, not ${url.protocol}`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new UnsafeUrlError("credentials", "Links with a user name or password are refused");
  }
  if (url.hostname === "") throw new UnsafeUrlError("invalid", "The link has no host");
  return url;
}

/** Fetches `link`; see the module comment for every check made on the way. */
export async function safeFetch(
  link: string,
  options: SafeFetchOptions = {},
): Promise<SafeFetchResult> {
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? REMOTE_FETCH_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? REMOTE_FETCH_MAX_REDIRECTS;
  if (options.testOnlyAllow && process.env.NODE_ENV === "production") {
    throw new TypeError("testOnlyAllow is for tests and is refused in production");
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new RemoteTimeoutError(timeoutMs)), timeoutMs);
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  const { signal } = controller;
  try {
    let url = parseSafeUrl(link);
    for (let redirects = 0; ; redirects++) {
      const target = await abortable(checkTarget(url, options), signal);
      const response = await get(target, options.ca, signal);
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        response.destroy();
        const location = response.headers.location;
        if (!location) {
          throw new RemoteFetchError("status", `A ${status} redirect without a Location`, {
            status,
          });
        }
        if (redirects >= maxRedirects) {
          throw new RemoteFetchError("redirects", `More than ${maxRedirects} redirects`);
        }
        url = parseSafeUrl(location, url);
        continue;
      }
      if (status !== 200) {
        response.destroy();
        throw new RemoteFetchError("status", `The remote answered ${status}`, { status });
      }
      const declared = Number(response.headers["content-length"]);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        throw new RemoteTooLargeError(maxBytes);
      }
      const body = await readCapped(response, maxBytes, signal);
      return {
        url: url.href,
        contentType: response.headers["content-type"] ?? null,
        bytes: body.length,
        body,
      };
    }
  } catch (error) {
    // Whatever a timeout interrupted, the timeout is the reason to report.
    if (signal.aborted) throw signal.reason ?? error;
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}

/** Resolves the URL's host and checks every address; answers the one to connect to. */
async function checkTarget(url: URL, options: SafeFetchOptions): Promise<Target> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  const port = url.port === "" ? 443 : Number(url.port);
  let addresses: string[];
  if (parseAddress(hostname)) {
    addresses = [hostname];
  } else {
    const resolve = options.resolve ?? resolveHost;
    try {
      addresses = await resolve(hostname);
    } catch (error) {
      throw new RemoteFetchError("dns", `The host ${hostname} could not be resolved`, {
        cause: error,
      });
    }
    if (addresses.length === 0) {
      throw new RemoteFetchError("dns", `The host ${hostname} has no address`);
    }
  }
  // One refused address refuses the host: the connection must not get to pick.
  for (const address of addresses) {
    if (!isPublicAddress(address) && !isAllowedForTests(options, hostname, address, port)) {
      throw new UnsafeUrlError("address", `The host ${hostname} is not on the public internet`);
    }
  }
  const address = parseAddress(addresses[0]!)!;
  return {
    url,
    hostname,
    port,
    address: address.toString(),
    family: address.kind() === "ipv4" ? 4 : 6,
  };
}

function isAllowedForTests(
  options: SafeFetchOptions,
  hostname: string,
  address: string,
  port: number,
): boolean {
  const allow = options.testOnlyAllow;
  return (
    allow !== undefined &&
    allow.hostname === hostname &&
    allow.address === address &&
    allow.port === port
  );
}

async function resolveHost(hostname: string): Promise<string[]> {
  const results = await dnsLookup(hostname, { all: true, verbatim: true });
  return results.map((result) => result.address);
}

/** A DNS lookup that always answers the address already checked. */
function pinnedLookup(target: Target): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, [{ address: target.address, family: target.family }]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}

function get(
  target: Target,
  ca: SafeFetchOptions["ca"],
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const literal = isIP(target.hostname) !== 0;
    const req = request({
      method: "GET",
      // A name stays the host (so SNI, certificate check and Host use it); the lookup pins it.
      hostname: target.hostname,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      headers: {
        accept: "image/*",
        "accept-encoding": "identity",
        "user-agent": "Raccolta image fetch",
      },
      lookup: pinnedLookup(target),
      servername: literal ? undefined : target.hostname,
      ca,
      rejectUnauthorized: true,
      // A fresh connection each time: a pooled socket could be to an address checked earlier.
      agent: false,
      signal,
    });
    req.once("response", resolve);
    req.once("error", (error) => {
      reject(
        signal.aborted
          ? signal.reason
          : new RemoteFetchError("network", `The remote could not be reached: ${error.message}`, {
              cause: error,
            }),
      );
    });
    req.end();
  });
}

async function readCapped(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffer> {
  const stop = () => response.destroy(signal.reason);
  signal.addEventListener("abort", stop, { once: true });
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of response) {
      bytes += (chunk as Buffer).length;
      if (bytes > maxBytes) {
        response.destroy();
        throw new RemoteTooLargeError(maxBytes);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof RemoteTooLargeError || signal.aborted) throw error;
    throw new RemoteFetchError("network", "The remote closed the connection mid-body", {
      cause: error,
    });
  } finally {
    signal.removeEventListener("abort", stop);
  }
  if (!response.complete) {
    throw new RemoteFetchError("network", "The remote closed the connection mid-body");
  }
  return Buffer.concat(chunks, bytes);
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
