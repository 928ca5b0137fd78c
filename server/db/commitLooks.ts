/**
 * The looks for other connections' commits (SQLite's `PRAGMA data_version`, told to the session rows
 * and change counts kept in memory: sessionChanges.ts, counterChanges.ts), counted, so that one look
 * can serve a whole request.
 *
 * A look costs two fcntl calls on the WAL's shared memory (the read lock taken and given back), about
 * 20 µs on this project's machine under load, where an organization's form or a user's detail costs
 * 110-140 µs in all; before, such a call looked twice, once in the guard and once for its own kept
 * answer (docs/perf-notes/looks.md).
 *
 * What a request owes its client is every write acknowledged before the request arrived. Any look
 * begun after it arrived gives that, whoever made it: so a request takes a mark when it arrives
 * (`mark`) and hands it to its later reads (`look(since)`), which look again only when no look has
 * begun since the mark. A reader without a mark (a job, a test, a script) looks every time, as
 * before. Unlike remembering a look for an event-loop turn, this does not depend on when requests,
 * pipelined bytes or another app on the same loop are read: the mark is taken after this request's
 * bytes arrived, and only looks counted after it are trusted.
 */
export type LookMark = number;

export class CommitLooks {
  /** Looks done so far; a mark is this count at the request's arrival. */
  private done = 0;

  constructor(private readonly poll: () => void = () => {}) {}

  /** Taken when a request arrives, before it reads anything kept. */
  mark(): LookMark {
    return this.done;
  }

  /** Looks for others' commits, unless one has been done since `since` (every time without it). */
  look(since?: LookMark): void {
    if (since !== undefined && this.done > since) return;
    this.poll();
    // Counted once done: a look that failed serves no one.
    this.done++;
  }
}
