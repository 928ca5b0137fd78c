import { type ComponentProps, useId } from 'react';

type Props = Omit<ComponentProps<'input'>, 'id' | 'type'> & { label: string; id?: string };

/** A labelled Bootstrap checkbox that works with react-hook-form's register(). */
export function CheckboxField({ label, id, className, ...input }: Props) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={className ?? 'form-check mb-3'}>
      <input id={inputId} type="checkbox" className="form-check-input" {...input} />
      <label htmlFor={inputId} className="form-check-label">
        {label}
      </label>
    </div>
  );
}
