import { dateRangeError, dayEnd, dayStart, isDay, today } from "#app/filters/date-range.ts";
import { type FilesView, isFilesView } from "./files-view.ts";

/*
 * The files screen's filters (docs/product.md#screens, Files screen; docs/product.md#lists). They
 * live in the address's query, like the collections screen's: tab=mine, creator, from, to
 * (YYYY-MM-DD), sort=asc, cursor, and with a cursor the view the first page was shown in (ADR
 * 073), so that a next page continues it. Pure functions, shared by the loaders and the components.
 */

export interface FileFilters {
  /** Everyone's files, the caller's, or those guests sent through drop links (ADR 099). */
  tab: "all" | "mine" | "guests";
  /** A member's user id. */
  creator: string;
  from: string;
  to: string;
  sort: "desc" | "asc";
  /** The API's lastKey of the previous page, or "". */
  cursor: string;
  /** With a cursor: the view the pages before it were shown in, or "" (ADR 073). */
  view: FilesView | "";
}

export function readFileFilters(search: URLSearchParams): FileFilters {
  const text = (name: string, max = 500) => (search.get(name) ?? "").trim().slice(0, max);
  const from = text("from");
  const to = text("to");
  return {
    tab: search.get("tab") === "mine" ? "mine" : search.get("tab") === "guests" ? "guests" : "all",
    creator: text("creator", 400),
    from: isDay(from) ? from : "",
    to: isDay(to) ? to : "",
    sort: search.get("sort") === "asc" ? "asc" : "desc",
    cursor: text("cursor"),
    view: isFilesView(search.get("view")) ? (search.get("view") as FilesView) : "",
  };
}

/** The query for these filters with `changes`; the page is kept only when `changes` names it. */
export function fileFilterParams(
  filters: FileFilters,
  changes: Partial<FileFilters> = {},
): URLSearchParams {
  const next = { ...filters, cursor: "", view: "", ...changes };
  const params = new URLSearchParams();
  if (next.tab !== "all") params.set("tab", next.tab);
  if (next.creator) params.set("creator", next.creator);
  if (next.from) params.set("from", next.from);
  if (next.to) params.set("to", next.to);
  if (next.sort === "asc") params.set("sort", "asc");
  if (next.cursor) params.set("cursor", next.cursor);
  if (next.cursor && next.view) params.set("view", next.view);
  return params;
}

/** `?query` for these filters and `changes`, or "" when there is none. */
export function fileFilterSearch(filters: FileFilters, changes: Partial<FileFilters> = {}) {
  const query = fileFilterParams(filters, changes).toString();
  return query ? `?${query}` : "";
}

/** The API list query for these filters; `me` is the caller's user id. */
export function fileListQuery(filters: FileFilters, me: string, limit: number) {
  // An impossible range (or a future day) is shown as an error and not applied.
  const range = dateRangeError(filters.from, filters.to, today()) === null;
  const creator = filters.tab === "mine" ? me : filters.tab === "guests" ? "" : filters.creator;
  return {
    limit,
    sort: filters.sort === "asc" ? ("refDate:asc" as const) : ("refDate:desc" as const),
    ...(filters.cursor ? { lastKey: filters.cursor } : {}),
    ...(creator ? { creator } : {}),
    ...(filters.tab === "guests" ? { uploader: "guests" as const } : {}),
    ...(range && filters.from ? { from: dayStart(filters.from) } : {}),
    ...(range && filters.to ? { to: dayEnd(filters.to) } : {}),
  };
}

/**
 * The files screen's route id, for its child routes (preview, rename, upload): the id app/routes.ts
 * gives app/routes/teams.$teamId.collections.$collectionId/route.tsx (ADR 059).
 */
export const FILES_ROUTE_ID = "routes/teams.$teamId.collections.$collectionId";

/** The screen's own `?query` as a child route's address carries it, its page included. */
export function screenSearch(search: URLSearchParams): string {
  return pageSearch(readFileFilters(search));
}

/** `?query` of these filters with their page (the cursor, and the view it continues). */
export function pageSearch(filters: FileFilters): string {
  return fileFilterSearch(filters, { cursor: filters.cursor, view: filters.view });
}
