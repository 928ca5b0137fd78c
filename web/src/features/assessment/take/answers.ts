import { InputType } from '@domain/codes';
import { readAnswer, type SubmittedQuestion } from '@domain/rules/answers';
import type { DraftCriteria, StoredDraft } from '@domain/schemas/drafts';
import type { Criteria, Question } from '@web/api/assessments';

/** What the respondent has entered for one question, whatever its input type. */
export type QuestionAnswer = {
  /** Chosen choices (radio, drop-down, checkbox list). */
  choiceIds: number[];
  /** Text inputs (textbox, text area, e-mail). */
  text: string;
  /** The other-choice's text, when an other choice is chosen. */
  other: string;
};

/** Answers by question id. */
export type Answers = Record<string, QuestionAnswer>;

export const emptyAnswer: QuestionAnswer = { choiceIds: [], text: '', other: '' };

const choiceTypes: readonly number[] = [
  InputType.RadioButton,
  InputType.DropDownList,
  InputType.Checkbox,
  InputType.CheckboxList,
];
const multiTypes: readonly number[] = [InputType.Checkbox, InputType.CheckboxList];

export const isChoiceInput = (inputType: number) => choiceTypes.includes(inputType);
export const isMultiChoice = (inputType: number) => multiTypes.includes(inputType);

/** Choices in their display order. */
export function orderedChoices(question: Question) {
  return [...question.choices].sort(
    (a, b) => (a.displayOrder ?? Number.MAX_SAFE_INTEGER) - (b.displayOrder ?? Number.MAX_SAFE_INTEGER),
  );
}

/** The other choice among the chosen ones, if any: its text box shows. */
export function chosenOtherChoice(question: Question, answer: QuestionAnswer | undefined) {
  return question.choices.find((c) => c.isOtherChoice && answer?.choiceIds.includes(c.id));
}

/** The question as it goes back to the server (docs/product.md#calls-answers). */
export function toSubmittedQuestion(question: Question, answer: QuestionAnswer | undefined): Question {
  if (!isChoiceInput(question.inputType)) {
    const text = answer?.text ?? '';
    return { ...question, value: text === '' ? null : text };
  }
  const ids = question.choices.filter((c) => answer?.choiceIds.includes(c.id)).map((c) => c.id);
  const other = answer?.other.trim() ?? '';
  return {
    ...question,
    value: isMultiChoice(question.inputType) ? ids : (ids[0] ?? null),
    choices: question.choices.map((c) => {
      const selected = ids.includes(c.id);
      return { ...c, selected, other: selected && c.isOtherChoice && other ? other : null };
    }),
  };
}

/** The problem a person must fix on this question, checked with the rule the server uses, or null. */
export function problemOf(question: Question, answer: QuestionAnswer | undefined): string | null {
  const read = readAnswer(question, toSubmittedQuestion(question, answer) as SubmittedQuestion);
  return 'problem' in read ? read.problem : null;
}

/** Problems by question id, for the questions given (one section on Next, all before Submit). */
export function problemsOf(questions: readonly Question[], answers: Answers): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const question of questions) {
    const problem = problemOf(question, answers[question.id]);
    if (problem) problems[question.id] = problem;
  }
  return problems;
}

/** Whether a question has an answer (required or not), for the progress indicator. */
export function isAnswered(question: Question, answer: QuestionAnswer | undefined): boolean {
  return isChoiceInput(question.inputType)
    ? question.choices.some((c) => answer?.choiceIds.includes(c.id))
    : (answer?.text.trim() ?? '') !== '';
}

/** The answers a result already holds (a retake or a view), read from its criteria. */
export function answersFromCriteria(criteria: Criteria): Answers {
  const answers: Answers = {};
  for (const section of criteria.sections) {
    for (const question of section.questions) {
      if (isChoiceInput(question.inputType)) {
        const fromValue = (Array.isArray(question.value) ? question.value : [question.value]).map(Number);
        const choiceIds = question.choices
          .filter((c) => c.selected || fromValue.includes(c.id))
          .map((c) => c.id);
        const other = question.choices.find((c) => c.isOtherChoice && choiceIds.includes(c.id))?.other ?? '';
        if (choiceIds.length) answers[question.id] = { choiceIds, text: '', other };
      } else if (typeof question.value === 'string' && question.value !== '') {
        answers[question.id] = { choiceIds: [], text: question.value, other: '' };
      }
    }
  }
  return answers;
}

/**
 * Stored answers checked against the criteria as they are now: questions and choices that no longer
 * exist are dropped, so a resumed attempt never submits something the server would refuse.
 */
export function answersForCriteria(criteria: Criteria, stored: Answers): Answers {
  const answers: Answers = {};
  for (const section of criteria.sections) {
    for (const question of section.questions) {
      const answer = stored[question.id];
      if (!answer) continue;
      const choiceIds = (answer.choiceIds ?? []).filter((id) => question.choices.some((c) => c.id === id));
      answers[question.id] = {
        choiceIds: isChoiceInput(question.inputType) ? choiceIds : [],
        text: typeof answer.text === 'string' ? answer.text : '',
        other: typeof answer.other === 'string' ? answer.other : '',
      };
    }
  }
  return answers;
}

/** The result to submit: the criteria with every question answered as entered. */
export function answeredCriteria(
  criteria: Criteria,
  answers: Answers,
  startDateTime: string | null,
): Criteria {
  return {
    ...criteria,
    startDateTime,
    completionDateTime: new Date().toISOString(),
    sections: criteria.sections.map((section) => ({
      ...section,
      questions: section.questions.map((q) => toSubmittedQuestion(q, answers[q.id])),
    })),
  };
}

/**
 * The answers in progress as the server keeps them (docs/product.md#insights-progress, 'save and resume'): shaped as for
 * assessmentresult/add, but only the questions answered so far, each with its chosen choices.
 */
export function draftCriteriaOf(
  criteria: Criteria,
  answers: Answers,
  startDateTime: string | null,
): DraftCriteria {
  return {
    code: criteria.code,
    startDateTime,
    sections: criteria.sections
      .map((section) => ({
        code: section.code,
        questions: section.questions
          .filter((q) => isAnswered(q, answers[q.id]))
          .map((q) => {
            const sent = toSubmittedQuestion(q, answers[q.id]);
            return {
              id: q.id,
              value: sent.value as DraftValue,
              choices: sent.choices
                .filter((c) => c.selected)
                .map((c) => ({ id: c.id, selected: true, other: c.other })),
            };
          }),
      }))
      .filter((section) => section.questions.length > 0),
  };
}

type DraftValue = NonNullable<DraftCriteria['sections'][number]['questions']>[number]['value'];

/** The answers a saved draft holds, read against the criteria as they are now. */
export function answersFromDraft(criteria: Criteria, draft: StoredDraft): Answers {
  const saved = new Map(draft.sections.flatMap((s) => s.questions ?? []).map((q) => [Number(q.id), q]));
  return answersFromCriteria({
    ...criteria,
    sections: criteria.sections.map((section) => ({
      ...section,
      questions: section.questions.map((question) => {
        const answer = saved.get(question.id);
        return {
          ...question,
          value: answer?.value ?? null,
          choices: question.choices.map((c) => {
            const mark = answer?.choices?.find((m) => Number(m.id) === c.id);
            return { ...c, selected: mark?.selected === true, other: mark?.other ?? null };
          }),
        };
      }),
    })),
  });
}
