import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { CACHED_TABLES } from './004_cache_versions.js';
import { PORTFOLIO_SLOTS } from './013_portfolio_version.js';

/**
 * PostgreSQL keeps every update of a counter (migrations 004, 013, 014) as a new row version, and
 * the table takes thousands a second under load. With a low fillfactor each page keeps nine tenths
 * empty, so a counter's next version fits on its own page (a HOT update: no new index entry) and
 * the dead versions are pruned whenever the page is next read, without waiting for a vacuum, which
 * may be off or lag (docs/decisions.md#performance-counter-pages). CLUSTER rewrites the table now
 * at that fillfactor, leaving behind what an install without vacuum has already bloated (the bench:
 * 322 rows in 1,867 pages); it runs inside the migrations' transaction, unlike VACUUM FULL.
 *
 * The trigger functions of migrations 004 and 013 named cache_versions without a schema, so a
 * statement from a client whose search path lacks the app's schema (an operator's psql naming
 * the table by its schema, the bench's clean-up) failed or counted elsewhere; they now find the
 * counters in the schema of the table written, as migration 014's do.
 *
 * SQLite updates a row in place (no versions, nothing to prune) and its triggers see one schema:
 * nothing to do there.
 */
export function counterPagesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') return;
      await sql`alter table cache_versions set (fillfactor = 10)`.execute(db);
      await sql`cluster cache_versions using cache_versions_pkey`.execute(db);
      const bump = (fn: string, name: string) =>
        sql
          .raw(
            `create or replace function ${fn}() returns trigger language plpgsql as $$ ` +
              `begin execute format('update %I.cache_versions set version = version + 1 where name = $1', tg_table_schema) ` +
              `using ${name}; return null; end $$`,
          )
          .execute(db);
      for (const name of Object.keys(CACHED_TABLES)) await bump(`bump_${name}_version`, `'${name}'`);
      await bump('bump_portfolio_version', `'portfolio:' || (pg_backend_pid() % ${PORTFOLIO_SLOTS})`);
    },
  };
}
