// The trash (docs/decisions/092-deleted-files-and-collections-go-to-a-trash.md): how long a
// deleted file or collection is kept before it is removed for good.

const DAY_MS = 24 * 60 * 60 * 1000;

/** A trashed item is purged this many days after it was deleted. */
export const TRASH_RETENTION_DAYS = 30;
export const TRASH_RETENTION_MS = TRASH_RETENTION_DAYS * DAY_MS;

/** When an item deleted at `deletedAt` (epoch ms) is purged. */
export function trashPurgeAt(deletedAt: number): number {
  return deletedAt + TRASH_RETENTION_MS;
}
