import { Link } from "@remix-run/react";
import { type CollectionFilters, filtersHref } from "#app/collections/collections-filters.ts";
import { Badge } from "#app/components/badge.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Member } from "#app/services/api/members.server.ts";

/** The creator and tagged filters as chips, each with a link that removes it. */
export function FilterChips({
  base,
  filters,
  people,
}: {
  base: string;
  filters: CollectionFilters;
  /** Who the ids are (an id not among them shows as itself). */
  people: Pick<Member, "userId" | "nickname">[];
}) {
  const { t } = useTranslation("collections");
  const nameOf = (userId: string) =>
    people.find((person) => person.userId === userId)?.nickname ?? userId;
  return (
    <>
      {filters.creator && filters.tab !== "mine" ? (
        <Chip
          label={t("chips.creator", { name: nameOf(filters.creator) })}
          removeLabel={t("chips.removeCreator")}
          removeTo={filtersHref(base, filters, { creator: "" })}
        />
      ) : null}
      {filters.tagged ? (
        <Chip
          label={t("chips.tagged", { name: nameOf(filters.tagged) })}
          removeLabel={t("chips.removeTagged")}
          removeTo={filtersHref(base, filters, { tagged: "" })}
        />
      ) : null}
    </>
  );
}

function Chip({
  label,
  removeLabel,
  removeTo,
}: {
  label: string;
  removeLabel: string;
  removeTo: string;
}) {
  return (
    <Flex>
      <Badge size="2" radius="full" variant="soft" className="filter-chip">
        <Flex align="center" gap="2">
          <span>{label}</span>
          <Link to={removeTo} preventScrollReset aria-label={removeLabel} className="chip-remove">
            <Icon name="cross-2" />
          </Link>
        </Flex>
      </Badge>
    </Flex>
  );
}
