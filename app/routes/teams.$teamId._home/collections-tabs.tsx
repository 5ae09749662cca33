import { Link } from "@remix-run/react";
import {
  type CollectionFilters,
  type CollectionsTab,
  filtersHref,
} from "#app/collections/collections-filters.ts";
import { useTranslation } from "#app/i18n/react.tsx";

/** All / Mine / Shared, as links ("Mine" drops the creator filter: it is you). */
export function CollectionsTabs({ base, filters }: { base: string; filters: CollectionFilters }) {
  const { t } = useTranslation("collections");
  const tabs: { tab: CollectionsTab; label: string }[] = [
    { tab: "all", label: t("tabs.all") },
    { tab: "mine", label: t("tabs.mine") },
    { tab: "shared", label: t("tabs.shared") },
  ];
  return (
    <nav className="link-tabs" aria-label={t("tabs.label")}>
      {tabs.map(({ tab, label }) => (
        <Link
          key={tab}
          to={filtersHref(base, filters, { tab, ...(tab === "mine" ? { creator: "" } : {}) })}
          preventScrollReset
          aria-current={filters.tab === tab ? "page" : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
