import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InputType } from '../../domain/codes.js';
import { type Criteria, criteriaView } from '../../domain/schemas/assessmentView.js';
import type { ResultRow } from '../db/rows.js';
import { criteriaTemplate, fillCriteria } from './answeredCriteria.js';
import { withAnswers } from './result.js';

const choice = (id: number, caption: string, isOtherChoice = false) => ({
  id,
  caption,
  displayOrder: id,
  isOtherChoice,
  selected: false,
  other: null,
});
const question = (id: number, inputType: number, choices: ReturnType<typeof choice>[]) => ({
  id,
  caption: `Q${id} "quoted" \\ back\nslash é ✓ 😀`,
  description: null,
  displayOrder: id,
  inputType,
  isRequired: true,
  includeOtherChoice: choices.some((c) => c.isOtherChoice),
  helpContent: '<p>help</p>',
  validator: null,
  value: null,
  choices,
});

/** Criteria of every kind of question, as presentCriteria builds them (unanswered). */
const criteria = (): Criteria => ({
  id: 7,
  assessmentId: 7,
  code: 'current-state',
  name: 'Current state',
  description: 'A text that looks like a mark: "0123456789abcdef0123456789abcdef:0"',
  assessmentType: 1,
  startDateTime: null,
  completionDateTime: null,
  sections: [
    {
      code: 'a',
      name: 'A',
      caption: 'A',
      captionPrevious: null,
      captionNext: 'Next',
      description: null,
      helpContent: null,
      helpContentVideo: null,
      questions: [
        question(1, InputType.RadioButton, [choice(11, 'one'), choice(12, 'two'), choice(13, 'Other', true)]),
        question(2, InputType.CheckboxList, [choice(21, 'x'), choice(22, 'y'), choice(23, 'Other', true)]),
      ],
    },
    {
      code: 'b',
      name: 'B',
      caption: 'B',
      captionPrevious: 'Back',
      captionNext: null,
      description: '<p>b</p>',
      helpContent: null,
      helpContentVideo: null,
      questions: [
        question(3, InputType.Textbox, []),
        question(4, InputType.Checkbox, [choice(41, 'yes')]),
        question(5, InputType.DropDownList, [choice(51, 'p'), choice(52, 'q')]),
      ],
    },
  ],
});

const row = (startDateTime: string | null) =>
  ({ id: 4242, startDateTime, completionDateTime: '2026-11-27T05:00:00.000Z' }) as ResultRow;
let nextId = 1;
const answer = (
  questionId: number,
  choiceId: number | null,
  valueText: string | null,
  otherText: string | null = null,
) => ({
  id: nextId++,
  assessmentResultId: 4242,
  questionId,
  choiceId,
  valueText,
  otherText,
});

/** What the retake answered before its template: withAnswers, then the response serializer. */
const asBefore = (r: ResultRow, answers: ReturnType<typeof answer>[]) =>
  JSON.stringify(z.encode(criteriaView, withAnswers(criteria(), r, answers)));

describe('criteria kept with holes for the answers', () => {
  const template = criteriaTemplate(criteria());

  it('writes the same bytes as the criteria built and serialized per call', () => {
    expect(template).toBeDefined();
    const cases = [
      [],
      [answer(1, 12, null)],
      [
        answer(1, 13, null, 'Our "own" way ✓\n'),
        answer(2, 21, null),
        answer(2, 23, null, 'also 😀'),
        answer(3, null, 'Free text with "quotes", \\ and \u2028'),
        answer(4, 41, null),
        answer(5, 52, null),
      ],
      [answer(3, null, ''), answer(2, 22, null)],
    ];
    for (const answers of cases)
      for (const start of [null, '2026-11-26T10:00:00.000Z']) {
        const bytes = fillCriteria(template!, row(start), answers);
        expect(bytes.toString()).toBe(asBefore(row(start), answers));
      }
  });

  it('leaves the kept bytes as they were for the next result', () => {
    const first = fillCriteria(template!, row(null), [answer(1, 11, null)]).toString();
    fillCriteria(template!, row(null), [answer(1, 12, null), answer(3, null, 'x')]);
    expect(fillCriteria(template!, row(null), [answer(1, 11, null)]).toString()).toBe(first);
  });
});
