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
  /** A file whose collection is in the trash too: it comes back once the collection does. */
  collectionInTrash: boolean;
  /** How many files come back with a collection; null for a file. */
  filesCount: number | null;
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
  /** A file whose collection is in the trash too: restore the collection first. */
  collectionInTrash: boolean;
  /** How many files come back with a collection; null for a file. */
  filesCount: number | null;
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
    collectionInTrash: item.collectionInTrash,
    filesCount: item.filesCount,
  };
}

/** The kind a form's field or the address names, or null for anything else. */
export function kindOfField(value: FormDataEntryValue | null): TrashKind | null {
  return value === "file" || value === "collection" ? value : null;
}

/**
 * The trash's questions are its own address with `confirm` (ADR 093): `?confirm=empty`, and
 * `?confirm=purge&kind=file&id=…` to delete one item forever.
 */
export type TrashQuestion =
  | { confirm: "empty" }
  | { confirm: "purge"; kind: TrashKind; id: string };

/** The question an address asks, or null for none (or one it cannot ask). */
export function trashQuestion(search: URLSearchParams): TrashQuestion | null {
  const confirm = search.get("confirm");
  if (confirm === "empty") return { confirm };
  const kind = kindOfField(search.get("kind"));
  const id = search.get("id");
  if (confirm === "purge" && kind && id) return { confirm, kind, id };
  return null;
}

/** The address of a question over the trash. */
export function questionHref(trashBase: string, question: TrashQuestion) {
  const search = new URLSearchParams(question);
  return `${trashBase}?${search}`;
}
