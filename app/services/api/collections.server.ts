import { type CollectionFilters, listRequest } from "#app/components/collections-filters.ts";
import type { WebContext } from "#app/load-context.ts";
import { PAGE_SIZE } from "#domain/constants.ts";
import type { CollectionMode, CollectionStatus } from "#domain/roles.ts";
import { apiCall, attempt } from "./client.server.ts";

/** A collection as the API answers it (spec section 3, Collection). */
export interface Collection {
  collectionId: string;
  teamId: string;
  name: string;
  description: string | null;
  mode: CollectionMode;
  status: CollectionStatus;
  /** The creator's user id (= member id). */
  createdBy: string;
  /** The creator as a member of the team; null once removed. */
  creator: { userId: string; nickname: string; avatarUrl: string | null } | null;
  updatedAt: number;
  /** Null when never read, or read before the last update. */
  readAt: number | null;
  /** User ids of the tagged members. */
  tags: string[];
  refDate: number;
  filesCount: number;
}

export interface CollectionPage {
  pagination: { lastKey: string | null };
  collections: Collection[];
}

export type CollectionSort = "refDate:desc" | "refDate:asc";

/** The list filters of GET /api/teams/{teamId}/collections (and the shared and member lists). */
export interface CollectionListQuery {
  lastKey?: string;
  limit?: number;
  creator?: string;
  tagged?: string;
  view?: "all" | "collaborative";
  /** Epoch ms, refDate at or after. */
  from?: number;
  /** Epoch ms, refDate at or before. */
  to?: number;
  sort?: CollectionSort;
}

export interface NewCollection {
  name: string;
  description?: string;
  mode?: CollectionMode;
}

/** A JSON Patch operation on a collection (spec section 7, PATCH a collection). */
export type CollectionOperation =
  | { op: "replace"; path: "/name"; value: string }
  | { op: "replace"; path: "/description"; value: string | null }
  | { op: "remove"; path: "/description" }
  | { op: "replace"; path: "/mode"; value: CollectionMode }
  | { op: "replace"; path: "/tags"; value: string[] };

const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;
const collectionPath = (teamId: string, collectionId: string) =>
  `${teamPath(teamId)}/collections/${encodeURIComponent(collectionId)}`;

function querySuffix(query: CollectionListQuery) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") search.set(name, String(value));
  }
  return search.size > 0 ? `?${search}` : "";
}

export const collectionsApi = {
  /** The team's collections the caller may see. */
  list: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    query: CollectionListQuery = {},
  ) =>
    apiCall<CollectionPage>(context, `${teamPath(teamId)}/collections${querySuffix(query)}`, {
      accessToken,
    }),

  /** The team's collaborative collections. */
  listShared: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    query: CollectionListQuery = {},
  ) =>
    apiCall<CollectionPage>(
      context,
      `${teamPath(teamId)}/shared-collections${querySuffix(query)}`,
      { accessToken },
    ),

  /** The collections one member created. */
  listMember: (
    context: WebContext,
    accessToken: string,
    teamId: string,
    userId: string,
    query: CollectionListQuery = {},
  ) =>
    apiCall<CollectionPage>(
      context,
      `${teamPath(teamId)}/members/${encodeURIComponent(userId)}/collections${querySuffix(query)}`,
      { accessToken },
    ),

  /** The caller's collections across all their teams. */
  listMine: (context: WebContext, accessToken: string, query: CollectionListQuery = {}) =>
    apiCall<CollectionPage>(context, `/api/collections${querySuffix(query)}`, { accessToken }),

  /** One collection; the API marks it read for the caller. */
  get: (context: WebContext, accessToken: string, teamId: string, collectionId: string) =>
    apiCall<Collection>(context, collectionPath(teamId, collectionId), { accessToken }),

  create: (context: WebContext, accessToken: string, teamId: string, body: NewCollection) =>
    apiCall<Collection>(context, `${teamPath(teamId)}/collections`, {
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
    apiCall<Collection>(context, collectionPath(teamId, collectionId), {
      method: "PATCH",
      accessToken,
      body: operations,
    }),
};

/** One page of the collections screen's list, as its loaders answer it. */
export interface CollectionListPage {
  collections: Collection[];
  lastKey: string | null;
  /** An API refusal of the list (an outdated page link, say), as an error code. */
  errorCode: string | null;
}

/**
 * The page of the collections screen these filters ask for (20 at a time): the team's list, or
 * the shared one; "Mine" is `me` as the creator. A refusal (4xx) becomes `errorCode`.
 */
export function loadCollectionPage(
  context: WebContext,
  accessToken: string,
  teamId: string,
  filters: CollectionFilters,
  me: string,
): Promise<CollectionListPage> {
  const { list, query } = listRequest(filters, me, PAGE_SIZE);
  const request =
    list === "shared"
      ? collectionsApi.listShared(context, accessToken, teamId, query)
      : collectionsApi.list(context, accessToken, teamId, query);
  return attempt(request).then((outcome) => {
    if (outcome.refusal)
      return { collections: [], lastKey: null, errorCode: outcome.refusal.errorCode };
    const { body } = outcome.value;
    return { collections: body.collections, lastKey: body.pagination.lastKey, errorCode: null };
  });
}
