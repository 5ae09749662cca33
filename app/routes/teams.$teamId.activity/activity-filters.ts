import { isDay } from "#app/filters/date-range.ts";
import {
  ACTIVITY_KIND_GROUPS,
  type ActivityKind,
  type ActivityKindGroup,
  isActivityKind,
} from "#domain/activity.ts";

/*
 * The Activity screen's filters, in its address (ADR 091): `actor` (a member's userId), `kind` (one
 * kind, or `group:<files|collections|members|team>`), `from` and `to` (YYYY-MM-DD), and `cursor`
 * for the page after. Anything else in the address is dropped, so a crafted value never reaches
 * the API as a 400.
 */

export interface ActivityFilters {
  actor: string;
  kind: string;
  from: string;
  to: string;
  cursor: string;
}

const GROUP = "group:";

function isGroup(value: string): value is ActivityKindGroup {
  return Object.hasOwn(ACTIVITY_KIND_GROUPS, value);
}

/** A `kind` choice: a kind or a group of them, or "" when it is neither. */
function kindChoice(value: string): string {
  if (value.startsWith(GROUP)) return isGroup(value.slice(GROUP.length)) ? value : "";
  return isActivityKind(value) ? value : "";
}

export function readActivityFilters(search: URLSearchParams): ActivityFilters {
  const day = (name: string) => {
    const value = search.get(name)?.trim() ?? "";
    return isDay(value) ? value : "";
  };
  return {
    actor: (search.get("actor") ?? "").trim().slice(0, 400),
    kind: kindChoice(search.get("kind") ?? ""),
    from: day("from"),
    to: day("to"),
    cursor: (search.get("cursor") ?? "").slice(0, 500),
  };
}

/** The kinds a `kind` choice stands for, comma-separated as the API takes them. */
export function kindsOf(choice: string): string | undefined {
  if (!choice) return undefined;
  if (choice.startsWith(GROUP)) {
    const group = choice.slice(GROUP.length);
    return isGroup(group) ? ACTIVITY_KIND_GROUPS[group].join(",") : undefined;
  }
  return choice;
}

/** The value of a group's option in the kind select. */
export function groupChoice(group: ActivityKindGroup) {
  return `${GROUP}${group}`;
}

/** The screen's address with these filters (and the changes); empty values are left out. */
export function activityHref(
  base: string,
  filters: ActivityFilters,
  changes: Partial<ActivityFilters> = {},
) {
  const next = { ...filters, cursor: "", ...changes };
  const search = new URLSearchParams();
  for (const name of ["actor", "kind", "from", "to", "cursor"] as const) {
    if (next[name]) search.set(name, next[name]);
  }
  return search.size ? `${base}?${search}` : base;
}

export type { ActivityKind };
