import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { reusableQuery } from '../db/reusableQuery.js';

/** The sum of the change counts of everything an organization's form reads (migrations 004 and 016). */
const versionQuery = reusableQuery((db: Executor) =>
  db
    .selectFrom('cacheVersions')
    .select(sql<number | string | null>`sum(version)`.as('version'))
    .where((eb) => eb.or([eb('name', 'in', ['lookups', 'content']), eb('name', 'like', 'details:%')])),
);

export async function detailsVersion(db: Executor): Promise<number> {
  const [row] = await versionQuery(db);
  return Number(row?.version ?? -1);
}
