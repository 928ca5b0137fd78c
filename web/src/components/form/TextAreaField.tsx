import { type ComponentProps, type ReactNode, useId } from 'react';

type Props = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
};

/** A labelled Bootstrap textarea that works with react-hook-form's register(). */
export function TextAreaField({ label, error, hint, id, className, rows = 3, ...textarea }: Props) {
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
      <textarea
        id={inputId}
        rows={rows}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
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
