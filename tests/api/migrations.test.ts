import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "#api/db/database.ts";
import { freshDatabase } from "./support/api-server.ts";

const run = promisify(execFile);
let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.drop());

/** One instance starting: a separate process that opens the database and migrates it. */
async function startInstance() {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "tests/api/support/migrate.ts"],
    {
      env: {
        ...process.env,
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? "",
        DATABASE_SCHEMA: database.schema ?? "",
      },
    },
  );
  return JSON.parse(stdout) as string[];
}

const MIGRATIONS = [
  "0001-initial",
  "0002-accounts",
  "0003-avatars",
  "0004-teams",
  "0005-collections",
  "0006-files",
  "0007-downloads",
  "0008-billing",
  "0009-unsubscribe",
  "0010-scale-out",
  "0011-previews",
  "0012-live-photos",
  "0013-pdf-previews",
  "0014-taken-and-camera",
  "0015-email-change",
  "0019-federated-flows",
  "0020-activity",
  "0021-trash",
  "0022-team-deletion",
  "0024-consent",
  "0025-drop-links",
  "0026-digest-opt-out",
  "0027-file-sha256",
  "0028-download-drop-link",
];

describe("migrations", () => {
  it("apply once when several instances start together, and then are a no-op", async () => {
    const applied = await Promise.all([startInstance(), startInstance(), startInstance()]);
    // Exactly one instance applied each migration; the others waited and found them done.
    expect(applied.flat().sort()).toEqual(MIGRATIONS);
    expect(await startInstance()).toEqual([]);
    const { db } = database.open();
    try {
      const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
      expect(rows.rows.map((row) => row.name)).toEqual(MIGRATIONS);
    } finally {
      await db.destroy();
    }
  });

  it("reads bigint epoch milliseconds back as numbers", async () => {
    const opened = database.open();
    const { db } = opened;
    try {
      await migrateToLatest(opened);
      const now = Date.now();
      await db
        .insertInto("subscriptions")
        .values({
          email: "t@example.com",
          terms_version: "x",
          privacy_version: "x",
          locale: "en",
          created_at: now,
        })
        .execute();
      const row = await db
        .selectFrom("subscriptions")
        .select("created_at")
        .executeTakeFirstOrThrow();
      expect(row.created_at).toBe(now);
    } finally {
      await db.destroy();
    }
  });
});
