/*
 * The files screen's two views (ADR 073): a grid of pictures grouped by day, or the table. Pure,
 * shared by the loader and the components.
 */

export const FILES_VIEWS = ["grid", "list"] as const;
export type FilesView = (typeof FILES_VIEWS)[number];

export function isFilesView(value: unknown): value is FilesView {
  return value === "grid" || value === "list";
}

/** Files a page of the grid holds: a phone's screenful several times over. */
export const GRID_PAGE_SIZE = 60;

/**
 * The view a collection gets when the person has not chosen one: the grid when more than half
 * of the files on the page asked for are photos or videos, the table otherwise (and when there
 * are none).
 */
export function filesViewFor(files: readonly { contentType: string }[]): FilesView {
  const pictures = files.filter(
    (file) => file.contentType.startsWith("image/") || file.contentType.startsWith("video/"),
  ).length;
  return pictures * 2 > files.length ? "grid" : "list";
}
