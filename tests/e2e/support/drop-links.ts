import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database as Schema } from "#api/db/schema.ts";
import { createDropLink } from "../../api/support/drop-links.ts";

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
