import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Lock, Locker, RequestRelease } from "@tus/server";
import type { Logger } from "pino";
import type { Clock } from "#api/clock.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";

/**
 * The resumable uploads' lock, in the database every API instance shares (the `upload_locks`
 * table), so that two requests for one upload never write it at once, whichever instances
 * they reach. tus's own MemoryLocker only sees its own process.
 *
 * It keeps tus's rules: a request that wants a held lock asks the holder to let go (tus then
 * ends the holder's request: a client that reconnects after a dropped connection should not
 * wait for the server to notice), and waits for it, up to `acquireTimeoutMs`.
 *
 * - Taking the lock is one atomic upsert: insert the row, or take it over if its lease has
 *   expired (a holder that died). On PostgreSQL the conflict is resolved by the unique key, on
 *   SQLite writes are serial.
 * - A waiting request marks the row (`release_requested_at`). The holder looks at its row every
 *   `pollMs` while it holds it, renewing its lease at the same time; when the row is marked, or
 *   no longer its own, it calls tus's release callback.
 * - A lease lasts `leaseMs` from the last renewal: a holder whose process is killed leaves the
 *   lock to whoever asks after that.
 */
export interface UploadLockerOptions {
  db: Db;
  logger: Logger;
  now?: Clock;
  /** How long a holder keeps the lock without renewing it (default 10 s; renewed every pollMs). */
  leaseMs?: number;
  /** How often a holder renews and looks for release requests, and a waiter tries again. */
  pollMs?: number;
  /** How long a request waits for the lock before giving up (default 30 s, as tus's). */
  acquireTimeoutMs?: number;
}

const DEFAULT_LEASE_MS = 10_000;
const DEFAULT_POLL_MS = 250;
const DEFAULT_ACQUIRE_TIMEOUT_MS = 30_000;

export function createUploadLocker(options: UploadLockerOptions): Locker {
  const { db, logger } = options;
  const now = options.now ?? (() => Date.now());
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const acquireTimeoutMs = options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;

  /** Takes the row for `holder`, if it is free or its lease has expired. */
  async function tryAcquire(uploadId: string, holder: string) {
    const at = now();
    const row = await db
      .insertInto("upload_locks")
      .values({
        upload_id: uploadId,
        holder,
        expires_at: at + leaseMs,
        release_requested_at: null,
      })
      .onConflict((conflict) =>
        conflict
          .column("upload_id")
          .doUpdateSet({ holder, expires_at: at + leaseMs, release_requested_at: null })
          .where("upload_locks.expires_at", "<", at),
      )
      .returning("holder")
      .executeTakeFirst();
    return row?.holder === holder;
  }

  async function askForRelease(uploadId: string) {
    await db
      .updateTable("upload_locks")
      .set({ release_requested_at: now() })
      .where("upload_id", "=", uploadId)
      .where("release_requested_at", "is", null)
      .execute();
  }

  /** Renews the lease; answers whether the holder should let go. */
  async function renew(uploadId: string, holder: string) {
    const row = await db
      .updateTable("upload_locks")
      .set({ expires_at: now() + leaseMs })
      .where("upload_id", "=", uploadId)
      .where("holder", "=", holder)
      .returning("release_requested_at")
      .executeTakeFirst();
    // Gone (taken over after a stall longer than the lease) or asked for: stop writing.
    return row === undefined || row.release_requested_at !== null;
  }

  return {
    newLock(uploadId: string): Lock {
      const holder = randomUUID();
      let watch: NodeJS.Timeout | undefined;
      return {
        async lock(signal: AbortSignal, requestRelease: RequestRelease) {
          const deadline = now() + acquireTimeoutMs;
          while (!(await tryAcquire(uploadId, holder))) {
            if (signal.aborted || now() >= deadline) {
              throw new ApiError(
                "invalidInput",
                "Another request is sending this upload; try again shortly",
                409,
              );
            }
            await askForRelease(uploadId);
            await sleep(pollMs, undefined, { signal }).catch(() => {});
          }
          let released = false;
          watch = setInterval(() => {
            renew(uploadId, holder)
              .then((letGo) => {
                if (!letGo || released) return;
                released = true;
                return requestRelease();
              })
              .catch((error) => logger.warn({ err: error, uploadId }, "upload lock not renewed"));
          }, pollMs);
          watch.unref();
        },
        async unlock() {
          clearInterval(watch);
          // A lock that cannot be given back (the database down, the disk full) runs out with
          // its lease: the request's own answer matters more than this.
          await db
            .deleteFrom("upload_locks")
            .where("upload_id", "=", uploadId)
            .where("holder", "=", holder)
            .execute()
            .catch((error) => logger.warn({ err: error, uploadId }, "upload lock not released"));
        },
      };
    },
  };
}
