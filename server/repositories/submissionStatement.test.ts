import {
  CamelCasePlugin,
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../db/schema.js';
import { idempotencyKeyStore } from '../stores/idempotencyKeyStore.js';
import type { AnswerRow } from './results.js';
import { type SubmittedRow, submissionStatement } from './submissionStatement.js';

// The submission's statements are built once per shape and run with each call's values
// (reusableQuery.ts): what reaches PostgreSQL must be what Kysely builds from the call's rows
// themselves, text and values alike, whatever the number of answers and whether a key is kept.

function recordingDb() {
  const sent: CompiledQuery[] = [];
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  return { db, sent };
}

const statements = { insert: idempotencyKeyStore.insertQuery, dropExpired: idempotencyKeyStore.dropExpired };

const resultOf = (id: number, key: string | null): SubmittedRow => ({
  assessmentId: 3,
  respondentId: 7,
  organizationId: id % 2 ? null : 11,
  assessmentInviteId: null,
  startDateTime: '2026-11-27T10:00:00.000Z',
  submissionKey: key,
  completionDateTime: `2026-11-27T10:0${id % 10}:00.000Z`,
  createdAt: `2026-11-27T10:0${id % 10}:00.000Z`,
  id,
});
const answersOf = (id: number, n: number): AnswerRow[] =>
  Array.from({ length: n }, (_, i) => ({
    assessmentResultId: id,
    questionId: 100 + i,
    choiceId: i % 3 ? 500 + i : null,
    valueText: i % 3 ? null : `text ${id}-${i}`,
    otherText: i % 5 ? null : `other ${i}`,
  }));
const auditOf = (id: number) => ({
  at: '2026-11-27T10:00:00.000Z',
  actorId: 7,
  action: 'submit',
  entity: 'assessment-result',
  entityId: id,
  details: null,
});
const keptOf = (id: number) => ({
  userId: 7,
  key: `key-${id}-abcdefghijklmnop`,
  requestHash: `hash${id}`,
  statusCode: 200,
  body: `{"resultId":${id}}`,
  createdAt: '2026-11-27T10:00:00.000Z',
});

describe('submissionStatement', () => {
  it('sends the text and values Kysely builds from the rows, for every shape', async () => {
    const { db, sent } = recordingDb();
    // Twice each shape, so the second call runs what the first compiled; answer counts that differ.
    for (const [id, n, withKey] of [
      [1, 46, true],
      [2, 46, true],
      [3, 46, false],
      [4, 46, false],
      [5, 3, true],
      [6, 1, false],
    ] as const) {
      const result = resultOf(id, id % 2 ? `attempt:${id}` : null);
      const answers = answersOf(id, n);
      const draft = { userId: 7, assessmentId: 3 + id };
      const audit = auditOf(id);
      const kept = withKey ? keptOf(id) : undefined;
      sent.length = 0;
      await submissionStatement.write(db, {
        result,
        answers,
        draft,
        audit,
        kept: kept && { statements, row: kept },
      });
      const expected = submissionStatement.builtFor
        .writeQuery(db, result, answers, draft, audit, kept && statements.insert(db, kept))
        .compile();
      expect(sent).toHaveLength(1);
      expect(sent[0]?.sql).toBe(expected.sql);
      expect(sent[0]?.parameters).toEqual(expected.parameters);

      const expired = withKey
        ? { statements, userId: 7, key: `key-${id}`, expiredBefore: 'cutoff' }
        : undefined;
      sent.length = 0;
      // The dummy driver returns no row: the id is missing, after the statement was sent.
      await expect(submissionStatement.prepare(db, result.submissionKey, expired)).rejects.toThrow('no id');
      const expectedPrepare = submissionStatement.builtFor
        .prepareQuery(
          db,
          result.submissionKey,
          expired && statements.dropExpired(db, expired.userId, expired.key, expired.expiredBefore),
        )
        .compile();
      expect(sent[0]?.sql).toBe(expectedPrepare.sql);
      expect(sent[0]?.parameters).toEqual(expectedPrepare.parameters);
    }
  });
});
