import type { Kysely } from "kysely";

// Migrations use only what SQLite and PostgreSQL share: text, integer, bigint (epoch ms), no enums.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("subscriptions")
    .addColumn("email", "text", (col) => col.primaryKey())
    .addColumn("terms_version", "text", (col) => col.notNull())
    .addColumn("privacy_version", "text", (col) => col.notNull())
    .addColumn("locale", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("subscriptions").execute();
}
