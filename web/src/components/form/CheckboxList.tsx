import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import './checkboxList.css';

type Item = { value: string; label: string };

type Props = {
  legend: string;
  items: readonly Item[];
} & (
  | {
      /** One registration for every box: react-hook-form collects the ticked values in an array. */
      registration: UseFormRegisterReturn;
      checked?: never;
      onToggle?: never;
    }
  | {
      /** Or held by the caller: the ticked values, and what to do when one is ticked or unticked. */
      checked: readonly string[];
      onToggle: (value: string, on: boolean) => void;
      registration?: never;
    }
);

/** A group of checkboxes under one legend, laid out in columns. */
export function CheckboxList({ legend, items, registration, checked, onToggle }: Props) {
  const id = useId();
  const control = (item: Item) =>
    registration ?? {
      checked: checked?.includes(item.value) ?? false,
      onChange: (event: { target: HTMLInputElement }) => onToggle?.(item.value, event.target.checked),
    };
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
              {...control(item)}
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
