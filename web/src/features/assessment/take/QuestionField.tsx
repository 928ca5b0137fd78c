import { InputType, SELECT_PLACEHOLDER_TEXT, SELECT_PLACEHOLDER_VALUE } from '@domain/codes';
import type { Question } from '@web/api/assessments';
import type { ReactNode } from 'react';
import { HtmlContent } from '../HtmlContent';
import {
  chosenOtherChoice,
  emptyAnswer,
  isChoiceInput,
  isMultiChoice,
  orderedChoices,
  type QuestionAnswer,
} from './answers';

type Props = {
  question: Question;
  /** Its number within the section, shown beside the caption. */
  number: number;
  answer: QuestionAnswer | undefined;
  /** What must be fixed ('Required', 'Invalid email format'...), shown under the question. */
  problem: string | null;
  readOnly?: boolean;
  onChange: (answer: QuestionAnswer) => void;
};

/** One assessment question, drawn for its input type (docs/product.md#codes-enums). */
export function QuestionField({ question, number, answer, problem, readOnly = false, onChange }: Props) {
  const base = `q-${question.id}`;
  const problemId = problem ? `${base}-problem` : undefined;
  const descriptionId = question.description ? `${base}-description` : undefined;
  const describedBy = [descriptionId, problemId].filter(Boolean).join(' ') || undefined;
  const current = answer ?? emptyAnswer;
  const invalid = problem ? true : undefined;

  const caption = (
    <>
      <span className="smr-question-number" aria-hidden="true">
        {number}
      </span>
      <span className="smr-question-text">
        {question.caption}
        {question.isRequired ? null : <span className="smr-question-optional"> (optional)</span>}
      </span>
    </>
  );

  const extras = (
    <>
      {question.description ? (
        <p id={descriptionId} className="smr-question-description">
          {question.description}
        </p>
      ) : null}
      {question.helpContent ? (
        <details className="smr-question-help">
          <summary>About this question</summary>
          <HtmlContent html={question.helpContent} />
        </details>
      ) : null}
    </>
  );

  const problemText = problem ? (
    <div id={problemId} className="invalid-feedback d-block smr-question-problem">
      {problem}
    </div>
  ) : null;

  const otherChoice = chosenOtherChoice(question, current);
  const otherBox = otherChoice ? (
    <div className="smr-question-other">
      <label htmlFor={`${base}-other`} className="form-label">
        Please specify
      </label>
      <input
        id={`${base}-other`}
        type="text"
        className="form-control"
        maxLength={4000}
        value={current.other}
        readOnly={readOnly}
        onChange={(e) => onChange({ ...current, other: e.target.value })}
      />
    </div>
  ) : null;

  if (isChoiceInput(question.inputType) && question.inputType !== InputType.DropDownList) {
    const multi = isMultiChoice(question.inputType);
    const toggle = (id: number, checked: boolean) => {
      const choiceIds = multi
        ? checked
          ? [...current.choiceIds.filter((c) => c !== id), id]
          : current.choiceIds.filter((c) => c !== id)
        : [id];
      onChange({ ...current, choiceIds });
    };
    return (
      <QuestionFrame problem={problem}>
        <fieldset className="smr-question-fieldset" aria-describedby={describedBy}>
          <legend className="smr-question-caption">{caption}</legend>
          {extras}
          {multi ? <p className="smr-question-hint">Select all that apply.</p> : null}
          <div className="smr-choice-list">
            {orderedChoices(question).map((choice) => {
              const id = `${base}-c-${choice.id}`;
              const checked = current.choiceIds.includes(choice.id);
              return (
                <div key={choice.id} className={`smr-choice${checked ? ' smr-choice-checked' : ''}`}>
                  <input
                    id={id}
                    type={multi ? 'checkbox' : 'radio'}
                    name={base}
                    className="form-check-input"
                    value={choice.id}
                    checked={checked}
                    aria-invalid={invalid}
                    onChange={(e) => toggle(choice.id, e.target.checked)}
                  />
                  <label htmlFor={id} className="smr-choice-label">
                    {choice.caption}
                  </label>
                </div>
              );
            })}
          </div>
          {otherBox}
          {problemText}
        </fieldset>
      </QuestionFrame>
    );
  }

  const inputId = `${base}-input`;
  const label = (
    <label htmlFor={inputId} className="smr-question-caption">
      {caption}
    </label>
  );

  if (question.inputType === InputType.DropDownList) {
    return (
      <QuestionFrame problem={problem}>
        {label}
        {extras}
        <select
          id={inputId}
          className={`form-select${problem ? ' is-invalid' : ''}`}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          value={current.choiceIds[0] ?? SELECT_PLACEHOLDER_VALUE}
          onChange={(e) => {
            const id = Number(e.target.value);
            onChange({ ...current, choiceIds: id > 0 ? [id] : [] });
          }}
        >
          <option value={SELECT_PLACEHOLDER_VALUE}>{SELECT_PLACEHOLDER_TEXT}</option>
          {orderedChoices(question).map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.caption}
            </option>
          ))}
        </select>
        {otherBox}
        {problemText}
      </QuestionFrame>
    );
  }

  const textProps = {
    id: inputId,
    className: `form-control${problem ? ' is-invalid' : ''}`,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
    maxLength: 4000,
    value: current.text,
    readOnly,
  };
  const setText = (text: string) => onChange({ ...current, text });
  return (
    <QuestionFrame problem={problem}>
      {label}
      {extras}
      {question.inputType === InputType.TextArea ? (
        <textarea rows={4} {...textProps} onChange={(e) => setText(e.target.value)} />
      ) : (
        <input
          type={question.inputType === InputType.Email ? 'email' : 'text'}
          autoComplete={question.inputType === InputType.Email ? 'email' : 'off'}
          {...textProps}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      {problemText}
    </QuestionFrame>
  );
}

function QuestionFrame({ problem, children }: { problem: string | null; children: ReactNode }) {
  return <div className={`smr-question${problem ? ' smr-question-invalid' : ''}`}>{children}</div>;
}
