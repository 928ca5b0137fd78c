import { OrganizationType, organizationTypeCodes } from '@domain/codes';
import { paths } from '@web/lib/paths';

/**
 * The list behind each figure of the home page (docs/decisions.md#dashboard-figures), opened filtered
 * to what the figure counts.
 */
export const figureLinks = {
  pendingSignUps: `${paths.users}/pending`,
  openInvites: {
    current: `${paths.assessmentInvites}/current/pending`,
    future: `${paths.assessmentInvites}/future/pending`,
  },
  needingAttention: `${paths.portfolio}?attention=1`,
  mailFailures: paths.failedMail,
  portfolio: paths.portfolio,
  manufacturer: (id: number) =>
    `/admin/organization/${organizationTypeCodes[OrganizationType.Manufacturer]}/${id}`,
  myInvites: paths.myOrganization,
} as const;
