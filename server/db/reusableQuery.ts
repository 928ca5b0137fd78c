import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Executor } from './database.js';
import { reusedStatementNames } from './statementNames.js';

type Compiled<R> = { query: CompiledQuery<R>; slots: (number | undefined)[] };

const marker = (i: number) => `\u0000smr-arg-${i}\u0000`;

/**
 * A query built and compiled once per database (or transaction), then run with new argument values.
 * Kysely builds, transforms (CamelCasePlugin) and compiles every query anew, which under load costs
 * more than SQLite running it; the hottest reads (the session check every call makes, the profile,
 * the lookups, an assessment's content) go through here instead.
 *
 * `build` receives markers in place of its arguments and must use each one only as a whole value
 * (`where('id', '=', id)`), never inside another value (`%${q}%`): compiling checks this and throws.
 * Nor may it choose the query's shape by its arguments: the first call's shape serves every call.
 */
export function reusableQuery<A extends unknown[], R>(build: (db: Executor, ...args: A) => Compilable<R>) {
  const compiledFor = new WeakMap<Executor, Compiled<R>>();
  const compile = (db: Executor, arity: number): Compiled<R> => {
    const markers = Array.from({ length: arity }, (_, i) => marker(i));
    const query = build(db, ...(markers as A)).compile();
    if (!reusedStatementNames.has(query.sql))
      reusedStatementNames.set(query.sql, `smr_reused_${reusedStatementNames.size}`);
    const slots = query.parameters.map((value) => {
      const index = markers.indexOf(value as string);
      if (index < 0 && typeof value === 'string' && value.includes('\u0000smr-arg-')) {
        throw new Error(`reusableQuery: an argument is used inside a value in ${query.sql}`);
      }
      return index < 0 ? undefined : index;
    });
    return { query, slots };
  };
  return async (db: Executor, ...args: A): Promise<R[]> => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = compile(db, args.length);
      compiledFor.set(db, compiled);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((value, i) => {
      const slot = slots[i];
      return slot === undefined ? value : args[slot];
    });
    const result = await (db as Kysely<unknown>).executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}
