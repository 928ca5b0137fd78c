import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/** What a user list's text search looks in, one field from the next by a character nobody types. */
const body = (row: 'new' | 'users') =>
  `${row}.full_name || char(31) || ${row}.user_name || char(31) || coalesce(${row}.email, '')`;

/**
 * SQLite: a trigram index of each user's name, user name and e-mail (FTS5), so that "contains"
 * searches over 50,000 people read the few rows that match instead of every row (the benchmark's
 * 'smith': 42 requests/s). Triggers keep it with the users table, whichever code writes. PostgreSQL
 * keeps its plain scan: pg_trgm is an extension an operator may not be allowed to install.
 */
export function userSearchMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'sqlite') return;
      const run = (text: string) => sql.raw(text).execute(db);
      await run("create virtual table user_search using fts5(body, tokenize = 'trigram')");
      await run(`insert into user_search (rowid, body) select users.id, ${body('users')} from users`);
      await run(
        `create trigger users_search_insert after insert on users begin insert into user_search (rowid, body) values (new.id, ${body('new')}); end`,
      );
      await run(
        `create trigger users_search_update after update of full_name, user_name, email on users begin delete from user_search where rowid = old.id; insert into user_search (rowid, body) values (new.id, ${body('new')}); end`,
      );
      await run(
        'create trigger users_search_delete after delete on users begin delete from user_search where rowid = old.id; end',
      );
    },
  };
}
