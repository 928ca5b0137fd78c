import { z } from 'zod';
import { NORTH_AMERICA_REGION_CODE } from '../codes.js';
import { refInput, requiredName, requiredRef } from './common.js';

// The get-started form (docs/product.md#rules-validation-getstarted) and the organization's demographics.

export const demographicInputSchema = z.object({
  companyMaturity: requiredRef,
  numberOfEmployees: requiredRef,
  numberOfFacilities: requiredRef,
  hqRegion: requiredRef,
  industries: z
    .array(refInput)
    .max(30)
    .nullish()
    .transform((v) => (v ?? []).filter((r): r is { id: number } => r !== null)),
  supplyChainRoles: z
    .array(refInput)
    .max(30)
    .nullish()
    .transform((v) => (v ?? []).filter((r): r is { id: number } => r !== null)),
  otherIndustry: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
});
export type DemographicInput = z.infer<typeof demographicInputSchema>;

/** POST organization/getstarted/update: the caller's organization name, business type, state and demographics. */
export const getStartedSchema = z.object({
  id: z.coerce.number().int().nullish(),
  name: requiredName(200),
  businessType: requiredRef,
  state: refInput.optional(),
  demographic: demographicInputSchema,
});
export type GetStartedInput = z.infer<typeof getStartedSchema>;

/** The HQ state is asked only for a North American headquarters. */
export function asksForState(hqRegionCode: string | null | undefined): boolean {
  return hqRegionCode === NORTH_AMERICA_REGION_CODE;
}

/** The other-industry text box is enabled only when the 'other' industry is chosen. */
export const OTHER_INDUSTRY_CODE = 'other';
export function asksForOtherIndustry(industryCodes: readonly (string | null | undefined)[]): boolean {
  return industryCodes.includes(OTHER_INDUSTRY_CODE);
}
