import type { Kysely } from "kysely";

// The trash (ADR 092): a deleted file or collection keeps its row and bytes, marked with when
// and by whom it was deleted, until it is restored or purged. A collection's files are hidden
// with it through the collection's own mark; a file trashed on its own carries its own.
// purge_at is when it goes for good: fixed at the deletion from the team owner's plan, so a
// later plan change does not move it.

export async function up(db: Kysely<unknown>) {
  for (const table of ["files", "collections"]) {
    await db.schema.alterTable(table).addColumn("deleted_at", "bigint").execute();
    // The member id of who deleted it.
    await db.schema.alterTable(table).addColumn("deleted_by", "text").execute();
    await db.schema.alterTable(table).addColumn("purge_at", "bigint").execute();
  }
  // The trash page: a team's deleted items, newest deletion first.
  await db.schema
    .createIndex("files_team_deleted")
    .on("files")
    .columns(["team_id", "deleted_at", "file_id"])
    .execute();
  await db.schema
    .createIndex("collections_team_deleted")
    .on("collections")
    .columns(["team_id", "deleted_at", "collection_id"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("collections_team_deleted").execute();
  await db.schema.dropIndex("files_team_deleted").execute();
  for (const table of ["files", "collections"]) {
    await db.schema.alterTable(table).dropColumn("purge_at").execute();
    await db.schema.alterTable(table).dropColumn("deleted_by").execute();
    await db.schema.alterTable(table).dropColumn("deleted_at").execute();
  }
}
