import { Link, useLocation } from "@remix-run/react";
import { Badge } from "#app/components/badge.tsx";
import { Icon } from "#app/components/icon.tsx";
import { useListLinks } from "#app/components/list-links.ts";
import { relativeHref } from "#app/components/relative-href.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { formatDuration } from "#domain/format.ts";
import type { Actor, CollectionMode } from "#domain/roles.ts";
import { FileMenu } from "./file-menu.tsx";
import type { FileRow } from "./file-row.ts";
import { FileThumb, noPreviewText, noPreviewWords } from "./file-thumb.tsx";

/**
 * Hidden texts that describe the rows' links (aria-describedby), written once for twenty rows
 * rather than in each (ADR 045, docs/performance.md#html); one table per page.
 */
const UNREAD_HINT_ID = "unread-hint";
const UPLOADER_HINT_ID = "uploader-hint";

/**
 * The files table (docs/product.md#screens, Files screen): name with its thumbnail or type icon,
 * the uploader (a link that filters by them), the date the list sorts by and whether the photo
 * was taken or the file uploaded then (ADR 074), and the actions menu. With `select`, a checkbox
 * before each name puts the file in the selection's form (FilesSelection). Unread rows
 * (readAt null) are bold with a marker; a file still being processed (just uploaded, its
 * thumbnail not made yet) says so, and so does one that will have no preview, with why (a
 * type we never preview needs no word: its icon says it). A video shows its length.
 */
export function FilesTable({
  files,
  actor,
  collection,
  base,
  search,
  sort,
  sortHref,
  creatorHref,
  select,
}: {
  files: FileRow[];
  actor: Actor;
  collection: { mode: CollectionMode; createdBy: string };
  /** The collection's address: files open at `${base}/files/{fileId}`. */
  base: string;
  /** The screen's filters (`?...` or ""), kept when opening a file. */
  search: string;
  sort: "asc" | "desc";
  sortHref: string;
  creatorHref: (userId: string) => string;
  /** Checkboxes for the selection, for those who may download. */
  select: boolean;
}) {
  const { t } = useTranslation("files");
  // Every link of the table opens a dialog over it or filters it: the page stays where it is.
  const links = useListLinks<HTMLTableElement>({ keepScroll: true });
  // The rows' links are written relative to the page's address: "c/files/f", not
  // "/teams/t/collections/c/files/f" (ADR 041).
  const { pathname } = useLocation();
  const link = (to: string) => relativeHref(pathname, to);
  // Translated once per table: twenty rows asked for them a hundred times
  // (docs/performance.md#server-throughput).
  const words = {
    unread: t("table.unread"),
    processing: t("table.processing"),
    formerMember: t("table.formerMember"),
    rename: t("menu.rename"),
    download: t("menu.download"),
    remove: t("menu.delete"),
    duration: t("table.duration"),
    live: t("table.live"),
    taken: t("table.taken"),
    uploaded: t("table.uploaded"),
  };
  const noPreview = noPreviewWords(t);
  return (
    // The rows' links are plain: one listener on the table opens them (useListLinks).
    <table className="files-table" ref={links}>
      <thead>
        <tr>
          <th scope="col">
            {t("table.name")}
            <span id={UNREAD_HINT_ID} hidden>
              {words.unread}
            </span>
          </th>
          <th scope="col">
            {t("table.uploadedBy")}
            <span id={UPLOADER_HINT_ID} hidden>
              {t("table.filterHint")}
            </span>
          </th>
          <th scope="col" aria-sort={sort === "asc" ? "ascending" : "descending"}>
            <Link to={sortHref} preventScrollReset className="files-sort">
              {t("table.date")}
              {sort === "asc" ? <Icon name="triangle-up" /> : <Icon name="triangle-down" />}
              <span className="visually-hidden">
                {sort === "asc" ? t("table.sortedAsc") : t("table.sortedDesc")}
              </span>
            </Link>
          </th>
          <th scope="col">
            <span className="visually-hidden">{t("table.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {files.map((file) => {
          const reason = noPreviewText(file, noPreview);
          return (
            <tr key={file.fileId} className={file.readAt === null ? "file-unread" : undefined}>
              <th scope="row">
                {select ? (
                  <input type="checkbox" name="fileId" value={file.fileId} aria-label={file.name} />
                ) : null}
                <a
                  href={link(`${base}/files/${encodeURIComponent(file.fileId)}${search}`)}
                  aria-describedby={file.readAt === null ? UNREAD_HINT_ID : undefined}
                >
                  <FileThumb file={file} reason={reason} />
                  <span title={file.name}>{file.name}</span>
                  {file.durationMs !== undefined ? (
                    <span className="visually-hidden">
                      {words.duration} {formatDuration(file.durationMs)}
                    </span>
                  ) : null}
                  {file.live ? <span className="visually-hidden">{words.live}</span> : null}
                  {reason ? <span className="visually-hidden">{reason}</span> : null}
                  {file.previewStatus === "pending" ? (
                    <Badge color="gray" className="file-processing">
                      <Icon name="clock" size={12} />
                      {words.processing}
                    </Badge>
                  ) : null}
                </a>
              </th>
              <td>
                {file.guest ? (
                  <span className="file-guest">
                    {file.guest.name
                      ? t("guest.named", { name: file.guest.name })
                      : t("guest.unnamed")}
                  </span>
                ) : file.uploaderName !== null ? (
                  <a href={link(creatorHref(file.uploadedBy))} aria-describedby={UPLOADER_HINT_ID}>
                    {file.uploaderName}
                  </a>
                ) : (
                  <span className="row-muted">{words.formerMember}</span>
                )}
              </td>
              <td>
                {file.taken ? words.taken : words.uploaded} {file.date}
              </td>
              <td>
                <FileMenu
                  file={file}
                  actor={actor}
                  collection={collection}
                  base={base}
                  search={search}
                  link={link}
                  words={{
                    label: t("menu.label", { name: file.name }),
                    rename: words.rename,
                    download: words.download,
                    remove: words.remove,
                  }}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
