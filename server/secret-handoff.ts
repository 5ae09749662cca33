import { setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { seal, unseal } from "#app/services/sealed-cookie.server.ts";
import { carriesSecret, HANDED_OFF_HEADER, SECRET_QUERY_PARAMETERS } from "#domain/secret-urls.ts";
import type { HostEnv } from "./host-env.ts";

/**
 * Secrets out of the address bar (ADR 087). A mailed link's code, key or token is moved into a
 * short-lived, encrypted, httpOnly cookie by a redirect to the same page without it; the page's
 * later requests (its render, its data, its form's post) get it back server-side. What the
 * browser's address, history, a Referer or a script reading `location` see is the clean address.
 * Only that redirect's own address carries the secret.
 */
const COOKIE = "handoff";
/** As long as a person may reasonably keep the page open before pressing its button. */
const MAX_AGE_SECONDS = 60 * 60;
/** Longer than any secret we mail: a longer value is nobody's link, left where it is. */
const MAX_SECRET_LENGTH = 512;
/** Remix's own parameters on a page's data request, not part of the page's address. */
const ROUTING_PARAMETERS = ["_routes", "index", "_data"];
/**
 * Pages whose secret is consumed by the request itself, which answers a redirect: a sign-in
 * provider's callback, whose `code` and `state` must arrive as the provider sent them.
 */
const CONSUMED_ON_ARRIVAL = new Set(["/auth/callback"]);

interface Handoff {
  path: string;
  /** The address's other parameters, as `openQuery` writes them. */
  query: string;
  secrets: [string, string][];
}

const isSecret = (name: string) => (SECRET_QUERY_PARAMETERS as readonly string[]).includes(name);

/** The page a request is for: a single-fetch data request names it with `.data`. */
function pagePathOf(pathname: string) {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** The address's parameters that are neither secrets nor Remix's, in one canonical order. */
function openQuery(url: URL) {
  const open = [...url.searchParams].filter(
    ([name]) => !isSecret(name) && !ROUTING_PARAMETERS.includes(name),
  );
  return new URLSearchParams(open.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
}

function isHandoff(value: unknown): value is Handoff {
  if (typeof value !== "object" || value === null) return false;
  const { path, query, secrets } = value as Partial<Handoff>;
  return (
    typeof path === "string" &&
    typeof query === "string" &&
    Array.isArray(secrets) &&
    secrets.every(
      (pair) =>
        Array.isArray(pair) &&
        pair.length === 2 &&
        isSecret(String(pair[0])) &&
        typeof pair[1] === "string",
    )
  );
}

/**
 * Answers a page's GET whose address carries a secret with a redirect to the address without
 * it, the secret kept in the handoff cookie. The redirect sends no Referer anywhere. A request
 * the cookie serves renews it, so the secret lasts as long as the person works on its page (a
 * wrong try, signing in and coming back).
 */
export function secretsOutOfAddress(sessionSecrets: readonly string[]) {
  const [current] = sessionSecrets;
  if (!current) throw new Error("the handoff cookie needs a secret");
  return createMiddleware<HostEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const keep = (handoff: Handoff) =>
      setCookie(c, COOKIE, seal(handoff, current), {
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        secure: url.protocol === "https:",
        maxAge: MAX_AGE_SECONDS,
      });
    const served = handoffFor(c.req.raw, sessionSecrets);
    if (served) {
      await next();
      keep(served);
      return;
    }
    if (
      c.req.method !== "GET" ||
      !carriesSecret(url) ||
      CONSUMED_ON_ARRIVAL.has(url.pathname) ||
      url.pathname.endsWith(".data")
    ) {
      return next();
    }
    const secrets = [...url.searchParams].filter(([name]) => isSecret(name));
    if (secrets.some(([, value]) => value.length > MAX_SECRET_LENGTH)) return next();
    const clean = new URL(url);
    for (const name of SECRET_QUERY_PARAMETERS) clean.searchParams.delete(name);
    keep({ path: url.pathname, query: openQuery(clean), secrets });
    // The redirect's Referrer-Policy, no-referrer, is set with the other headers
    // (server/security.ts): its address carries the secret.
    c.header("Cache-Control", "no-store");
    return c.redirect(`${clean.pathname}${clean.search}`, 303);
  });
}

/**
 * The request as the page sees it: with the secrets the handoff cookie holds for this very
 * address (the same page and the same other parameters) in the `x-handed-off` header, which
 * `linkParameters` (app/services/link-parameters.server.ts) reads. The address stays clean, so
 * nothing the page renders from it (a form's action, a redirectTo) carries the secret. A client's
 * own `x-handed-off` is dropped.
 */
export function withHandedOffSecrets(request: Request, sessionSecrets: readonly string[]) {
  const handoff = handoffFor(request, sessionSecrets);
  if (!handoff && !request.headers.has(HANDED_OFF_HEADER)) return request;
  const headers = new Headers(request.headers);
  headers.delete(HANDED_OFF_HEADER);
  if (handoff) headers.set(HANDED_OFF_HEADER, new URLSearchParams(handoff.secrets).toString());
  // A Request as the init carries the method, body (duplex "half") and signal over.
  return new Request(request, { headers });
}

function handoffFor(request: Request, sessionSecrets: readonly string[]) {
  const cookies = request.headers.get("Cookie");
  if (!cookies?.includes(`${COOKIE}=`)) return undefined;
  const url = new URL(request.url);
  if (carriesSecret(url)) return undefined;
  const value = cookieValue(cookies, COOKIE);
  const handoff = value === undefined ? undefined : unseal(value, sessionSecrets);
  if (!isHandoff(handoff)) return undefined;
  const samePage = handoff.path === pagePathOf(url.pathname) && handoff.query === openQuery(url);
  return samePage ? handoff : undefined;
}

function cookieValue(header: string, name: string) {
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}
