import { type ComponentProps, type ReactNode, useId } from 'react';

type Props = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** Validation message; marks the input invalid and is announced with it. */
  error?: string;
  hint?: ReactNode;
  id?: string;
};

/** A labelled Bootstrap text input that works with react-hook-form's register() (ref is a prop in React 19). */
export function TextField({ label, error, hint, id, className, ...input }: Props) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={inputId} className="form-label">
        {label}
      </label>
      <input
        id={inputId}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
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
