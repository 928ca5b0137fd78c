import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { type Criteria, criteriaView } from '../../domain/schemas/assessmentView.js';
import type { AnswersTable } from '../db/schema.js';

type Answer = Pick<Selectable<AnswersTable>, 'questionId' | 'choiceId' | 'valueText' | 'otherText'>;
type AskedQuestion = { id: number; inputType: number; choices: { id: number; isOtherChoice: boolean }[] };
type Dates = { id: number; startDateTime: string | null; completionDateTime: string | null };

/** A result's answers by question, each question's in the order they were read. */
export function answersByQuestion<A extends Answer>(answers: readonly A[]): Map<number, A[]> {
  const byQuestion = new Map<number, A[]>();
  for (const a of answers) {
    const mine = byQuestion.get(a.questionId);
    if (mine) mine.push(a);
    else byQuestion.set(a.questionId, [a]);
  }
  return byQuestion;
}

/**
 * A question as answered (docs/product.md#calls-answers): its value (a choice id, the ids of a
 * multiple choice, or the text) and, per choice, whether it was chosen and its other text.
 */
export function answerOf(question: AskedQuestion, mine: readonly Answer[]) {
  const chosen = mine.map((a) => a.choiceId).filter((id): id is number => id !== null);
  const choices = question.choices.map((choice) => {
    const selected = chosen.includes(choice.id);
    const other =
      selected && choice.isOtherChoice
        ? (mine.find((a) => a.choiceId === choice.id)?.otherText ?? null)
        : null;
    return { selected, other };
  });
  const value = question.choices.length
    ? question.inputType === 5 || question.inputType === 4
      ? chosen
      : (chosen[0] ?? null)
    : (mine[0]?.valueText ?? null);
  return { value, choices };
}

type Hole =
  | { kind: 'id' | 'startDateTime' | 'completionDateTime' }
  | { kind: 'value'; question: number }
  | { kind: 'selected' | 'other'; question: number; choice: number };

/** An assessment's criteria as bytes with holes where a result's dates and answers go (fillCriteria). */
export type CriteriaTemplate = { questions: AskedQuestion[]; fragments: Buffer[]; holes: Hole[] };

/**
 * The criteria serialized once, as the retake's response serializer would (the schema's encoding, then
 * JSON.stringify), with a mark in each place an answer goes; a retake then writes its answers' JSON
 * between the kept bytes instead of building, encoding and serializing the whole criteria per call.
 * JSON.stringify of a value is the same text alone as inside its object, so the bytes are the same.
 * The marks hold a random nonce; if one is not found exactly once (it cannot be, short of the content
 * holding that very text), there is no template and the caller builds the answer as before.
 */
export function criteriaTemplate(criteria: Criteria): CriteriaTemplate | undefined {
  const encoded = z.encode(criteriaView, criteria);
  const nonce = randomBytes(16).toString('hex');
  const holes: Hole[] = [];
  const mark = (hole: Hole): never => {
    holes.push(hole);
    return `${nonce}:${holes.length - 1}` as never;
  };
  encoded.id = mark({ kind: 'id' });
  encoded.startDateTime = mark({ kind: 'startDateTime' });
  encoded.completionDateTime = mark({ kind: 'completionDateTime' });
  const questions: AskedQuestion[] = [];
  for (const section of encoded.sections)
    for (const q of section.questions) {
      const question = questions.length;
      questions.push({
        id: q.id,
        inputType: q.inputType,
        choices: q.choices.map((c) => ({ id: c.id, isOtherChoice: c.isOtherChoice })),
      });
      q.value = mark({ kind: 'value', question });
      q.choices.forEach((c, choice) => {
        c.selected = mark({ kind: 'selected', question, choice });
        c.other = mark({ kind: 'other', question, choice });
      });
    }
  const text = JSON.stringify(encoded);
  const places: { at: number; end: number; hole: Hole }[] = [];
  for (const [i, hole] of holes.entries()) {
    const needle = `"${nonce}:${i}"`;
    const at = text.indexOf(needle);
    if (at < 0 || text.indexOf(needle, at + 1) >= 0) return undefined;
    places.push({ at, end: at + needle.length, hole });
  }
  places.sort((a, b) => a.at - b.at);
  const fragments: Buffer[] = [];
  let from = 0;
  for (const { at, end } of places) {
    fragments.push(Buffer.from(text.slice(from, at)));
    from = end;
  }
  fragments.push(Buffer.from(text.slice(from)));
  return { questions, fragments, holes: places.map((p) => p.hole) };
}

/** The criteria with a result's dates and answers filled in, as bytes (the same as withAnswers serialized). */
export function fillCriteria(template: CriteriaTemplate, result: Dates, answers: readonly Answer[]): Buffer {
  const byQuestion = answersByQuestion(answers);
  const answered = template.questions.map((q) => answerOf(q, byQuestion.get(q.id) ?? []));
  const answerIn = (hole: Hole): unknown => {
    switch (hole.kind) {
      case 'id':
      case 'startDateTime':
      case 'completionDateTime':
        return result[hole.kind];
      case 'value':
        return answered[hole.question]?.value;
      default:
        return answered[hole.question]?.choices[hole.choice]?.[hole.kind];
    }
  };
  const texts = template.holes.map((hole) => JSON.stringify(answerIn(hole)));
  let size = 0;
  for (const f of template.fragments) size += f.length;
  for (const t of texts) size += Buffer.byteLength(t);
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  template.fragments.forEach((fragment, i) => {
    at += fragment.copy(out, at);
    const t = texts[i];
    if (t !== undefined) at += out.write(t, at);
  });
  return out;
}
