import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { fixedQuery, shapedQuery } from "#api/db/fixed-query.ts";
import type { Database as Schema } from "#api/db/schema.ts";
import { withStatementCache } from "#api/db/statement-cache.ts";

const open: Kysely<Schema>[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

/** A real SQLite database with the one table these tests read, and what Kysely prepares. */
function aliasesDb() {
  const file = new Database(":memory:");
  file.exec(`create table team_aliases (team_id text, alias text, created_at integer, created_by text);
    insert into team_aliases values ('t1', 'red', 2, 'u1'), ('t1', 'blue', 1, 'u1'), ('t2', 'green', 3, 'u1')`);
  const prepared: string[] = [];
  const cached = withStatementCache(file);
  const db = new Kysely<Schema>({
    dialect: new SqliteDialect({
      database: {
        close: cached.close,
        prepare: (text) => {
          prepared.push(text);
          return cached.prepare(text);
        },
      },
    }),
  });
  open.push(db);
  return { db, prepared };
}

test("a fixed query answers each call's arguments with the SQL compiled the first time", async () => {
  const { db, prepared } = aliasesDb();
  let builds = 0;
  const aliases = fixedQuery((from: typeof db, teamId: string) => {
    builds++;
    return from
      .selectFrom("team_aliases")
      .select("alias")
      .where("team_id", "=", teamId)
      .orderBy("created_at");
  });
  expect(await aliases.all(db, "t1")).toEqual([{ alias: "blue" }, { alias: "red" }]);
  expect(await aliases.all(db, "t2")).toEqual([{ alias: "green" }]);
  expect(await aliases.first(db, "t1")).toEqual({ alias: "blue" });
  expect(await aliases.first(db, "none")).toBeUndefined();
  // One SQL text for every call; the builds are the one compilation and, under test, each
  // call's check that its own arguments give the same SQL.
  expect(new Set(prepared)).toEqual(
    new Set(['select "alias" from "team_aliases" where "team_id" = ? order by "created_at"']),
  );
  expect(builds).toBe(1 + 4);
});

test("values of the query's own stay in place, and an argument may be used twice", async () => {
  const { db } = aliasesDb();
  const named = fixedQuery((from: typeof db, name: string) =>
    from
      .selectFrom("team_aliases")
      .select("team_id")
      .where("team_id", "in", ["t1", "t2"])
      .where((eb) => eb.or([eb("alias", "=", name), eb("team_id", "=", name)])),
  );
  expect(await named.all(db, "green")).toEqual([{ team_id: "t2" }]);
  expect(await named.all(db, "t1")).toEqual([{ team_id: "t1" }, { team_id: "t1" }]);
  expect(await named.all(db, "t3")).toEqual([]);
});

test("an argument that does not become a value of the query is refused", async () => {
  const { db } = aliasesDb();
  const unused = fixedQuery((from: typeof db, _teamId: string) =>
    from.selectFrom("team_aliases").select("alias"),
  );
  await expect(unused.all(db, "t1")).rejects.toThrow(/argument 0 is not a value of the query/);
  const written = fixedQuery((from: typeof db, column: string) =>
    from.selectFrom("team_aliases").select(sql.ref(String(column)).as("value")),
  );
  await expect(written.all(db, "alias")).rejects.toThrow(/argument 0 is not a value of the query/);
});

test("under test, a query whose SQL depends on its arguments fails instead of answering", async () => {
  const { db } = aliasesDb();
  const maybe = fixedQuery((from: typeof db, teamId: string | undefined) => {
    const all = from.selectFrom("team_aliases").select("alias");
    return teamId ? all.where("team_id", "=", teamId) : all;
  });
  expect(await maybe.all(db, "t2")).toEqual([{ alias: "green" }]);
  await expect(maybe.all(db, undefined)).rejects.toThrow(/depends on its arguments/);
});

test("in a transaction, and in another database, the query is compiled for each", async () => {
  const first = aliasesDb();
  const second = aliasesDb();
  const aliases = fixedQuery((from: typeof first.db, teamId: string) =>
    from.selectFrom("team_aliases").select("alias").where("team_id", "=", teamId),
  );
  expect(await aliases.all(first.db, "t2")).toEqual([{ alias: "green" }]);
  await second.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("team_aliases")
      .values({ team_id: "t2", alias: "teal", created_at: 4, created_by: "u1" })
      .execute();
    expect(await aliases.all(trx, "t2")).toEqual([{ alias: "green" }, { alias: "teal" }]);
  });
  expect(await aliases.all(second.db, "t2")).toEqual([{ alias: "green" }, { alias: "teal" }]);
  expect(await aliases.all(first.db, "t2")).toEqual([{ alias: "green" }]);
});

test("a shaped query is compiled once for each shape and each set of given values", async () => {
  const { db, prepared } = aliasesDb();
  let builds = 0;
  const aliases = shapedQuery(
    (
      from: typeof db,
      shape: { direction: "asc" | "desc" },
      values: { teamId?: string; after?: number },
    ) => {
      builds++;
      let select = from.selectFrom("team_aliases").select("alias");
      if (values.teamId !== undefined) select = select.where("team_id", "=", values.teamId);
      if (values.after !== undefined) select = select.where("created_at", ">", values.after);
      return select.orderBy("created_at", shape.direction);
    },
  );
  const up = { direction: "asc" } as const;
  const down = { direction: "desc" } as const;
  expect(await aliases(db, up, { teamId: "t1" })).toEqual([{ alias: "blue" }, { alias: "red" }]);
  expect(await aliases(db, down, { teamId: "t1" })).toEqual([{ alias: "red" }, { alias: "blue" }]);
  expect(await aliases(db, up, {})).toEqual([
    { alias: "blue" },
    { alias: "red" },
    { alias: "green" },
  ]);
  expect(await aliases(db, up, { teamId: "t1", after: 1 })).toEqual([{ alias: "red" }]);
  expect(await aliases(db, up, { teamId: "t2", after: 1 })).toEqual([{ alias: "green" }]);
  expect(await aliases(db, up, { teamId: undefined, after: 2 })).toEqual([{ alias: "green" }]);
  expect(new Set(prepared)).toEqual(
    new Set([
      'select "alias" from "team_aliases" where "team_id" = ? order by "created_at" asc',
      'select "alias" from "team_aliases" where "team_id" = ? order by "created_at" desc',
      'select "alias" from "team_aliases" order by "created_at" asc',
      'select "alias" from "team_aliases" where "team_id" = ? and "created_at" > ? order by "created_at" asc',
      'select "alias" from "team_aliases" where "created_at" > ? order by "created_at" asc',
    ]),
  );
  // Five shapes compiled once each, and each of the six calls checked under test.
  expect(builds).toBe(5 + 6);
});

test("under test, a shaped query that decides on a value's content fails", async () => {
  const { db } = aliasesDb();
  const byTeam = shapedQuery((from: typeof db, _shape: null, values: { teamId: string }) => {
    const select = from.selectFrom("team_aliases").select("alias");
    // Wrong on purpose: the same SQL text, but a value of its own for one team.
    return values.teamId === "t1"
      ? select.where("team_id", "=", "t2")
      : select.where("team_id", "=", values.teamId);
  });
  expect(await byTeam(db, null, { teamId: "t2" })).toEqual([{ alias: "green" }]);
  await expect(byTeam(db, null, { teamId: "t1" })).rejects.toThrow(/depends on its arguments/);
});
