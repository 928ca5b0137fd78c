import { sql } from 'kysely';
import type { AuditSort, AuditSortColumn } from '../../domain/rules/auditTrail.js';
import type { ListSearch } from '../../domain/schemas/common.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { reusableRows } from '../db/reusableQuery.js';
import { keptCounts } from './keptCounts.js';
import { anyContains, countOf, countRows, pageOf, sortKeysOf } from './paging.js';
import { pageByText } from './textWalk.js';

/** Entries with their actor's names; the actor may be gone (deleted users keep their entries). */
function entryQuery(db: Executor) {
  return db
    .selectFrom('auditLog as al')
    .leftJoin('users as u', 'u.id', 'al.actorId')
    .select([
      'al.id',
      'al.at',
      'al.actorId',
      'al.action',
      'al.entity',
      'al.entityId',
      'al.details',
      'u.userName as actorUserName',
      'u.fullName as actorFullName',
    ]);
}

/** The column each audit trail sort reads (docs/decisions.md#web-list-sorting-audit). */
const sortValue: Record<AuditSortColumn, string> = { at: 'al.at', actor: 'u.fullName', action: 'al.action' };

/** One audit row as stored: `details` already JSON, `at` the moment the change was recorded. */
export type AuditRow = {
  at: string;
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  details: string | null;
};

/**
 * Rows per INSERT: 6 values each, well under SQLite's 32,766 bound variables and PostgreSQL's 65,535
 * parameters.
 */
const ROWS_PER_INSERT = 1_000;

/** Every write records entries: their INSERT is compiled once per row count (reusableQuery.ts). */
const insertRows = reusableRows(
  ['at', 'actorId', 'action', 'entity', 'entityId', 'details'] satisfies (keyof AuditRow)[],
  (db: Executor, rows: AuditRow[]) => db.insertInto('auditLog').values(rows),
);

/**
 * How many entries match the text, kept while the entries and the people stand still (migration
 * 014's 'audit' and 'people' counters): every count reads all matching entries (74,499 on the bench's
 * dataset), and grows with them. Without text it reads the entries alone: the actor is joined by its
 * primary key, at most one row, so the join changes the count's cost, never the count. (With text, the
 * actor as a subquery of matching people cost more than the join for a broad text: 'user' matches
 * 47,399 people; docs/perf-notes/search.md.)
 */
const countEntries = keptCounts<string>(
  ['audit', 'people'],
  (text) => text,
  (db, text) =>
    text
      ? countRows(
          db,
          entryQuery(db).where(anyContains(db, text, ['al.action', 'al.entity', 'u.userName', 'u.fullName'])),
        )
      : db
          .selectFrom('auditLog')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirst()
          .then(countOf),
);

/**
 * One page of the entries the text matches, newest first, with their actors' names, in one
 * statement: the page's ids first, from the entries alone, then those 50 joined to their actors.
 * With `bound`, the ids come from a walk of the newest `bound` entries, each tested as it comes (its
 * actor looked up by primary key, one row); without, from every entry whose action or entity
 * matches or whose actor is one of the people the text matches (through the trigram indexes on
 * PostgreSQL), which no join to every person precedes.
 */
function newestMatching(db: Executor, text: string, page: { offset: number; limit: number; bound?: number }) {
  const ref = (column: string) => sql.ref(column);
  const own = anyContains(db, text, ['w.action', 'w.entity']);
  const entries =
    page.bound === undefined
      ? sql`${sql.table('auditLog')}`
      : sql`(select ${ref('id')}, ${ref('action')}, ${ref('entity')}, ${ref('actorId')} from ${sql.table('auditLog')} order by ${ref('id')} desc limit ${page.bound})`;
  const actor =
    page.bound === undefined
      ? sql<boolean>`${ref('w.actorId')} in (select ${ref('p.id')} from ${sql.table('users')} as p where ${anyContains(db, text, ['p.userName', 'p.fullName'])})`
      : sql<boolean>`(select ${anyContains(db, text, ['p.userName', 'p.fullName'])} from ${sql.table('users')} as p where ${ref('p.id')} = ${ref('w.actorId')})`;
  const ids = sql`select ${ref('w.id')} from ${entries} as w where (${own} or ${actor}) order by ${ref('w.id')} desc limit ${page.limit} offset ${page.offset}`;
  return entryQuery(db)
    .where(sql<boolean>`${ref('al.id')} in (${ids})`)
    .orderBy('al.id', 'desc')
    .execute();
}

/** The audit trail: who changed what. Written in the same transaction as the change it records. */
export const auditRepository = {
  record(
    db: Executor,
    entry: {
      actorId: number | null;
      action: string;
      entity: string;
      entityId: number | null;
      details?: unknown;
    },
  ) {
    return db
      .insertInto('auditLog')
      .values({
        at: nowIso(),
        actorId: entry.actorId,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        details: entry.details === undefined ? null : JSON.stringify(entry.details),
      })
      .execute();
  },

  /** Rows in the order given (their ids ascend in that order), in as few statements as the bounds allow. */
  async recordMany(db: Executor, rows: readonly AuditRow[]) {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
      await insertRows(db, rows.slice(i, i + ROWS_PER_INSERT));
  },

  /** One page of the trail, in the order asked (newest first without one); the query matches the action, the entity and the actor's names. */
  async search(db: Executor, search: ListSearch & { sort?: AuditSort | null }) {
    const { offset, limit } = pageOf(search);
    const sort = search.sort;
    const text = search.query?.trim() ?? '';
    if (text && !sort) {
      // Newest first with text: the counts choose between walking the entries from the newest and
      // reading every match (textWalk.ts). PostgreSQL's plan of the joined query, estimating 62
      // matches of 'submit' where there are 20,500, hash-joined all entries to all people first.
      const [matches = 0, all = 0] = await countEntries.many(db, [text, '']);
      const rows = await pageByText({
        offset,
        limit,
        matches,
        all,
        // No index finds an entry by its action or entity: reading the matches reads every entry.
        readCost: all,
        walk: (bound) => newestMatching(db, text, { offset, limit, bound }),
        read: () => newestMatching(db, text, { offset, limit }),
      });
      return { rows, count: matches };
    }
    const filtered = entryQuery(db).where(
      anyContains(db, text, ['al.action', 'al.entity', 'u.userName', 'u.fullName']),
    );
    const ordered = filtered.$call((query) => {
      if (!sort) return query;
      // The System (no actor) last either way; newest first among equal values.
      const keys = sortKeysOf(sortValue[sort.column], { lower: sort.column !== 'at' });
      return query.orderBy(keys.missing).orderBy(keys.value, sort.direction);
    });
    const [rows, count] = await Promise.all([
      ordered.orderBy('al.id', 'desc').offset(offset).limit(limit).execute(),
      countEntries(db, text),
    ]);
    return { rows, count };
  },
};
