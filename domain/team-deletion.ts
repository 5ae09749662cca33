// Deleting a team and restoring it (docs/decisions/094-a-deleted-team-waits-30-days.md).

const DAY_MS = 24 * 60 * 60 * 1000;

/** A deleted team may be restored by its owner for this long; then it is purged for good. */
export const TEAM_TRASH_RETENTION_DAYS = 30;
export const TEAM_TRASH_RETENTION_MS = TEAM_TRASH_RETENTION_DAYS * DAY_MS;

/** When a team deleted at `deletedAt` is purged. */
export function teamPurgeAt(deletedAt: number): number {
  return deletedAt + TEAM_TRASH_RETENTION_MS;
}

/**
 * Whether the name typed to confirm a deletion names the team: compared trimmed and
 * case-sensitively, so it is the name as the team shows it (ADR 094).
 */
export function isTeamNameConfirmed(typed: string, teamName: string): boolean {
  return typed.trim() === teamName.trim();
}
