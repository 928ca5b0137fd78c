import { InputType } from '../codes.js';
import { messages } from '../messages.js';
import { emailPattern } from './email.js';

// The assessment question rules of docs/product.md#rules-validation, shared by the 'Next' check in the browser and
// the server's check of a submitted result.

export type QuestionToAnswer = {
  id: number;
  inputType: number;
  isRequired: boolean;
  choices: readonly { id: number; isOtherChoice: boolean }[];
};

/** A question as a client sends it back (docs/product.md#calls-answers): value, and/or choices marked selected. */
export type SubmittedQuestion = {
  id: number;
  value?: unknown;
  choices?: readonly { id: number | string; selected?: boolean | null; other?: string | null }[] | null;
};

export type Answer = {
  questionId: number;
  choiceIds: number[];
  text: string | null;
  otherText: string | null;
};

const singleChoice: readonly number[] = [InputType.RadioButton, InputType.DropDownList];
const multiChoice: readonly number[] = [InputType.CheckboxList, InputType.Checkbox];
export const MAX_ANSWER_TEXT = 4000;

function chosenIds(submitted: SubmittedQuestion | undefined): number[] {
  if (!submitted) return [];
  const fromValue = Array.isArray(submitted.value)
    ? submitted.value
    : submitted.value == null || submitted.value === ''
      ? []
      : [submitted.value];
  const fromMarks = (submitted.choices ?? []).filter((c) => c.selected).map((c) => c.id);
  return [...new Set([...fromValue, ...fromMarks].map(Number).filter((n) => Number.isInteger(n)))];
}

/**
 * Reads one question's answer; answers the problem a person must fix instead when there is one
 * ('Required', 'Invalid email format', or a choice that is not the question's).
 */
export function readAnswer(
  question: QuestionToAnswer,
  submitted: SubmittedQuestion | undefined,
): { answer: Answer | null } | { problem: string } {
  if (singleChoice.includes(question.inputType) || multiChoice.includes(question.inputType)) {
    const ids = chosenIds(submitted);
    if (ids.some((id) => !question.choices.some((c) => c.id === id)))
      return { problem: 'A chosen choice does not belong to this question.' };
    if (singleChoice.includes(question.inputType) && ids.length > 1) return { problem: 'Choose one answer.' };
    if (ids.length === 0)
      return question.isRequired ? { problem: messages.validation.required } : { answer: null };
    const other = question.choices.find((c) => c.isOtherChoice && ids.includes(c.id));
    const otherText = other
      ? (submitted?.choices?.find((c) => Number(c.id) === other.id)?.other ?? '')
          .trim()
          .slice(0, MAX_ANSWER_TEXT)
      : '';
    return { answer: { questionId: question.id, choiceIds: ids, text: null, otherText: otherText || null } };
  }
  const text = typeof submitted?.value === 'string' ? submitted.value.trim() : '';
  if (text === '') return question.isRequired ? { problem: messages.validation.required } : { answer: null };
  if (text.length > MAX_ANSWER_TEXT) return { problem: `Must be at most ${MAX_ANSWER_TEXT} characters.` };
  if (question.inputType === InputType.Email && !emailPattern.test(text))
    return { problem: messages.validation.invalidEmail };
  return { answer: { questionId: question.id, choiceIds: [], text, otherText: null } };
}
