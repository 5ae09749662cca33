import type { WebContext } from "#app/load-context.ts";
import { apiCall } from "./client.server.ts";
import { type Answer, type Body, type Query, querySuffix, type Schema } from "./contract.ts";

/** A collection as the API answers it (docs/product.md#entities, Collection). */
export type Collection = Schema<"Collection">;

const COLLECTIONS = "/api/teams/{teamId}/collections";
const COLLECTION = `${COLLECTIONS}/{collectionId}` as const;
/** The list filters of the team's collections (and of the shared ones). */
export type CollectionListQuery = Query<typeof COLLECTIONS>;
/** A JSON Patch operation on a collection (docs/product.md#api, PATCH a collection). */
export type CollectionOperation = Body<typeof COLLECTION, "patch">[number];

const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;
const collectionPath = (teamId: string, collectionId: string) =>
  `${teamPath(teamId)}/collections/${encodeURIComponent(collectionId)}`;

export const collectionsApi = {
  /** The team's collections the caller may see. */
  list: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    query: CollectionListQuery = {},
  ) =>
    apiCall<Answer<typeof COLLECTIONS, "get">>(
      context,
      `${teamPath(teamId)}/collections${querySuffix(query)}`,
      { accessToken },
    ),

  /** The team's collaborative collections. */
  listShared: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    query: Query<"/api/teams/{teamId}/shared-collections"> = {},
  ) =>
    apiCall<Answer<"/api/teams/{teamId}/shared-collections", "get">>(
      context,
      `${teamPath(teamId)}/shared-collections${querySuffix(query)}`,
      { accessToken },
    ),

  /** One collection; the API marks it read for the caller. */
  get: (context: WebContext, accessToken: string, teamId: string, collectionId: string) =>
    apiCall<Answer<typeof COLLECTION, "get">>(context, collectionPath(teamId, collectionId), {
      accessToken,
    }),

  create: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    body: Body<typeof COLLECTIONS, "post">,
  ) =>
    apiCall<Answer<typeof COLLECTIONS, "post">>(context, `${teamPath(teamId)}/collections`, {
      method: "POST",
      accessToken,
      body,
    }),

  patch: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    collectionId: string,
    operations: CollectionOperation[],
  ) =>
    apiCall<Answer<typeof COLLECTION, "patch">>(context, collectionPath(teamId, collectionId), {
      method: "PATCH",
      accessToken,
      body: operations,
    }),
};
