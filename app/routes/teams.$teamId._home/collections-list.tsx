import { Link } from "@remix-run/react";
import { useMemo } from "react";
import {
  type CollectionFilters,
  filtersHref,
  hasFilters,
} from "#app/collections/collections-filters.ts";
import type {
  CollectionListPage,
  ListedCollection,
} from "#app/collections/collections-page.server.ts";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { useInfiniteList } from "#app/components/infinite-list.ts";
import { Card, Flex, Text } from "#app/components/layout.tsx";
import { useListLinks } from "#app/components/list-links.ts";
import { PageLinks } from "#app/components/page-links.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { useMessage } from "#app/i18n/use-message.ts";
import type { Actor } from "#domain/roles.ts";
import { CollectionRow } from "./collection-row.tsx";

/** The list when it could not be loaded at all. */
export function ListError() {
  const message = useMessage();
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>{message("errors.generic")}</Callout.Text>
    </Callout.Root>
  );
}

/**
 * The collections, 20 at a time: the next page loads on scroll (a "load more" link without
 * JavaScript), a refused list says why, an empty one offers to clear the filters or create one.
 */
export function CollectionList({
  page,
  base,
  search,
  filters,
  actor,
  mayCreate,
}: {
  page: CollectionListPage;
  base: string;
  search: string;
  filters: CollectionFilters;
  actor: Actor;
  mayCreate: boolean;
}) {
  const { t } = useTranslation("collections");
  const message = useMessage();
  // A row opens its collection at the top; its rename and share dialogs keep the list's place.
  const links = useListLinks<HTMLUListElement>({ keepScroll: false });
  const filtered = hasFilters(filters);
  const {
    items: collections,
    nextHref,
    moreLinkProps,
  } = useInfiniteList({
    first: useMemo(() => ({ items: page.collections, lastKey: page.lastKey }), [page]),
    hrefFor: (lastKey) => filtersHref(base, filters, { cursor: lastKey }),
    loadHrefFor: (lastKey) => filtersHref(`${base}/collections-page`, filters, { cursor: lastKey }),
    pageOf: pageOfCollections,
    keyOf: collectionKey,
    refetchOnFocus: true,
  });
  const createButton = (
    <Button asChild>
      <Link to={`${base}/new-collection${search}`} preventScrollReset>
        {t("create")}
      </Link>
    </Button>
  );

  if (page.errorCode) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{message(`errors.${page.errorCode}`)}</Callout.Text>
        <Callout.Text>
          <Link to={base}>{t("clearFilters")}</Link>
        </Callout.Text>
      </Callout.Root>
    );
  }
  if (collections.length === 0) {
    return (
      <Card size="3">
        <Flex direction="column" gap="3" align="start">
          <Text as="p" color="gray">
            {filtered ? t("empty.filtered") : t("empty.none")}
          </Text>
          {filtered ? (
            <TextLink asChild size="2">
              <Link to={base} preventScrollReset>
                {t("clearFilters")}
              </Link>
            </TextLink>
          ) : mayCreate ? (
            createButton
          ) : null}
        </Flex>
      </Card>
    );
  }
  return (
    <Flex direction="column" gap="3">
      <ul className="plain-list collection-list" aria-label={t("listLabel")} ref={links}>
        {collections.map((collection) => (
          <CollectionRow
            key={collection.collectionId}
            collection={collection}
            base={base}
            search={search}
            actor={actor}
          />
        ))}
      </ul>
      <PageLinks
        firstHref={filters.cursor ? filtersHref(base, filters) : null}
        next={{ nextHref, moreLinkProps }}
        labels={{ first: t("firstPage"), more: t("loadMore") }}
      />
      {!filtered && mayCreate ? <Flex justify="center">{createButton}</Flex> : null}
    </Flex>
  );
}

const pageOfCollections = ({ page }: { page: CollectionListPage }) => ({
  items: page.collections,
  lastKey: page.lastKey,
});
const collectionKey = (collection: ListedCollection) => collection.collectionId;
