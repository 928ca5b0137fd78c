import { stripSpaces } from '@domain/schemas/account';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { filterAsTyped } from './filterAsTyped';

/** Wraps register('userName') so spaces vanish as they are typed or pasted (docs/product.md#rules-validation). */
export function stripSpacesAsTyped<Name extends string>(
  field: UseFormRegisterReturn<Name>,
): UseFormRegisterReturn<Name> {
  return filterAsTyped(field, stripSpaces);
}
