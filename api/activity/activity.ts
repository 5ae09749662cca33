import type { Logger } from "pino";
import { actorOf, type TeamAccess } from "#api/access/teams.ts";
import type { Clock } from "#api/clock.ts";
import type { ActivityTable, Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import { decodeKeyset, encodeKeyset } from "#api/http/keyset.ts";
import type { JobQueue } from "#api/jobs/queue.ts";
import { ACTIVITY_RETENTION_MS, type ActivityKind, type ActivityTarget } from "#domain/activity.ts";
import { canSeeActivity } from "#domain/roles.ts";

// Reading the team activity log, and keeping it ACTIVITY_RETENTION_DAYS (ADR 091). Entries are
// written by each feature in its own transaction (record.ts).

/** One entry as the API answers it. */
export interface ActivityItem {
  activityId: string;
  kind: ActivityKind;
  at: number;
  actor: { userId: string; nickname: string | null } | null;
  target: { type: ActivityTarget; id: string; name: string | null };
  detail: Record<string, string | number | boolean | null>;
}

/** The filters and page of `GET /teams/{teamId}/activity`, already validated. */
export interface ActivityQuery {
  actor?: string;
  kinds?: readonly ActivityKind[];
  /** At or after (epoch ms). */
  from?: number;
  /** Before (epoch ms, exclusive). */
  to?: number;
  cursor?: string;
  limit: number;
}

export interface ActivityServiceOptions {
  db: Db;
  now: Clock;
}

function toItem(row: ActivityTable): ActivityItem {
  let detail: ActivityItem["detail"] = {};
  if (row.detail) {
    try {
      detail = JSON.parse(row.detail);
    } catch {
      // A detail that does not parse is shown as none.
    }
  }
  return {
    activityId: row.activity_id,
    kind: row.kind,
    at: Number(row.created_at),
    actor: row.actor_id === null ? null : { userId: row.actor_id, nickname: row.actor_name },
    target: { type: row.target_type, id: row.target_id, name: row.target_name },
    detail,
  };
}

/**
 * One page of a team's activity, newest first, for those who may see it (owner, admin;
 * `forbidden` for the others). Keyset pages on (created_at, activity_id): `cursor` is the
 * position of the last entry of the page before.
 */
export async function listActivity(
  { db }: ActivityServiceOptions,
  access: TeamAccess,
  query: ActivityQuery,
): Promise<{ items: ActivityItem[]; nextCursor: string | null }> {
  if (!canSeeActivity(actorOf(access).role)) {
    throw new ApiError("forbidden", "Only the team's owner and admins see its activity");
  }
  let after: { sortKey: number; id: string } | undefined;
  if (query.cursor !== undefined) {
    try {
      after = decodeKeyset(query.cursor);
    } catch {
      throw new ApiError("invalidInput", "cursor: not a cursor this API gave");
    }
  }
  let select = db.selectFrom("activity").selectAll().where("team_id", "=", access.team.team_id);
  if (query.actor !== undefined) select = select.where("actor_id", "=", query.actor);
  if (query.kinds?.length) select = select.where("kind", "in", query.kinds);
  if (query.from !== undefined) select = select.where("created_at", ">=", query.from);
  if (query.to !== undefined) select = select.where("created_at", "<", query.to);
  if (after) {
    const { sortKey, id } = after;
    select = select.where((eb) =>
      eb.or([
        eb("created_at", "<", sortKey),
        eb.and([eb("created_at", "=", sortKey), eb("activity_id", "<", id)]),
      ]),
    );
  }
  const rows = await select
    .orderBy("created_at", "desc")
    .orderBy("activity_id", "desc")
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor:
      rows.length > query.limit && last
        ? encodeKeyset(Number(last.created_at), last.activity_id)
        : null,
  };
}

/** Deletes the entries older than the retention; answers how many went. */
export async function purgeActivity({ db, now }: ActivityServiceOptions): Promise<number> {
  const result = await db
    .deleteFrom("activity")
    .where("created_at", "<", now() - ACTIVITY_RETENTION_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const PURGE_ACTIVITY_JOB = "activity.purge";
/** How often the purge runs: daily, so no entry outlives the retention by more than a day. */
export const ACTIVITY_PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * The purge as a recurring job on the durable queue (ADR 091): each run deletes what expired and
 * enqueues the next run a day later. `scheduleActivityPurge`, called at start-up, enqueues the
 * first run when none is waiting. Two instances starting together may both enqueue one; a run
 * that finds another run waiting does not enqueue its own, so they fold back into one.
 */
export function registerActivityJobs(
  jobs: JobQueue,
  options: ActivityServiceOptions & { logger: Logger },
) {
  const { db, now, logger } = options;
  jobs.register<Record<string, never>>(PURGE_ACTIVITY_JOB, {
    async run(_payload, { jobId }) {
      const purged = await purgeActivity(options);
      if (purged > 0) logger.info({ purged }, "activity: expired entries deleted");
      const another = await db
        .selectFrom("jobs")
        .select("job_id")
        .where("kind", "=", PURGE_ACTIVITY_JOB)
        .where("job_id", "!=", jobId)
        .executeTakeFirst();
      if (!another) {
        await jobs.enqueue(PURGE_ACTIVITY_JOB, {}, { runAt: now() + ACTIVITY_PURGE_INTERVAL_MS });
      }
    },
  });
}

/** Enqueues the purge's first run, now, unless one is waiting already. */
export async function scheduleActivityPurge(jobs: JobQueue, { db }: { db: Db }) {
  const waiting = await db
    .selectFrom("jobs")
    .select("job_id")
    .where("kind", "=", PURGE_ACTIVITY_JOB)
    .executeTakeFirst();
  if (!waiting) await jobs.enqueue(PURGE_ACTIVITY_JOB, {});
}
