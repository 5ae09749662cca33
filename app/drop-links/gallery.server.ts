import { data, type HeadersFunction, redirect } from "@remix-run/node";
import { ApiRequestError } from "#app/services/api/client.server.ts";
import { guestCredential } from "#app/services/drop-guest.server.ts";
import { dropPath } from "#domain/drop-links.ts";

/*
 * What the gallery's pages (ADR 100) share: the guest's credential for the link, and what the
 * API's refusals become. A link with a PIN whose guest this browser is not sends it to the link's
 * page to come in; a link that shows nothing is a 404 that says nothing of it; a revoked link is
 * a page that says so (410).
 */

/** The link's token from the address, and this browser's credential for it (or null). */
export async function galleryGuest(request: Request, token: string | undefined) {
  if (!token) throw data({ errorCode: "notFound" }, { status: 404 });
  return { token, credential: await guestCredential(request, token) };
}

/**
 * The link's page and its gallery's address, worked out here: the pages' browser code then
 * needs nothing of domain/drop-links.ts, which would cost every page a chunk more (budgets.spec).
 */
export function galleryPaths(token: string) {
  const home = dropPath(token);
  return { home, base: `${home}/gallery` };
}

/** `call`'s answer, or the response its refusal becomes on a gallery page. */
export async function inGallery<T>(token: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.statusCode >= 500) throw error;
    if (error.statusCode === 401) throw redirect(dropPath(token), { status: 303 });
    if (error.errorCode === "dropLinkRevoked") {
      throw data({ errorCode: error.errorCode }, { status: 410 });
    }
    if (error.statusCode === 404) throw data({ errorCode: "notFound" }, { status: 404 });
    throw data({ errorCode: error.errorCode }, { status: 400 });
  }
}

/**
 * A guest's page: never indexed, and never kept where another could read it. Its address is
 * the link's secret: server/security.ts sends no Referer from it.
 */
export const galleryHeaders: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
});
