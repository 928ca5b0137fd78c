import type { ComponentProps, ReactNode } from 'react';
import { FieldShell } from './FieldShell';

type Props = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** Validation message; marks the input invalid and is announced with it. */
  error?: string;
  hint?: ReactNode;
  id?: string;
};

/** A labelled Bootstrap text input that works with react-hook-form's register() (ref is a prop in React 19). */
export function TextField({ label, error, hint, id, className, ...input }: Props) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input {...control} className={`form-control${error ? ' is-invalid' : ''}`} {...input} />}
    </FieldShell>
  );
}
