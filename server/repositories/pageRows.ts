import { type Expression, type QueryCreator, type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { isPostgres } from './paging.js';

/** A query of one page's ids, in the page's order (not run yet). */
export type PageIds = Expression<{ id: number }> & { execute(): Promise<{ id: number }[]> };

/**
 * How a list reads the rows of its page. `ordered`: from `from` (which carries the page), the rows
 * whose id is in `ids` (`= any(ids)`), ordered by `array_position(ids, id)`. `byIds`: the rows of
 * these ids, in any order.
 */
export type PageRowsRead<R> = {
  ordered: (from: QueryCreator<DB>, ids: RawBuilder<number[]>) => Promise<R[]>;
  byIds: (ids: number[]) => Promise<R[]>;
};

/**
 * The rows of a page of ids, in its order. PostgreSQL: one statement, where reading the ids first
 * cost a round trip more. The page is a materialized CTE holding its ids as one array, read by the
 * condition on the list's own id (so its primary key answers, whatever the order of the list's many
 * joins: past join_collapse_limit, a join to the ids last would join every row first) and by the
 * order. SQLite answers on the same thread, so its ids come first and their rows by primary key.
 */
export async function rowsOfPage<R extends { id: number }>(
  db: Executor,
  page: PageIds,
  read: PageRowsRead<R>,
): Promise<R[]> {
  if (isPostgres(db)) {
    const from = db.with(
      (cte) => cte('page').materialized(),
      (qb) => qb.selectNoFrom(sql<number[]>`array(${page})`.as('ids')),
    );
    // The cast makes `= any(...)` read the array, not a subquery's rows. The CTE only adds a table to what `from` can read: the list's query stays one over DB.
    return read.ordered(
      from as unknown as QueryCreator<DB>,
      sql<number[]>`(select ${sql.ref('page.ids')} from ${sql.table('page')})::integer[]`,
    );
  }
  const ids = await page.execute();
  if (ids.length === 0) return [];
  const at = new Map(ids.map((r, i) => [r.id, i]));
  const rows = await read.byIds(ids.map((r) => r.id));
  return rows.sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
}

/** `column` among the page's ids, and the order of the page, for PageRowsRead.ordered. */
export const inPage = (column: string, ids: RawBuilder<number[]>) => ({
  where: sql<boolean>`${sql.ref(column)} = any(${ids})`,
  order: sql`array_position(${ids}, ${sql.ref(column)})`,
});
