import type { ComponentProps, ReactNode } from 'react';
import { FieldShell } from './FieldShell';

type Props = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
};

/** A labelled Bootstrap textarea that works with react-hook-form's register(). */
export function TextAreaField({ label, error, hint, id, className, rows = 3, ...textarea }: Props) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className={`form-control${error ? ' is-invalid' : ''}`}
          {...textarea}
        />
      )}
    </FieldShell>
  );
}
