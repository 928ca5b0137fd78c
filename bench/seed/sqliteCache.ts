import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database.js';
import { type SeedManifest, seedDataset } from './dataset.js';
import { type SeedParams, seedHash, seedParams } from './params.js';

// SQLite: the dataset is built once into bench/.cache/seed-<hash>.db (the WAL checkpointed into it),
// and every run copies it into a fresh DATA_DIR, so each run starts from the same rows.

export const CACHE_DIR = path.resolve(import.meta.dirname, '../.cache');

export type CachedSeed = { manifest: SeedManifest; built: boolean; seconds: number };

/** Whether the seed file (or its manifest) beside `file` was built with the same counts as `params`. */
function sameCounts(file: string, params: SeedParams): boolean {
  const manifest = file.replace(/\.(db|manifest)$/, '.manifest');
  if (!fs.existsSync(manifest)) return true; // a database without its manifest is a leftover
  try {
    const theirs = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as SeedManifest)
      .params as Partial<SeedParams>;
    return theirs.users === params.users && theirs.manufacturers === params.manufacturers;
  } catch {
    return true;
  }
}

/**
 * The cached database file, built first when missing. A build clears only stale files of the
 * same counts, so the scaling mode's sizes and the soak's dataset (a folder of its own) stay cached.
 */
export async function sqliteSeed(
  log: (line: string) => void,
  { params = seedParams, dir = CACHE_DIR }: { params?: SeedParams; dir?: string } = {},
): Promise<CachedSeed & { file: string }> {
  const started = performance.now();
  const hash = seedHash(params);
  const file = path.join(dir, `seed-${hash}.db`);
  const manifestFile = path.join(dir, `seed-${hash}.manifest`);
  if (fs.existsSync(file) && fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as SeedManifest;
    return { file, manifest, built: false, seconds: (performance.now() - started) / 1000 };
  }
  fs.mkdirSync(dir, { recursive: true });
  // Leftovers of this dataset's interrupted build go, and so do stale datasets of the same counts
  // (another seed version or migration list); datasets of other counts (the scaling mode's sizes) stay.
  for (const name of fs.readdirSync(dir)) {
    const stale =
      name.startsWith(`build-${hash}-`) ||
      (/^seed-[0-9a-f]{12}\.(db|manifest)$/.test(name) && sameCounts(path.join(dir, name), params));
    if (stale) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  const buildDir = fs.mkdtempSync(path.join(dir, `build-${hash}-`));
  log(`seeding SQLite dataset ${hash} in ${buildDir}`);
  const database = await openDatabase({ dataDir: buildDir });
  // Building a cache: no need to wait for the disk at each commit (a lost build is simply rebuilt).
  await sql`pragma synchronous = off`.execute(database.db);
  const seeded = await seedDataset(database.db, params, 1, log);
  await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
  await database.close();
  const wal = path.join(buildDir, 'app.db-wal');
  if (fs.existsSync(wal) && fs.statSync(wal).size > 0) throw new Error('the WAL was not checkpointed');
  const seconds = (performance.now() - started) / 1000;
  const manifest: SeedManifest = { ...seeded, hash, seedSeconds: Math.round(seconds * 10) / 10 };
  fs.renameSync(path.join(buildDir, 'app.db'), file);
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.rmSync(buildDir, { recursive: true, force: true });
  return { file, manifest, built: true, seconds };
}

/** A fresh DATA_DIR holding a copy of the cached database. */
export function sqliteDataDir(file: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-bench-'));
  fs.copyFileSync(file, path.join(dir, 'app.db'));
  return dir;
}
