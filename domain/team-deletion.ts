// Deleting a team and restoring it (docs/decisions/094-a-deleted-team-waits-30-days.md).

import { TRASH_RETENTION_DAYS } from "./trash.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A deleted team may be restored by its owner for this long; then it is purged for good. The
 * owner's plan may set other days (`trashRetentionDays`, ADR 094), the same as its trash keeps.
 */
export const TEAM_TRASH_RETENTION_DAYS = TRASH_RETENTION_DAYS;
export const TEAM_TRASH_RETENTION_MS = TEAM_TRASH_RETENTION_DAYS * DAY_MS;

/** When a team deleted at `deletedAt` is purged, waiting `days` days. */
export function teamPurgeAt(deletedAt: number, days: number = TEAM_TRASH_RETENTION_DAYS): number {
  return deletedAt + days * DAY_MS;
}

/**
 * Whether the name typed to confirm a deletion names the team: compared trimmed and
 * case-sensitively, so it is the name as the team shows it (ADR 094).
 */
export function isTeamNameConfirmed(typed: string, teamName: string): boolean {
  return typed.trim() === teamName.trim();
}
