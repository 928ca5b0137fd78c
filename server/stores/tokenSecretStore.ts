import type { Db } from '../db/database.js';

const KEY = 'jwt_secret';

/**
 * The token-signing secret where the database keeps it (app_settings): on PostgreSQL, and on SQLite
 * only until it moves to its file (auth/tokens.ts says when which).
 */
export const tokenSecretStore = {
  async read(db: Db): Promise<string | undefined> {
    const row = await db.selectFrom('appSettings').select('value').where('key', '=', KEY).executeTakeFirst();
    return row?.value;
  },

  async remove(db: Db): Promise<void> {
    await db.deleteFrom('appSettings').where('key', '=', KEY).execute();
  },

  /** Keeps `candidate` unless a secret is kept already (another process may have kept one first); answers the kept one. */
  async keepFirst(db: Db, candidate: string): Promise<string> {
    await db
      .insertInto('appSettings')
      .values({ key: KEY, value: candidate })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await db
      .selectFrom('appSettings')
      .select('value')
      .where('key', '=', KEY)
      .executeTakeFirstOrThrow();
    return row.value;
  },
};
