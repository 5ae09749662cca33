import type { Locale } from "#app/i18n/config.ts";
import type { WebContext } from "#app/load-context.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { type Collection, collectionsApi } from "#app/services/api/collections.server.ts";
import { PAGE_SIZE } from "#domain/constants.ts";
import { dateTimeFormat } from "#domain/format.ts";
import { type CollectionFilters, listRequest } from "./collections-filters.ts";

/** Dates as the list shows them: the day, in UTC, the same for every visitor. */
const DATE_STYLE = { dateStyle: "medium", timeZone: "UTC" } as const;

/**
 * A collection as the list shows it, with the day it last changed written out in the visitor's
 * language. The server formats it: a phone's first date format is a 100 ms task while the page
 * hydrates (ADR 046).
 */
export type ListedCollection = Collection & { updated: string };

/** One page of the collections screen's list, as its loaders answer it. */
export interface CollectionListPage {
  collections: ListedCollection[];
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
  locale: Locale,
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
    const dates = dateTimeFormat(locale, DATE_STYLE);
    const collections = body.collections.map((collection) => ({
      ...collection,
      updated: dates.format(collection.updatedAt),
    }));
    return { collections, lastKey: body.pagination.lastKey, errorCode: null };
  });
}
