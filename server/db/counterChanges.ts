import { CommitLooks, type LookMark } from './commitLooks.js';
import { CACHED_TABLES } from './migrations/004_cache_versions.js';
import { NOTICED_COUNTER_FAMILIES } from './migrations/019_counter_changes.js';
import { writesRows } from './sessionChanges.js';

/**
 * What counts are read through: a database (Kysely) or a transaction. Only its identity matters here,
 * so this module needs nothing from database.ts (which imports it).
 */
type Executor = object;

/**
 * When the change counters (the cache_versions rows that database triggers move) may have moved, so
 * a count read from the database can be reused until then instead of read again on every call: on
 * PostgreSQL that read is a round trip per point read (docs/decisions.md#counter-changes). Told, like
 * SessionChanges (sessionChanges.ts):
 *
 * - in this process, at once: on SQLite every statement the app runs that may write (any table: a
 *   trigger or a cascade may move a counter), on PostgreSQL every one that may move a counter kept
 *   there (`writesNoticedCounters`), and then again when its transaction ends (both database layers
 *   call `wrote`); that moves every counter family;
 * - another connection's commits: on SQLite, `PRAGMA data_version` (every family); on PostgreSQL, the
 *   NOTIFY that migration 019's trigger sends at commit naming each counter row that moved, heard on
 *   the process's one listening connection (changeListener.ts), which moves only that row's family.
 *   While that connection is down nothing is served from memory (`live` false).
 *
 * A family is a counter's name without its slot (`rows:users:17` is of `rows:users`), so a sign-in
 * elsewhere does not make this process read the lookups' count again.
 */
export class CounterChanges {
  /** Whether kept counts may be served: always on SQLite; on PostgreSQL while the listener listens. */
  live: boolean;
  /** Moves with every change; each change is stamped with it. */
  private clock = 0;
  /** The stamp of the last change that may have moved every counter. */
  private all = 0;
  /** The stamp of each family's last change. */
  private readonly families = new Map<string, number>();

  constructor(
    live: boolean,
    /** Looks for other connections' commits (SQLite's data_version); a change found calls `changed`. */
    private readonly looks: CommitLooks = new CommitLooks(),
    /**
     * The families whose moves by others are told (PostgreSQL: NOTICED_COUNTER_FAMILIES of migration
     * 019, by a name's first part); a count of any other family is never kept. Undefined: all (SQLite).
     */
    private readonly noticed?: ReadonlySet<string>,
  ) {
    this.live = live;
  }

  /** Whether a count of these families may be kept at all: every move of each of them is told. */
  keeps(families: readonly string[]): boolean {
    const noticed = this.noticed;
    return !noticed || families.every((family) => noticed.has(family.split(':', 1)[0] as string));
  }

  /** Called before every look at kept counts; `since`: the mark of the request reading (commitLooks.ts). */
  check(since?: LookMark): void {
    this.looks.look(since);
  }

  /** A counter row moved (its name), or any of them (undefined). */
  changed(name?: string): void {
    this.clock++;
    if (name === undefined) this.all = this.clock;
    else this.families.set(familyOf(name), this.clock);
  }

  /** A statement of this process may have written, or its transaction ended. */
  wrote(): void {
    this.changed(undefined);
  }

  setLive(live: boolean): void {
    this.live = live;
    this.changed(undefined);
  }

  /**
   * The stamp of the last change to any of these families: a count read while it stood at S is
   * current as long as it still is S (it only grows).
   */
  stampOf(families: readonly string[]): number {
    let stamp = this.all;
    for (const family of families) {
      const at = this.families.get(family);
      if (at !== undefined && at > stamp) stamp = at;
    }
    return stamp;
  }
}

/**
 * The tables whose writes move the counters PostgreSQL's processes keep (the families of migration
 * 019, moved by migration 004's triggers), and the counters' own table. No foreign key cascades into
 * them from another table and no other table's trigger writes them, so a statement that names none
 * of them cannot move those counters.
 */
const NOTICED_TABLES = new RegExp(
  `\\b(${[...NOTICED_COUNTER_FAMILIES.flatMap((family) => CACHED_TABLES[family]), 'cache_versions'].join('|')})\\b`,
  'i',
);

/**
 * Whether a statement may move a counter a PostgreSQL process keeps (a false alarm only costs a read).
 * Every other family is read on every call there (`CounterChanges.keeps`), so a submission or an
 * organization's save leaves the lookups' and the content's counts kept: before, every write made the
 * next submission and save read them again, a round trip each (docs/perf-notes/pgsub.md).
 */
export function writesNoticedCounters(sql: string): boolean {
  return writesRows(sql) && NOTICED_TABLES.test(sql);
}

/** The family of a counter row: its name without the slot (`details:3` -> `details`, `lookups` itself). */
export function familyOf(name: string): string {
  return name.replace(/:\d+$/, '');
}

/** The channel migration 019's trigger notifies on; the payload is `<schema>:<counter name>` or `<schema>:*`. */
export const COUNTER_CHANNEL = 'smr_counter_changes';

/**
 * Each open database's CounterChanges, by its Kysely instance. A transaction (or any other Executor)
 * is not found here, so its reads always go to the database: it may see its own uncommitted writes.
 */
const registered = new WeakMap<Executor, CounterChanges>();

export function watchCounters(db: Executor, changes: CounterChanges): void {
  registered.set(db, changes);
}

export type KeptCount<E extends Executor = Executor> = {
  /** The count; `since`: the mark of the request reading (commitLooks.ts), so it looks once per request. */
  (db: E, since?: LookMark): Promise<number>;
  /** The count kept for `db` when it is still current, without waiting; else undefined. */
  peek: (db: E, since?: LookMark) => number | undefined;
};

/**
 * A read of a count the change counters give (a counter's row, a sum of rows), served from memory
 * while none of `families` moved. The stamp is taken BEFORE the database read and the count kept
 * under it, so a change racing the read leaves a count that the next call already finds stale, never
 * an old count that looks current.
 */
export function keptCount<E extends Executor>(
  families: readonly string[],
  read: (db: E) => Promise<number>,
): KeptCount<E> {
  const kept = new WeakMap<CounterChanges, { stamp: number; value: number }>();
  const peek = (db: E, since?: LookMark): number | undefined => {
    const changes = registered.get(db);
    if (!changes) return undefined;
    changes.check(since);
    if (!changes.live || !changes.keeps(families)) return undefined;
    const found = kept.get(changes);
    return found && found.stamp === changes.stampOf(families) ? found.value : undefined;
  };
  const count = async (db: E, since?: LookMark): Promise<number> => {
    const found = peek(db, since);
    if (found !== undefined) return found;
    const changes = registered.get(db);
    if (!changes?.live || !changes.keeps(families)) return read(db);
    const stamp = changes.stampOf(families);
    const value = await read(db);
    if (changes.live && changes.stampOf(families) === stamp) kept.set(changes, { stamp, value });
    return value;
  };
  return Object.assign(count, { peek });
}
