// `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` in place of the configured
// database (SQLite: $DATA_DIR/app.db, renamed into place in one step, the old one kept beside;
// PostgreSQL: pg_restore --clean in one transaction). Refuses to replace a database that holds data
// unless --force, and a SQLite database that a running server holds, always. Same environment as
// `npm start`. docs/operations.md, 'Backup and restore'.
import { loadConfig } from '../server/config.js';
import { restore } from '../server/db/backup/run.js';

try {
  const config = loadConfig();
  const args = process.argv.slice(2);
  // `npm run restore FILE --force` hands --force to npm itself, which says so in npm_config_force.
  const force = args.includes('--force') || process.env.npm_config_force === 'true';
  const file = args.find((a) => !a.startsWith('--'));
  const lines = await restore({ ...config, schema: process.env.DATABASE_SCHEMA || undefined }, file, force);
  for (const line of lines) console.log(line);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
