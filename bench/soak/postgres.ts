import type { SeedManifest } from '../seed/dataset.js';
import { postgresSeed, resetPostgresRun, serverUrl } from '../seed/postgresCache.js';
import { soakParams } from './seed.js';

// PostgreSQL (BENCH_DATABASE_URL) for the soak: its smaller dataset in a schema soak_<hash> of its own
// (the bench's cache drops other bench_<hash> schemas, and this one drops only other soak_<hash>
// ones), cached and marked the way the bench's is, so resetPostgresRun() deletes what a soak added.

export { resetPostgresRun, serverUrl };

export function soakPostgresSeed(
  url: string,
  log: (line: string) => void,
): Promise<{ schema: string; manifest: SeedManifest; built: boolean; seconds: number }> {
  return postgresSeed(url, log, { params: soakParams, prefix: 'soak' });
}
