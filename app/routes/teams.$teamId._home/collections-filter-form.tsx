import { Form } from "@remix-run/react";
import type { ChangeEvent } from "react";
import {
  activeFormFilters,
  type CollectionFilters,
  filtersHref,
} from "#app/collections/collections-filters.ts";
import { Button } from "#app/components/button.tsx";
import { useEditedBeforeHydration } from "#app/components/edited-before-hydration.ts";
import { useHydrated } from "#app/components/hydrated.ts";
import { Flex, Text } from "#app/components/layout.tsx";
import { DateFilter } from "#app/filters/date-filter.tsx";
import { dateRangeError } from "#app/filters/date-range.ts";
import { FiltersDisclosure } from "#app/filters/filters-disclosure.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Member } from "#app/services/api/members.server.ts";

type Person = Pick<Member, "userId" | "nickname">;

const FORM_ID = "collections-filters";

/** Submits the control's GET form at once (with JavaScript; without it, the Apply button). */
function submitOnChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
  event.currentTarget.form?.requestSubmit();
}

/**
 * The collections screen's one GET form: date filter, collaborative view, creator and tagged.
 * With JavaScript each change applies at once; without it, the Apply button does. On a phone it
 * folds behind a "Filters (n)" disclosure, which works without JavaScript; wide screens show it
 * open, through CSS (ADR 027).
 */
export function CollectionsFilterForm({
  base,
  filters,
  people,
  today,
}: {
  base: string;
  filters: CollectionFilters;
  /** Members to choose creator and tagged from. */
  people: Person[];
  /** Today (UTC, YYYY-MM-DD): the pickers offer no later day. */
  today: string;
}) {
  const { t } = useTranslation("collections");
  const hydrated = useHydrated();
  const active = activeFormFilters(filters);
  // A choice made before the page hydrated, which no change handler saw, applies now.
  useEditedBeforeHydration(FORM_ID, (form) => form.requestSubmit());
  return (
    <FiltersDisclosure
      summary={active ? t("filters.summaryActive", { count: active }) : t("filters.summary")}
      open={dateRangeError(filters.from, filters.to, today) !== null}
    >
      <Form
        id={FORM_ID}
        method="get"
        action={base}
        preventScrollReset
        className="collections-filters"
      >
        {filters.tab !== "all" ? <input type="hidden" name="tab" value={filters.tab} /> : null}
        {filters.sort === "asc" ? <input type="hidden" name="sort" value="asc" /> : null}
        <Flex direction="column" gap="3">
          <DateFilter
            from={filters.from}
            to={filters.to}
            max={today}
            clearHref={filtersHref(base, filters, { from: "", to: "" })}
          />
          <Flex gap="4" align="end" wrap="wrap">
            <Text as="label" size="2" className="choice filter-check">
              <input
                type="checkbox"
                name="collab"
                value="1"
                defaultChecked={filters.collaborative}
                key={String(filters.collaborative)}
                onChange={submitOnChange}
              />
              <span>{t("collaborativeView")}</span>
            </Text>
            {filters.tab === "mine" ? null : (
              <PersonSelect
                name="creator"
                label={t("chips.chooseCreator")}
                value={filters.creator}
                people={people}
              />
            )}
            <PersonSelect
              name="tagged"
              label={t("chips.chooseTagged")}
              value={filters.tagged}
              people={people}
            />
            {hydrated ? null : (
              <Button type="submit" variant="soft">
                {t("apply")}
              </Button>
            )}
          </Flex>
        </Flex>
      </Form>
    </FiltersDisclosure>
  );
}

function PersonSelect({
  name,
  label,
  value,
  people,
}: {
  name: string;
  label: string;
  value: string;
  people: Person[];
}) {
  const { t } = useTranslation("collections");
  const id = `collections-${name}`;
  const known = people.some((person) => person.userId === value);
  return (
    <Flex direction="column" gap="1" minWidth="0" maxWidth="100%">
      <Text as="label" size="1" htmlFor={id}>
        {label}
      </Text>
      <select
        id={id}
        name={name}
        className="native-select"
        defaultValue={value}
        key={value}
        onChange={submitOnChange}
      >
        <option value="">{t("chips.anyone")}</option>
        {value && !known ? <option value={value}>{value}</option> : null}
        {people.map((person) => (
          <option key={person.userId} value={person.userId}>
            {person.nickname}
          </option>
        ))}
      </select>
    </Flex>
  );
}
