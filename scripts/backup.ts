// `npm run backup [-- FILE|FOLDER]`: a consistent copy of the database while the app runs (SQLite's
// online backup API, or pg_dump), by default into $DATA_DIR/backups/app-YYYYMMDD-HHMMSS.db (.dump on
// PostgreSQL). Same environment as `npm start`; DATABASE_SCHEMA picks a PostgreSQL schema.
// docs/operations.md, 'Backup and restore'.
import { loadConfig } from '../server/config.js';
import { backup } from '../server/db/backup/run.js';

try {
  const config = loadConfig();
  const target = process.argv.slice(2).find((a) => !a.startsWith('--'));
  const lines = await backup({ ...config, schema: process.env.DATABASE_SCHEMA || undefined }, target);
  for (const line of lines) console.log(line);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
