import type { Compilable, CompiledQuery } from "kysely";
import type { Db } from "./schema.ts";

/**
 * Stands for argument `index` while Kysely builds and compiles a fixed query: an object without
 * `toOperationNode`, so Kysely takes it as a value and makes it a parameter of the SQL.
 */
class Slot {
  constructor(readonly index: number) {}
}

/** A fixed query compiled for one database: its SQL, and where each argument goes. */
interface Template {
  query: CompiledQuery<unknown>;
  /** For each parameter of the SQL, the argument it takes, or -1 for a value of the query's own. */
  slots: number[];
}

export interface FixedQuery<Args extends unknown[], Row> {
  /** Every row the query answers for these arguments. */
  all(db: Db, ...args: Args): Promise<Row[]>;
  /** The first row, or undefined. */
  first(db: Db, ...args: Args): Promise<Row | undefined>;
}

/**
 * A read whose SQL is the same on every call, built and compiled by Kysely once per database
 * instead of on every call. Kysely makes a tree of frozen nodes from the builder's calls and
 * compiles it to SQL each time a query runs; the reads every page makes (the session, the team,
 * the caller's membership, the counts) spent more time there than in SQLite (issue 14's profile;
 * ADR 056).
 *
 * `build` gets a stand-in for each argument and must use it only as a value of the query
 * (`.where("team_id", "=", teamId)`): it becomes a parameter of the SQL, and each call puts its
 * argument there. What changes the SQL itself (a list for `in`, a condition added only for some
 * callers, a value turned into a string) has no place here: such a query gets one FixedQuery
 * per shape, or stays an ordinary Kysely query. The first compilation checks that every argument
 * became a parameter; under test each call also builds the query from its real arguments and
 * fails when the SQL differs, so a query that depends on its arguments cannot pass the suite.
 *
 * A transaction is a Kysely object of its own: a fixed query run in one is compiled for it.
 */
export function fixedQuery<Args extends unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): FixedQuery<Args, Row> {
  const templates = new WeakMap<Db, Template>();

  function compile(db: Db, arity: number): Template {
    const slotted = Array.from({ length: arity }, (_, index) => new Slot(index)) as Args;
    const query = build(db, ...slotted).compile();
    const slots = query.parameters.map((value) => (value instanceof Slot ? value.index : -1));
    for (let index = 0; index < arity; index++) {
      if (!slots.includes(index)) {
        throw new Error(`fixedQuery: argument ${index} is not a value of the query: ${query.sql}`);
      }
    }
    return { query, slots };
  }

  async function all(db: Db, ...args: Args): Promise<Row[]> {
    let template = templates.get(db);
    if (!template) {
      template = compile(db, args.length);
      templates.set(db, template);
    }
    const { query, slots } = template;
    if (verifying) verify(build(db, ...args).compile().sql, query.sql);
    const parameters = slots.map((slot, position) =>
      slot === -1 ? query.parameters[position] : args[slot],
    );
    const result = await db.executeQuery<Row>({ ...query, parameters } as CompiledQuery<Row>);
    return result.rows;
  }

  return {
    all,
    first: (db, ...args) => all(db, ...args).then((rows) => rows[0]),
  };
}

/** Vitest sets NODE_ENV to "test"; a production build never pays for the check. */
const verifying = process.env.NODE_ENV === "test";

function verify(actual: string, compiled: string) {
  if (actual !== compiled) {
    throw new Error(
      `fixedQuery: the query's SQL depends on its arguments.\nCompiled once: ${compiled}\nNow: ${actual}`,
    );
  }
}
