import { z } from 'zod';

export const lookupRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
});
export type LookupRef = z.infer<typeof lookupRefSchema>;

/** A lookup type as lists and selects name it. */
export const lookupTypeView = z.object({ enumValue: z.number().int(), name: z.string() });

/** A lookup item as admin/lookup/getall presents it (reference data for every form). */
export const lookupItemView = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  lookupType: lookupTypeView,
  displayOrder: z.number().nullable(),
  enumValue: z.number().int().nullable(),
  /** Business types only: the organization type they belong to. */
  organizationType: z.number().int().nullable(),
  isActive: z.boolean(),
});
export type LookupItemView = z.output<typeof lookupItemView>;
