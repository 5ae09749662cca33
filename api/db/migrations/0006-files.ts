import type { Kysely } from "kysely";

// Files of collections, when each member last read each one, and the durable job queue that
// processes them (and later other background work). Only types SQLite and PostgreSQL share:
// text, integer, bigint epoch ms.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("files")
    .addColumn("file_id", "text", (col) => col.primaryKey())
    .addColumn("team_id", "text", (col) =>
      col.notNull().references("teams.team_id").onDelete("cascade"),
    )
    .addColumn("collection_id", "text", (col) =>
      col.notNull().references("collections.collection_id").onDelete("cascade"),
    )
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("name_key", "text", (col) => col.notNull())
    // The name the file was uploaded with; renames leave it.
    .addColumn("original_name", "text", (col) => col.notNull())
    // Declared by the client until the content is sniffed, then the sniffed type.
    .addColumn("content_type", "text", (col) => col.notNull())
    // Declared at creation, then the bytes actually received.
    .addColumn("size", "bigint", (col) => col.notNull())
    .addColumn("crc32", "bigint")
    // uploading, processing, ready or failed.
    .addColumn("status", "text", (col) => col.notNull())
    // Why processing refused the file (an error code), when it did.
    .addColumn("error_code", "text")
    // Where the original bytes are, once received; the derivatives, when made.
    .addColumn("blob_key", "text")
    .addColumn("thumbnail_key", "text")
    .addColumn("preview_key", "text")
    // The tus upload (or simple upload) that brings the bytes.
    .addColumn("upload_id", "text", (col) => col.unique())
    // A member id, kept when the member leaves.
    .addColumn("uploaded_by", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .addColumn("updated_by", "text", (col) => col.notNull())
    // What lists sort and filter by: the EXIF capture date when there is one, else the upload.
    .addColumn("ref_date", "bigint", (col) => col.notNull())
    .execute();
  // Keyset pages in ref_date order: a collection, one uploader in it, a whole team.
  await db.schema
    .createIndex("files_collection_ref")
    .on("files")
    .columns(["collection_id", "ref_date", "file_id"])
    .execute();
  await db.schema
    .createIndex("files_collection_uploader_ref")
    .on("files")
    .columns(["collection_id", "uploaded_by", "ref_date", "file_id"])
    .execute();
  await db.schema
    .createIndex("files_team_ref")
    .on("files")
    .columns(["team_id", "ref_date", "file_id"])
    .execute();

  await db.schema
    .createTable("file_reads")
    .addColumn("file_id", "text", (col) =>
      col.notNull().references("files.file_id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("read_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("file_reads_pk", ["file_id", "user_id"])
    .execute();

  await db.schema
    .createTable("jobs")
    .addColumn("job_id", "text", (col) => col.primaryKey())
    // What to do, e.g. processFile; payload is its JSON argument.
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    // Not before this instant (epoch ms); moved on by retries with back-off.
    .addColumn("run_at", "bigint", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    // A worker that claims a job holds it until then; a crashed worker's job is claimed again.
    .addColumn("locked_until", "bigint")
    .addColumn("last_error", "text")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("jobs_run_at").on("jobs").column("run_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("jobs").execute();
  await db.schema.dropTable("file_reads").execute();
  await db.schema.dropTable("files").execute();
}
