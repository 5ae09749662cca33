import { Form, Link } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { Button } from "#app/components/button.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { DateFilter } from "#app/filters/date-filter.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { ACTIVITY_KIND_GROUPS, type ActivityKindGroup } from "#domain/activity.ts";
import { type ActivityFilters, activityHref, groupChoice } from "./activity-filters.ts";

/** Applies a select's choice at once, with JavaScript; without it, the Filter button does. */
function submitOnChange(event: ChangeEvent<HTMLSelectElement>) {
  event.currentTarget.form?.requestSubmit();
}

/**
 * The Activity screen's GET form: the person (the team's members), what (kinds, grouped as
 * files, collections, members and team, each group also as a whole) and the days from and to.
 */
export function ActivityFilterForm({
  base,
  filters,
  people,
  today,
}: {
  base: string;
  filters: ActivityFilters;
  people: { userId: string; nickname: string }[];
  today: string;
}) {
  const { t } = useTranslation(["activity", "collections"]);
  const groups = Object.keys(ACTIVITY_KIND_GROUPS) as ActivityKindGroup[];
  const active = Boolean(filters.actor || filters.kind || filters.from || filters.to);
  return (
    <Form
      method="get"
      action={base}
      preventScrollReset
      className="activity-filters"
      aria-label={t("filters.label")}
    >
      <Flex gap="3" align="end" wrap="wrap">
        <Flex direction="column" gap="1" className="activity-filter">
          <Text as="label" size="2" weight="medium" htmlFor="activity-actor">
            {t("filters.person")}
          </Text>
          <select
            id="activity-actor"
            name="actor"
            className="native-select"
            defaultValue={filters.actor}
            key={`actor-${filters.actor}`}
            onChange={submitOnChange}
          >
            <option value="">{t("filters.anyone")}</option>
            {people.map((person) => (
              <option key={person.userId} value={person.userId}>
                {person.nickname}
              </option>
            ))}
          </select>
        </Flex>
        <Flex direction="column" gap="1" className="activity-filter">
          <Text as="label" size="2" weight="medium" htmlFor="activity-kind">
            {t("filters.kind")}
          </Text>
          <select
            id="activity-kind"
            name="kind"
            className="native-select"
            defaultValue={filters.kind}
            key={`kind-${filters.kind}`}
            onChange={submitOnChange}
          >
            <option value="">{t("filters.anything")}</option>
            {groups.map((group) => (
              <optgroup key={group} label={t(`groups.${group}`)}>
                <option value={groupChoice(group)}>
                  {t("filters.allOf", { group: t(`groups.${group}`) })}
                </option>
                {ACTIVITY_KIND_GROUPS[group].map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`kindNames.${kind}`)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Flex>
      </Flex>
      <DateFilter
        from={filters.from}
        to={filters.to}
        max={today}
        clearHref={activityHref(base, filters, { from: "", to: "" })}
      />
      <Flex gap="3" align="center" wrap="wrap">
        <Button type="submit" variant="soft">
          {t("filters.apply")}
        </Button>
        {active ? (
          <TextLink asChild size="2">
            <Link to={base} preventScrollReset>
              {t("filters.clear")}
            </Link>
          </TextLink>
        ) : null}
      </Flex>
    </Form>
  );
}
