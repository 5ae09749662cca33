import { type Kysely, sql } from "kysely";

// Teams, their aliases and logos, and their members (invited, internal or joined). Only types
// SQLite and PostgreSQL share: text, integer, bigint epoch ms.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("teams")
    .addColumn("team_id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    // Lowercased name, for case-insensitive prefix search on both databases.
    .addColumn("name_key", "text", (col) => col.notNull())
    .addColumn("description", "text")
    // collaborative or controlled.
    .addColumn("mode", "text", (col) => col.notNull())
    .addColumn("logo_url", "text")
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("owner_id", "text", (col) => col.notNull().references("users.user_id"))
    .addColumn("updated_by", "text", (col) => col.notNull())
    // The favourite alias: the one shown, and the team code internal members type.
    .addColumn("star_alias", "text")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("team_aliases")
    // Lowercase by the domain rule, unique across all teams, never changed.
    .addColumn("alias", "text", (col) => col.primaryKey())
    .addColumn("team_id", "text", (col) =>
      col.notNull().references("teams.team_id").onDelete("cascade"),
    )
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("team_aliases_team").on("team_aliases").column("team_id").execute();

  await db.schema
    .createTable("members")
    .addColumn("team_id", "text", (col) =>
      col.notNull().references("teams.team_id").onDelete("cascade"),
    )
    // The member's user id; `EMAIL#<address>` for an invitation nobody has accepted yet.
    .addColumn("member_id", "text", (col) => col.notNull())
    // Set once an account stands behind the membership (joined, or internal).
    .addColumn("user_id", "text", (col) => col.references("users.user_id").onDelete("cascade"))
    // The invited address (lowercase); null for internal members.
    .addColumn("email", "text")
    .addColumn("nickname", "text", (col) => col.notNull())
    // Lowercased nickname: unique within the team, and the key of prefix search.
    .addColumn("nickname_key", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    // internal or other.
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("locale", "text", (col) => col.notNull().defaultTo("en"))
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .addColumn("joined_at", "bigint")
    // SHA-256 of the single-use invitation token; the token itself is only in the mail.
    .addColumn("invite_token_hash", "text")
    .addColumn("invite_sent_at", "bigint")
    .addColumn("invite_expires_at", "bigint")
    .addPrimaryKeyConstraint("members_pk", ["team_id", "member_id"])
    .execute();
  await db.schema
    .createIndex("members_team_nickname")
    .on("members")
    .columns(["team_id", "nickname_key"])
    .unique()
    .execute();
  await db.schema.createIndex("members_user").on("members").column("user_id").execute();
  await db.schema
    .createIndex("members_invite_token")
    .on("members")
    .column("invite_token_hash")
    .unique()
    .where(sql.ref("invite_token_hash"), "is not", null)
    .execute();

  await db.schema
    .createTable("logo_uploads")
    .addColumn("logo_id", "text", (col) => col.primaryKey())
    .addColumn("team_id", "text", (col) =>
      col.notNull().references("teams.team_id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (col) => col.notNull())
    // waiting (for the upload), processing, ready or error; as avatar_uploads.
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("content_type", "text")
    .addColumn("remote_url", "text")
    .addColumn("error_code", "text")
    .addColumn("error_message", "text")
    .addColumn("upload_expires_at", "bigint")
    .addColumn("upload_used_at", "bigint")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("logo_uploads_team_status")
    .on("logo_uploads")
    .columns(["team_id", "status"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("logo_uploads").execute();
  await db.schema.dropTable("members").execute();
  await db.schema.dropTable("team_aliases").execute();
  await db.schema.dropTable("teams").execute();
}
