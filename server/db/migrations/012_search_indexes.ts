import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The indexes the admin lists read (docs/perf-notes/search.md).
 *
 * Both databases: the user lists' default order, lower(full name) then id, so a page of 50 is a walk
 * of the index instead of a sort of every user (50,000 people: 160 ms -> a few on SQLite); and the
 * same order within a status and within a group, so the lists by status (the pending users, a few of
 * 50,000) and by group walk only their own rows, and their counts read an index; the same for the
 * deactivated and the suspended, in partial indexes of those few rows. SQLite's indexes
 * hold the row id (the users' id) already; PostgreSQL's are given it.
 *
 * PostgreSQL: pg_trgm GIN indexes on the lower-cased texts the searches compare (lower(x) like
 * '%text%', paging.ts contains), so a "contains" reads the few rows that match instead of every row.
 * SQLite has its own trigram index for people (migration 009). Installing pg_trgm needs rights an
 * operator may not give: when it cannot be installed, the migration still succeeds without these
 * indexes and the searches stay correct, only slower (docs/decisions.md#performance). The extension
 * goes into the public schema, not the app's, so that dropping one app's schema never drops the
 * extension under another's indexes.
 */
export function searchIndexesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const run = (text: string) => sql.raw(text).execute(db);
      const id = dialect === 'sqlite' ? '' : ', id';
      await run(`create index users_full_name_lower on users (lower(full_name)${id})`);
      await run(`create index users_status_name on users (status, lower(full_name)${id})`);
      await run(`create index users_group_name on users (user_group, lower(full_name)${id})`);
      // The few deactivated and suspended people (userSearch.ts writes these two tests as literals,
      // which a partial index needs on SQLite).
      await run(`create index users_inactive_name on users (lower(full_name)${id}) where is_active = 0`);
      await run(`create index users_suspended_name on users (lower(full_name)${id}) where is_suspended = 1`);
      if (dialect === 'sqlite') return;
      const trgm = await trigramSchema(db);
      if (!trgm) return;
      const ops = `"${trgm.replace(/"/g, '""')}".gin_trgm_ops`;
      const gin = (name: string, table: string, column: string) =>
        run(`create index ${name} on ${table} using gin (lower(${column}) ${ops})`);
      await gin('users_full_name_trgm', 'users', 'full_name');
      await gin('users_user_name_trgm', 'users', 'user_name');
      await gin('users_email_trgm', 'users', 'email');
      await gin('organizations_name_trgm', 'organizations', 'name');
    },
  };
}

/**
 * The schema pg_trgm lives in, installing it first when it is not there; undefined when it cannot be
 * installed. The attempt runs under a savepoint: the migrations share one transaction, which a failed
 * statement would otherwise abort.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const installed = async () => {
    const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    return rows[0]?.schema;
  };
  const found = await installed();
  if (found) return found;
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    // No rights, no public schema, or the extension is not shipped: go on without the indexes. A
    // process installing it at this very moment makes this one fail too; the look below finds it.
    await sql`rollback to savepoint pg_trgm`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  }
  return installed();
}
