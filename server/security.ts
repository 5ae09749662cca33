import { randomBytes } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { carriesSecret, secretPath } from "#domain/secret-urls.ts";
import type { HostEnv } from "./host-env.ts";

/**
 * Headers on every web response: a CSP with a fresh nonce per request (inline scripts only with it),
 * nosniff, Referrer-Policy, Permissions-Policy, and HSTS when the request came over HTTPS.
 */
export function securityHeaders(options: {
  analyticsScriptUrl?: string;
  /** Where a form post may be redirected to: the sign-in providers' origins. */
  formActionOrigins?: readonly string[];
  /** Other origins images and videos load from: the S3 bucket that signed file links point at. */
  imageOrigins?: readonly string[];
  development: boolean;
}) {
  const imageSources = ["'self'", "data:", "blob:", ...(options.imageOrigins ?? [])].join(" ");
  // The preview's videos play from the same signed links as its pictures.
  const mediaSources = ["'self'", ...(options.imageOrigins ?? [])].join(" ");
  const analyticsOrigin = options.analyticsScriptUrl
    ? new URL(options.analyticsScriptUrl).origin
    : "";
  // A social sign-in button posts to us and we answer with a redirect to the provider; browsers
  // check form-action on every hop of that navigation.
  const formAction = ["'self'", ...new Set(options.formActionOrigins ?? [])].join(" ");
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
      `img-src ${imageSources}`,
      `media-src ${mediaSources}`,
      "font-src 'self'",
      `connect-src 'self' ${analyticsOrigin} ${options.development ? "ws: wss:" : ""}`.trim(),
      "object-src 'none'",
      "base-uri 'none'",
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
      https ? "upgrade-insecure-requests" : "",
    ]
      .filter(Boolean)
      .join("; ");
    const headers = c.res.headers;
    headers.set("Content-Security-Policy", csp);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", referrerPolicyFor(new URL(c.req.url), c.res.status));
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
 * Paths that take a cross-origin POST. `/auth/callback`: a provider answering with
 * `response_mode=form_post` (Sign in with Apple must) posts the code there; the route only turns
 * that post into a GET of itself, where the sign-in is checked like any other callback.
 * `/unsubscribe`: a mail client's one-click unsubscribe (RFC 8058) posts from nowhere; the
 * address's own token in the link is what authorizes it, and unsubscribing twice is harmless.
 */
const CROSS_ORIGIN_POST_PATHS = new Set(["/auth/callback", "/unsubscribe"]);

/**
 * Refuses every non-GET request whose Origin (or, failing that, Referer) is not our own origin,
 * including requests that carry neither. Remix's own check answers 500 and lets those through.
 *
 * Our origin is the request's (behind a trusted proxy, the one it forwards), and the origin of
 * PUBLIC_URL when it is set: a proxy that forwards the host without its port (nginx's `$host`)
 * would otherwise make every form post on a port other than 443 look foreign.
 */
export function sameOriginOnly(options: { publicUrl?: string } = {}) {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  return createMiddleware<HostEnv>(async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    if (method === "POST" && CROSS_ORIGIN_POST_PATHS.has(c.req.path)) return next();
    const theirs = requestOrigin(c.req.header("Origin"), c.req.header("Referer"));
    const ours = theirs === new URL(c.req.url).origin || theirs === publicOrigin;
    if (theirs === null || !ours) {
      c.var.logger.warn(
        { method, path: c.req.path, origin: theirs },
        "cross-origin request refused",
      );
      return c.text("Forbidden: cross-origin request", 403);
    }
    return next();
  });
}

/** The origin a request says it comes from: its Origin, else its Referer's; null for neither. */
function requestOrigin(origin: string | undefined, referer: string | undefined) {
  if (origin && origin !== "null") return origin;
  try {
    return referer ? new URL(referer).origin : null;
  } catch {
    return null;
  }
}

/**
 * No Referer anywhere from an address that holds a secret. Such an address is answered with a
 * redirect that moves the secret out of it (ADR 087), or is a provider's callback, which
 * redirects too: those get `no-referrer`. A page still rendered at one (a post from a page of
 * before) gets `same-origin`: `no-referrer` would make the browser post the page's own forms
 * with `Origin: null`, which sameOriginOnly refuses.
 */
function referrerPolicyFor(url: URL, status: number) {
  // A drop link's page has its secret in the path (ADR 098).
  if (!carriesSecret(url) && !secretPath(url)) return "strict-origin-when-cross-origin";
  return status >= 300 && status < 400 ? "no-referrer" : "same-origin";
}
