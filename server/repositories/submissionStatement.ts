import { type Compilable, type QueryCreator, sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { reusableQuery } from '../db/reusableQuery.js';
import type { DB } from '../db/schema.js';
import type { AuditRow } from './audit.js';
import { ANSWERS_PER_INSERT, type AnswerRow, NEW_RESULT_COLUMNS, type NewResult } from './results.js';

/** A new result's row with the id drawn for it and its times. */
export type SubmittedRow = NewResult & { id: number; completionDateTime: string; createdAt: string };

/** The kept answer of an Idempotency-Key as the statement writes it (its store types it). */
type KeptRow = {
  userId: number;
  key: string;
  requestHash: string;
  statusCode: number;
  body: string;
  createdAt: string;
};

/**
 * The kept answer's statements, from its store (server/http/idempotency.ts hands them over): each
 * builds its statement from any values, so it is built once with placeholders and reused.
 */
export type KeptStatements = {
  /** The row's plain INSERT: it fails on a live kept answer of the key, and so fails the statement. */
  insert: (db: Executor, row: KeptRow) => Compilable;
  /** Removes an expired kept answer of the key (which would fail the INSERT too), in a statement before. */
  dropExpired: (db: Executor, userId: number, key: string, expiredBefore: string) => Compilable;
};

// The columns of each row, in the order its object lists them (newResultRow then the id, auditRowOf,
// answerRowsOf, the kept answer's row): then the SQL is the text Kysely writes for the rows themselves
// (submissionStatement.test.ts compares the two).
const RESULT_COLUMNS = [...NEW_RESULT_COLUMNS, 'id'] as const satisfies readonly (keyof SubmittedRow)[];
const ANSWER_COLUMNS = [
  'assessmentResultId',
  'questionId',
  'choiceId',
  'valueText',
  'otherText',
] as const satisfies readonly (keyof AnswerRow)[];
const AUDIT_COLUMNS = [
  'at',
  'actorId',
  'action',
  'entity',
  'entityId',
  'details',
] as const satisfies readonly (keyof AuditRow)[];
const KEPT_COLUMNS = [
  'userId',
  'key',
  'requestHash',
  'statusCode',
  'body',
  'createdAt',
] as const satisfies readonly (keyof KeptRow)[];

type Draft = { userId: number; assessmentId: number };

/** The writes as built by Kysely from their rows (each value a row's own, or a placeholder of reusableQuery). */
function writeQuery(
  db: Executor,
  result: SubmittedRow,
  answers: AnswerRow[],
  draft: Draft,
  audit: AuditRow,
  kept: Compilable | undefined,
) {
  const statements: Compilable[] = [db.insertInto('assessmentResults').values(result)];
  for (let i = 0; i < answers.length; i += ANSWERS_PER_INSERT)
    statements.push(db.insertInto('answers').values(answers.slice(i, i + ANSWERS_PER_INSERT)));
  statements.push(
    db
      .deleteFrom('assessmentDrafts')
      .where('userId', '=', draft.userId)
      .where('assessmentId', '=', draft.assessmentId),
    db.insertInto('auditLog').values(audit),
  );
  if (kept) statements.push(kept);
  // Each a WITH query of its own; the main query only closes the statement. (Typed loosely: the
  // WITH queries' names are made here, and the kept answers' table is typed in its store only.)
  let creator = db as unknown as QueryCreator<DB>;
  statements.forEach((statement, i) => {
    creator = creator.with(`w${i}`, () => statement as never) as unknown as QueryCreator<DB>;
  });
  return creator.selectNoFrom(sql<number>`1`.as('done'));
}

/** The values of `row` by `columns`, appended to `out`. */
function push(out: unknown[], row: object, columns: readonly string[]) {
  for (const column of columns) out.push((row as Record<string, unknown>)[column]);
}

/** A row of `columns` from `values` at `at` (the placeholders of reusableQuery). */
function take<Row>(values: unknown[], at: number, columns: readonly string[]): Row {
  const row: Record<string, unknown> = {};
  columns.forEach((column, i) => {
    row[column] = values[at + i];
  });
  return row as Row;
}

const FIXED = RESULT_COLUMNS.length + 2 + AUDIT_COLUMNS.length;

/**
 * The writes built and compiled once per number of answer rows (reusableQuery.ts), and on PostgreSQL
 * prepared once per connection: built per call, a submission's statement of 46 answers cost more
 * Node CPU in Kysely (building, the CamelCase transform, compiling ~250 values) than the rest of the
 * request's SQL, and PostgreSQL parsed and planned it anew every time (docs/perf-notes/pgsub.md).
 * The arguments: the result, the draft, the audit row, the kept row if any, then the answer rows.
 */
function reusableWrite(insertKept: KeptStatements['insert'] | undefined) {
  const width = FIXED + (insertKept ? KEPT_COLUMNS.length : 0);
  return reusableQuery((db: Executor, ...values: unknown[]) => {
    const result = take<SubmittedRow>(values, 0, RESULT_COLUMNS);
    let at = RESULT_COLUMNS.length;
    const draft: Draft = { userId: values[at] as number, assessmentId: values[at + 1] as number };
    at += 2;
    const audit = take<AuditRow>(values, at, AUDIT_COLUMNS);
    at += AUDIT_COLUMNS.length;
    const kept = insertKept ? insertKept(db, take<KeptRow>(values, at, KEPT_COLUMNS)) : undefined;
    const answers: AnswerRow[] = [];
    for (let i = width; i < values.length; i += ANSWER_COLUMNS.length)
      answers.push(take<AnswerRow>(values, i, ANSWER_COLUMNS));
    return writeQuery(db, result, answers, draft, audit, kept);
  });
}

/** The id drawn and the earlier result looked up, with or without the expired kept answer removed. */
function prepareQuery(db: Executor, submissionKey: string | null, dropped: Compilable | undefined) {
  // Typed loosely: the kept answers' table is typed in its store only.
  const creator = dropped ? (db.with('dropped', () => dropped as never) as unknown as QueryCreator<DB>) : db;
  return creator.selectNoFrom((eb) => [
    sql<string>`nextval(pg_get_serial_sequence('assessment_results', 'id'))`.as('id'),
    eb.selectFrom('assessmentResults').select('id').where('submissionKey', '=', submissionKey).as('earlier'),
  ]);
}

const prepareWithout = reusableQuery((db: Executor, submissionKey: string | null) =>
  prepareQuery(db, submissionKey, undefined),
);
const writeWithout = reusableWrite(undefined);

/** The reusable statements per kept answer's builders (one pair in the app: the store's). */
const withKept = new WeakMap<
  KeptStatements,
  { prepare: ReturnType<typeof reusablePrepare>; write: ReturnType<typeof reusableWrite> }
>();

function reusablePrepare(dropExpired: KeptStatements['dropExpired']) {
  return reusableQuery(
    (db: Executor, submissionKey: string | null, userId: number, key: string, expiredBefore: string) =>
      prepareQuery(db, submissionKey, dropExpired(db, userId, key, expiredBefore)),
  );
}

function statementsOf(kept: KeptStatements) {
  let found = withKept.get(kept);
  if (!found) {
    found = { prepare: reusablePrepare(kept.dropExpired), write: reusableWrite(kept.insert) };
    withKept.set(kept, found);
  }
  return found;
}

/**
 * A submission's writes on PostgreSQL as one statement (docs/decisions.md#data-one-statement-submission):
 * the result, its answers, the draft removed, the audit entry and the kept answer of an
 * Idempotency-Key, each a data-modifying WITH query of one INSERT ... or DELETE, which PostgreSQL
 * runs as one atomic statement: all of it commits, or none of it. In a transaction the same writes
 * are seven round trips (BEGIN ... COMMIT), and the process waits for each while the transaction
 * holds its locks (docs/perf-notes/writes2.md). SQLite has no data-modifying WITH queries, and no
 * round trips: it writes them one by one in audited().
 *
 * The writes do not depend on one another's output: the result's id is drawn beforehand (`prepare`),
 * so the kept answer, which names it, is known before the statement. Any of them failing fails the
 * statement: a second copy of the submission (its unique submission key), a live kept answer under
 * the same key (a plain INSERT; `prepare` removed an expired one).
 */
export const submissionStatement = {
  /**
   * Before the write, one round trip: the id of the new result, a result already stored under the
   * submission key (none without a key: `= null` matches no row), and the expired kept answer of the
   * request's key removed.
   */
  async prepare(
    db: Executor,
    submissionKey: string | null,
    /** The expired kept answer of the request's key to remove (server/http/idempotency.ts). */
    expired: { statements: KeptStatements; userId: number; key: string; expiredBefore: string } | undefined,
  ): Promise<{ id: number; earlier: number | undefined }> {
    const [row] = expired
      ? await statementsOf(expired.statements).prepare(
          db,
          submissionKey,
          expired.userId,
          expired.key,
          expired.expiredBefore,
        )
      : await prepareWithout(db, submissionKey);
    if (!row) throw new Error('the submission statement drew no id');
    return { id: Number(row.id), earlier: row.earlier ?? undefined };
  },

  /** Writes them all, or throws and writes nothing. */
  async write(
    db: Executor,
    writes: {
      result: SubmittedRow;
      answers: AnswerRow[];
      draft: Draft;
      audit: AuditRow;
      /** The kept answer (server/http/idempotency.ts), when the request has a key. */
      kept: { statements: KeptStatements; row: KeptRow } | undefined;
    },
  ): Promise<void> {
    const { result, answers, draft, audit, kept } = writes;
    const values: unknown[] = [];
    push(values, result, RESULT_COLUMNS);
    values.push(draft.userId, draft.assessmentId);
    push(values, audit, AUDIT_COLUMNS);
    if (kept) push(values, kept.row, KEPT_COLUMNS);
    for (const answer of answers) push(values, answer, ANSWER_COLUMNS);
    await (kept ? statementsOf(kept.statements).write : writeWithout)(db, ...values);
  },

  /** The statements as Kysely builds them from the values themselves: for the tests, which compare. */
  builtFor: { writeQuery, prepareQuery },
};
