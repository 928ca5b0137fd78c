import { AssessmentType, LookupType } from '../../domain/codes.js';
import type { Answer } from '../../domain/rules/answers.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import { reusableQuery, reusableRows } from '../db/reusableQuery.js';

function resultQuery(db: Executor) {
  return db
    .selectFrom('assessmentResults as r')
    .innerJoin('assessments as a', 'a.id', 'r.assessmentId')
    .innerJoin('users as u', 'u.id', 'r.respondentId')
    .leftJoin('organizations as o', 'o.id', 'r.organizationId')
    .leftJoin('roadmaps as rm', 'rm.organizationId', 'r.organizationId')
    .leftJoin('lookupItems as st', (j) =>
      j.onRef('st.id', '=', 'rm.statusId').on('st.lookupType', '=', LookupType.RoadmapStatus),
    )
    .select([
      'r.id',
      'r.assessmentId',
      'r.respondentId',
      'r.organizationId',
      'r.assessmentInviteId',
      'r.startDateTime',
      'r.completionDateTime',
      'a.code as assessmentCode',
      'a.name as assessmentName',
      'a.description as assessmentDescription',
      'a.assessmentType',
      'u.fullName as respondentName',
      'u.userName as respondentUserName',
      'o.name as organizationName',
      'st.code as roadmapStatus',
    ]);
}

const byId = reusableQuery((db: Executor, id: number) => resultQuery(db).where('r.id', '=', id));

/**
 * A result with what its owner's policy needs (resultOwners.ts ownerOf): the respondent's organization
 * now, its firm and Anonymize Results, and the Anonymize Results of the organization it was given in.
 * One query where findById and resultOwnerOf make two or three: a retake is opened often.
 */
const withOwnerById = reusableQuery((db: Executor, id: number) =>
  resultQuery(db)
    .leftJoin('organizations as uo', 'uo.id', 'u.organizationId')
    .select([
      'u.organizationId as ownerOrganizationId',
      'uo.consultingFirmId as ownerConsultingFirmId',
      'uo.anonymizeResults as ownerAnonymizeResults',
      'o.anonymizeResults as givenAnonymizeResults',
    ])
    .where('r.id', '=', id),
);

const answersById = reusableQuery((db: Executor, resultId: number) =>
  db.selectFrom('answers').selectAll().where('assessmentResultId', '=', resultId),
);

const bySubmissionKey = reusableQuery((db: Executor, key: string) =>
  db.selectFrom('assessmentResults').select('id').where('submissionKey', '=', key),
);

type NewResultRow = ReturnType<typeof newResultRow>;

/** A new result's columns, in the order newResultRow lists them (the one-statement submission adds the id). */
export const NEW_RESULT_COLUMNS = [
  'assessmentId',
  'respondentId',
  'organizationId',
  'assessmentInviteId',
  'startDateTime',
  'submissionKey',
  'completionDateTime',
  'createdAt',
] as const satisfies readonly (keyof NewResultRow)[];

const insertResult = reusableRows([...NEW_RESULT_COLUMNS], (db: Executor, rows: NewResultRow[]) =>
  db.insertInto('assessmentResults').values(rows).returning('id'),
);

export type AnswerRow = {
  assessmentResultId: number;
  questionId: number;
  choiceId: number | null;
  valueText: string | null;
  otherText: string | null;
};

/** A run of answer rows, compiled once per row count (a submission's 46 rows: one SQL text). */
const insertAnswerRows = reusableRows(
  ['assessmentResultId', 'questionId', 'choiceId', 'valueText', 'otherText'] satisfies (keyof AnswerRow)[],
  (db: Executor, rows: AnswerRow[]) => db.insertInto('answers').values(rows),
);

/**
 * Answer rows per INSERT: 5 values each, 5,000 values a statement, within SQLite's 32,766 bound
 * variables and PostgreSQL's 65,535 parameters; a submission of every seeded assessment is one statement.
 */
export const ANSWERS_PER_INSERT = 1_000;

/** What a new result is stored with; its times are the moment it is stored. */
export type NewResult = {
  assessmentId: number;
  respondentId: number;
  organizationId: number | null;
  assessmentInviteId: number | null;
  startDateTime: string | null;
  submissionKey: string | null;
};

