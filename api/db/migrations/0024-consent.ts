import type { Kysely } from "kysely";

// What a person agreed to when their account was made (ADR 096): the terms' and the privacy
// policy's versions, and when they confirmed they are MINIMUM_AGE or older. Null for accounts
// made before this migration and for internal members, whom an administrator makes.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("users").addColumn("terms_version", "text").execute();
  await db.schema.alterTable("users").addColumn("privacy_version", "text").execute();
  await db.schema.alterTable("users").addColumn("age_confirmed_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("users").dropColumn("age_confirmed_at").execute();
  await db.schema.alterTable("users").dropColumn("privacy_version").execute();
  await db.schema.alterTable("users").dropColumn("terms_version").execute();
}
