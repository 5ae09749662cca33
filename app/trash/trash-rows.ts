import { dateTimeFormat, formatFileSize } from "#domain/format.ts";

/*
 * The trash screen's rows (ADR 093), written on the server in the visitor's language, as the
 * files screen writes its dates (in UTC, the same for every visitor).
 */

/** What the trash holds: a file, or a collection with its files. */
export type TrashKind = "file" | "collection";

/** An item as the API lists it (GET /api/teams/{teamId}/trash), as far as the screen reads it. */
export interface TrashItemFields {
  type: TrashKind;
  id: string;
  name: string;
  collectionId: string;
  collectionName: string;
  size: number;
  deletedAt: number;
  purgeAt: number;
  deletedBy: { userId: string; nickname: string } | null;
  canRestore: boolean;
}

/** One row of the trash screen: only what it shows travels in the page's data. */
export interface TrashRow {
  kind: TrashKind;
  id: string;
  name: string;
  /** The collection a file was in; null for a collection. */
  collectionName: string | null;
  size: string;
  /** Who moved it to the trash; null once they have left the team. */
  deletedBy: string | null;
  deletedAt: string;
  /** The day it is deleted forever, unless restored first. */
  purgeOn: string;
  canRestore: boolean;
}

export const TRASH_DATE_STYLE = {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
} as const;
export const TRASH_DAY_STYLE = { dateStyle: "long", timeZone: "UTC" } as const;

/** The formats of a page's rows, made once per page. */
export function trashFormats(locale: string) {
  return {
    locale,
    dates: dateTimeFormat(locale, TRASH_DATE_STYLE),
    days: dateTimeFormat(locale, TRASH_DAY_STYLE),
  };
}

export function trashRow(
  item: TrashItemFields,
  formats: ReturnType<typeof trashFormats>,
): TrashRow {
  return {
    kind: item.type,
    id: item.id,
    name: item.name,
    collectionName: item.type === "file" ? item.collectionName : null,
    size: formatFileSize(item.size, formats.locale),
    deletedBy: item.deletedBy?.nickname ?? null,
    deletedAt: formats.dates.format(item.deletedAt),
    purgeOn: formats.days.format(item.purgeAt),
    canRestore: item.canRestore,
  };
}

/** The address segment of a kind: `trash/files/{id}`, `trash/collections/{id}`. */
export const KIND_SEGMENTS = { file: "files", collection: "collections" } as const;

/** The kind a form's field names, or null for anything else. */
export function kindOfField(value: FormDataEntryValue | null): TrashKind | null {
  return value === "file" || value === "collection" ? value : null;
}

/** Where one item's "Delete forever" question is. */
export function purgeHref(trashBase: string, kind: TrashKind, id: string) {
  return `${trashBase}/${KIND_SEGMENTS[kind]}/${encodeURIComponent(id)}/delete`;
}