export const resultsRepository = {
  async findById(db: Executor, id: number) {
    return (await byId(db, id))[0];
  },

  async findWithOwner(db: Executor, id: number) {
    return (await withOwnerById(db, id))[0];
  },

  /**
   * A respondent's completed results, newest first. `withoutAnonymized` leaves out the results given in
   * an organization with Anonymize Results set (a caller who is neither an admin nor the person).
   */
  async ofRespondent(
    db: Executor,
    respondentId: number,
    skip: number,
    take: number,
    options: { withoutAnonymized?: boolean } = {},
  ) {
    const anonymizedOrganizations = db
      .selectFrom('organizations')
      .select('id')
      .where('anonymizeResults', '=', 1);
    let rows = resultQuery(db).where('r.respondentId', '=', respondentId);
    let total = db
      .selectFrom('assessmentResults as r')
      .where('r.respondentId', '=', respondentId)
      .select((eb) => eb.fn.countAll().as('n'));
    if (options.withoutAnonymized) {
      rows = rows.where((eb) =>
        eb.or([
          eb('r.organizationId', 'is', null),
          eb('r.organizationId', 'not in', anonymizedOrganizations),
        ]),
      );
      total = total.where((eb) =>
        eb.or([
          eb('r.organizationId', 'is', null),
          eb('r.organizationId', 'not in', anonymizedOrganizations),
        ]),
      );
    }
    const [list, counted] = await Promise.all([
      rows.orderBy('r.completionDateTime', 'desc').orderBy('r.id', 'desc').offset(skip).limit(take).execute(),
      total.executeTakeFirst(),
    ]);
    return { rows: list, count: Number(counted?.n ?? 0) };
  },

  async findBySubmissionKey(db: Executor, key: string) {
    return (await bySubmissionKey(db, key))[0];
  },

  /** A respondent's trial results, latest first. */
  trialsOf(db: Executor, respondentId: number) {
    return db
      .selectFrom('assessmentResults as r')
      .innerJoin('assessments as a', 'a.id', 'r.assessmentId')
      .select('r.id')
      .where('r.respondentId', '=', respondentId)
      .where('a.assessmentType', '=', AssessmentType.Trial)
      .orderBy('r.completionDateTime', 'desc')
      .orderBy('r.id', 'desc')
      .execute();
  },

  /** Results become results of another assessment and organization (a visitor's conversion). */
  move(db: Executor, ids: number[], to: { assessmentId: number; organizationId: number }) {
    return db.updateTable('assessmentResults').set(to).where('id', 'in', ids).execute();
  },

  /** A result counts as taken on the invite: one result per invite (the submission key). */
  attachToInvite(db: Executor, resultId: number, inviteId: number) {
    return db
      .updateTable('assessmentResults')
      .set({ assessmentInviteId: inviteId, submissionKey: `invite:${inviteId}` })
      .where('id', '=', resultId)
      .execute();
  },

  /** Removes a respondent's results (their answers cascade); answers how many. */
  async removeAllOf(db: Executor, respondentId: number) {
    const removed = await db
      .deleteFrom('assessmentResults')
      .where('respondentId', '=', respondentId)
      .executeTakeFirst();
    return Number(removed.numDeletedRows);
  },

  answersOf(db: Executor, resultId: number) {
    return answersById(db, resultId);
  },

  async insert(db: Executor, values: NewResult) {
    const [row] = await insertResult(db, [newResultRow(values)]);
    if (!row) throw new Error('the new result has no id');
    return row.id;
  },

  /** Replaces a result's answers (a retake overwrites the previous response) and stamps the new completion. */
  async replaceAnswers(db: Executor, resultId: number, answers: Answer[], startDateTime?: string | null) {
    await db.deleteFrom('answers').where('assessmentResultId', '=', resultId).execute();
    await resultsRepository.insertAnswers(db, resultId, answers);
    if (startDateTime !== undefined) {
      await db
        .updateTable('assessmentResults')
        .set({ completionDateTime: nowIso(), startDateTime })
        .where('id', '=', resultId)
        .execute();
    }
  },

  /** The answers of a result that has none yet (one just inserted). */
  async insertAnswers(db: Executor, resultId: number, answers: Answer[]) {
    const rows = answerRowsOf(resultId, answers);
    for (let i = 0; i < rows.length; i += ANSWERS_PER_INSERT)
      await insertAnswerRows(db, rows.slice(i, i + ANSWERS_PER_INSERT));
  },
};

/** A result as first stored: completed now. */
export function newResultRow(values: NewResult) {
  const now = nowIso();
  return { ...values, completionDateTime: now, createdAt: now };
}

/** The rows of a result's answers, in the order they are stored: one per chosen choice, or the text. */
export function answerRowsOf(resultId: number, answers: Answer[]): AnswerRow[] {
  return answers.flatMap((a): AnswerRow[] =>
    a.choiceIds.length
      ? a.choiceIds.map((choiceId) => ({
          assessmentResultId: resultId,
          questionId: a.questionId,
          choiceId,
          valueText: null,
          otherText: a.otherText,
        }))
      : [
          {
            assessmentResultId: resultId,
            questionId: a.questionId,
            choiceId: null,
            valueText: a.text,
            otherText: null,
          },
        ],
  );
}

export const invitesRepository = {
  /** The respondent's active invite for an assessment, with its result if it has one. */
  findActive(db: Executor, respondentId: number, assessmentId: number) {
    return db
      .selectFrom('assessmentInvites as i')
      .leftJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id')
      .select(['i.id', 'i.organizationId', 'r.id as resultId'])
      .where('i.respondentId', '=', respondentId)
      .where('i.assessmentId', '=', assessmentId)
      .where('i.isActive', '=', 1)
      .orderBy('i.id', 'desc')
      .executeTakeFirst();
  },

  /** Active invites of a respondent that have no result yet. */
  pendingOf(db: Executor, respondentId: number) {
    return db
      .selectFrom('assessmentInvites as i')
      .innerJoin('assessments as a', 'a.id', 'i.assessmentId')
      .leftJoin('assessmentResults as r', 'r.assessmentInviteId', 'i.id')
      .select([
        'i.id',
        'i.invitedAt',
        'i.createdAt',
        'a.id as assessmentId',
        'a.code',
        'a.name',
        'a.description',
        'a.assessmentType',
      ])
      .where('i.respondentId', '=', respondentId)
      .where('i.isActive', '=', 1)
      .where('a.isActive', '=', 1)
      .where('r.id', 'is', null)
      .orderBy('a.assessmentType')
      .execute();
  },
};
