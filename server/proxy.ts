import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/**
 * With TRUST_PROXY, the request URL takes its scheme and host from X-Forwarded-Proto and
 * X-Forwarded-Host, so secure cookies, HSTS and absolute URLs are right behind a TLS proxy.
 * Without it those headers are ignored.
 */
export function forwardedRequest(request: Request, trustProxy: boolean): Request {
  if (!trustProxy) return request;
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
 * The client's address: the socket's, or with TRUST_PROXY the address the proxy appended last to
 * X-Forwarded-For (earlier entries are whatever the client sent, so they cannot be trusted).
 * A call from our own web tier carries the visitor's address in X-Client-IP, vouched for by the
 * shared web-tier key; without the key the header is ignored. Otherwise every visitor would
 * share the web tier's address, and one rate limit.
 */
export function clientAddress(
  request: Request,
  incoming: IncomingMessage | undefined,
  trustProxy: boolean,
  webTierKey?: string,
) {
  const socketAddress = incoming?.socket.remoteAddress ?? "unknown";
  // Our own web tier calling the API names the visitor it calls for.
  const relayed = request.headers.get(CLIENT_IP_HEADER)?.trim();
  if (relayed && webTierKey && fromWebTier(request, webTierKey)) return relayed;
  if (!trustProxy) return socketAddress;
  const forwarded = request.headers.get("X-Forwarded-For");
  const last = forwarded?.split(",").at(-1)?.trim();
  return last || socketAddress;
}

/** What a request id may look like: nginx's `$request_id` (32 hex digits), a UUID and the like. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request id the request arrived with, when it can be believed: sent by our own web tier
 * (the web-tier key vouches), or with TRUST_PROXY by the proxy (nginx: `proxy_set_header
 * X-Request-Id $request_id`). One id then follows a request from the proxy's log through the web
 * tier's and the API's to the jobs it enqueues. Anything else, or a malformed id, is ignored:
 * the host makes a new one.
 */
export function trustedRequestId(request: Request, trustProxy: boolean, webTierKey: string) {
  const presented = request.headers.get("X-Request-Id")?.trim();
  if (!presented || !REQUEST_ID.test(presented)) return undefined;
  return trustProxy || fromWebTier(request, webTierKey) ? presented : undefined;
}
