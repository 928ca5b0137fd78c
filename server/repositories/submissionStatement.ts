import { type Compilable, type QueryCreator, sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { AuditRow } from './audit.js';
import { ANSWERS_PER_INSERT, type AnswerRow, type NewResult } from './results.js';

/** A new result's row with the id drawn for it and its times. */
export type SubmittedRow = NewResult & { id: number; completionDateTime: string; createdAt: string };

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
   * submission key, and the expired kept answer of the request's key removed.
   */
  async prepare(
    db: Executor,
    submissionKey: string | null,
    /** The removal of an expired kept answer of the request's key (server/http/idempotency.ts). */
    dropExpired: Compilable | undefined,
  ): Promise<{ id: number; earlier: number | undefined }> {
    // Typed loosely: the kept answers' table is typed in its store only.
    const creator = dropExpired
      ? (db.with('dropped', () => dropExpired as never) as unknown as QueryCreator<DB>)
      : db;
    const row = await creator
      .selectNoFrom((eb) => [
        sql<string>`nextval(pg_get_serial_sequence('assessment_results', 'id'))`.as('id'),
        submissionKey === null
          ? sql<number | null>`null`.as('earlier')
          : eb
              .selectFrom('assessmentResults')
              .select('id')
              .where('submissionKey', '=', submissionKey)
              .as('earlier'),
      ])
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), earlier: row.earlier ?? undefined };
  },

  /** Writes them all, or throws and writes nothing. */
  async write(
    db: Executor,
    writes: {
      result: SubmittedRow;
      answers: AnswerRow[];
      draft: { userId: number; assessmentId: number };
      audit: AuditRow;
      /** The kept answer's INSERT (server/http/idempotency.ts), when the request has a key. */
      kept: Compilable | undefined;
    },
  ): Promise<void> {
    const { result, answers, draft, audit, kept } = writes;
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
    await creator.selectNoFrom(sql<number>`1`.as('done')).execute();
  },
};
