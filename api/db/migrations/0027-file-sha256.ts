import type { Kysely } from "kysely";

// Duplicates (ADR 102): each file's SHA-256, in lowercase hex, computed by processing in the same
// pass as its CRC-32. Null for files stored before, and until processing has read the bytes.
// Looked up by collection and digest when a client asks which of its files are already there.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("files").addColumn("sha256", "text").execute();
  await db.schema
    .createIndex("files_collection_sha256")
    .on("files")
    .columns(["collection_id", "sha256"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("files_collection_sha256").execute();
  await db.schema.alterTable("files").dropColumn("sha256").execute();
}
