import {
  type Actor,
  type CollectionMode,
  canDeleteFile,
  canDownloadFileFromMenu,
  canRenameFile,
} from "#domain/roles.ts";
import type { FileRow } from "./file-row.ts";

/** The menu's words, translated once for the whole table rather than again in every row. */
export interface FileMenuWords {
  /** "Actions for {{name}}", for this row's file. */
  label: string;
  rename: string;
  download: string;
  /** "Move to the trash" (ADR 093). */
  remove: string;
}

/**
 * Rename, download and move to the trash, each only when the role allows it (docs/product.md#conditional-rules). Plain
 * links: the table opens rename in the browser and closes the menu (useListLinks); the download
 * loads as a document.
 */
export function FileMenu({
  file,
  actor,
  collection,
  base,
  search,
  link,
  words,
}: {
  file: FileRow;
  actor: Actor;
  /** The file's collection: whether the caller may still add to it decides their delete. */
  collection: { mode: CollectionMode; createdBy: string };
  base: string;
  search: string;
  /** The reference the page writes for an absolute path (the table's `relativeHref`). */
  link: (to: string) => string;
  words: FileMenuWords;
}) {
  const fileBase = `${base}/files/${encodeURIComponent(file.fileId)}`;
  const rename = canRenameFile(actor, file);
  const download = canDownloadFileFromMenu(actor, file);
  const remove = canDeleteFile(actor, file, collection);
  if (!rename && !download && !remove) return null;
  return (
    <details className="menu">
      <summary aria-label={words.label} />
      <div className="menu-panel">
        {rename ? <a href={link(`${fileBase}/rename${search}`)}>{words.rename}</a> : null}
        {download ? (
          <a href={link(`${fileBase}/download`)} data-document>
            {words.download}
          </a>
        ) : null}
        {remove ? <a href={link(`${fileBase}/delete${search}`)}>{words.remove}</a> : null}
      </div>
    </details>
  );
}
