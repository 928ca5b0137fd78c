import { AssessmentType, type RoadmapStatusCode } from '../../domain/codes.js';
import { canOpenAssessment } from '../../domain/policies/assessments.js';
import {
  type Answer,
  type QuestionToAnswer,
  readAnswer,
  type SubmittedQuestion,
} from '../../domain/rules/answers.js';
import { canRetake } from '../../domain/rules/roadmap.js';
import type { Actor } from '../auth/guard.js';
import type { Db } from '../db/database.js';
import { badRequest, forbidden, HttpError, notFound } from '../http/envelope.js';
import type { KeepAnswer } from '../http/idempotency.js';
import { draftsRepository } from '../repositories/drafts.js';
import { isPostgres } from '../repositories/paging.js';
import {
  answerRowsOf,
  invitesRepository,
  type NewResult,
  newResultRow,
  resultsRepository,
} from '../repositories/results.js';
import { submissionStatement } from '../repositories/submissionStatement.js';
import { type AuditEntry, audited, auditRowOf } from './audited.js';
import { cachedAssessmentByCode } from './cachedAssessments.js';

export type SubmittedCriteria = {
  id?: number | null;
  code?: string | null;
  assessmentId?: number | null;
  startDateTime?: string | null;
  sections?: readonly { code?: string | null; questions?: readonly SubmittedQuestion[] | null }[] | null;
};

export type SubmitOutcome = { ok: true; resultId: number } | { ok: false; message: string };

export const submitMessages = {
  noInvite: 'You have no invite to take this assessment. Please contact your champion or consultant.',
  alreadySubmitted:
    'This assessment has already been submitted. Open it from your completed assessments to retake it.',
  notYours: 'This assessment result is not yours to change.',
  noRetake:
    'This assessment can no longer be retaken at the current stage of the roadmap; it can be viewed only.',
};

const isIsoTime = (v: string | null | undefined): v is string =>
  !!v && !Number.isNaN(Date.parse(v)) && v.length <= 40;

/**
 * Stores a submitted assessment (docs/product.md#rules-assessment-flow; docs/product.md#calls-answers): the
 * caller may take it, every active question's answer is read against the question, and the result with
 * its answers is written in one transaction. A resubmission of the same attempt (double click, retry)
 * answers the result already stored instead of making a second one.
 */
export async function submitResult(
  db: Db,
  actor: Actor,
  criteria: SubmittedCriteria,
  mode: 'add' | 'overwrite',
  /** Keeps the answer with the result, in its transaction (an Idempotency-Key's, server/http/idempotency.ts). */
  keep?: KeepAnswer<SubmitOutcome>,
): Promise<SubmitOutcome> {
  const found = criteria.code
    ? await cachedAssessmentByCode(db, criteria.code.trim().toLowerCase())
    : undefined;
  if (!found) throw notFound('Assessment page cannot be found.');
  const { assessment, content } = found;
  if (!canOpenAssessment(actor.role, assessment.assessmentType)) throw forbidden();

  const submitted = new Map<number, SubmittedQuestion>();
  for (const section of criteria.sections ?? [])
    for (const q of section.questions ?? []) submitted.set(Number(q.id), q);
  const answers: Answer[] = [];
  const problems: string[] = [];
  for (const { question, toAnswer } of questionsToAnswer(content)) {
    const read = readAnswer(toAnswer, submitted.get(question.id));
    if ('problem' in read) problems.push(`'${question.caption}': ${read.problem}`);
    else if (read.answer) answers.push(read.answer);
  }
  if (problems.length)
    throw badRequest(
      `Invalid answers. ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`,
    );
  const startDateTime = isIsoTime(criteria.startDateTime)
    ? new Date(criteria.startDateTime).toISOString()
    : null;

  if (mode === 'overwrite') {
    const result = criteria.id ? await resultsRepository.findById(db, Number(criteria.id)) : undefined;
    if (!result || result.assessmentId !== assessment.id)
      throw notFound('The assessment result was not found.');
    if (result.respondentId !== actor.userId) throw new HttpError(403, submitMessages.notYours);
    if (!canRetake(assessment.assessmentType, result.roadmapStatus as RoadmapStatusCode | null))
      return { ok: false, message: submitMessages.noRetake };
    await audited(db, async (trx, audit) => {
      await resultsRepository.replaceAnswers(trx, result.id, answers, startDateTime);
      await draftsRepository.remove(trx, actor.userId, assessment.id);
      await audit({
        actor: actor.userId,
        action: 'overwrite',
        entity: 'assessment-result',
        entityId: result.id,
      });
      await keep?.(trx, { ok: true, resultId: result.id });
    });
    return { ok: true, resultId: result.id };
  }

  // Current- and future-state assessments are taken on an invite; the trial on none.
  const invite =
    assessment.assessmentType === AssessmentType.Trial
      ? undefined
      : await invitesRepository.findActive(db, actor.userId, assessment.id);
  if (assessment.assessmentType !== AssessmentType.Trial && actor.role !== 'admin') {
    if (!invite) return { ok: false, message: submitMessages.noInvite };
    if (invite.resultId) return { ok: false, message: submitMessages.alreadySubmitted };
  }
  const submissionKey = invite
    ? `invite:${invite.id}`
    : startDateTime
      ? `attempt:${actor.userId}:${assessment.id}:${startDateTime}`
      : null;
  const values: NewResult = {
    assessmentId: assessment.id,
    respondentId: actor.userId,
    organizationId: invite?.organizationId ?? actor.organizationId,
    assessmentInviteId: invite?.id ?? null,
    startDateTime,
    submissionKey,
  };
  if (isPostgres(db)) return submitInOneStatement(db, actor, values, answers, keep);

  const earlier = await earlierSubmission(db, submissionKey);
  if (earlier) return earlier;
  try {
    const resultId = await audited(db, async (trx, audit) => {
      const id = await resultsRepository.insert(trx, values);
      await resultsRepository.insertAnswers(trx, id, answers);
      // The answers in progress are submitted now (docs/product.md#insights-progress, 'save and resume').
      await draftsRepository.remove(trx, actor.userId, assessment.id);
      await audit(submission(actor, id));
      await keep?.(trx, { ok: true, resultId: id });
      return id;
    });
    return { ok: true, resultId };
  } catch (error) {
    // Two copies of one submission raced: the unique submission key let one through; answer that one.
    const other = await earlierSubmission(db, submissionKey);
    if (other) return other;
    throw error;
  }
}

