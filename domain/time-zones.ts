/**
 * IANA time zones, as a drop link's deadline is kept with the zone it was set in (ADR 097).
 * Both tiers check a zone with the runtime's own Intl data, so the API and the form agree.
 */

/** Whether `zone` is a time zone this runtime knows ("UTC", "Europe/Rome"). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every zone the runtime lists, UTC first: what a select offers. */
export function timeZoneNames(): string[] {
  const zones = Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC");
  return ["UTC", ...zones];
}

/** The parts of an instant as a clock in `zone` shows them: `YYYY-MM-DDTHH:mm`. */
export function localDateTime(at: number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * The instant a wall-clock time (`YYYY-MM-DDTHH:mm`, as a datetime-local input gives it) names
 * in `zone`; null when the text is no such time. A time a DST change skips moves forward.
 */
export function zonedInstant(local: string, zone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match || !isTimeZone(zone)) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc) || localDateTime(asUtc, "UTC") !== local) return null;
  // The zone's offset at that instant, corrected once more for an offset that differs there.
  let guess = asUtc - offsetOf(asUtc, zone);
  guess = asUtc - offsetOf(guess, zone);
  return guess;
}

/** How far `zone`'s clock is ahead of UTC at `at`, in ms. */
function offsetOf(at: number, zone: string) {
  const local = localDateTime(at, zone);
  const [date = "", time = ""] = local.split("T");
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const floored = at - (((at % 60_000) + 60_000) % 60_000);
  return Date.UTC(y, mo - 1, d, h, mi) - floored;
}
