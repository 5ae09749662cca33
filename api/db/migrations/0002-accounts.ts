import { type Kysely, sql } from "kysely";

// Accounts: users, their email codes, refresh-token families and the rate-limit counters. Only
// types SQLite and PostgreSQL share: text, integer (0/1 for booleans), bigint epoch ms.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("users")
    .addColumn("user_id", "text", (col) => col.primaryKey())
    // Internal members have no email; unique indexes let several nulls through on both databases.
    .addColumn("email", "text", (col) => col.unique())
    .addColumn("email_verified", "integer", (col) => col.notNull().defaultTo(0))
    // Null for accounts that only sign in through a provider.
    .addColumn("password_hash", "text")
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("nickname", "text")
    .addColumn("preferred_name", "text")
    .addColumn("username", "text", (col) => col.notNull())
    // Internal members belong to one team; the teams table comes later, so no foreign key yet.
    .addColumn("team_id", "text")
    .addColumn("user_scope", "text", (col) => col.notNull())
    .addColumn("must_change_password", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("locale", "text", (col) => col.notNull().defaultTo("en"))
    .addColumn("avatar_url", "text")
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();
  // A username is unique within its team, and among users of no team.
  await db.schema
    .createIndex("users_team_username")
    .on("users")
    .columns(["team_id", "username"])
    .unique()
    .execute();
  await db.schema
    .createIndex("users_global_username")
    .on("users")
    .column("username")
    .unique()
    .where(sql.ref("team_id"), "is", null)
    .execute();

  await db.schema
    .createTable("email_codes")
    .addColumn("code_id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) =>
      col.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("expires_at", "bigint", (col) => col.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema
    .createIndex("email_codes_user_purpose")
    .on("email_codes")
    .columns(["user_id", "purpose"])
    .execute();

  // One row per sign-in: the family of refresh tokens that rotate from it.
  await db.schema
    .createTable("sessions")
    .addColumn("family_id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) =>
      col.notNull().references("users.user_id").onDelete("cascade"),
    )
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("family_id", "text", (col) =>
      col.notNull().references("sessions.family_id").onDelete("cascade"),
    )
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("expires_at", "bigint", (col) => col.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema
    .createIndex("refresh_tokens_family")
    .on("refresh_tokens")
    .column("family_id")
    .execute();

  // Fixed-window counters shared by every instance.
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("window_start", "bigint", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limits_window")
    .on("rate_limits")
    .column("window_start")
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("rate_limits").execute();
  await db.schema.dropTable("refresh_tokens").execute();
  await db.schema.dropTable("sessions").execute();
  await db.schema.dropTable("email_codes").execute();
  await db.schema.dropTable("users").execute();
}
