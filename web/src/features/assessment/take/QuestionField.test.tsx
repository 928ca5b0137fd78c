// @vitest-environment jsdom

import { InputType } from '@domain/codes';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Question } from '@web/api/assessments';
import { buildChoice, buildQuestion } from '@web/testing/assessments';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { problemOf, type QuestionAnswer } from './answers';
import { QuestionField } from './QuestionField';

afterEach(cleanup);

/** The field with its answer kept in state, showing the problem the Next check would find. */
function Harness({ question, check = false }: { question: Question; check?: boolean }) {
  const [answer, setAnswer] = useState<QuestionAnswer | undefined>(undefined);
  return (
    <>
      <QuestionField
        question={question}
        number={3}
        answer={answer}
        problem={check ? problemOf(question, answer) : null}
        onChange={setAnswer}
      />
      <output data-testid="answer">{JSON.stringify(answer ?? null)}</output>
    </>
  );
}

const answer = () => JSON.parse(screen.getByTestId('answer').textContent ?? 'null') as QuestionAnswer | null;

describe('question renderer', () => {
  it('draws a single choice as radio buttons in display order, one answer at a time', () => {
    const q = buildQuestion('How is your strategy defined?', {
      choices: [buildChoice('Second', { displayOrder: 2 }), buildChoice('First', { displayOrder: 1 })],
    });
    render(<Harness question={q} />);
    const group = screen.getByRole('group', { name: /How is your strategy defined\?/ });
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(group).toBeTruthy();
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual(['First', 'Second']);
    fireEvent.click(radios[0]!);
    fireEvent.click(radios[1]!);
    expect(answer()?.choiceIds).toEqual([q.choices[0]!.id]);
  });

  it('draws a multi select as checkboxes that add and remove choices', () => {
    const q = buildQuestion('Which systems do you use?', {
      inputType: InputType.CheckboxList,
      choices: [buildChoice('ERP'), buildChoice('MES'), buildChoice('CMMS')],
    });
    render(<Harness question={q} />);
    expect(screen.getByText('Select all that apply.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('ERP'));
    fireEvent.click(screen.getByLabelText('CMMS'));
    fireEvent.click(screen.getByLabelText('ERP'));
    expect(answer()?.choiceIds).toEqual([q.choices[2]!.id]);
  });

  it("draws a drop-down list with '--Select One--' first", () => {
    const q = buildQuestion('Plant size?', {
      inputType: InputType.DropDownList,
      choices: [buildChoice('Small'), buildChoice('Large')],
    });
    render(<Harness question={q} check />);
    const select = screen.getByLabelText(/Plant size\?/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['--Select One--', 'Small', 'Large']);
    expect(screen.getByText('Required')).toBeTruthy();
    fireEvent.change(select, { target: { value: String(q.choices[1]!.id) } });
    expect(answer()?.choiceIds).toEqual([q.choices[1]!.id]);
    expect(screen.queryByText('Required')).toBeNull();
  });

  it('draws text box, text area and e-mail inputs; the e-mail is checked for its format', () => {
    const box = buildQuestion('Your site name', { inputType: InputType.Textbox, choices: [] });
    const area = buildQuestion('Anything else?', {
      inputType: InputType.TextArea,
      choices: [],
      isRequired: false,
    });
    const email = buildQuestion('Contact e-mail', { inputType: InputType.Email, choices: [] });
    render(
      <>
        <Harness question={box} />
        <Harness question={area} />
        <Harness question={email} check />
      </>,
    );
    expect((screen.getByLabelText(/Your site name/) as HTMLInputElement).type).toBe('text');
    expect(screen.getByLabelText(/Anything else\?/).tagName).toBe('TEXTAREA');
    expect(screen.getByText('(optional)')).toBeTruthy();
    const input = screen.getByLabelText(/Contact e-mail/) as HTMLInputElement;
    expect(input.type).toBe('email');
    fireEvent.change(input, { target: { value: 'not-an-address' } });
    expect(screen.getByText('Invalid email format')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'pat@example.com' } });
    expect(screen.queryByText('Invalid email format')).toBeNull();
  });

  it('shows the other-choice text box only while the other choice is chosen', () => {
    const q = buildQuestion('Main customer sector?', {
      includeOtherChoice: true,
      choices: [buildChoice('Automotive'), buildChoice('Other', { isOtherChoice: true })],
    });
    render(<Harness question={q} />);
    expect(screen.queryByLabelText('Please specify')).toBeNull();
    fireEvent.click(screen.getByLabelText('Other'));
    fireEvent.change(screen.getByLabelText('Please specify'), { target: { value: 'Rail' } });
    expect(answer()).toMatchObject({ choiceIds: [q.choices[1]!.id], other: 'Rail' });
    fireEvent.click(screen.getByLabelText('Automotive'));
    expect(screen.queryByLabelText('Please specify')).toBeNull();
  });

  it('shows help content behind a disclosure and the problem under the question', () => {
    const q = buildQuestion('How is data shared?', {
      helpContent: '<p>Think of reports and dashboards.</p>',
    });
    render(<Harness question={q} check />);
    expect(screen.getByText('About this question')).toBeTruthy();
    expect(screen.getByText('Think of reports and dashboards.')).toBeTruthy();
    const group = screen.getByRole('group', { name: /How is data shared\?/ });
    const problemId = group.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(problemId)?.textContent).toBe('Required');
  });
});
