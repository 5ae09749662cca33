import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { withStatementCache } from "#api/db/statement-cache.ts";

const open: Database.Database[] = [];
afterEach(() => {
  for (const database of open.splice(0)) database.close();
});

function memory() {
  const database = new Database(":memory:");
  open.push(database);
  database.exec("create table t (n integer); insert into t values (1), (2), (3)");
  return database;
}

test("the same SQL gets the same prepared statement, and it runs again with new parameters", () => {
  const cached = withStatementCache(memory());
  const first = cached.prepare("select n from t where n >= ?");
  expect(cached.prepare("select n from t where n >= ?")).toBe(first);
  expect(first.all([2])).toEqual([{ n: 2 }, { n: 3 }]);
  expect(cached.prepare("select n from t where n >= ?").all([3])).toEqual([{ n: 3 }]);
  expect(cached.prepare("select n from t where n <= ?")).not.toBe(first);
});

test("a statement busy with a streamed query is not handed out again", () => {
  const cached = withStatementCache(memory());
  const streaming = cached.prepare("select n from t");
  const rows = streaming.iterate([]);
  expect(rows.next().value).toEqual({ n: 1 });
  const meanwhile = cached.prepare("select n from t");
  expect(meanwhile).not.toBe(streaming);
  expect(meanwhile.all([])).toHaveLength(3);
  expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
});

test("past the limit, the least recently used statement is prepared anew", () => {
  const cached = withStatementCache(memory(), 2);
  const a = cached.prepare("select 1");
  const b = cached.prepare("select 2");
  expect(cached.prepare("select 1")).toBe(a); // now the most recent
  cached.prepare("select 3"); // drops "select 2"
  expect(cached.prepare("select 1")).toBe(a);
  expect(cached.prepare("select 2")).not.toBe(b);
});

test("rows come as the objects better-sqlite3 makes, whether read whole or streamed", () => {
  const database = memory();
  database.exec(
    "create table u (n integer, label text); insert into u values (1, 'one'), (2, null), (3, 'x')",
  );
  const cached = withStatementCache(database);
  const queries = [
    "select t.n, u.label from t left join u on u.n = t.n order by t.n",
    // Two columns of one name: the later wins, as in better-sqlite3's own objects.
    'select t.n, u.label as n, 1 as "odd name ""quoted""", 2 as __proto__ from t join u on u.n = t.n',
    "select count(*) as total from t",
  ];
  for (const sql of queries) {
    const own = database.prepare(sql).all();
    expect(cached.prepare(sql).all([])).toEqual(own);
    expect([...cached.prepare(sql).iterate([])]).toEqual(own);
  }
});

test("statements that write still run, and one that returns rows answers them", () => {
  const cached = withStatementCache(memory());
  expect(cached.prepare("insert into t values (?)").run([4])).toMatchObject({ changes: 1 });
  expect(cached.prepare("insert into t values (?) returning n, n * 2 as twice").all([5])).toEqual([
    { n: 5, twice: 10 },
  ]);
  expect(cached.prepare("select n from t where n > ?").all([3])).toEqual([{ n: 4 }, { n: 5 }]);
});
