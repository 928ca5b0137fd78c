import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { DETAIL_SLOTS } from '../db/migrations/016_detail_versions.js';
import { reusableQuery } from '../db/reusableQuery.js';
import { counterRows } from './counterRows.js';

/**
 * The sum of the change counts of everything an organization's form reads (migrations 004 and 016),
 * read by exact names (counterRows.ts says why).
 */
const versionQuery = reusableQuery((db: Executor) =>
  db
    .selectFrom('cacheVersions')
    .select(sql<number | string | null>`sum(version)`.as('version'))
    .where(
      'name',
      'in',
      ['lookups', 'content', ...counterRows(db, 'details', DETAIL_SLOTS)].map((name) => sql.lit(name)),
    ),
);

export async function detailsVersion(db: Executor): Promise<number> {
  const [row] = await versionQuery(db);
  return Number(row?.version ?? -1);
}
