import type { UseFormRegisterReturn } from 'react-hook-form';
import { stripSpaces } from '../../../../domain/schemas/account';

/**
 * Wraps register('userName') so spaces vanish as they are typed or pasted (SPEC.md section 5), with
 * the caret kept where the user was typing.
 */
export function stripSpacesAsTyped<Name extends string>(
  field: UseFormRegisterReturn<Name>,
): UseFormRegisterReturn<Name> {
  return {
    ...field,
    onChange: (event) => {
      const input = event.target as HTMLInputElement;
      const stripped = stripSpaces(input.value);
      if (stripped !== input.value) {
        const caret = input.selectionStart ?? input.value.length;
        const before = stripSpaces(input.value.slice(0, caret)).length;
        input.value = stripped;
        input.setSelectionRange?.(before, before);
      }
      return field.onChange(event);
    },
  };
}
