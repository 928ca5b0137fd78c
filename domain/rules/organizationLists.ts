import { type ListSort, nextSortOf } from './listSort.js';

/**
 * The columns an organization list sorts by, on the server (docs/decisions.md#web-list-sorting):
 * the name, the manufacturers' HQ region (then state), the firms' HQ state, the consulting firm and
 * the roadmap status in the roadmap's own order. Without a choice, by name A to Z; inactive
 * organizations stay after the active ones in every order (docs/decisions.md#web-list-sorting-inactive).
 */
export const organizationSortColumns = [
  'name',
  'hqRegion',
  'state',
  'consultingFirm',
  'roadmapStatus',
] as const;
export type OrganizationSortColumn = (typeof organizationSortColumns)[number];
export type OrganizationSort = ListSort<OrganizationSortColumn>;
export const defaultOrganizationSort: OrganizationSort = { column: 'name', direction: 'asc' };

/** Choosing a header: the same column turns around, another starts A to Z (roadmap: earliest stage). */
export const nextOrganizationSort = nextSortOf<OrganizationSortColumn>([]);
