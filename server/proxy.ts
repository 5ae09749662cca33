import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * Which proxies TRUST_PROXY trusts (ADR 082): none; with `1`, one hop from loopback or a
 * private network (where a reverse proxy on the same host or network sits); or exactly the
 * addresses and CIDR ranges it lists. Forwarding headers from anyone else are ignored.
 */
export interface ProxyTrust {
  setting: "off" | "private" | "list";
  ranges: Range[];
}

export const NO_PROXY: ProxyTrust = { setting: "off", ranges: [] };

/** What `TRUST_PROXY=1` trusts: loopback, the private IPv4 ranges, IPv6 unique local. */
const PRIVATE_RANGES = [
  "127.0.0.0/8",
  "10.0.0.0/8",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "::1/128",
  "fc00::/7",
];

function parseRange(entry: string): Range | undefined {
  try {
    if (entry.includes("/")) return ipaddr.parseCIDR(entry);
    const address = ipaddr.parse(entry);
    return [address, address.kind() === "ipv4" ? 32 : 128];
  } catch {
    return undefined;
  }
}

/**
 * TRUST_PROXY as set: `0` (or unset, false, no, off), `1` (true, yes, on), or a comma-separated
 * list of addresses and CIDR ranges (`10.0.0.5,192.168.0.0/16`). A string names what is wrong.
 */
export function parseTrustProxy(value: string | undefined): ProxyTrust | string {
  const setting = (value ?? "").trim().toLowerCase();
  if (["", "0", "false", "no", "off"].includes(setting)) return NO_PROXY;
  if (["1", "true", "yes", "on"].includes(setting)) {
    return { setting: "private", ranges: PRIVATE_RANGES.map((range) => ipaddr.parseCIDR(range)) };
  }
  const ranges: Range[] = [];
  for (const entry of setting.split(",").map((part) => part.trim())) {
    const range = parseRange(entry);
    if (!range) return `has "${entry}", which is not an address or a CIDR range`;
    ranges.push(range);
  }
  return { setting: "list", ranges };
}

/** The address as ipaddr.js reads it, an IPv4-mapped IPv6 one as IPv4; undefined if none. */
function parsedAddress(address: string | undefined) {
  const bare = address?.trim().replace(/%.*$/, "");
  return bare && ipaddr.isValid(bare) ? ipaddr.process(bare) : undefined;
}

/** Whether `address` (a socket's, or an X-Forwarded-For entry) is a proxy TRUST_PROXY trusts. */
export function isTrustedProxy(trust: ProxyTrust, address: string | undefined) {
  const parsed = parsedAddress(address);
  return (
    parsed !== undefined &&
    trust.ranges.some(
      ([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits),
    )
  );
}

/**
 * From a proxy TRUST_PROXY trusts (`trusted`: isTrustedProxy of the socket's address), the
 * request URL takes its scheme and host from X-Forwarded-Proto and X-Forwarded-Host, so secure
 * cookies, HSTS and absolute URLs are right behind a TLS proxy. Otherwise those headers are ignored.
 */
export function forwardedRequest(request: Request, trusted: boolean): Request {
  if (!trusted) return request;
  const proto = request.headers.get("X-Forwarded-Proto")?.split(",")[0]?.trim().toLowerCase();
  const host = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  if (!proto && !host) return request;
  const url = new URL(request.url);
  if (proto === "http" || proto === "https") url.protocol = `${proto}:`;
  // A value shaped like a host may still not be one ("999.1.1.1", a port past 65535): it is
  // ignored like any other bad value, rather than thrown (a 500 for a header the client chose).
  if (host && /^[a-z0-9.-]+(:\d+)?$/i.test(host) && URL.canParse(`${url.protocol}//${host}`)) {
    // Set the port too: assigning only `host` would keep the internal port when none is given.
    const forwarded = new URL(`${url.protocol}//${host}`);
    url.hostname = forwarded.hostname;
    url.port = forwarded.port;
  }
  if (url.href === request.url) return request;
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    // Node's fetch needs duplex for a streamed request body.
    duplex: request.body ? "half" : undefined,
  } as RequestInit);
}

/** Sent by the web tier with every API call: the visitor's address, and the key that vouches. */
export const CLIENT_IP_HEADER = "X-Client-IP";
export const WEB_TIER_KEY_HEADER = "X-Web-Tier-Key";

function fromWebTier(request: Request, webTierKey: string) {
  const presented = Buffer.from(request.headers.get(WEB_TIER_KEY_HEADER) ?? "");
  const expected = Buffer.from(webTierKey);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/**
 * The client's address: the socket's, or when the socket is a proxy TRUST_PROXY trusts, the
 * address that proxy appended last to X-Forwarded-For (earlier entries are whatever the client
 * sent). With a list, a last entry that is itself a listed proxy passes on to the one before it
 * (a chain of listed proxies); with `1`, one hop only. An entry that is no address is ignored,
 * with the socket's address kept. A call from our own web tier carries the visitor's address in
 * X-Client-IP, vouched for by the shared web-tier key; without the key the header is ignored.
 * Otherwise every visitor would share the web tier's address, and one rate limit.
 */
export function clientAddress(
  request: Request,
  incoming: IncomingMessage | undefined,
  trust: ProxyTrust,
  webTierKey?: string,
) {
  const socketAddress = incoming?.socket.remoteAddress ?? "unknown";
  // Our own web tier calling the API names the visitor it calls for.
  const relayed = request.headers.get(CLIENT_IP_HEADER)?.trim();
  if (relayed && webTierKey && fromWebTier(request, webTierKey)) return relayed;
  if (!isTrustedProxy(trust, socketAddress)) return socketAddress;
  const hops = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  let address = socketAddress;
  while (hops.length > 0) {
    const hop = hops.pop() as string;
    if (!parsedAddress(hop)) break;
    address = hop;
    if (trust.setting !== "list" || !isTrustedProxy(trust, hop)) break;
  }
  return address;
}

/** What a request id may look like: nginx's `$request_id` (32 hex digits), a UUID and the like. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request id the request arrived with, when it can be believed: sent by our own web tier
 * (the web-tier key vouches), or by a proxy TRUST_PROXY trusts (`trusted`, as for
 * forwardedRequest; nginx: `proxy_set_header
 * X-Request-Id $request_id`). One id then follows a request from the proxy's log through the web
 * tier's and the API's to the jobs it enqueues. Anything else, or a malformed id, is ignored:
 * the host makes a new one.
 */
export function trustedRequestId(request: Request, trusted: boolean, webTierKey: string) {
  const presented = request.headers.get("X-Request-Id")?.trim();
  if (!presented || !REQUEST_ID.test(presented)) return undefined;
  return trusted || fromWebTier(request, webTierKey) ? presented : undefined;
}
