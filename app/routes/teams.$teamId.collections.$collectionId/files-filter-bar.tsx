import { Form, Link } from "@remix-run/react";
import { Badge } from "#app/components/badge.tsx";
import { Button } from "#app/components/button.tsx";
import { useEditedBeforeHydration } from "#app/components/edited-before-hydration.ts";
import { Icon } from "#app/components/icon.tsx";
import { Flex } from "#app/components/layout.tsx";
import type { FileFilters } from "#app/files/files-filters.ts";
import { DateFilter } from "#app/filters/date-filter.tsx";
import { dateRangeError } from "#app/filters/date-range.ts";
import { FiltersDisclosure } from "#app/filters/filters-disclosure.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

const FORM_ID = "files-filters";

/**
 * The files screen's filters: the date filter (a GET form that keeps the other filters), folded
 * on a phone as the collections screen's filters are, the All / Mine / Guests tabs (and To review
 * for the owner and admins while guests' files wait for them, ADR 099), and the creator chip
 * with a link that removes it.
 */
export function FilesFilterBar({
  base,
  filters,
  creatorName,
  href,
  today,
  heldFiles = 0,
}: {
  base: string;
  /** Guests' files waiting for the caller's review (ADR 099): 0 for those who do not review. */
  heldFiles?: number;
  filters: FileFilters;
  /** The creator filter's member, or null for one since gone. */
  creatorName: string | null;
  /** The screen's address with these filters and `changes`. */
  href: (changes: Partial<FileFilters>) => string;
  /** Today (UTC, YYYY-MM-DD): the pickers offer no later day. */
  today: string;
}) {
  const { t } = useTranslation("files");
  // Dates picked before the page hydrated, which no change handler saw, apply now.
  useEditedBeforeHydration(FORM_ID, (form) => form.requestSubmit());
  return (
    <>
      <FiltersDisclosure
        summary={filters.from || filters.to ? t("screen.datesActive") : t("screen.dates")}
        open={dateRangeError(filters.from, filters.to, today) !== null}
      >
        <Form id={FORM_ID} method="get" action={base} preventScrollReset className="files-filters">
          {filters.tab !== "all" ? <input type="hidden" name="tab" value={filters.tab} /> : null}
          {filters.creator ? <input type="hidden" name="creator" value={filters.creator} /> : null}
          {filters.sort === "asc" ? <input type="hidden" name="sort" value="asc" /> : null}
          <Flex gap="4" align="end" wrap="wrap">
            <DateFilter
              from={filters.from}
              to={filters.to}
              max={today}
              clearHref={href({ from: "", to: "" })}
            />
            <noscript>
              <Button type="submit" variant="soft" mb="1">
                {t("screen.applyDates")}
              </Button>
            </noscript>
          </Flex>
        </Form>
      </FiltersDisclosure>

      <Flex gap="3" align="center" wrap="wrap">
        <nav aria-label={t("screen.tabs")}>
          <Flex gap="2" wrap="wrap">
            {(["all", "mine", "guests"] as const).map((tab) => (
              <Button
                key={tab}
                asChild
                size="2"
                radius="full"
                variant={filters.tab === tab ? "solid" : "soft"}
              >
                <Link
                  to={href(tab === "all" ? { tab } : { tab, creator: "" })}
                  preventScrollReset
                  aria-current={filters.tab === tab ? "page" : undefined}
                >
                  {t(`screen.${tab}`)}
                </Link>
              </Button>
            ))}
            {heldFiles > 0 ? (
              <Button asChild size="2" radius="full" variant="soft" color="amber">
                <Link to={`${base}/review`} className="review-tab">
                  <Icon name="eye-open" />
                  {t("review.tabCount", { count: heldFiles })}
                </Link>
              </Button>
            ) : null}
          </Flex>
        </nav>
        {filters.creator && filters.tab === "all" ? (
          <Badge size="2" radius="full" className="filter-chip">
            {t("screen.creatorChip", { name: creatorName ?? t("table.formerMember") })}
            <Link
              to={href({ creator: "" })}
              preventScrollReset
              aria-label={t("screen.clearCreator")}
              className="filter-chip-clear"
            >
              <Icon name="cross-2" />
            </Link>
          </Badge>
        ) : null}
      </Flex>
    </>
  );
}
