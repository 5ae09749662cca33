import type BetterSqlite3 from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/**
 * better-sqlite3 for Kysely, with its prepared statements kept. Kysely prepares every query it
 * runs, and on the files screen preparing was as costly as running the queries (issue 14's
 * profile). The same SQL text gets its statement back; the least recently used is dropped past
 * `limit`. Statements run synchronously, so one is in use twice only while a streamed query
 * iterates it: a busy statement is never handed out, a fresh one is prepared instead.
 */
export function withStatementCache(database: BetterSqlite3.Database, limit = 500): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept?.busy) return database.prepare(sql);
      const statement = kept ?? database.prepare(sql);
      statements.delete(sql);
      statements.set(sql, statement);
      if (statements.size > limit) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
