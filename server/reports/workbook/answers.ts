import { InputType } from '@domain/codes.js';
import type { ReportAnswer, ReportContent } from '../../db/rows.js';

export type AnswerText = { answer: string; other: string };

/** Shown instead of an e-mail answer where results are anonymized. */
export const HIDDEN_ANSWER = 'Hidden';

/**
 * A result's answers as text by question id: the chosen choices' captions (or the typed text) and the
 * 'other' text. Where results are anonymized, e-mail answers are hidden: they name a person.
 */
export function answerTexts(
  content: ReportContent,
  answers: readonly ReportAnswer[],
  anonymized: boolean,
): Map<number, AnswerText> {
  const choiceOf = new Map(content.choices.map((c) => [c.id, c]));
  const emailQuestions = new Set(
    content.questions.filter((q) => q.inputType === InputType.Email).map((q) => q.id),
  );
  const byQuestion = new Map<number, { captions: string[]; texts: string[]; others: string[] }>();
  for (const a of answers) {
    const entry = byQuestion.get(a.questionId) ?? { captions: [], texts: [], others: [] };
    const choice = a.choiceId != null ? choiceOf.get(a.choiceId) : undefined;
    if (choice) entry.captions.push(choice.caption);
    if (a.valueText?.trim()) entry.texts.push(a.valueText.trim());
    if (a.otherText?.trim()) entry.others.push(a.otherText.trim());
    byQuestion.set(a.questionId, entry);
  }
  const texts = new Map<number, AnswerText>();
  for (const [questionId, e] of byQuestion) {
    const hide = anonymized && emailQuestions.has(questionId);
    texts.set(questionId, {
      answer: hide ? HIDDEN_ANSWER : [...e.captions, ...e.texts].join('; '),
      other: hide ? '' : e.others.join('; '),
    });
  }
  return texts;
}

/** One cell of the organization's Responses sheet: the answer, with the 'other' text after it. */
export function answerCell(text: AnswerText | undefined): string {
  if (!text) return '';
  return text.other ? `${text.answer}: ${text.other}` : text.answer;
}
