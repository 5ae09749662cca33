import type { Kysely } from "kysely";

// Leaving notification mail (ADR 099): an account's address that followed an unsubscribe link
// is sent no more digests of guests' files. Kept on the account, unlike the early-access list's
// mark, which goes with its row.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("users").addColumn("notifications_off_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("users").dropColumn("notifications_off_at").execute();
}
