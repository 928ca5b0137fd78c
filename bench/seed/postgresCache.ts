import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../server/db/database.js';
import { type SeedManifest, seedDataset } from './dataset.js';
import { seedHash, seedParams } from './params.js';
import type { CachedSeed } from './sqliteCache.js';

// PostgreSQL (BENCH_DATABASE_URL): the dataset lives in a schema bench_<hash>, marked complete in
// its table bench_seed once every row is in (a half-seeded schema is dropped and seeded again). The
// server reaches that schema through its search_path, set in the connection URL. Each run adds rows
// (submissions, saved organizations); they are deleted afterwards (ids above the seed's highest), so
// the next run starts from the same data.

const MARK = 'bench_seed';

/** Tables whose rows a run may add, children first where no cascade reaches them. */
const RUN_TABLES = ['assessment_results', 'users', 'organizations', 'audit_log'] as const;

export function schemaOf(hash = seedHash()): string {
  return `bench_${hash}`;
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

/** The seeded schema, built first when missing or incomplete. */
export async function postgresSeed(
  url: string,
  log: (line: string) => void,
): Promise<CachedSeed & { schema: string }> {
  const started = performance.now();
  const hash = seedHash();
  const schema = schemaOf(hash);
  const existing = await withClient(url, (client) => readMark(client, schema));
  if (existing)
    return { schema, manifest: existing, built: false, seconds: (performance.now() - started) / 1000 };

  await withClient(url, (client) => client.query(`drop schema if exists "${schema}" cascade`));
  log(`seeding PostgreSQL dataset into schema ${schema}`);
  const database = await openDatabase({ dataDir: '', databaseUrl: url, databaseSchema: schema });
  let manifest: SeedManifest;
  try {
    const seeded = await seedDataset(database.db, seedParams, 4, log);
    // What autovacuum would do shortly after a bulk load anyway; measured plans should not depend on when.
    await sql`analyze`.execute(database.db);
    const seconds = (performance.now() - started) / 1000;
    manifest = { ...seeded, hash, seedSeconds: Math.round(seconds * 10) / 10 };
  } finally {
    await database.close();
  }
  await withClient(url, async (client) => {
    const watermarks: Record<string, number> = {};
    for (const table of RUN_TABLES) {
      const row = await client.query(`select coalesce(max(id), 0) as id from "${schema}".${table}`);
      watermarks[table] = Number(row.rows[0].id);
    }
    await client.query(`create table "${schema}".${MARK} (manifest text not null, watermarks text not null)`);
    await client.query(`insert into "${schema}".${MARK} values ($1, $2)`, [
      JSON.stringify(manifest),
      JSON.stringify(watermarks),
    ]);
  });
  return { schema, manifest, built: true, seconds: (performance.now() - started) / 1000 };
}

/** Deletes what a run added (cascades take answers, invites, roadmaps and demographics with them). */
export async function resetPostgresRun(url: string, schema: string): Promise<void> {
  await withClient(url, async (client) => {
    const row = await client.query(`select watermarks from "${schema}".${MARK} limit 1`);
    const watermarks = JSON.parse(row.rows[0].watermarks as string) as Record<string, number>;
    await client.query('begin');
    for (const table of RUN_TABLES)
      await client.query(`delete from "${schema}".${table} where id > $1`, [watermarks[table] ?? 0]);
    await client.query('commit');
  });
}
