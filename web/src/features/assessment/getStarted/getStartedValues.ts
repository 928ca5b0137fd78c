import { SELECT_PLACEHOLDER_VALUE } from '@domain/codes';
import {
  asksForOtherIndustry,
  asksForState,
  type GetStartedInput,
  getStartedSchema,
} from '@domain/schemas/organization';
import { zodResolver } from '@hookform/resolvers/zod';
import type { GetStartedOrganization } from '@web/api/assessments';
import type { LookupItem } from '@web/api/lookups';
import type { Resolver, ResolverResult } from 'react-hook-form';

const NONE = String(SELECT_PLACEHOLDER_VALUE);

/**
 * The get-started form's inputs, shaped like the body of organization/getstarted/update so the
 * schema's messages land on the fields by path; selects hold ids as text, checkbox lists arrays of them.
 */
export type GetStartedValues = {
  name: string;
  businessType: string;
  state: string;
  demographic: {
    companyMaturity: string;
    numberOfEmployees: string;
    numberOfFacilities: string;
    hqRegion: string;
    industries: string[];
    supplyChainRoles: string[];
    otherIndustry: string;
  };
};

const idText = (ref: { id: number } | null | undefined) => (ref ? String(ref.id) : NONE);

export function getStartedValuesFrom(org: GetStartedOrganization | null): GetStartedValues {
  const d = org?.demographic;
  return {
    name: org?.name ?? '',
    businessType: idText(org?.businessType),
    state: idText(org?.state),
    demographic: {
      companyMaturity: idText(d?.companyMaturity),
      numberOfEmployees: idText(d?.numberOfEmployees),
      numberOfFacilities: idText(d?.numberOfFacilities),
      hqRegion: idText(d?.hqRegion),
      industries: (d?.industries ?? []).map((i) => String(i.id)),
      supplyChainRoles: (d?.supplyChainRoles ?? []).map((i) => String(i.id)),
      otherIndustry: d?.otherIndustry ?? '',
    },
  };
}

const ref = (text: string) => {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? { id } : null;
};
const codeOf = (lookups: readonly LookupItem[] | undefined, id: string) =>
  lookups?.find((i) => String(i.id) === id)?.code ?? null;

/** Whether the HQ State field shows: only for a North American headquarters. */
export function showsState(lookups: readonly LookupItem[] | undefined, hqRegion: string): boolean {
  return asksForState(codeOf(lookups, hqRegion));
}

/** Whether the Other Industry box is enabled: only with the 'other' industry ticked. */
export function enablesOtherIndustry(
  lookups: readonly LookupItem[] | undefined,
  industries: string[],
): boolean {
  return asksForOtherIndustry(industries.map((id) => codeOf(lookups, id)));
}

/** The body of organization/getstarted/update; a hidden state or a disabled text box is not sent. */
export function toGetStartedInput(values: GetStartedValues, lookups: readonly LookupItem[] | undefined) {
  const d = values.demographic;
  return {
    name: values.name,
    businessType: ref(values.businessType),
    state: showsState(lookups, d.hqRegion) ? ref(values.state) : null,
    demographic: {
      companyMaturity: ref(d.companyMaturity),
      numberOfEmployees: ref(d.numberOfEmployees),
      numberOfFacilities: ref(d.numberOfFacilities),
      hqRegion: ref(d.hqRegion),
      industries: (d.industries ?? []).map(ref).filter(Boolean),
      supplyChainRoles: (d.supplyChainRoles ?? []).map(ref).filter(Boolean),
      otherIndustry: enablesOtherIndustry(lookups, d.industries ?? []) ? d.otherIndustry : null,
    },
  };
}

/** Validates with the domain's getStartedSchema (docs/product.md#rules-validation-getstarted). */
export function getStartedResolver(
  lookups: () => readonly LookupItem[] | undefined,
): Resolver<GetStartedValues, unknown, GetStartedInput> {
  const resolve = zodResolver(getStartedSchema);
  return async (values, context, options) =>
    (await resolve(
      toGetStartedInput(values, lookups()) as Parameters<typeof resolve>[0],
      context,
      options as unknown as Parameters<typeof resolve>[2],
    )) as unknown as ResolverResult<GetStartedValues, GetStartedInput>;
}
