import { ApiError } from "./errors.ts";

// The opaque `lastKey` of keyset pages: where the last page ended in the list's order, a number
// (an epoch ms sort key: refDate, createdAt) and the row's unique id, which breaks ties so the
// order is total. Clients hand it back unchanged; it is no secret, and only this API reads it.

/** How the files and collections lists sort: by refDate, newest first or oldest first. */
export const REF_DATE_SORTS = ["refDate:desc", "refDate:asc"] as const;
export type RefDateSort = (typeof REF_DATE_SORTS)[number];

/** The direction of the refDate order a list's `sort` asks for. */
export function refDateDirection(sort: RefDateSort): "asc" | "desc" {
  return sort === "refDate:asc" ? "asc" : "desc";
}

export interface KeysetPosition {
  sortKey: number;
  id: string;
}

/**
 * The values of a list page's query, as a `shapedQuery` takes them (ADR 056): whose list, the
 * filters of the files and collections lists, where the last page ended, and how many rows.
 */
export interface ListPageValues extends ReturnType<typeof listPageValues> {
  userId: string;
  teamId?: string;
}

/**
 * A list query's filters, the position its `lastKey` names (or `invalidInput`) and one row more
 * than the page holds, which tells keysetPage whether another page follows.
 */
export function listPageValues(query: {
  creator?: string;
  from?: number;
  to?: number;
  lastKey?: string;
  limit: number;
}) {
  const after = query.lastKey === undefined ? undefined : decodeKeyset(query.lastKey);
  return {
    creator: query.creator,
    from: query.from,
    to: query.to,
    afterSortKey: after?.sortKey,
    afterId: after?.id,
    limit: query.limit + 1,
  };
}

export function encodeKeyset(sortKey: number, id: string): string {
  return Buffer.from(JSON.stringify([sortKey, id])).toString("base64url");
}

/** The position a `lastKey` names, or `invalidInput` for anything this API did not give. */
export function decodeKeyset(lastKey: string): KeysetPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(lastKey, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === "string"
    ) {
      return { sortKey: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the refusal.
  }
  throw new ApiError("invalidInput", "lastKey: not a key this API gave");
}

/**
 * A page of a list read with `limit + 1` rows: the first `limit`, and the `lastKey` of the page
 * after them, made of the last row's sort key and id (null when that extra row did not come:
 * this is the last page).
 */
export function keysetPage<Row>(
  rows: Row[],
  limit: number,
  positionOf: (row: Row) => [sortKey: number, id: string],
) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const lastKey = rows.length > limit && last ? encodeKeyset(...positionOf(last)) : null;
  return { page, lastKey };
}
