/**
 * What filterAsTyped wraps: a register() result, or a controlled input's props. A method, so that
 * handlers typed for React's change event fit as well as react-hook-form's.
 */
type ChangeHandling = { onChange(event: { target: unknown }): unknown };

/**
 * Wraps a register() result (or any input props with an onChange) so that whatever `clean` removes
 * never enters the field, as typed or pasted, with the caret kept where the user was typing.
 */
export function filterAsTyped<Field extends ChangeHandling>(
  field: Field,
  clean: (text: string) => string,
): Field {
  const onChange = (event: { target: unknown }) => {
    const input = event.target as HTMLInputElement;
    const cleaned = clean(input.value);
    if (cleaned !== input.value) {
      const caret = input.selectionStart ?? input.value.length;
      const before = clean(input.value.slice(0, caret)).length;
      input.value = cleaned;
      input.setSelectionRange?.(Math.min(before, cleaned.length), Math.min(before, cleaned.length));
    }
    return field.onChange(event);
  };
  return { ...field, onChange };
}

/** Display orders: digits only (docs/product.md#rules-validation). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

/** Scores: an optional leading sign, digits and one decimal point (docs/product.md#limits). */
export function scoreCharacters(text: string): string {
  const sign = /^[+-]/.test(text) ? text.charAt(0) : '';
  const rest = text.slice(sign.length).replace(/[^\d.]+/g, '');
  const point = rest.indexOf('.');
  return sign + (point < 0 ? rest : rest.slice(0, point + 1) + rest.slice(point + 1).replace(/\./g, ''));
}
