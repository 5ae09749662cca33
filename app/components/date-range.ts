/*
 * The days the date filter works with (spec section 2, Date filter), written YYYY-MM-DD in the
 * address and read as UTC. Pure functions, shared by the collections and files screens' filters.
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

/** The "from after to" error key (messages.validation), or null. */
export function dateRangeError(from: string, to: string): string | null {
  return from && to && from > to ? "filterStartEndDateInvalid" : null;
}
