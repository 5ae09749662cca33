import { useLocation } from "@remix-run/react";
import { Icon } from "#app/components/icon.tsx";
import { useListLinks } from "#app/components/list-links.ts";
import { relativeHref } from "#app/components/relative-href.ts";
import { FilePicture, FileTypeIcon } from "#app/files/file-preview-icon.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { formatDuration } from "#domain/format.ts";
import type { FileRow } from "./file-row.ts";
import { noPreviewText, noPreviewWords } from "./file-thumb.tsx";

/** The hidden text that says a tile's file is unread, written once for the grid (ADR 045). */
const UNREAD_HINT_ID = "unread-hint";

/**
 * Tiles above the fold on a phone (three rows of three) load at once; the rest as they near
 * the screen.
 */
const EAGER_TILES = 9;

const HOUR_MS = 3_600_000;

/** The files in runs of the same day, in the list's order. */
function byDay(files: readonly FileRow[]) {
  const days: { day: string; files: FileRow[] }[] = [];
  for (const file of files) {
    const last = days.at(-1);
    if (last && last.day === file.date) last.files.push(file);
    else days.push({ day: file.date, files: [file] });
  }
  return days;
}

/**
 * The files as a grid of square pictures (docs/product.md#screens, Files screen; ADR 073),
 * under a heading per day (the day the list sorts by). Each tile links to the preview as a row
 * does, with the name under it (cut short, whole in its title); a dot for unread, a video's
 * length, the Live Photo ring, and the type icon where there is no picture. With `select`, a
 * checkbox on each tile puts it in the selection's form (FilesSelection).
 */
export function FilesGrid({
  files,
  base,
  search,
  select,
}: {
  files: FileRow[];
  /** The collection's address: files open at `${base}/files/{fileId}`. */
  base: string;
  /** The screen's filters (`?...` or ""), kept when opening a file. */
  search: string;
  /** Checkboxes for the selection, for those who may download. */
  select: boolean;
}) {
  const { t } = useTranslation("files");
  const links = useListLinks<HTMLDivElement>({ keepScroll: true });
  const { pathname } = useLocation();
  const link = (to: string) => relativeHref(pathname, to);
  const words = {
    duration: t("table.duration"),
    live: t("table.live"),
    processing: t("table.processing"),
  };
  const noPreview = noPreviewWords(t);
  let index = 0;
  return (
    <div className="files-grid-wrap" ref={links}>
      <span id={UNREAD_HINT_ID} hidden>
        {t("table.unread")}
      </span>
      {byDay(files).map(({ day, files: ofDay }) => (
        <section key={day}>
          <h2 className="files-day">{day}</h2>
          <ul className="files-grid">
            {ofDay.map((file) => {
              const reason = noPreviewText(file, noPreview);
              const eager = index++ < EAGER_TILES;
              const isVideo = file.contentType.startsWith("video/");
              return (
                <li key={file.fileId} data-unread={file.readAt === null ? "" : undefined}>
                  <a
                    href={link(`${base}/files/${encodeURIComponent(file.fileId)}${search}`)}
                    title={file.name}
                    aria-describedby={file.readAt === null ? UNREAD_HINT_ID : undefined}
                  >
                    {/* The tile, styled by place (.files-grid a > :first-child); its marks
                        are said in words after the name. */}
                    <span aria-hidden={file.durationMs !== undefined ? "true" : undefined}>
                      {file.thumbnailUrl ? (
                        <FilePicture
                          url={file.thumbnailUrl}
                          contentType={file.contentType}
                          alt=""
                          iconSize={32}
                          lazy={!eager}
                          plain
                        />
                      ) : (
                        <span className="file-icon">
                          <FileTypeIcon contentType={file.contentType} size={32} />
                        </span>
                      )}
                      {isVideo && file.thumbnailUrl ? (
                        <span className="file-play">
                          <Icon name="play" size={14} />
                        </span>
                      ) : null}
                      {file.live ? (
                        <span className="file-live">
                          <Icon name="target" size={14} />
                        </span>
                      ) : null}
                      {file.durationMs !== undefined ? (
                        <span
                          className="file-duration"
                          data-hours={file.durationMs >= HOUR_MS ? "" : undefined}
                        >
                          {formatDuration(file.durationMs)}
                        </span>
                      ) : null}
                    </span>
                    <span>{file.name}</span>
                    {file.durationMs !== undefined ? (
                      <span className="visually-hidden">
                        {words.duration} {formatDuration(file.durationMs)}
                      </span>
                    ) : null}
                    {file.live ? <span className="visually-hidden">{words.live}</span> : null}
                    {reason ? <span className="visually-hidden">{reason}</span> : null}
                    {file.previewStatus === "pending" ? (
                      <span className="visually-hidden">{words.processing}</span>
                    ) : null}
                  </a>
                  {select ? (
                    <input
                      type="checkbox"
                      name="fileId"
                      value={file.fileId}
                      aria-label={file.name}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
