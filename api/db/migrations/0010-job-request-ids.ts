import type { Kysely } from "kysely";

// Scale-out (issue 16): a job remembers the request that enqueued it, so the lines it logs,
// on whichever instance runs it, carry that request's id.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("jobs").addColumn("request_id", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("jobs").dropColumn("request_id").execute();
}
