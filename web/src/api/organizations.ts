import type {
  ConsultingFirmOption,
  OrganizationOption as OrganizationOptionView,
} from '@domain/schemas/accountView';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

// The pickers' answers, typed by the schemas the server answers with.
export type { ConsultingFirmOption } from '@domain/schemas/accountView';
/** An organization to choose; one the screen builds from the caller's own organization may not say whether it is active. */
export type OrganizationOption = Omit<OrganizationOptionView, 'isActive'> & { isActive?: boolean };

const retrieveItemsFailure = 'An error occurred retrieving these items.';

/** Consulting firms for the Referred By select; public, so the sign-up page can use it. */
export const consultingFirmsQuery = queryOptions({
  queryKey: ['organizations', 'consultingFirms'] as const,
  queryFn: ({ signal }) =>
    api.get<ConsultingFirmOption[]>('organization/consultingfirms', {
      signal,
      errorMessage: retrieveItemsFailure,
    }),
  staleTime: 5 * 60 * 1000,
});

/** Every organization with its type, for the admin user form (admin only). */
export const allOrganizationsQuery = queryOptions({
  queryKey: ['organizations', 'all'] as const,
  queryFn: ({ signal }) =>
    api.get<OrganizationOption[]>('admin/organization/all', { signal, errorMessage: retrieveItemsFailure }),
  staleTime: 60 * 1000,
});

/** docs/product.md#screens: consultant names in lists are suffixed with the state in parentheses. */
export function consultingFirmLabel(firm: ConsultingFirmOption): string {
  const state = firm.state?.code?.toUpperCase() || firm.state?.name;
  return state ? `${firm.name} (${state})` : firm.name;
}
