import type { Kysely } from "kysely";

// A change of email waits for a code mailed to the new address (ADR 077): the code's row keeps
// the address it confirms, and only a changeEmail code has one.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("email_codes").addColumn("new_email", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db
    .deleteFrom("email_codes" as never)
    .where("purpose" as never, "=", "changeEmail" as never)
    .execute();
  await db.schema.alterTable("email_codes").dropColumn("new_email").execute();
}
