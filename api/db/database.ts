import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, type Migration, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import * as m0001 from "./migrations/0001-initial.ts";
import * as m0002 from "./migrations/0002-accounts.ts";
import * as m0003 from "./migrations/0003-avatars.ts";
import * as m0004 from "./migrations/0004-teams.ts";
import * as m0005 from "./migrations/0005-collections.ts";
import * as m0006 from "./migrations/0006-files.ts";
import * as m0007 from "./migrations/0007-downloads.ts";
import * as m0008 from "./migrations/0008-billing.ts";
import * as m0009 from "./migrations/0009-unsubscribe.ts";
import * as m0010 from "./migrations/0010-scale-out.ts";
import * as m0011 from "./migrations/0011-previews.ts";
import * as m0012 from "./migrations/0012-live-photos.ts";
import * as m0013 from "./migrations/0013-pdf-previews.ts";
import * as m0014 from "./migrations/0014-taken-and-camera.ts";
import * as m0015 from "./migrations/0015-email-change.ts";
import * as m0019 from "./migrations/0019-federated-flows.ts";
import * as m0020 from "./migrations/0020-activity.ts";
import * as m0021 from "./migrations/0021-trash.ts";
import * as m0022 from "./migrations/0022-team-deletion.ts";
import * as m0024 from "./migrations/0024-consent.ts";
import * as m0025 from "./migrations/0025-drop-links.ts";
import * as m0026 from "./migrations/0026-digest-opt-out.ts";
import * as m0027 from "./migrations/0027-file-sha256.ts";
import * as m0028 from "./migrations/0028-download-drop-link.ts";
import type { Database, Db } from "./schema.ts";
import { withStatementCache } from "./statement-cache.ts";

/** Every migration, in order. They are imported, not read from disk, so the bundled host has them. */
const migrations: Record<string, Migration> = {
  "0001-initial": m0001,
  "0002-accounts": m0002,
  "0003-avatars": m0003,
  "0004-teams": m0004,
  "0005-collections": m0005,
  "0006-files": m0006,
  "0007-downloads": m0007,
  "0008-billing": m0008,
  "0009-unsubscribe": m0009,
  "0010-scale-out": m0010,
  "0011-previews": m0011,
  "0012-live-photos": m0012,
  "0013-pdf-previews": m0013,
  "0014-taken-and-camera": m0014,
  "0015-email-change": m0015,
  "0019-federated-flows": m0019,
  "0020-activity": m0020,
  "0021-trash": m0021,
  "0022-team-deletion": m0022,
  "0024-consent": m0024,
  "0025-drop-links": m0025,
  "0026-digest-opt-out": m0026,
  "0027-file-sha256": m0027,
  "0028-download-drop-link": m0028,
};

export type Dialect = "sqlite" | "postgres";

export interface DatabaseOptions {
  /** SQLite lives at `${dataDir}/app.db` unless a PostgreSQL URL is given. */
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  schema?: string;
}

export interface OpenDatabase {
  db: Db;
  dialect: Dialect;
  /** The PostgreSQL schema in use, when not the default. */
  schema?: string;
  /** PostgreSQL's connection pool, for the metrics. */
  pool?: pg.Pool;
}

const INT8_OID = 20;

export function openDatabase(options: DatabaseOptions): OpenDatabase {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
      types: {
        // bigint columns hold epoch milliseconds, well inside Number's safe range.
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          oid === INT8_OID
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: "postgres",
      schema: options.schema,
      pool,
    };
  }
  // Readable by the server's user only (ADR 022). SQLite would create the database with its
  // default 0644; its -wal and -shm take the database's mode, so creating it first is enough.
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const filename = path.join(options.dataDir, "app.db");
  fs.closeSync(fs.openSync(filename, "a", 0o600));
  const file = new SqliteDatabase(filename);
  file.pragma("journal_mode = WAL");
  file.pragma("foreign_keys = ON");
  file.pragma("busy_timeout = 5000");
  file.pragma("synchronous = NORMAL");
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(file) }),
    }),
    dialect: "sqlite",
  };
}

/**
 * Applies pending migrations. Kysely's migrator takes a lock (a lock table; on PostgreSQL an
 * exclusive table lock in a transaction), so instances starting together apply each one once.
 */
export async function migrateToLatest({ db, dialect, schema }: OpenDatabase) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its tables across all schemas; name ours so schemas never mix.
    migrationTableSchema: schema,
  });
  const run = async () => {
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error;
    return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  };
  return dialect === "sqlite" ? withSqliteMigrationLock(db, run) : run();
}

const LOCK_STALE_MS = 10 * 60_000;
const LOCK_WAIT_MS = 120_000;

/**
 * Kysely's SQLite adapter takes no lock (it assumes one process). Several processes may share one
 * DATA_DIR during a rolling restart, so they take turns through a lock row: inserted atomically,
 * deleted when done, and considered abandoned after ten minutes (a process that died mid-way).
 */
async function withSqliteMigrationLock<T>(db: Db, run: () => Promise<T>) {
  await sql`create table if not exists migration_lock (id text primary key, locked_at bigint not null)`.execute(
    db,
  );
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    await sql`delete from migration_lock where locked_at < ${Date.now() - LOCK_STALE_MS}`.execute(
      db,
    );
    const inserted =
      await sql`insert into migration_lock (id, locked_at) values ('migrate', ${Date.now()}) on conflict do nothing`.execute(
        db,
      );
    if (Number(inserted.numAffectedRows) === 1) break;
    if (Date.now() > deadline)
      throw new Error("Timed out waiting for another instance to finish migrating");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await run();
  } finally {
    await sql`delete from migration_lock where id = 'migrate'`.execute(db);
  }
}

/** A real round trip, used by the status endpoint. */
export async function pingDatabase(db: Db) {
  await sql`select 1`.execute(db);
}
