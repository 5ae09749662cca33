import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import type { Answer, Body, Schema } from "./contract.ts";

/*
 * Drop links (ADR 097): a collection's links through which people without an account send it
 * files, as the owner and admins manage them: list, make, read, change, pause, resume, revoke,
 * and the QR code of a link's address.
 */

const LINKS = "/api/teams/{teamId}/collections/{collectionId}/drop-links";
const LINK = "/api/teams/{teamId}/drop-links/{linkId}";
export type DropLink = Schema<"DropLink">;
export type NewDropLink = Body<typeof LINKS, "post">;
export type DropLinkChanges = Body<typeof LINK, "patch">;

const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;
const linksPath = (teamId: string, collectionId: string) =>
  `${teamPath(teamId)}/collections/${encodeURIComponent(collectionId)}/drop-links`;
const linkPath = (teamId: string, linkId: string) =>
  `${teamPath(teamId)}/drop-links/${encodeURIComponent(linkId)}`;

export const dropLinksApi = {
  /** A collection's links, newest first, with their counts. */
  list: (context: WebContext, accessToken: string, teamId: string, collectionId: string) =>
    apiCall<Answer<typeof LINKS, "get">>(context, linksPath(teamId, collectionId), {
      accessToken,
    }),

  create: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    body: NewDropLink,
  ) =>
    apiCall<DropLink>(context, linksPath(teamId, collectionId), {
      method: "POST",
      accessToken,
      body,
    }),

  get: (context: WebContext, accessToken: string, teamId: string, linkId: string) =>
    apiCall<DropLink>(context, linkPath(teamId, linkId), { accessToken }),

  /** Settings or status: only the fields given change. */
  patch: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    linkId: string,
    body: DropLinkChanges,
  ) => apiCall<DropLink>(context, linkPath(teamId, linkId), { method: "PATCH", accessToken, body }),

  /** The QR code of the link's address, as SVG markup. */
  qrSvg: (context: WebContext, accessToken: string, teamId: string, linkId: string) =>
    apiCall<string>(context, `${linkPath(teamId, linkId)}/qr.svg`, { accessToken, text: true }),
};
