import type { LookMark } from '../db/commitLooks.js';
import type { Executor } from '../db/database.js';
import type { SessionChanges } from '../db/sessionChanges.js';
import { usersRepository } from '../repositories/users.js';

export type SessionRow = NonNullable<Awaited<ReturnType<typeof usersRepository.findSessionDetailById>>>;

/** At most this many users' rows are kept (the first kept go first)... */
const MAX_ENTRIES = 5_000;
/** ...and at most this many bytes of their text (a row is about 1 KB). */
const MAX_BYTES = 16 * 1024 * 1024;

/** A row's size in memory, roughly: its text's characters twice over (UTF-16) and 16 bytes a field. */
function sizeOf(row: SessionRow): number {
  let bytes = 0;
  for (const value of Object.values(row)) bytes += typeof value === 'string' ? 2 * value.length + 16 : 16;
  return bytes;
}

/**
 * Each caller's session row (usersRepository.findSessionDetailById: what the guard checks, and the
 * whole row the profile and a user's detail answer with), kept in memory while nothing it is read
 * from changes (docs/decisions.md#session-row-cache). Every change that may touch a row, made by this
 * process or another, drops it before the next look (db/sessionChanges.ts), so a suspension, a
 * deactivation, a sign-out everywhere, a new password or group or organization takes effect on the
 * next request. Rows are frozen: callers share them. Unknown users are not kept.
 */
export class SessionCache {
  private readonly rows = new Map<number, { row: SessionRow; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly db: Executor,
    private readonly changes: SessionChanges,
  ) {
    changes.subscribe((userId) => {
      if (userId === undefined) this.clear();
      else this.drop(userId);
    });
  }

  /** Taken when a request arrives; its later reads pass it as `since` (db/commitLooks.ts). */
  mark(): LookMark {
    return this.changes.looks.mark();
  }

  /** The user's row; `since`: the mark of the request reading, so that it looks once per request. */
  async get(userId: number, since?: LookMark): Promise<SessionRow | undefined> {
    const { changes } = this;
    changes.check(since);
    if (!changes.live) return usersRepository.findSessionDetailById(this.db, userId);
    const kept = this.rows.get(userId);
    if (kept) return kept.row;
    const generation = changes.generation;
    const row = await usersRepository.findSessionDetailById(this.db, userId);
    // Kept only if nothing changed while it was read: otherwise it may already be the old row.
    if (row && changes.live && changes.generation === generation) this.keep(userId, Object.freeze(row));
    return row;
  }

  private keep(userId: number, row: SessionRow): void {
    const bytes = sizeOf(row);
    this.drop(userId);
    this.rows.set(userId, { row, bytes });
    this.bytes += bytes;
    while (this.rows.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      const oldest = this.rows.keys().next().value as number;
      this.drop(oldest);
    }
  }

  private drop(userId: number): void {
    const kept = this.rows.get(userId);
    if (!kept) return;
    this.rows.delete(userId);
    this.bytes -= kept.bytes;
  }

  private clear(): void {
    this.rows.clear();
    this.bytes = 0;
  }
}
