import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database.js';
import { type SeedManifest, seedDataset } from '../seed/dataset.js';
import { type SeedParams, seedHash, seedParams } from '../seed/params.js';
import { CACHE_DIR } from '../seed/sqliteCache.js';

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

const SOAK_CACHE = path.join(CACHE_DIR, 'soak');

/** The cached SQLite file of the soak's dataset, built first when missing (a few seconds). */
export async function soakSqliteSeed(
  log: (line: string) => void,
): Promise<{ file: string; manifest: SeedManifest; built: boolean; seconds: number }> {
  const started = performance.now();
  const hash = seedHash(soakParams);
  const file = path.join(SOAK_CACHE, `seed-${hash}.db`);
  const manifestFile = path.join(SOAK_CACHE, `seed-${hash}.manifest`);
  if (fs.existsSync(file) && fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as SeedManifest;
    return { file, manifest, built: false, seconds: (performance.now() - started) / 1000 };
  }
  fs.mkdirSync(SOAK_CACHE, { recursive: true });
  for (const name of fs.readdirSync(SOAK_CACHE))
    if (/^(build-|seed-)/.test(name))
      fs.rmSync(path.join(SOAK_CACHE, name), { recursive: true, force: true });
  const buildDir = fs.mkdtempSync(path.join(SOAK_CACHE, `build-${hash}-`));
  log(`seeding the soak's SQLite dataset ${hash} in ${buildDir}`);
  const database = await openDatabase({ dataDir: buildDir });
  await sql`pragma synchronous = off`.execute(database.db);
  const seeded = await seedDataset(database.db, soakParams, 1, log);
  await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
  await database.close();
  const seconds = (performance.now() - started) / 1000;
  const manifest: SeedManifest = { ...seeded, hash, seedSeconds: Math.round(seconds * 10) / 10 };
  fs.renameSync(path.join(buildDir, 'app.db'), file);
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.rmSync(buildDir, { recursive: true, force: true });
  return { file, manifest, built: true, seconds };
}

/** A fresh DATA_DIR holding a copy of the soak's database. */
export function soakDataDir(file: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smr-soak-'));
  fs.copyFileSync(file, path.join(dir, 'app.db'));
  return dir;
}
