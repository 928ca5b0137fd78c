import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** The cheapest question a database answers: whether it answers at all (readiness). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
