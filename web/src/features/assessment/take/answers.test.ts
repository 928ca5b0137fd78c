import { InputType } from '@domain/codes';
import { answeredCriteriaOf, buildChoice, buildCriteria, buildQuestion } from '@web/testing/assessments';
import { describe, expect, it } from 'vitest';
import {
  answeredCriteria,
  answersForCriteria,
  answersFromCriteria,
  isAnswered,
  problemsOf,
  toSubmittedQuestion,
} from './answers';

describe('answers', () => {
  it('sends a single choice as its id, several as a list, text as text (docs/product.md#calls-answers)', () => {
    const single = buildQuestion('One');
    const multi = buildQuestion('Many', { inputType: InputType.CheckboxList });
    const text = buildQuestion('Text', { inputType: InputType.Textbox, choices: [] });
    const [a, b] = multi.choices;
    expect(
      toSubmittedQuestion(single, { choiceIds: [single.choices[1]!.id], text: '', other: '' }).value,
    ).toBe(single.choices[1]!.id);
    const sent = toSubmittedQuestion(multi, { choiceIds: [a!.id, b!.id], text: '', other: '' });
    expect(sent.value).toEqual([a!.id, b!.id]);
    expect(sent.choices.filter((c) => c.selected).map((c) => c.id)).toEqual([a!.id, b!.id]);
    expect(toSubmittedQuestion(text, { choiceIds: [], text: 'Plant 4', other: '' }).value).toBe('Plant 4');
    expect(toSubmittedQuestion(single, undefined).value).toBeNull();
  });

  it("fills the other choice's text only when it is chosen", () => {
    const q = buildQuestion('Sector', {
      choices: [buildChoice('Auto'), buildChoice('Other', { isOtherChoice: true })],
    });
    const other = q.choices[1]!;
    const sent = toSubmittedQuestion(q, { choiceIds: [other.id], text: '', other: ' Rail ' });
    expect(sent.choices.find((c) => c.id === other.id)).toMatchObject({ selected: true, other: 'Rail' });
    const notChosen = toSubmittedQuestion(q, { choiceIds: [q.choices[0]!.id], text: '', other: 'Rail' });
    expect(notChosen.choices.every((c) => c.other === null)).toBe(true);
  });

  it('finds the problems of required questions with the shared rule', () => {
    const required = buildQuestion('Required one');
    const optional = buildQuestion('Optional one', { isRequired: false });
    const problems = problemsOf([required, optional], {});
    expect(problems).toEqual({ [required.id]: 'Required' });
    expect(isAnswered(required, undefined)).toBe(false);
  });

  it("reads a result's answers back, and drops stored answers the content no longer has", () => {
    const criteria = buildCriteria();
    const answers = answersFromCriteria(answeredCriteriaOf(criteria, 9));
    const first = criteria.sections[0]!.questions[0]!;
    expect(answers[first.id]?.choiceIds).toEqual([first.choices[0]!.id]);

    const cleaned = answersForCriteria(criteria, {
      [first.id]: { choiceIds: [first.choices[1]!.id, 999999], text: '', other: '' },
      424242: { choiceIds: [1], text: '', other: '' },
    });
    expect(cleaned).toEqual({ [first.id]: { choiceIds: [first.choices[1]!.id], text: '', other: '' } });
  });

  it('builds the submitted result with the start and completion times', () => {
    const criteria = buildCriteria();
    const result = answeredCriteria(criteria, {}, '2024-01-01T00:00:00.000Z');
    expect(result.startDateTime).toBe('2024-01-01T00:00:00.000Z');
    expect(Date.parse(result.completionDateTime ?? '')).not.toBeNaN();
    expect(result.sections[1]!.questions[1]!.value).toBeNull();
  });
});
