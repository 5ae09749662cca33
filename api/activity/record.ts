import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { ActivityKind, ActivityTarget } from "#domain/activity.ts";
import type { Database } from "../db/schema.ts";

/** One change, as the code that makes it describes it. */
export interface ActivityEntry {
  teamId: string;
  /** The acting user's id; null for the system (the trash purge, billing). */
  actorId: string | null;
  kind: ActivityKind;
  targetType: ActivityTarget;
  targetId: string;
  /** The target's name as it is now (before a rename: the new name; the old one goes in detail). */
  targetName?: string | null;
  /** What else the kind carries: a rename's `from`, a role change's `from` and `to`. */
  detail?: Record<string, string | number | boolean | null>;
  /** When, from the service's clock: the instant the change itself is stamped with. */
  at: number;
}

/**
 * Records one change to a team in the log (ADR 091). Pass the transaction that makes the change,
 * so that the change and its entry commit or roll back together. The actor's nickname is read in
 * the same statement, so the entry keeps the name the team knew the actor by.
 */
export async function recordActivity(
  db: Kysely<Database> | Transaction<Database>,
  entry: ActivityEntry,
): Promise<void> {
  const actorName =
    entry.actorId === null
      ? null
      : db
          .selectFrom("members")
          .select("nickname")
          .where("team_id", "=", entry.teamId)
          .where("user_id", "=", entry.actorId)
          .limit(1);
  await db
    .insertInto("activity")
    .values({
      activity_id: randomUUID(),
      team_id: entry.teamId,
      actor_id: entry.actorId,
      actor_name: actorName,
      kind: entry.kind,
      target_type: entry.targetType,
      target_id: entry.targetId,
      target_name: entry.targetName ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      created_at: entry.at,
    })
    .execute();
}
