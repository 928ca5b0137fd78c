import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type Props = {
  legend: string;
  items: readonly { value: string; label: string }[];
  /** One registration for every box: react-hook-form collects the ticked values in an array. */
  registration: UseFormRegisterReturn;
};

/** A group of checkboxes under one legend, laid out in columns. */
export function CheckboxList({ legend, items, registration }: Props) {
  const id = useId();
  return (
    <fieldset className="smr-checkbox-list mb-3">
      <legend className="form-label">{legend}</legend>
      <div className="smr-checkbox-grid">
        {items.map((item) => (
          <div key={item.value} className="form-check">
            <input
              id={`${id}-${item.value}`}
              type="checkbox"
              className="form-check-input"
              value={item.value}
              {...registration}
            />
            <label htmlFor={`${id}-${item.value}`} className="form-check-label">
              {item.label}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
