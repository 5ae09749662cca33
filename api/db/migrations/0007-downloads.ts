import type { Kysely } from "kysely";

// Collection downloads (ADR 025): a request fixes the archive's entries once, so every
// read of it, whole or a range to resume, gives the same bytes; and the traffic each team
// owner's downloads have used, per period. Only types SQLite and PostgreSQL share.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("downloads")
    .addColumn("download_id", "text", (col) => col.primaryKey())
    .addColumn("team_id", "text", (col) =>
      col.notNull().references("teams.team_id").onDelete("cascade"),
    )
    .addColumn("collection_id", "text", (col) =>
      col.notNull().references("collections.collection_id").onDelete("cascade"),
    )
    // The user who asked: a download is theirs alone.
    .addColumn("requested_by", "text", (col) => col.notNull())
    // The archive's file name, without ".zip": the collection's name when asked.
    .addColumn("archive_name", "text", (col) => col.notNull())
    // ready or failed.
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("total_parts", "integer", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    // After this the request and its links are gone (a clean-up job removes the rows).
    .addColumn("expires_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("downloads_expires").on("downloads").column("expires_at").execute();

  // The entries of each part, in archive order.
  await db.schema
    .createTable("download_entries")
    .addColumn("download_id", "text", (col) =>
      col.notNull().references("downloads.download_id").onDelete("cascade"),
    )
    .addColumn("part", "integer", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("file_id", "text", (col) => col.notNull())
    .addColumn("blob_key", "text", (col) => col.notNull())
    .addColumn("entry_name", "text", (col) => col.notNull())
    .addColumn("size", "bigint", (col) => col.notNull())
    .addColumn("crc32", "bigint", (col) => col.notNull())
    .addColumn("modified_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("download_entries_pk", ["download_id", "part", "position"])
    .execute();

  // Bytes served by downloads (zips and single files), charged to the team owner's plan.
  await db.schema
    .createTable("traffic_usage")
    .addColumn("owner_id", "text", (col) => col.notNull())
    // "2026-11" (UTC month) for plans counted per month, "total" for plans counted in all.
    .addColumn("period", "text", (col) => col.notNull())
    .addColumn("bytes", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("traffic_usage_pk", ["owner_id", "period"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("traffic_usage").execute();
  await db.schema.dropTable("download_entries").execute();
  await db.schema.dropTable("downloads").execute();
}
