import type { Kysely } from "kysely";

// Social sign-in flows the API started and one ID token has since used (ADR 086): a flow signs
// in once, so a replayed ID token, even with its flow, is refused.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("federated_flows")
    .addColumn("flow_hash", "text", (col) => col.primaryKey())
    .addColumn("expires_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("federated_flows_expiry")
    .on("federated_flows")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("federated_flows").execute();
}
