import type { Executor } from '../db/database.js';
import { isPostgres } from './paging.js';

/**
 * A read that the callers of one turn of the event loop share on PostgreSQL, sent at the turn's end:
 * a change count that 32 requests at once each read apart costs 32 round trips and as many tiny
 * statements in PostgreSQL's own CPU, on the cores the app shares with it; shared, one or a few.
 *
 * Each caller asked before the read was sent, so it sees every write committed before any of them
 * asked (a write acknowledged to a client shows in that client's next answer). A read already sent
 * is never joined: it could predate a write its joiner had seen committed. SQLite reads in process
 * and gains nothing, so it reads at once.
 */
export function readPerTurn<T>(read: (db: Executor) => Promise<T>): (db: Executor) => Promise<T> {
  const unsent = new WeakMap<Executor, Promise<T>>();
  return (db) => {
    if (!isPostgres(db)) return read(db);
    const found = unsent.get(db);
    if (found) return found;
    const shared = new Promise<T>((resolve, reject) =>
      setImmediate(() => {
        unsent.delete(db);
        read(db).then(resolve, reject);
      }),
    );
    unsent.set(db, shared);
    return shared;
  };
}