type Content = NonNullable<Awaited<ReturnType<typeof cachedAssessmentByCode>>>['content'];

/**
 * Each question with what readAnswer needs of it, its choices among them: worked out once per cached
 * content (its object is replaced when the content changes), not a pass over every choice of the
 * assessment for every question of every submission.
 */
const toAnswerOf = new WeakMap<
  Content,
  { question: Content['questions'][number]; toAnswer: QuestionToAnswer }[]
>();

function questionsToAnswer(content: Content) {
  let questions = toAnswerOf.get(content);
  if (!questions) {
    const choicesOf = new Map<number, QuestionToAnswer['choices'][number][]>();
    for (const c of content.choices) {
      const choices = choicesOf.get(c.questionId) ?? [];
      if (choices.length === 0) choicesOf.set(c.questionId, choices);
      choices.push({ id: c.id, isOtherChoice: c.isOtherChoice === 1 });
    }
    questions = content.questions.map((question) => ({
      question,
      toAnswer: {
        id: question.id,
        inputType: question.inputType,
        isRequired: question.isRequired === 1,
        choices: choicesOf.get(question.id) ?? [],
      },
    }));
    toAnswerOf.set(content, questions);
  }
  return questions;
}

/** The result already stored under the submission key (a double click, a retry): the answer to a copy. */
async function earlierSubmission(db: Db, submissionKey: string | null): Promise<SubmitOutcome | undefined> {
  const earlier = submissionKey ? await resultsRepository.findBySubmissionKey(db, submissionKey) : undefined;
  return earlier ? { ok: true, resultId: earlier.id } : undefined;
}

const submission = (actor: Actor, resultId: number): AuditEntry => ({
  actor: actor.userId,
  action: 'submit',
  entity: 'assessment-result',
  entityId: resultId,
});

/**
 * The same writes as above on PostgreSQL in two round trips instead of eight: the id and the check of
 * the submission key, then every write in one statement (submissionStatement.ts).
 */
async function submitInOneStatement(
  db: Db,
  actor: Actor,
  values: NewResult,
  answers: Answer[],
  keep: KeepAnswer<SubmitOutcome> | undefined,
): Promise<SubmitOutcome> {
  const keepIt = keep?.inOneStatement;
  const { id, earlier } = await submissionStatement.prepare(
    db,
    values.submissionKey,
    keepIt && { statements: keepIt.statements, ...keepIt.expired() },
  );
  if (earlier !== undefined) return { ok: true, resultId: earlier };
  const outcome: SubmitOutcome = { ok: true, resultId: id };
  const result = { ...newResultRow(values), id };
  const audit = auditRowOf(submission(actor, id));
  const kept = keepIt?.row(outcome);
  try {
    await submissionStatement.write(db, {
      result,
      answers: answerRowsOf(id, answers),
      // The answers in progress are submitted now (docs/product.md#insights-progress, 'save and resume').
      draft: { userId: actor.userId, assessmentId: values.assessmentId },
      audit,
      kept: kept && keepIt && { statements: keepIt.statements, row: kept },
    });
  } catch (error) {
    const other = await earlierSubmission(db, values.submissionKey);
    if (other) return other;
    throw error;
  }
  if (kept) keepIt?.kept(kept);
  return outcome;
}
