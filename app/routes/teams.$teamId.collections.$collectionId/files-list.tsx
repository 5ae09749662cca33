import { Link } from "@remix-run/react";
import { useMemo } from "react";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Icon } from "#app/components/icon.tsx";
import { useInfiniteList } from "#app/components/infinite-list.ts";
import { Card, Flex, Text } from "#app/components/layout.tsx";
import { PageLinks } from "#app/components/page-links.tsx";
import { useRevalidateWhile } from "#app/components/poll.ts";
import { type FileFilters, pageSearch } from "#app/files/files-filters.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Actor, CollectionMode } from "#domain/roles.ts";
import { type FileRow, fullLinks } from "./file-row.ts";
import { FilesGrid } from "./files-grid.tsx";
import type { FilesPage } from "./files-page.server.ts";
import { FilesSelection } from "./files-selection.tsx";
import { FilesTable } from "./files-table.tsx";
import { FilesViewToggle } from "./files-view-toggle.tsx";

/** The Suspense fallback while the rows stream in. */
export function LoadingFiles() {
  const { t } = useTranslation("files");
  return (
    <Callout.Root color="gray" role="status">
      <Callout.Text>{t("screen.loading")}</Callout.Text>
    </Callout.Root>
  );
}

/** The list when it could not be loaded at all. */
export function FilesError() {
  const { t } = useTranslation("messages");
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>{t("errors.generic")}</Callout.Text>
    </Callout.Root>
  );
}

const pageOfFiles = (data: { files: { streamed: FilesPage } }) => ({
  items: fullLinks(data.files.streamed.files, data.files.streamed.links),
  lastKey: data.files.streamed.lastKey,
});
const fileKey = (file: FileRow) => file.fileId;

/** The selection's form: where it posts, and what it sends besides the files (FilesSelection). */
export interface SelectionForm {
  action: string;
  collectionId: string;
  name: string;
}

/**
 * The files as a grid or a table (ADR 073), a page at a time (the next page loads on scroll; a
 * "load more" link without JavaScript), inside the selection's form for those who may download;
 * or a card saying there are none. While new uploads are processing the list looks
 * again every 2 seconds with JavaScript, and the page refreshes every 5 seconds without.
 */
export function FilesList({
  page,
  filters,
  base,
  actor,
  collection,
  mayUpload,
  href,
  selection,
}: {
  page: FilesPage;
  filters: FileFilters;
  base: string;
  actor: Actor;
  collection: { mode: CollectionMode; createdBy: string };
  mayUpload: boolean;
  href: (changes: Partial<FileFilters>) => string;
  /** The selection's form, or null for a role that does not download. */
  selection: SelectionForm | null;
}) {
  const { t } = useTranslation("files");
  const {
    items: files,
    nextHref,
    moreLinkProps,
  } = useInfiniteList({
    first: useMemo(
      () => ({ items: fullLinks(page.files, page.links), lastKey: page.lastKey }),
      [page],
    ),
    hrefFor: (lastKey) => href({ cursor: lastKey, view: page.view }),
    pageOf: pageOfFiles,
    keyOf: fileKey,
    refetchOnFocus: true,
  });
  // New uploads are listed as processing until ready: look again while the first page has
  // some, as long as no later page was appended (a new first page would replace it).
  const processing =
    files.length === page.files.length &&
    page.files.some((file) => file.previewStatus === "pending");
  useRevalidateWhile(processing, PROCESSING_POLL_MS);
  const filtered = Boolean(filters.tab !== "all" || filters.creator || filters.from || filters.to);
  if (files.length === 0) {
    return (
      <Card size="3">
        <Flex direction="column" gap="3" align="start">
          <Text as="p" color="gray">
            {filtered ? t("screen.noMatch") : t("screen.empty")}
          </Text>
          {mayUpload && !filtered ? (
            <Button asChild>
              <Link to={`${base}/upload`} preventScrollReset>
                <Icon name="upload" />
                {t("screen.upload")}
              </Link>
            </Button>
          ) : null}
        </Flex>
      </Card>
    );
  }
  const search = pageSearch(filters);
  const select = selection !== null;
  const list =
    page.view === "grid" ? (
      <FilesGrid files={files} base={base} search={search} select={select} />
    ) : (
      <div className="files-table-wrap">
        <FilesTable
          files={files}
          actor={actor}
          collection={collection}
          base={base}
          search={search}
          sort={filters.sort}
          sortHref={href({ sort: filters.sort === "asc" ? "desc" : "asc" })}
          creatorHref={(userId) => href({ tab: "all", creator: userId })}
          select={select}
        />
      </div>
    );
  return (
    <Flex direction="column" gap="3">
      {processing ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(PROCESSING_REFRESH_MS / 1000)} />
        </noscript>
      ) : null}
      <FilesViewToggle view={page.view} action={`${base}${search}`} />
      {selection ? <FilesSelection {...selection}>{list}</FilesSelection> : list}
      <PageLinks
        firstHref={filters.cursor ? href({}) : null}
        next={{ nextHref, moreLinkProps }}
        labels={{ first: t("screen.firstPage"), more: t("screen.loadMore") }}
      />
    </Flex>
  );
}

/** How often a list with files still processing looks again: a revalidation, or a refresh. */
const PROCESSING_POLL_MS = 2000;
const PROCESSING_REFRESH_MS = 5000;
