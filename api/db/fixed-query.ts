import type { Compilable, CompiledQuery } from "kysely";
import type { Db } from "./schema.ts";

/**
 * Stands for an argument (by position, or by name in a shaped query) while Kysely builds and
 * compiles a query: an object without `toOperationNode`, so Kysely takes it as a value and makes
 * it a parameter of the SQL.
 */
class Slot {
  constructor(readonly key: number | string) {}
}

/** A query compiled once: its SQL, and where each argument goes. */
interface Template {
  query: CompiledQuery<unknown>;
  /** For each parameter of the SQL, the argument it takes, or null for a value of the query's own. */
  slots: (number | string | null)[];
}

function template(query: CompiledQuery<unknown>, keys: (number | string)[]): Template {
  const slots = query.parameters.map((value) => (value instanceof Slot ? value.key : null));
  for (const key of keys) {
    if (!slots.includes(key)) {
      throw new Error(`fixedQuery: argument ${key} is not a value of the query: ${query.sql}`);
    }
  }
  return { query, slots };
}

async function run<Row>(
  db: Db,
  { query, slots }: Template,
  argument: (key: number | string) => unknown,
  check: (() => CompiledQuery<unknown>) | false,
): Promise<Row[]> {
  const parameters = slots.map((key, position) =>
    key === null ? query.parameters[position] : argument(key),
  );
  if (check) verify(check(), query.sql, parameters);
  const result = await db.executeQuery<Row>({ ...query, parameters } as CompiledQuery<Row>);
  return result.rows;
}

export interface FixedQuery<Args extends unknown[], Row> {
  /** Every row the query answers for these arguments. */
  all(db: Db, ...args: Args): Promise<Row[]>;
  /** The first row, or undefined. */
  first(db: Db, ...args: Args): Promise<Row | undefined>;
  /** Runs a query that answers no rows (an insert, an update). */
  run(db: Db, ...args: Args): Promise<void>;
}

/**
 * A query whose SQL is the same on every call, built and compiled by Kysely once per database
 * instead of on every call. Kysely makes a tree of frozen nodes from the builder's calls and
 * compiles it to SQL each time a query runs; the reads every page makes (the session, the team,
 * the caller's membership, the counts) spent more time there than in SQLite (ADR 056;
 * docs/performance.md#queries).
 *
 * `build` gets a stand-in for each argument and must use it only as a value of the query
 * (`.where("team_id", "=", teamId)`): it becomes a parameter of the SQL, and each call puts its
 * argument there. What changes the SQL itself (a list for `in`, a condition added only for some
 * callers, a value turned into a string) has no place here: such a query is a `shapedQuery`, or
 * stays an ordinary Kysely query. The first compilation checks that every argument became a
 * parameter; under test each call also builds the query from its real arguments and fails when
 * its SQL or parameters differ, so a query that depends on its arguments cannot pass the suite.
 *
 * A transaction is a Kysely object of its own: a fixed query run in one is compiled for it.
 */
export function fixedQuery<Args extends unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): FixedQuery<Args, Row> {
  const templates = new WeakMap<Db, Template>();

  async function all(db: Db, ...args: Args): Promise<Row[]> {
    let kept = templates.get(db);
    if (!kept) {
      const positions = args.map((_, index) => index);
      const slotted = positions.map((index) => new Slot(index)) as Args;
      kept = template(build(db, ...slotted).compile(), positions);
      templates.set(db, kept);
    }
    const check = verifying && (() => build(db, ...args).compile());
    return run<Row>(db, kept, (key) => args[key as number], check);
  }

  return {
    all,
    first: (db, ...args) => all(db, ...args).then((rows) => rows[0]),
    run: async (db, ...args) => {
      await all(db, ...args);
    },
  };
}

/**
 * A query of a few shapes, each built and compiled once per database (see `fixedQuery`). The
 * shape is what the SQL is made from besides values: `shape` (an order, a kind of scope, a
 * role), and which of `values` are undefined. `build` gets the shape as it is and, in `values`,
 * a stand-in for each value that is not undefined; it may decide on the shape and on whether a
 * value is undefined, and must use the values only as values of the query.
 */
export function shapedQuery<Shape, Values extends object, Row>(
  build: (db: Db, shape: Shape, values: Values) => Compilable<Row>,
): (db: Db, shape: Shape, values: Values) => Promise<Row[]> {
  const templates = new WeakMap<Db, Map<string, Template>>();

  return async (db, shape, values) => {
    const named = values as Record<string, unknown>;
    const given = Object.keys(named).filter((key) => named[key] !== undefined);
    const shapeKey = `${JSON.stringify(shape)} ${given.join(",")}`;
    let shapes = templates.get(db);
    if (!shapes) {
      shapes = new Map();
      templates.set(db, shapes);
    }
    let kept = shapes.get(shapeKey);
    if (!kept) {
      const slotted = Object.fromEntries(given.map((key) => [key, new Slot(key)])) as Values;
      kept = template(build(db, shape, slotted).compile(), given);
      shapes.set(shapeKey, kept);
    }
    const check = verifying && (() => build(db, shape, values).compile());
    return run<Row>(db, kept, (key) => named[key as string], check);
  };
}

/** Vitest sets NODE_ENV to "test"; a production build never pays for the check. */
const verifying = process.env.NODE_ENV === "test";

/** Throws unless the query built from a call's own arguments is the one about to run. */
function verify(built: CompiledQuery<unknown>, sql: string, parameters: readonly unknown[]) {
  const same =
    built.sql === sql &&
    built.parameters.length === parameters.length &&
    built.parameters.every((value, index) => Object.is(value, parameters[index]));
  if (!same) {
    throw new Error(
      `fixedQuery: the query depends on its arguments.\nCompiled once: ${sql} ${JSON.stringify(parameters)}\nNow: ${built.sql} ${JSON.stringify(built.parameters)}`,
    );
  }
}
