import type { Kysely } from "kysely";

// Unsubscribing (docs/product.md#landing, ADR 036): an early-access address is marked at once, so
// nothing more is sent to it, and deleted by a job soon after (within 5 days).
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("subscriptions").addColumn("unsubscribed_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("subscriptions").dropColumn("unsubscribed_at").execute();
}
