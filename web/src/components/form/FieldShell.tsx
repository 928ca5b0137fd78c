import { type ReactNode, useId } from 'react';

/** What the labelled control receives: its id and the accessibility wiring to its hint and error. */
export type ControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

type Props = {
  label: string;
  /** Validation message; marks the control invalid and is announced with it. */
  error?: string;
  hint?: ReactNode;
  id?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

/** The label, error and hint around every form control, so each field kind states only its control. */
export function FieldShell({ label, error, hint, id, className, children }: Props) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={controlId} className="form-label">
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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
