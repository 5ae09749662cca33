import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import { type Answer, type Query, querySuffix, type Schema } from "./contract.ts";

/*
 * The trash (ADR 093, on the API's ADR 092): deleting a file or a collection moves it there; it
 * stays until it is purged (30 days), restored, or deleted forever.
 */

const TRASH = "/api/teams/{teamId}/trash";
export type TrashList = Answer<typeof TRASH, "get">;
/** One trashed file or collection, as the trash screen lists it. */
export type TrashItem = TrashList["items"][number];
export type TrashQuery = Query<typeof TRASH>;
/** What the trash holds: a file, or a collection with its files. */
export type TrashKind = TrashItem["type"];

const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;
const trashPath = (teamId: string) => `${teamPath(teamId)}/trash`;
const itemPath = (teamId: string, kind: TrashKind, id: string) =>
  `${trashPath(teamId)}/${kind === "file" ? "files" : "collections"}/${encodeURIComponent(id)}`;

export const trashApi = {
  /** A file to the trash. */
  deleteFile: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    fileId: string,
  ) =>
    apiCall<null>(
      context,
      `${teamPath(teamId)}/collections/${encodeURIComponent(collectionId)}/files/${encodeURIComponent(fileId)}`,
      { method: "DELETE", accessToken },
    ),

  /** A collection to the trash, with its files. */
  deleteCollection: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
  ) =>
    apiCall<null>(context, `${teamPath(teamId)}/collections/${encodeURIComponent(collectionId)}`, {
      method: "DELETE",
      accessToken,
    }),

  /** The trash, newest deletion first: what the caller may see of it. */
  list: (context: WebContext, accessToken: string, teamId: string, query: TrashQuery = {}) =>
    apiCall<TrashList>(context, `${trashPath(teamId)}${querySuffix(query)}`, { accessToken }),

  /** Back where it was: a file into its collection, a collection with its files. */
  restore: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    kind: TrashKind,
    id: string,
  ) =>
    apiCall<Schema<"RestoredFile"> | Schema<"RestoredCollection">>(
      context,
      `${itemPath(teamId, kind, id)}/restore`,
      {
        method: "POST",
        accessToken,
      },
    ),

  /** One item deleted forever. */
  purge: (context: WebContext, accessToken: string, teamId: string, kind: TrashKind, id: string) =>
    apiCall<null>(context, itemPath(teamId, kind, id), { method: "DELETE", accessToken }),

  /** Everything in the trash deleted forever. */
  empty: (context: WebContext, accessToken: string, teamId: string) =>
    apiCall<Schema<"EmptiedTrash">>(context, trashPath(teamId), {
      method: "DELETE",
      accessToken,
    }),
};
