import { randomBytes } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { HostEnv } from "./host-env.ts";

/**
 * Headers on every web response: a CSP with a fresh nonce per request (inline scripts only with it),
 * nosniff, Referrer-Policy, Permissions-Policy, and HSTS when the request came over HTTPS.
 */
export function securityHeaders(options: { analyticsScriptUrl?: string; development: boolean }) {
  const analyticsOrigin = options.analyticsScriptUrl
    ? new URL(options.analyticsScriptUrl).origin
    : "";
  return createMiddleware<HostEnv>(async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    await next();
    const https = new URL(c.req.url).protocol === "https:";
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' ${analyticsOrigin}`.trim(),
      // Radix Themes sets style attributes; styles cannot run code.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self' ${analyticsOrigin} ${options.development ? "ws: wss:" : ""}`.trim(),
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      https ? "upgrade-insecure-requests" : "",
    ]
      .filter(Boolean)
      .join("; ");
    const headers = c.res.headers;
    headers.set("Content-Security-Policy", csp);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set(
      "Permissions-Policy",
      "camera=(self), microphone=(), geolocation=(), payment=(), usb=()",
    );
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    if (https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  });
}

/**
 * Refuses every non-GET request whose Origin (or, failing that, Referer) is not our own origin,
 * including requests that carry neither. Remix's own check answers 500 and lets those through.
 */
export const sameOriginOnly = createMiddleware<HostEnv>(async (c, next) => {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
  const ours = new URL(c.req.url).origin;
  const origin = c.req.header("Origin");
  let theirs: string | null = null;
  if (origin && origin !== "null") theirs = origin;
  else {
    const referer = c.req.header("Referer");
    try {
      theirs = referer ? new URL(referer).origin : null;
    } catch {
      theirs = null;
    }
  }
  if (theirs !== ours) {
    c.var.logger.warn({ method, path: c.req.path, origin: theirs }, "cross-origin request refused");
    return c.text("Forbidden: cross-origin request", 403);
  }
  return next();
});
