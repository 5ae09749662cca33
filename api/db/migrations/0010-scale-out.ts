import type { Kysely } from "kysely";

// Scale-out (ADR 037):
// - a job remembers the request that enqueued it, so the lines it logs, on whichever instance
//   runs it, carry that request's id;
// - a resumable upload's lock is a row every instance sees (api/uploads/upload-locks.ts).
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("jobs").addColumn("request_id", "text").execute();
  await db.schema
    .createTable("upload_locks")
    .addColumn("upload_id", "text", (column) => column.primaryKey())
    .addColumn("holder", "text", (column) => column.notNull())
    .addColumn("expires_at", "bigint", (column) => column.notNull())
    .addColumn("release_requested_at", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("upload_locks").execute();
  await db.schema.alterTable("jobs").dropColumn("request_id").execute();
}
