import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import type { Answer, Body, Schema } from "./contract.ts";

/** A collection download as the API answers it (docs/product.md#entities, Download). */
export type Download = Schema<"Download">;

const DOWNLOADS = "/api/teams/{teamId}/downloads";
const DOWNLOAD = `${DOWNLOADS}/{downloadId}` as const;

const downloadsPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/downloads`;
const downloadPath = (teamId: string, downloadId: string) =>
  `${downloadsPath(teamId)}/${encodeURIComponent(downloadId)}`;

export const downloadsApi = {
  /** Asks for a collection's zip: its entries are fixed now. */
  create: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    body: Body<typeof DOWNLOADS, "post">,
  ) =>
    apiCall<Answer<typeof DOWNLOADS, "post">>(context, downloadsPath(teamId), {
      method: "POST",
      accessToken,
      body,
    }),

  /** The caller's download: status and parts. */
  get: (context: WebContext, accessToken: string, teamId: string, downloadId: string) =>
    apiCall<Answer<typeof DOWNLOAD, "get">>(context, downloadPath(teamId, downloadId), {
      accessToken,
    }),

  /** A signed link to one part's zip (a path on the API). */
  part: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    downloadId: string,
    partId: number,
  ) =>
    apiCall<Answer<`${typeof DOWNLOAD}/parts/{partId}`, "get">>(
      context,
      `${downloadPath(teamId, downloadId)}/parts/${partId}`,
      { accessToken },
    ),
};
