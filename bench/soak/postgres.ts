import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../server/db/database.js';
import { type SeedManifest, seedDataset } from '../seed/dataset.js';
import { seedHash } from '../seed/params.js';
import { resetPostgresRun, serverUrl } from '../seed/postgresCache.js';
import { soakParams } from './seed.js';

// PostgreSQL (BENCH_DATABASE_URL) for the soak: its smaller dataset in a schema soak_<hash> of its own
// (the bench's cache drops other bench_<hash> schemas, and this one drops only other soak_<hash>
// ones), marked complete the way bench/seed/postgresCache.ts marks it (table bench_seed with the
// manifest and the seed's highest ids), so resetPostgresRun() deletes what a soak added.

export { resetPostgresRun, serverUrl };

const MARK = 'bench_seed';
const RUN_TABLES = ['assessment_results', 'users', 'organizations', 'audit_log'] as const;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function soakPostgresSeed(
  url: string,
  log: (line: string) => void,
): Promise<{ schema: string; manifest: SeedManifest; built: boolean; seconds: number }> {
  const started = performance.now();
  const hash = seedHash(soakParams);
  const schema = `soak_${hash}`;
  const existing = await withClient(url, async (client) => {
    const table = await client.query(
      'select 1 from information_schema.tables where table_schema = $1 and table_name = $2',
      [schema, MARK],
    );
    if (table.rowCount === 0) return undefined;
    const row = await client.query(`select manifest from "${schema}".${MARK} limit 1`);
    const text = row.rows[0]?.manifest as string | undefined;
    return text ? (JSON.parse(text) as SeedManifest) : undefined;
  });
  if (existing)
    return { schema, manifest: existing, built: false, seconds: (performance.now() - started) / 1000 };

  await withClient(url, async (client) => {
    const schemas = await client.query(
      `select nspname from pg_namespace where nspname ~ '^soak_[0-9a-f]{12}$'`,
    );
    for (const { nspname } of schemas.rows as { nspname: string }[])
      await client.query(`drop schema "${nspname}" cascade`);
  });
  log(`seeding the soak's PostgreSQL dataset into schema ${schema}`);
  const database = await openDatabase({ dataDir: '', databaseUrl: url, databaseSchema: schema });
  let manifest: SeedManifest;
  try {
    const seeded = await seedDataset(database.db, soakParams, 4, log);
    await sql`analyze`.execute(database.db);
    const seconds = (performance.now() - started) / 1000;
    manifest = { ...seeded, hash, seedSeconds: Math.round(seconds * 10) / 10 };
  } finally {
    await database.close();
  }
  await withClient(url, async (client) => {
    const watermarks: { ids: Record<string, number>; emptyTables: string[] } = { ids: {}, emptyTables: [] };
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
