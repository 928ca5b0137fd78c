import { SELECT_PLACEHOLDER_TEXT, SELECT_PLACEHOLDER_VALUE } from '@domain/codes';
import type { ComponentProps, ReactNode } from 'react';
import { FieldShell } from './FieldShell';

export type SelectOption = { value: string | number; label: string; disabled?: boolean };

type Props = Omit<ComponentProps<'select'>, 'id' | 'children'> & {
  label: string;
  options: readonly SelectOption[];
  /** Validation message; marks the select invalid and is announced with it. */
  error?: string;
  hint?: ReactNode;
  id?: string;
  /** The first option, '--Select One--' with value -1 (docs/product.md#limits); false for none. */
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
  return (
    <FieldShell label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <select {...control} className={`form-select${error ? ' is-invalid' : ''}`} {...select}>
          {placeholder === false ? null : <option value={SELECT_PLACEHOLDER_VALUE}>{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
