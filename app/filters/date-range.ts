/*
 * The days the date filter works with (docs/product.md#screens, Date filter), written YYYY-MM-DD in
 * the address and read as UTC. Pure functions, shared by the collections and files screens'
 * filters.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** Today as YYYY-MM-DD (UTC), the latest day the pickers offer. */
export function today(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The first millisecond of a day (UTC). */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** The last millisecond of a day (UTC). */
export function dayEnd(day: string): number {
  return Date.parse(`${day}T23:59:59.999Z`);
}

/**
 * The filter's error key (messages.validation), or null: a day after `max` (today, when given),
 * or from after to. The pickers offer no later day than today; a typed or crafted address is
 * still refused here.
 */
export function dateRangeError(from: string, to: string, max = ""): string | null {
  if (max && (from > max || to > max)) return "filterDateFuture";
  return from && to && from > to ? "filterStartEndDateInvalid" : null;
}
