import type { AccentColor } from "#app/components/layout.tsx";
import type { DropLink } from "#app/services/api/drop-links.server.ts";
import { formatFileSize } from "#domain/format.ts";
import { localDateTime } from "#domain/time-zones.ts";

/** A link's state as its badge shows it: each its own colour (ADR 097's states). */
export const STATE_COLORS: Record<DropLink["state"], AccentColor> = {
  open: "grass",
  paused: "amber",
  revoked: "red",
  expired: "gray",
};

/**
 * A link as the screens show it, its dates and sizes written out on the server (in the
 * visitor's language; the deadline in the link's own time zone, named), so the page the browser
 * hydrates reads the same.
 */
export function linkRow(link: DropLink, locale: string) {
  return {
    linkId: link.linkId,
    title: link.title,
    message: link.message,
    url: link.url,
    state: link.state,
    status: link.status,
    hasPin: link.hasPin,
    counts: link.counts,
    bytes: formatFileSize(link.counts.bytes, locale),
    deadline:
      link.deadlineAt === null ? null : deadlineText(link.deadlineAt, link.timeZone, locale),
    timeZone: link.timeZone,
  };
}
export type LinkRow = ReturnType<typeof linkRow>;

/** "28 Nov 2026, 18:00 (Europe/Rome)": when, as the link's zone's clocks show it. */
export function deadlineText(at: number, zone: string, locale: string) {
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: zone,
  }).format(at);
  return `${when} (${zone.replaceAll("_", " ")})`;
}

/** A deadline as the form's datetime-local input takes it, in the link's zone. */
export function formDeadline(link: DropLink) {
  return link.deadlineAt === null ? null : localDateTime(link.deadlineAt, link.timeZone);
}
