import type { Kysely } from "kysely";

// The team activity log (ADR 091): one row per change to a team's content or membership,
// written in the change's own transaction and kept ACTIVITY_RETENTION_DAYS.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("activity")
    .addColumn("activity_id", "text", (col) => col.primaryKey())
    .addColumn("team_id", "text", (col) => col.notNull())
    // The acting user; null for the system (the trash purge, billing).
    .addColumn("actor_id", "text")
    // The actor's nickname in the team when it acted: the entry outlives the membership.
    .addColumn("actor_name", "text")
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("target_type", "text", (col) => col.notNull())
    .addColumn("target_id", "text", (col) => col.notNull())
    // The target's name when it happened (a file's or collection's name, a member's nickname).
    .addColumn("target_name", "text")
    // JSON: what else the kind carries (a rename's old name, a role change's roles).
    .addColumn("detail", "text")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("activity_team_time")
    .on("activity")
    .columns(["team_id", "created_at", "activity_id"])
    .execute();
  await db.schema
    .createIndex("activity_team_actor_time")
    .on("activity")
    .columns(["team_id", "actor_id", "created_at"])
    .execute();
  await db.schema.createIndex("activity_time").on("activity").column("created_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("activity").execute();
}
