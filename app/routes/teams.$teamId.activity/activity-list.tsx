import { useMemo } from "react";
import { useInfiniteList } from "#app/components/infinite-list.ts";
import { Card, Text } from "#app/components/layout.tsx";
import { PageLinks } from "#app/components/page-links.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActivityItem } from "#app/services/api/activity.server.ts";
import { type ActivityFilters, activityHref } from "./activity-filters.ts";
import { ActivityLine } from "./activity-line.tsx";

export interface ActivityPage {
  items: ActivityItem[];
  nextCursor: string | null;
}

const pageOf = (data: { page: ActivityPage }) => ({
  items: data.page.items,
  lastKey: data.page.nextCursor,
});
const keyOf = (item: ActivityItem) => item.activityId;

/**
 * The entries, newest first: an infinite list with JavaScript (the next page loads as the "Older"
 * link scrolls into view), plain "Newest" and "Older" pages without it.
 */
export function ActivityList({
  page,
  filters,
  base,
  now,
}: {
  page: ActivityPage;
  filters: ActivityFilters;
  base: string;
  now: number;
}) {
  const { t, i18n } = useTranslation(["activity", "teams", "plans"]);
  const next = useInfiniteList({
    first: useMemo(() => ({ items: page.items, lastKey: page.nextCursor }), [page]),
    hrefFor: (cursor) => activityHref(base, filters, { cursor }),
    pageOf,
    keyOf,
  });
  const filtered = Boolean(filters.actor || filters.kind || filters.from || filters.to);
  return (
    <>
      {next.items.length === 0 ? (
        <Card size="3">
          <Text as="p" color="gray">
            {filtered ? t("noMatch") : t("empty")}
          </Text>
        </Card>
      ) : (
        <ol className="activity-list">
          {next.items.map((item) => (
            <li key={item.activityId}>
              <ActivityLine item={item} now={now} t={t} language={i18n.language} />
            </li>
          ))}
        </ol>
      )}
      <PageLinks
        firstHref={filters.cursor ? activityHref(base, filters) : null}
        next={next}
        labels={{ first: t("newest"), more: t("older") }}
      />
    </>
  );
}
