import type { Executor } from '../db/database.js';
import { LIST_SLOTS } from '../db/migrations/014_list_versions.js';
import type { PageTable as ListedTable } from '../db/migrations/015_page_versions.js';

/** The tables with a 'rows:' change count: migration 015's, and actions (migration 022). */
export type PageTable = ListedTable | 'actions';

import { counterRows, counterSums } from './counterRows.js';

/**
 * The sum of the change counts of migration 015 of some tables: it moves with every committed
 * change to any of them, in any process. Read from the database every time,
 * by the callers of one turn of the event loop together on PostgreSQL (counterSum).
 */
const readVersion = counterSums(
  (tables: readonly PageTable[]) => tables.join(','),
  (tables, db) => tables.flatMap((t) => counterRows(db, `rows:${t}`, LIST_SLOTS)),
);

export function pageVersion(db: Executor, tables: readonly PageTable[]): Promise<number> {
  return readVersion(db, tables);
}
