import { dateRangeError, dayEnd, dayStart, isDay, today } from "#app/filters/date-range.ts";

/*
 * The collections screen's filters (docs/product.md#screens, Collections screen;
 * docs/product.md#lists). They all live in the address's query, so the screen works as plain
 * links and GET forms:
 *   tab=mine|shared, collab=1, creator, tagged, from, to (YYYY-MM-DD), sort=asc, cursor.
 * Pure functions, shared by the loader and the components.
 */

export const COLLECTION_TABS = ["all", "mine", "shared"] as const;
export type CollectionsTab = (typeof COLLECTION_TABS)[number];

export interface CollectionFilters {
  tab: CollectionsTab;
  /** The "collaborative view" checkbox. */
  collaborative: boolean;
  creator: string;
  tagged: string;
  /** Calendar days, YYYY-MM-DD, or "". */
  from: string;
  to: string;
  sort: "desc" | "asc";
  /** The API's lastKey of the previous page, or "". */
  cursor: string;
}

/** The filters in a query; anything malformed is left out. */
export function readFilters(search: URLSearchParams): CollectionFilters {
  const text = (name: string, max = 500) => (search.get(name) ?? "").trim().slice(0, max);
  const tab = text("tab");
  const from = text("from");
  const to = text("to");
  return {
    tab: (COLLECTION_TABS as readonly string[]).includes(tab) ? (tab as CollectionsTab) : "all",
    collaborative: search.get("collab") === "1",
    creator: text("creator", 400),
    tagged: text("tagged", 400),
    from: isDay(from) ? from : "",
    to: isDay(to) ? to : "",
    sort: search.get("sort") === "asc" ? "asc" : "desc",
    cursor: text("cursor"),
  };
}

/** Whether any filter narrows the list (the sort order and the page are no filters). */
export function hasFilters(filters: CollectionFilters): boolean {
  return (
    filters.tab !== "all" ||
    filters.collaborative ||
    Boolean(filters.creator || filters.tagged || filters.from || filters.to)
  );
}

/** How many of the filter form's filters are set (the dates count as one), for its summary. */
export function activeFormFilters(filters: CollectionFilters): number {
  return [
    filters.from || filters.to,
    filters.collaborative,
    filters.creator && filters.tab !== "mine",
    filters.tagged,
  ].filter(Boolean).length;
}

/**
 * The query for these filters with `changes` applied, without defaults; the page (cursor) is
 * kept only when `changes` names it, since any other change starts from the first page.
 */
export function filterParams(
  filters: CollectionFilters,
  changes: Partial<CollectionFilters> = {},
): URLSearchParams {
  const next = { ...filters, cursor: "", ...changes };
  const params = new URLSearchParams();
  if (next.tab !== "all") params.set("tab", next.tab);
  if (next.collaborative) params.set("collab", "1");
  if (next.creator) params.set("creator", next.creator);
  if (next.tagged) params.set("tagged", next.tagged);
  if (next.from) params.set("from", next.from);
  if (next.to) params.set("to", next.to);
  if (next.sort === "asc") params.set("sort", "asc");
  if (next.cursor) params.set("cursor", next.cursor);
  return params;
}

/** The team page's address with these filters and `changes`. */
export function filtersHref(
  base: string,
  filters: CollectionFilters,
  changes: Partial<CollectionFilters> = {},
): string {
  const query = filterParams(filters, changes).toString();
  return query ? `${base}?${query}` : base;
}

/** Which API list and query these filters ask for; `me` is the caller's user id. */
export function listRequest(
  filters: CollectionFilters,
  me: string,
  limit: number,
): {
  list: "team" | "shared";
  query: {
    lastKey?: string;
    limit: number;
    creator?: string;
    tagged?: string;
    view: "all" | "collaborative";
    from?: number;
    to?: number;
    sort: "refDate:desc" | "refDate:asc";
  };
} {
  // An impossible range is shown as an error and not applied.
  const range = dateRangeError(filters.from, filters.to, today()) === null;
  const creator = filters.tab === "mine" ? me : filters.creator;
  return {
    list: filters.tab === "shared" ? "shared" : "team",
    query: {
      limit,
      sort: filters.sort === "asc" ? "refDate:asc" : "refDate:desc",
      view: filters.collaborative ? "collaborative" : "all",
      ...(filters.cursor ? { lastKey: filters.cursor } : {}),
      ...(creator ? { creator } : {}),
      ...(filters.tagged ? { tagged: filters.tagged } : {}),
      ...(range && filters.from ? { from: dayStart(filters.from) } : {}),
      ...(range && filters.to ? { to: dayEnd(filters.to) } : {}),
    },
  };
}
