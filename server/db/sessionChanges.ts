import { CommitLooks, type LookMark } from './commitLooks.js';

/**
 * What may change a user's session row as the guard reads it (usersRepository.findSessionDetailById:
 * the user, their organization and the lookup names joined to it), told to the caches that keep such
 * rows (auth/sessionCache.ts; docs/decisions.md#session-row-cache):
 *
 * - in this process, at once: every statement the app runs that writes one of those tables, and,
 *   on PostgreSQL, the commit or rollback that ends its transaction (both database layers call
 *   `wrote`); a row read while such a transaction was open may be the old one, so it goes again;
 * - another connection's commits: on SQLite, `PRAGMA data_version` (asked once per request or
 *   job, commitLooks.ts); on PostgreSQL, the NOTIFY that migration 015's triggers send at commit, heard on a
 *   connection of its own (changeListener.ts). While that connection is down nothing is served
 *   from memory (`live` false), and everything kept is dropped when it comes back.
 *
 * `generation` moves with every change: a row read from the database is kept only if it did not move
 * while the row was read, so a change racing a read never leaves an old row behind.
 */
export class SessionChanges {
  generation = 0;
  /** Whether kept rows may be served: always on SQLite; on PostgreSQL while the listener listens. */
  live: boolean;
  private readonly listeners = new Set<(userId: number | undefined) => void>();

  constructor(
    live: boolean,
    /** Looks for other connections' commits (SQLite's data_version); a change found calls `changed`. */
    readonly looks: CommitLooks = new CommitLooks(),
  ) {
    this.live = live;
  }

  /** Called before every look at kept rows; `since`: the mark of the request reading (commitLooks.ts). */
  check(since?: LookMark): void {
    this.looks.look(since);
  }

  /** A row changed: the user's (`userId`), or any number of them (undefined). */
  changed(userId?: number): void {
    this.generation++;
    for (const listener of this.listeners) listener(userId);
  }

  /** A statement of this process wrote one of the watched tables, or its transaction ended. */
  wrote(): void {
    this.changed(undefined);
  }

  setLive(live: boolean): void {
    this.live = live;
    this.changed(undefined);
  }

  subscribe(listener: (userId: number | undefined) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The channel migration 015's triggers notify on; the payload is `<schema>:<user id>` or `<schema>:*`. */
export const SESSION_CHANNEL = 'smr_session_changes';

/** The tables a session row is read from (users, organizations, lookup_items). */
const WATCHED = /\b(users|organizations|lookup_items)\b/i;
/** Statements that change rows or tables; a `with` only when it holds one of the writing verbs. */
const WRITES = /^\s*(insert|update|delete|merge|truncate|alter|drop|create|copy|replace)\b/i;
const WRITES_IN_WITH = /^\s*with\b[\s\S]*\b(insert\s+into|update|delete\s+from)\b/i;

/** Whether a statement may write anything (a false alarm only costs a reload). */
export function writesRows(sql: string): boolean {
  return WRITES.test(sql) || WRITES_IN_WITH.test(sql);
}

/**
 * A new user or organization, added by a plain INSERT (alone or as a WITH query): no kept row reads
 * it (a row is kept only for a user who exists, and joins only their own organization). Not in an
 * upsert, nor SQLite's `insert or replace`, which deletes the row it meets. A new lookup item still
 * counts, as migration 017's triggers count it (they send nothing for new people or organizations).
 */
const ADDS_PEOPLE_OR_ORGANIZATIONS = /\binsert\s+into\s+"?(users|organizations)"?(?=[\s(])/gi;
const REPLACES_ROWS = /\bon\s+conflict\b|\breplace\b/i;

/**
 * Whether a statement may write what a session row is read from (a false alarm only costs a reload).
 * Adding people or organizations is not such a write: an organization saved with ten new people
 * would otherwise send every caller's row, the saving admin's first, back to the database.
 */
export function writesSessionRows(sql: string): boolean {
  if (!writesRows(sql)) return false;
  const rest = REPLACES_ROWS.test(sql) ? sql : sql.replace(ADDS_PEOPLE_OR_ORGANIZATIONS, '');
  return WATCHED.test(rest);
}

/** Whether a statement ends a transaction (its writes then visible to others); not a rollback to a savepoint. */
export function endsTransaction(sql: string): boolean {
  return /^\s*(commit|end|rollback(?!\s+to\b))\b/i.test(sql);
}
