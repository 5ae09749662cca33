import { createHash, randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database as Schema } from "#api/db/schema.ts";
import { guestCookieName } from "../../../app/services/drop-guest.server.ts";
import { DROP_PATH_PREFIX, DROP_TOKEN_BYTES, type GuestsSee } from "../../../domain/drop-links.ts";
import { createDropLink } from "../../api/support/drop-links.ts";

/**
 * A drop link (ADR 097) on a collection, written into the app's own database as the links'
 * endpoints write it, made by the team's owner. Answers its token.
 */
function appDatabase() {
  const dataDir = process.env.E2E_APP_DATA_DIR;
  if (!dataDir) throw new Error("E2E_APP_DATA_DIR is set by playwright.config.ts");
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  return db;
}

export function insertDropLink(
  teamId: string,
  collectionId: string,
  {
    guestsSee,
    title = "Send us your photos",
    pinHash = null,
    status = "active",
  }: {
    guestsSee: GuestsSee;
    title?: string;
    /** A PIN's hash (hashPassword, api/auth/passwords.ts); none when absent. */
    pinHash?: string | null;
    status?: "active" | "paused" | "revoked";
  },
) {
  const db = appDatabase();
  try {
    const { owner_id: ownerId } = db
      .prepare("SELECT owner_id FROM teams WHERE team_id = ?")
      .get(teamId) as { owner_id: string };
    const token = randomBytes(DROP_TOKEN_BYTES).toString("base64url");
    const at = Date.now();
    db.prepare(
      `INSERT INTO drop_links (link_id, team_id, collection_id, token, title, message, deadline_at,
        time_zone, pin_hash, ask_name, ask_email, guest_max_files, guest_max_bytes, guests_see,
        hold_for_review, status, created_by, created_at, updated_at, digest_sent_at)
       VALUES (?, ?, ?, ?, ?, NULL, NULL, 'Europe/Rome', ?, 'off', 0, NULL, NULL, ?, 0, ?,
        ?, ?, ?, NULL)`,
    ).run(
      randomUUID(),
      teamId,
      collectionId,
      token,
      title,
      pinHash,
      guestsSee,
      status,
      ownerId,
      at,
      at,
    );
    return token;
  } finally {
    db.close();
  }
}

/**
 * A guest of the link `token`, as its page lets one in (api/drop-links/guests.ts keeps the
 * credential's SHA-256): the cookie that makes this browser that guest, as
 * app/services/drop-guest.server.ts sets it.
 */
export function guestCookie(token: string, host = "127.0.0.1") {
  const credential = randomBytes(32).toString("base64url");
  const db = appDatabase();
  try {
    const { link_id: linkId } = db
      .prepare("SELECT link_id FROM drop_links WHERE token = ?")
      .get(token) as { link_id: string };
    db.prepare(
      "INSERT INTO drop_guests (guest_id, link_id, token_hash, name, email, created_at) VALUES (?, ?, ?, NULL, NULL, ?)",
    ).run(randomUUID(), linkId, createHash("sha256").update(credential).digest("hex"), Date.now());
  } finally {
    db.close();
  }
  // Remix's unsigned cookie: the value as JSON, in base64.
  const value = Buffer.from(JSON.stringify(credential)).toString("base64");
  return { name: guestCookieName(token), value, domain: host, path: DROP_PATH_PREFIX };
}

/**
 * A drop link (ADR 097) written into the "app" host's own database, as the API tests' helper
 * writes it (tests/api/support/drop-links.ts): made by the team's owner, open, with whatever
 * `overrides` say. Answers the link, its token and PIN among its fields.
 */
export async function appDropLink(
  target: { teamId: string; collectionId: string },
  overrides: Omit<Parameters<typeof createDropLink>[1], "collection" | "creator"> = {},
) {
  const dataDir = process.env.E2E_APP_DATA_DIR;
  if (!dataDir) throw new Error("E2E_APP_DATA_DIR is set by playwright.config.ts");
  const sqlite = new Database(path.join(dataDir, "app.db"));
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const team = await db
      .selectFrom("teams")
      .select("owner_id")
      .where("team_id", "=", target.teamId)
      .executeTakeFirstOrThrow();
    return await createDropLink(db, { collection: target, creator: team.owner_id, ...overrides });
  } finally {
    await db.destroy();
  }
}
