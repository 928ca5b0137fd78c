import { InputType } from '../../domain/codes.js';
import { canOpenAssessment } from '../../domain/policies/assessments.js';
import { MAX_ANSWER_TEXT } from '../../domain/rules/answers.js';
import { type DraftProgress, draftProgress } from '../../domain/rules/draftProgress.js';
import {
  type DraftCriteria,
  draftMessages,
  type MyDraft,
  type StoredDraft,
  type StoredDraftQuestion,
} from '../../domain/schemas/drafts.js';
import type { Actor } from '../auth/guard.js';
import type { Db } from '../db/database.js';
import { badRequest, forbidden, notFound } from '../http/envelope.js';
import { draftsRepository } from '../repositories/drafts.js';
import { cachedAssessmentByCode } from './cachedAssessments.js';

type Found = NonNullable<Awaited<ReturnType<typeof cachedAssessmentByCode>>>;

/** The assessment a draft is of, with the same gate as assessment/bycode and assessmentresult/add. */
async function assessmentFor(db: Db, actor: Actor, code: string): Promise<Found> {
  const found = await cachedAssessmentByCode(db, code.trim().toLowerCase());
  if (!found) throw notFound('Assessment page cannot be found.');
  if (!canOpenAssessment(actor.role, found.assessment.assessmentType)) throw forbidden();
  return found;
}

/** As submitResult stores it, so a draft and its attempt's result compare equal. */
const startOf = (value: string | null | undefined) =>
  value && value.length <= 40 && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null;

const singleChoice: readonly number[] = [InputType.RadioButton, InputType.DropDownList];
const multiChoice: readonly number[] = [InputType.CheckboxList, InputType.Checkbox];

type DraftQuestion = NonNullable<DraftCriteria['sections'][number]['questions']>[number];

/**
 * The answers of a draft as the server keeps them: only questions and choices the assessment has now,
 * only those answered. Unlike a submission nothing is refused for being unfinished (a required question
 * left open, an e-mail address half typed): it is work in progress.
 */
export function storedDraftOf({ assessment, content }: Found, criteria: DraftCriteria): StoredDraft {
  const sent = new Map<number, DraftQuestion>();
  for (const section of criteria.sections) for (const q of section.questions ?? []) sent.set(q.id, q);
  const sections: StoredDraft['sections'] = [];
  for (const section of content.sections) {
    const questions: StoredDraftQuestion[] = [];
    for (const question of content.questions.filter((q) => q.sectionId === section.id)) {
      const answer = sent.get(question.id);
      if (!answer) continue;
      const read = readDraftAnswer(
        question.inputType,
        content.choices.filter((c) => c.questionId === question.id),
        answer,
      );
      if (read) questions.push({ id: question.id, ...read });
    }
    if (questions.length) sections.push({ code: section.code, questions });
  }
  return { code: assessment.code, startDateTime: startOf(criteria.startDateTime), sections };
}

function readDraftAnswer(
  inputType: number,
  choices: readonly { id: number; isOtherChoice: number }[],
  answer: DraftQuestion,
): Omit<StoredDraftQuestion, 'id'> | null {
  const isSingle = singleChoice.includes(inputType);
  if (isSingle || multiChoice.includes(inputType)) {
    const fromValue = Array.isArray(answer.value) ? answer.value : answer.value == null ? [] : [answer.value];
    const marked = (answer.choices ?? []).filter((c) => c.selected).map((c) => c.id);
    const wanted = new Set([...fromValue, ...marked].map(Number));
    let ids = choices.filter((c) => wanted.has(c.id)).map((c) => c.id);
    if (isSingle) ids = ids.slice(0, 1);
    if (!ids.length) return null;
    return {
      value: isSingle ? (ids[0] as number) : ids,
      choices: ids.map((id) => {
        const isOther = choices.find((c) => c.id === id)?.isOtherChoice === 1;
        const other = answer.choices?.find((c) => Number(c.id) === id)?.other;
        return { id, selected: true, other: isOther && other ? other.slice(0, MAX_ANSWER_TEXT) : null };
      }),
    };
  }
  if (typeof answer.value !== 'string' || answer.value.trim() === '') return null;
  return { value: answer.value.slice(0, MAX_ANSWER_TEXT), choices: [] };
}

export type SaveDraftOutcome = { ok: true; savedOn: string } | { ok: false; message: string };

/**
 * POST assessmentdraft/save: the caller's answers in progress replace their draft of the assessment.
 * A save of an attempt already submitted (sent just before Submit, or from another tab) is refused, so
 * the submission's deletion of the draft stands.
 */
export async function saveDraft(
  db: Db,
  actor: Actor,
  code: string,
  criteria: DraftCriteria,
): Promise<SaveDraftOutcome> {
  const found = await assessmentFor(db, actor, code);
  if (criteria.code && criteria.code.trim().toLowerCase() !== found.assessment.code.toLowerCase())
    throw badRequest(draftMessages.otherAssessment);
  const draft = storedDraftOf(found, criteria);
  const assessmentId = found.assessment.id;
  if (
    draft.startDateTime &&
    (await draftsRepository.attemptSubmitted(db, actor.userId, assessmentId, draft.startDateTime))
  )
    return { ok: false, message: draftMessages.alreadySubmitted };
  const savedOn = await draftsRepository.save(db, actor.userId, assessmentId, JSON.stringify(draft));
  return { ok: true, savedOn };
}

/** POST assessmentdraft/mine: the caller's draft of the assessment, or 404 when there is none. */
export async function myDraft(db: Db, actor: Actor, code: string): Promise<MyDraft> {
  const found = await assessmentFor(db, actor, code);
  const assessmentId = found.assessment.id;
  const row = await draftsRepository.find(db, actor.userId, assessmentId);
  const criteria = row ? readStored(row.criteria) : null;
  if (!row || !criteria) throw notFound(draftMessages.none);
  // A save that raced its own submission on another server process: the attempt is over.
  if (
    criteria.startDateTime &&
    (await draftsRepository.attemptSubmitted(db, actor.userId, assessmentId, criteria.startDateTime))
  ) {
    await draftsRepository.remove(db, actor.userId, assessmentId);
    throw notFound(draftMessages.none);
  }
  return { criteria, savedOn: row.savedAt };
}

/**
 * How much of the assessment the person's saved draft answers (the pending list's Resume), or null
 * without a draft that has an answer.
 */
export async function draftProgressOf(db: Db, userId: number, code: string): Promise<DraftProgress | null> {
  const found = await cachedAssessmentByCode(db, code.trim().toLowerCase());
  if (!found) return null;
  const row = await draftsRepository.find(db, userId, found.assessment.id);
  const draft = row ? readStored(row.criteria) : null;
  if (!draft) return null;
  const progress = draftProgress(
    draft,
    found.content.questions.map((q) => q.id),
  );
  return progress.answered > 0 ? progress : null;
}

/** A stored draft's criteria, or null when the text is not one (a damaged or foreign row). */
export function readStored(text: string): StoredDraft | null {
  try {
    const parsed = JSON.parse(text) as StoredDraft | null;
    return parsed && Array.isArray(parsed.sections) ? parsed : null;
  } catch {
    return null;
  }
}
