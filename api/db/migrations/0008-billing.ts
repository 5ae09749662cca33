import type { Kysely } from "kysely";

// Billing (ADR 035): which plan each user pays for, as Stripe last told us, and the
// Stripe events already applied, so a webhook delivered twice changes nothing the second time.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("billing_accounts")
    .addColumn("user_id", "text", (col) =>
      col.primaryKey().references("users.user_id").onDelete("cascade"),
    )
    // Stripe's customer (cus_…), made at the first checkout.
    .addColumn("customer_id", "text", (col) => col.unique())
    .addColumn("subscription_id", "text")
    // The catalogue plan the subscription pays for; null when there is none.
    .addColumn("plan_id", "text")
    // Stripe's subscription status: active, trialing, past_due, canceled, unpaid, …
    .addColumn("subscription_status", "text")
    // When Stripe made the event last applied (epoch ms): an older one arriving late is ignored.
    .addColumn("changed_at", "bigint", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("billing_events")
    .addColumn("event_id", "text", (col) => col.primaryKey())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("received_at", "bigint", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("billing_events").execute();
  await db.schema.dropTable("billing_accounts").execute();
}
