import type { Kysely } from "kysely";

// Collections of a team, the members tagged on them, and when each member last read each one.
// Only types SQLite and PostgreSQL share: text, bigint epoch ms.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("collections")
    .addColumn("collection_id", "text", (col) => col.primaryKey())
    .addColumn("team_id", "text", (col) =>
      col.notNull().references("teams.team_id").onDelete("cascade"),
    )
    .addColumn("name", "text", (col) => col.notNull())
    // Lowercased name, for case-insensitive search later.
    .addColumn("name_key", "text", (col) => col.notNull())
    .addColumn("description", "text")
    // owned or collaborative.
    .addColumn("mode", "text", (col) => col.notNull())
    // draft or published.
    .addColumn("status", "text", (col) => col.notNull())
    // A member id; kept when the member leaves, so the collection keeps its creator.
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .addColumn("updated_by", "text", (col) => col.notNull())
    // The instant lists sort and filter by: created_at for now, later moved by its files.
    .addColumn("ref_date", "bigint", (col) => col.notNull())
    .execute();
  // Keyset pages in ref_date order, whole team or one creator.
  await db.schema
    .createIndex("collections_team_ref")
    .on("collections")
    .columns(["team_id", "ref_date", "collection_id"])
    .execute();
  await db.schema
    .createIndex("collections_team_creator_ref")
    .on("collections")
    .columns(["team_id", "created_by", "ref_date", "collection_id"])
    .execute();

  await db.schema
    .createTable("collection_tags")
    .addColumn("collection_id", "text", (col) =>
      col.notNull().references("collections.collection_id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("collection_tags_pk", ["collection_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("collection_tags_user")
    .on("collection_tags")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("collection_reads")
    .addColumn("collection_id", "text", (col) =>
      col.notNull().references("collections.collection_id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("read_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("collection_reads_pk", ["collection_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("collection_reads").execute();
  await db.schema.dropTable("collection_tags").execute();
  await db.schema.dropTable("collections").execute();
}
