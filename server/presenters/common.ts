import type { LookupRef } from '../../domain/schemas/lookup.js';

export const bool = (v: number | boolean | null | undefined) => v === 1 || v === true;

export function lookupRef(
  id: number | null | undefined,
  name: string | null | undefined,
  code?: string | null,
): LookupRef | null {
  return id == null || name == null ? null : { id, name, code: code ?? null };
}
