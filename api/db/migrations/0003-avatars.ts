import type { Kysely } from "kysely";

// Avatar uploads: one row per requested avatar, from the upload address it hands out (or the
// link it fetches) to the stored image. Only types SQLite and PostgreSQL share: text, integer,
// bigint epoch ms.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("avatar_uploads")
    // Random and unguessable: it names the public image too.
    .addColumn("avatar_id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) =>
      col.notNull().references("users.user_id").onDelete("cascade"),
    )
    // waiting (for the upload), processing, ready or error.
    .addColumn("status", "text", (col) => col.notNull())
    // upload (PUT to the signed address) or remote (a link the server fetches).
    .addColumn("source", "text", (col) => col.notNull())
    // The type announced for an upload; the bytes must be of it.
    .addColumn("content_type", "text")
    .addColumn("remote_url", "text")
    .addColumn("error_code", "text")
    .addColumn("error_message", "text")
    // The signed upload address works once, until this instant.
    .addColumn("upload_expires_at", "bigint")
    .addColumn("upload_used_at", "bigint")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("avatar_uploads_user_status")
    .on("avatar_uploads")
    .columns(["user_id", "status"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("avatar_uploads").execute();
}
