import { DROP_PATH_PREFIX } from "./drop-links.ts";

/**
 * Query parameters that carry a secret on some page: a reset or verification `code` (and a
 * sign-in provider's `code` and `state` on /auth/callback), an invitation's `key`, an unsubscribe
 * `token`. A page whose address has one loads no third-party script and sends no Referer to
 * another site (docs/operations.md, "Analytics"): what a script or another site sees of the
 * address, it keeps.
 */
export const SECRET_QUERY_PARAMETERS = ["code", "key", "token", "state"] as const;

/**
 * Whether the address's path is itself a secret: a drop link's guest page (`/d/{token}`, ADR
 * 098). Such a page loads no third-party script and sends no Referer to any other site.
 */
export function secretPath(url: URL): boolean {
  return url.pathname.startsWith(DROP_PATH_PREFIX);
}

/** Whether this address carries a secret in its query. */
export function carriesSecret(url: URL): boolean {
  return SECRET_QUERY_PARAMETERS.some((name) => url.searchParams.has(name));
}

/**
 * The request header in which the web host gives a page the secrets its link carried, once they
 * have left the address (server/secret-handoff.ts, ADR 087).
 */
export const HANDED_OFF_HEADER = "x-handed-off";
