import type { Kysely } from "kysely";

// A deleted team waits its owner's plan's trashRetentionDays before it is purged (ADR 094): while
// it waits, its row keeps every value and says when it was deleted, by whom, and when it goes for
// good (purge_at, fixed at the deletion).
// A team with deleted_at set is missing for everyone but its owner's restore.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("teams").addColumn("deleted_at", "bigint").execute();
  await db.schema.alterTable("teams").addColumn("deleted_by", "text").execute();
  await db.schema.alterTable("teams").addColumn("purge_at", "bigint").execute();
  await db.schema
    .createIndex("teams_owner_deleted")
    .on("teams")
    .columns(["owner_id", "deleted_at"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("teams_owner_deleted").execute();
  await db.schema.alterTable("teams").dropColumn("purge_at").execute();
  await db.schema.alterTable("teams").dropColumn("deleted_by").execute();
  await db.schema.alterTable("teams").dropColumn("deleted_at").execute();
}
