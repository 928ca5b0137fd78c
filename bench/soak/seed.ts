import path from 'node:path';
import { type SeedParams, seedParams } from '../seed/params.js';
import { CACHE_DIR, sqliteSeed } from '../seed/sqliteCache.js';

// The soak's dataset: the bench's seed code with smaller counts, cached under its own hash in
// bench/.cache/soak/ (a folder of its own: the bench's cache clears other seed-* files beside it).

export const soakParams: SeedParams = {
  ...seedParams,
  consultingFirms: 5,
  consultantsPerFirm: 3,
  manufacturers: 200,
  users: 5_000,
  visitors: 100,
  results: 2_000,
  reportRespondents: 100,
};

/** The cached SQLite file of the soak's dataset, built first when missing (a few seconds). */
export function soakSqliteSeed(log: (line: string) => void) {
  return sqliteSeed(log, { params: soakParams, dir: path.join(CACHE_DIR, 'soak') });
}
