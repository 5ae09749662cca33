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
  if (host && /^[a-z0-9.-]+(:\d+)?$/i.test(host)) url.host = host;
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

/**
 * The client's address: the socket's, or with TRUST_PROXY the address the proxy appended last to
 * X-Forwarded-For (earlier entries are whatever the client sent, so they cannot be trusted).
 */
export function clientAddress(
  request: Request,
  incoming: IncomingMessage | undefined,
  trustProxy: boolean,
) {
  const socketAddress = incoming?.socket.remoteAddress ?? "unknown";
  if (!trustProxy) return socketAddress;
  const forwarded = request.headers.get("X-Forwarded-For");
  const last = forwarded?.split(",").at(-1)?.trim();
  return last || socketAddress;
}
