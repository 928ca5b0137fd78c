import type { UserInput } from '@domain/schemas/account';

/** The fields docs/product.md#permissions leaves to administrators; others' screens neither show nor send them. */
const administrationFields = [
  'lastCertificationDate',
  'certificateNumber',
  'additionalInfo',
  'isSuspended',
  'excludeFromReport',
] as const;

/**
 * The user as visitor/add and visitor/update take it (domain/schemas/userAdmin.ts adminUserSchema):
 * the validated form plus, for administrators, the Active switch; without the administrator's fields
 * for anyone else.
 */
export function userBody(
  input: UserInput,
  options: { administers: boolean; isActive: boolean | null },
): Record<string, unknown> {
  if (options.administers) {
    return options.isActive === null ? { ...input } : { ...input, isActive: options.isActive };
  }
  const body: Record<string, unknown> = { ...input };
  for (const field of administrationFields) delete body[field];
  return body;
}
