import type BetterSqlite3 from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * better-sqlite3 for Kysely, with its prepared statements kept. Kysely prepares every query it
 * runs, and on the files screen preparing was as costly as running the queries
 * (docs/performance.md#server-throughput). The same SQL text gets its statement back; the least
 * recently used is dropped past `limit`. Statements run synchronously, so one is in use twice only
 * while a streamed query iterates it: a busy statement is never handed out, a fresh one is prepared
 * instead.
 *
 * A statement that answers rows reads them as arrays, and one function made for its columns
 * turns each into the object Kysely expects, the same object better-sqlite3 would make (a later
 * column of the same name wins, as there). better-sqlite3 sets an object's properties one by
 * one: a files list of 20 rows took twice as long to read that way
 * (docs/performance.md#server-throughput).
 */
export function withStatementCache(database: BetterSqlite3.Database, limit = 500): SqliteDatabase {
  const statements = new Map<
    string,
    { statement: BetterSqlite3.Statement; kysely: SqliteStatement }
  >();
  return {
    close: () => database.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept?.statement.busy) return forKysely(database.prepare(sql));
      const entry = kept ?? prepared(database.prepare(sql));
      statements.delete(sql);
      statements.set(sql, entry);
      if (statements.size > limit) statements.delete(statements.keys().next().value as string);
      return entry.kysely;
    },
  };
}

function prepared(statement: BetterSqlite3.Statement) {
  return { statement, kysely: forKysely(statement) };
}

function forKysely(statement: BetterSqlite3.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const row = rowMaker(statement.columns().map((column) => column.name));
  const rows = statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (rows.all(parameters) as unknown[][]).map(row),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of rows.iterate(parameters) as IterableIterator<unknown[]>) {
        yield row(values);
      }
    },
  };
}

/**
 * `(values) => ({ "name": values[0], … })`, written out as one object literal so every row of a
 * statement has the same shape from the start. The names are written as JSON strings. (A column
 * named `__proto__` would set the prototype, as better-sqlite3's own assignment does.)
 */
function rowMaker(names: readonly string[]): (values: unknown[]) => Record<string, unknown> {
  const properties = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  return new Function("values", `return { ${properties.join(", ")} };`) as (
    values: unknown[],
  ) => Record<string, unknown>;
}
