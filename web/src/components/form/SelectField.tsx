import { type ComponentProps, type ReactNode, useId } from 'react';
import { SELECT_PLACEHOLDER_TEXT, SELECT_PLACEHOLDER_VALUE } from '../../../../domain/codes';

export type SelectOption = { value: string | number; label: string; disabled?: boolean };

type Props = Omit<ComponentProps<'select'>, 'id' | 'children'> & {
  label: string;
  options: readonly SelectOption[];
  /** Validation message; marks the select invalid and is announced with it. */
  error?: string;
  hint?: ReactNode;
  id?: string;
  /** The first option, '--Select One--' with value -1 (SPEC.md section 9); false for none. */
  placeholder?: string | false;
};

/** A labelled Bootstrap select with the '--Select One--' placeholder; works with react-hook-form's register(). */
export function SelectField({
  label,
  options,
  error,
  hint,
  id,
  className,
  placeholder = SELECT_PLACEHOLDER_TEXT,
  ...select
}: Props) {
  const generated = useId();
  const selectId = id ?? generated;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={selectId} className="form-label">
        {label}
      </label>
      <select
        id={selectId}
        className={`form-select${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {placeholder === false ? null : <option value={SELECT_PLACEHOLDER_VALUE}>{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      ) : null}
      {hint ? (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
