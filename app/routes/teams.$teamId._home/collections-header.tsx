import { Link, useRevalidator } from "@remix-run/react";
import {
  type CollectionFilters,
  filtersHref,
  hasFilters,
} from "#app/collections/collections-filters.ts";
import { IconButton } from "#app/components/button.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Heading } from "#app/components/layout.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/**
 * The collections screen's title (a link that clears the filters), the sort order, and refresh
 * (a link to the same filters; with JavaScript it reloads the list in place).
 */
export function CollectionsHeader({
  base,
  filters,
  search,
}: {
  base: string;
  filters: CollectionFilters;
  /** The filters as `?query` (or ""): what refresh keeps. */
  search: string;
}) {
  const { t } = useTranslation("collections");
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const filtered = hasFilters(filters);
  return (
    <Flex justify="between" align="center" gap="2" wrap="wrap">
      <Heading as="h2" size="5" id="collections-heading">
        <Link
          to={base}
          preventScrollReset
          className="plain-link"
          title={filtered ? t("clearFilters") : undefined}
        >
          {t("title")}
        </Link>
      </Heading>
      <Flex gap="3" align="center">
        <TextLink asChild size="2">
          <Link
            to={filtersHref(base, filters, { sort: filters.sort === "asc" ? "desc" : "asc" })}
            preventScrollReset
            aria-label={filters.sort === "asc" ? t("sort.toNewest") : t("sort.toOldest")}
          >
            <Flex align="center" gap="1" asChild>
              <span>
                {filters.sort === "asc" ? <Icon name="arrow-up" /> : <Icon name="arrow-down" />}
                {filters.sort === "asc" ? t("sort.oldest") : t("sort.newest")}
              </span>
            </Flex>
          </Link>
        </TextLink>
        <IconButton asChild variant="ghost" color="gray">
          <Link
            to={`${base}${search}`}
            preventScrollReset
            replace
            aria-label={t("refresh")}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              revalidator.revalidate();
            }}
          >
            <Icon name="reload" />
          </Link>
        </IconButton>
      </Flex>
    </Flex>
  );
}
