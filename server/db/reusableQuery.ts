import type { Compilable, CompiledQuery, DialectAdapter, Kysely, KyselyPlugin } from 'kysely';
import type { Executor } from './database.js';
import { reusedStatementNames } from './statementNames.js';

type Compiled<R> = { query: CompiledQuery<R>; slots: (number | undefined)[] };

const marker = (i: number) => `\u0000smr-arg-${i}\u0000`;

/** What a compiled query depends on besides its build: the dialect's adapter and the plugins. */
type Compilers = { plugins: readonly KyselyPlugin[]; byArity: Map<number, Compiled<unknown>> };

function samePlugins(a: readonly KyselyPlugin[], b: readonly KyselyPlugin[]): boolean {
  return a.length === b.length && a.every((plugin, i) => plugin === b[i]);
}

/**
 * A query built and compiled once per database and argument count, then run with new argument values.
 * Kysely builds, transforms (CamelCasePlugin) and compiles every query anew, which under load costs
 * more than SQLite running it; the hottest reads (the session check every call makes, the profile,
 * the lookups, an assessment's content) and a submission's writes go through here instead.
 * A transaction runs what its database compiled: it has the database's adapter and plugins (Kysely
 * copies them into each transaction's executor), so its SQL is the same text.
 *
 * `build` receives markers in place of its arguments and must use each one only as a whole value
 * (`where('id', '=', id)`), never inside another value (`%${q}%`): compiling checks this and throws.
 * Nor may it choose the query's shape by its arguments, except by how many there are (a multi-row
 * INSERT of `...values`): the first call with that many arguments serves every such call.
 */
export function reusableQuery<A extends unknown[], R>(build: (db: Executor, ...args: A) => Compilable<R>) {
  const compiledFor = new WeakMap<DialectAdapter, Compilers[]>();
  const compile = (db: Executor, arity: number): Compiled<R> => {
    const markers = Array.from({ length: arity }, (_, i) => marker(i));
    const query = build(db, ...(markers as A)).compile();
    if (!reusedStatementNames.has(query.sql))
      reusedStatementNames.set(query.sql, `smr_reused_${reusedStatementNames.size}`);
    const indexOf = new Map(markers.map((m, i) => [m, i]));
    const slots = query.parameters.map((value) => {
      const index = typeof value === 'string' ? indexOf.get(value) : undefined;
      if (index === undefined && typeof value === 'string' && value.includes('\u0000smr-arg-')) {
        throw new Error(`reusableQuery: an argument is used inside a value in ${query.sql}`);
      }
      return index;
    });
    return { query, slots };
  };
  const compiledOf = (db: Executor, arity: number): Compiled<R> => {
    const { adapter, plugins } = db.getExecutor();
    const all = compiledFor.get(adapter) ?? [];
    if (all.length === 0) compiledFor.set(adapter, all);
    let compilers = all.find((c) => samePlugins(c.plugins, plugins));
    if (!compilers) {
      compilers = { plugins: [...plugins], byArity: new Map() };
      all.push(compilers);
    }
    let compiled = compilers.byArity.get(arity) as Compiled<R> | undefined;
    if (!compiled) {
      compiled = compile(db, arity);
      compilers.byArity.set(arity, compiled);
    }
    return compiled;
  };
  return async (db: Executor, ...args: A): Promise<R[]> => {
    const { query, slots } = compiledOf(db, args.length);
    const parameters = query.parameters.map((value, i) => {
      const slot = slots[i];
      return slot === undefined ? value : args[slot];
    });
    const result = await (db as Kysely<unknown>).executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}

/**
 * A statement of rows (a multi-row INSERT) through reusableQuery: compiled once per row count. Each
 * row is read by `columns`, which must name every column the statement writes, in the order the
 * rows' objects list them (then the SQL is the text Kysely writes for the rows themselves); every
 * row must have a value (null, not undefined) for each.
 */
export function reusableRows<Row extends object, R>(
  columns: readonly (keyof Row & string)[],
  build: (db: Executor, rows: Row[]) => Compilable<R>,
) {
  const width = columns.length;
  const query = reusableQuery((db: Executor, ...values: unknown[]) => {
    const rows: Row[] = [];
    for (let i = 0; i < values.length; i += width)
      rows.push(Object.fromEntries(columns.map((column, j) => [column, values[i + j]])) as Row);
    return build(db, rows);
  });
  return (db: Executor, rows: readonly Row[]): Promise<R[]> => {
    const values: unknown[] = new Array(rows.length * width);
    let n = 0;
    for (const row of rows) for (const column of columns) values[n++] = row[column];
    return query(db, ...values);
  };
}
