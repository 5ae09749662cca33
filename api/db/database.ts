import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, type Migration, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import * as m0001 from "./migrations/0001-initial.ts";
import type { Database, Db } from "./schema.ts";

/** Every migration, in order. They are imported, not read from disk, so the bundled host has them. */
const migrations: Record<string, Migration> = {
  "0001-initial": m0001,
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
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SqliteDatabase(path.join(options.dataDir, "app.db"));
  file.pragma("journal_mode = WAL");
  file.pragma("foreign_keys = ON");
  file.pragma("busy_timeout = 5000");
  file.pragma("synchronous = NORMAL");
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) }),
    dialect: "sqlite",
  };
}

/**
 * Applies pending migrations. Kysely's migrator takes a lock (a lock table; on PostgreSQL an
 * exclusive table lock in a transaction), so instances starting together apply each one once.
 */
export async function migrateToLatest(db: Db) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** A real round trip, used by the status endpoint. */
export async function pingDatabase(db: Db) {
  await sql`select 1`.execute(db);
}
