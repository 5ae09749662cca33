// The trash (docs/decisions/092-deleted-files-and-collections-go-to-a-trash.md): how long a
// deleted file or collection is kept before it is removed for good.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A trashed item is purged this many days after it was deleted, unless the team owner's plan
 * sets its own `trashRetentionDays` (ADR 092): the plan's days at the deletion are stored on the
 * row as its purge_at.
 */
export const TRASH_RETENTION_DAYS = 30;
export const TRASH_RETENTION_MS = TRASH_RETENTION_DAYS * DAY_MS;

/** The fewest and the most days a plan may keep the trash (docs/product.md#plans). */
export const TRASH_RETENTION_DAYS_MIN = 1;
export const TRASH_RETENTION_DAYS_MAX = 365;

/** When an item deleted at `deletedAt` (epoch ms) is purged, kept `days` days. */
export function trashPurgeAt(deletedAt: number, days: number = TRASH_RETENTION_DAYS): number {
  return deletedAt + days * DAY_MS;
}
