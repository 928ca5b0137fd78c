import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../server/db/database.js';
import { type SeedManifest, seedDataset } from './dataset.js';
import { type SeedParams, seedHash, seedParams } from './params.js';
import type { CachedSeed } from './sqliteCache.js';

// PostgreSQL (BENCH_DATABASE_URL): the dataset lives in a schema bench_<hash>, marked complete in
// its table bench_seed once every row is in (a half-seeded schema is dropped and seeded again). The
// server reaches that schema through its search_path, set in the connection URL. Each run adds rows
// (submissions, saved organizations); they are deleted afterwards (ids above the seed's highest), so
// the next run starts from the same data.

const MARK = 'bench_seed';

/** The seed's highest id of each table a run adds to, and the tables it left empty. */
type Watermarks = { ids: Record<string, number>; emptyTables: string[] };

/** Tables whose rows a run may add, children first where no cascade reaches them. */
const RUN_TABLES = ['assessment_results', 'users', 'organizations', 'audit_log'] as const;

export function schemaOf(hash = seedHash(), prefix = 'bench'): string {
  return `${prefix}_${hash}`;
}

/** The URL the server is given: the same database, its search_path set to the bench schema. */
export function serverUrl(url: string, schema: string): string {
  const options = encodeURIComponent(`-c search_path=${schema}`);
  return `${url}${url.includes('?') ? '&' : '?'}options=${options}`;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function readMark(client: pg.Client, schema: string): Promise<SeedManifest | undefined> {
  const table = await client.query(
    'select 1 from information_schema.tables where table_schema = $1 and table_name = $2',
    [schema, MARK],
  );
  if (table.rowCount === 0) return undefined;
  const row = await client.query(`select manifest from "${schema}".${MARK} limit 1`);
  const text = row.rows[0]?.manifest as string | undefined;
  return text ? (JSON.parse(text) as SeedManifest) : undefined;
}

/**
 * The seeded schema, built first when missing or incomplete. Another dataset (the soak's) names its
 * own prefix, so neither drops the other's schema.
 */
export async function postgresSeed(
  url: string,
  log: (line: string) => void,
  { params = seedParams, prefix = 'bench' }: { params?: SeedParams; prefix?: string } = {},
): Promise<CachedSeed & { schema: string }> {
  const started = performance.now();
  const hash = seedHash(params);
  const schema = schemaOf(hash, prefix);
  const existing = await withClient(url, (client) => readMark(client, schema));
  if (existing) {
    await vacuumDataset(url, schema);
    return { schema, manifest: existing, built: false, seconds: (performance.now() - started) / 1000 };
  }

  // This hash's half-seeded schema goes, and so do stale datasets of the same counts (another seed
  // version or migration list); datasets of other counts (the scaling mode's sizes) stay.
  await withClient(url, async (client) => {
    const schemas = await client.query(
      `select nspname from pg_namespace where nspname ~ '^${prefix}_[0-9a-f]{12}$'`,
    );
    for (const { nspname } of schemas.rows as { nspname: string }[]) {
      const theirs = nspname === schema ? undefined : await readMark(client, nspname).catch(() => undefined);
      const sameCounts =
        !theirs ||
        (theirs.params.users === params.users && theirs.params.manufacturers === params.manufacturers);
      if (sameCounts) await client.query(`drop schema "${nspname}" cascade`);
    }
  });
  log(`seeding PostgreSQL dataset into schema ${schema}`);
  const database = await openDatabase({ dataDir: '', databaseUrl: url, databaseSchema: schema });
  let manifest: SeedManifest;
  try {
    const seeded = await seedDataset(database.db, params, 4, log);
    // What autovacuum would do shortly after a bulk load anyway; measured plans should not depend on when.
    await sql`analyze`.execute(database.db);
    const seconds = (performance.now() - started) / 1000;
    manifest = { ...seeded, hash, seedSeconds: Math.round(seconds * 10) / 10 };
  } finally {
    await database.close();
  }
  await withClient(url, async (client) => {
    const watermarks: Watermarks = { ids: {}, emptyTables: [] };
    for (const table of RUN_TABLES) {
      const row = await client.query(`select coalesce(max(id), 0) as id from "${schema}".${table}`);
      watermarks.ids[table] = Number(row.rows[0].id);
    }
    const tables = await client.query(
      `select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'`,
      [schema],
    );
    for (const { table_name: table } of tables.rows as { table_name: string }[]) {
      if (table.startsWith('kysely_')) continue;
      const any = await client.query(`select 1 from "${schema}"."${table}" limit 1`);
      if (any.rowCount === 0) watermarks.emptyTables.push(table);
    }
    await client.query(`create table "${schema}".${MARK} (manifest text not null, watermarks text not null)`);
    await client.query(`insert into "${schema}".${MARK} values ($1, $2)`, [
      JSON.stringify(manifest),
      JSON.stringify(watermarks),
    ]);
  });
  return { schema, manifest, built: true, seconds: (performance.now() - started) / 1000 };
}

/**
 * Deletes what a run added: rows above the seed's highest ids (cascades take answers, invites,
 * roadmaps and demographics with them), and every row of the tables the seed left empty (sessions,
 * login throttling, mail, idempotency keys...), in passes until foreign keys let each go.
 */
export async function resetPostgresRun(url: string, schema: string): Promise<void> {
  await withClient(url, async (client) => {
    const row = await client.query(`select watermarks from "${schema}".${MARK} limit 1`);
    const watermarks = JSON.parse(row.rows[0].watermarks as string) as Watermarks;
    // This client reaches the dataset as the app's connections do (search_path set to its schema). The
    // change-count triggers name the written table's schema since migration 018, so deletes count either way.
    await client.query(`set search_path to "${schema}"`);
    await client.query('begin');
    for (const table of RUN_TABLES)
      await client.query(`delete from "${schema}".${table} where id > $1`, [watermarks.ids[table] ?? 0]);
    await client.query('commit');
    let left = [...watermarks.emptyTables];
    for (let pass = 0; pass < 5 && left.length; pass++) {
      const failed: string[] = [];
      for (const table of left)
        await client.query(`delete from "${schema}"."${table}"`).catch(() => failed.push(table));
      left = failed;
    }
    if (left.length) throw new Error(`could not empty ${left.join(', ')} after the run`);
  });
  await vacuumDataset(url, schema);
}

/**
 * Vacuums the dataset's tables, as autovacuum would between runs (it is off on the project's machine).
 * Each write of a run bumps the change counts (thousands of updates of a few hundred rows), and the
 * clean-up above deletes what the run added; left dead, a read of a counter's 64 rows came to scan
 * 1,849 pages (17-22 ms) per request, and the next run's writes walked the dead index entries of the
 * answers and invites (PostgreSQL writes at half their rate after a few runs).
 */
async function vacuumDataset(url: string, schema: string): Promise<void> {
  await withClient(url, async (client) => {
    const tables = await client.query(
      `select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE'`,
      [schema],
    );
    const names = (tables.rows as { table_name: string }[]).map((t) => `"${schema}"."${t.table_name}"`);
    await client.query(`vacuum ${names.join(', ')}`);
  });
}
