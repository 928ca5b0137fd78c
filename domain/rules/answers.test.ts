import { describe, expect, it } from 'vitest';
import { InputType } from '../codes.js';
import { messages } from '../messages.js';
import { readAnswer } from './answers.js';

const radio = {
  id: 1,
  inputType: InputType.RadioButton,
  isRequired: true,
  choices: [
    { id: 10, isOtherChoice: false },
    { id: 11, isOtherChoice: true },
  ],
};
const multi = { ...radio, inputType: InputType.CheckboxList };

describe('reading an assessment answer', () => {
  it('takes a single choice from value or from the selected mark, with the other text', () => {
    expect(readAnswer(radio, { id: 1, value: 10 })).toEqual({
      answer: { questionId: 1, choiceIds: [10], text: null, otherText: null },
    });
    expect(
      readAnswer(radio, { id: 1, choices: [{ id: '11', selected: true, other: ' Our own MES ' }] }),
    ).toEqual({
      answer: { questionId: 1, choiceIds: [11], text: null, otherText: 'Our own MES' },
    });
    expect(readAnswer(radio, { id: 1, value: [10, 11] })).toEqual({ problem: 'Choose one answer.' });
  });

  it('takes several choices for a multi-select', () => {
    expect(readAnswer(multi, { id: 1, value: [10, 11] })).toMatchObject({ answer: { choiceIds: [10, 11] } });
  });

  it('refuses a missing required answer and a choice of another question', () => {
    expect(readAnswer(radio, undefined)).toEqual({ problem: messages.validation.required });
    expect(readAnswer(multi, { id: 1, value: [] })).toEqual({ problem: messages.validation.required });
    expect(readAnswer({ ...radio, isRequired: false }, { id: 1 })).toEqual({ answer: null });
    expect(readAnswer(radio, { id: 1, value: 99 })).toEqual({
      problem: 'A chosen choice does not belong to this question.',
    });
  });

  it('checks text and e-mail answers', () => {
    const email = { id: 2, inputType: InputType.Email, isRequired: true, choices: [] };
    expect(readAnswer(email, { id: 2, value: 'not-an-email' })).toEqual({
      problem: messages.validation.invalidEmail,
    });
    expect(readAnswer(email, { id: 2, value: ' ops@plant.example.com ' })).toMatchObject({
      answer: { text: 'ops@plant.example.com' },
    });
    const text = { id: 3, inputType: InputType.Textbox, isRequired: true, choices: [] };
    expect(readAnswer(text, { id: 3, value: '   ' })).toEqual({ problem: messages.validation.required });
    expect(readAnswer(text, { id: 3, value: 'x'.repeat(5000) })).toEqual({
      problem: 'Must be at most 4000 characters.',
    });
  });
});
