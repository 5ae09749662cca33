import type { Kysely } from "kysely";

// Drop links (ADR 097): people without an account send files to a collection through a link.
// A link belongs to its collection; a guest is one browser's (or app's) entry through a link;
// a file a guest sends keeps the link, the guest and the name they gave, and whether it waits
// for review.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("drop_links")
    .addColumn("link_id", "text", (col) => col.primaryKey())
    .addColumn("team_id", "text", (col) => col.notNull())
    .addColumn("collection_id", "text", (col) => col.notNull())
    // The link's secret, the last part of its short address: DROP_TOKEN_BYTES random bytes,
    // base64url. Kept as it is, since the link's screen shows its address and QR code again.
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("message", "text")
    // No uploads after this; null: no deadline. time_zone is where it was set (IANA name).
    .addColumn("deadline_at", "bigint")
    .addColumn("time_zone", "text", (col) => col.notNull())
    // A PIN's hash (the account password hasher); null: no PIN.
    .addColumn("pin_hash", "text")
    .addColumn("ask_name", "text", (col) => col.notNull())
    .addColumn("ask_email", "integer", (col) => col.notNull())
    // Per guest; null: only the plan's limits.
    .addColumn("guest_max_files", "integer")
    .addColumn("guest_max_bytes", "bigint")
    .addColumn("guests_see", "text", (col) => col.notNull())
    .addColumn("hold_for_review", "integer", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    // The member who made it: the link works while they may enter the team (ADR 085).
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    // The last digest mail about its guests' files went out then (null: none yet).
    .addColumn("digest_sent_at", "bigint")
    .execute();
  await db.schema
    .createIndex("drop_links_collection")
    .on("drop_links")
    .columns(["collection_id", "created_at"])
    .execute();
  await db.schema
    .createTable("drop_guests")
    .addColumn("guest_id", "text", (col) => col.primaryKey())
    .addColumn("link_id", "text", (col) => col.notNull())
    // SHA-256 (hex) of the guest's credential: the credential itself is only in their cookie.
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("name", "text")
    .addColumn("email", "text")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("drop_guests_link").on("drop_guests").column("link_id").execute();
  await db.schema.alterTable("files").addColumn("drop_link_id", "text").execute();
  await db.schema.alterTable("files").addColumn("guest_id", "text").execute();
  // The name the guest gave when the file was sent; null: they gave none.
  await db.schema.alterTable("files").addColumn("guest_name", "text").execute();
  // "held": waits for an owner's or admin's review, seen by no one else; null: reviewed or never held.
  await db.schema.alterTable("files").addColumn("review_state", "text").execute();
  await db.schema
    .createIndex("files_drop_link")
    .on("files")
    .columns(["drop_link_id", "created_at"])
    .execute();
  await db.schema.createIndex("files_guest").on("files").column("guest_id").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("files_guest").execute();
  await db.schema.dropIndex("files_drop_link").execute();
  for (const column of ["review_state", "guest_name", "guest_id", "drop_link_id"]) {
    await db.schema.alterTable("files").dropColumn(column).execute();
  }
  await db.schema.dropTable("drop_guests").execute();
  await db.schema.dropTable("drop_links").execute();
}
