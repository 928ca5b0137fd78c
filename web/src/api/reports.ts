import { AssessmentType } from '@domain/codes';
import {
  countsInReport,
  type InviteState,
  invitedAssessmentTypes,
  showsReportDownload,
} from '@domain/rules/organizations';
import type {
  AssessmentInviteView,
  assessmentInvitePageSchema,
  OrganizationView,
} from '@domain/schemas/organizationView';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, callerHandlesAllButSession } from './client';
import { organizationFormKeys } from './organizationForm';

// The Excel report calls of docs/product.md#calls and the executive summary PDF, and when an
// organization's report is offered (section 4 'Report download'), for every screen that offers them:
// the organization form's invite tabs, the champion's dashboard, the result tiles. The server answers
// the same calls with the same domain rules.

export const reportCalls = {
  /** One person's result: the respondent, their champion or consultant, or an admin may download it. */
  result: (resultId: number) => ({
    path: 'assessmentresult/report/byid/download',
    body: { id: resultId },
  }),
  /** An organization's results of one assessment (current or future state). */
  organization: (organizationId: number, assessmentType: number) => ({
    path: 'assessmentresult/report/byorg/download',
    body: { id: organizationId, assessmentType },
  }),
  /** An organization's executive summary in PDF (docs/decisions.md#insights-executive-report). */
  executiveSummary: (organizationId: number) => ({
    path: 'assessmentresult/report/byorg/pdf',
    body: { id: organizationId },
  }),
};

/** The executive summary's name in buttons. */
export const executiveSummaryName = 'Executive Summary (PDF)';

/** A saved invite as the domain's gates read it. */
export const inviteStateOf = (invite: AssessmentInviteView): InviteState => ({
  assessmentType: invite.assessment.assessmentType,
  isActive: invite.isActive,
  hasResult: invite.assessmentResult != null,
  excludeFromReport: invite.excludeFromReport,
});

/**
 * Whether the organization's report of an assessment is offered: like the report itself, the saved
 * roadmap status and the saved invites' included results decide.
 */
export function offersOrganizationReport(
  organization: Pick<OrganizationView, 'id' | 'roadmap'>,
  invites: readonly AssessmentInviteView[],
  assessmentType: number,
): boolean {
  if (organization.id === null) return false;
  const hasResults = invites.some((i) => countsInReport(inviteStateOf(i), assessmentType));
  return showsReportDownload(assessmentType, organization.roadmap?.status?.code, hasResults);
}

/**
 * Whether the executive summary (PDF) is offered: exactly when the current-state organization report
 * is, since the server answers the PDF by that report's rule.
 */
export function offersExecutiveSummary(
  organization: Pick<OrganizationView, 'id' | 'roadmap'>,
  invites: readonly AssessmentInviteView[],
): boolean {
  return offersOrganizationReport(organization, invites, AssessmentType.CurrentState);
}

/** The assessments whose organization report is offered, current state first. */
export function offeredOrganizationReports(
  organization: Pick<OrganizationView, 'id' | 'roadmap'>,
  invites: readonly AssessmentInviteView[],
): (typeof invitedAssessmentTypes)[number][] {
  return invitedAssessmentTypes.filter((type) => offersOrganizationReport(organization, invites, type));
}

/** The report's name in buttons: 'Current State Report', 'Future State Report'. */
export function organizationReportName(assessmentType: number): string {
  return assessmentType === AssessmentType.FutureState ? 'Future State Report' : 'Current State Report';
}

/**
 * The caller's organization and its invites, for the dashboard's report offers. A failure is quiet
 * (the tile then offers no report; an ended session still logs out): a tile must not send the person
 * away from their dashboard. Keyed under the organization form's 'mine', so saving that form refreshes it.
 */
export const myOrganizationReportsQuery = queryOptions({
  queryKey: [...organizationFormKeys.of({ kind: 'mine' }), 'reports'] as const,
  queryFn: async ({ signal }) => {
    const quiet = { signal, skipGlobal: callerHandlesAllButSession };
    const [organization, invites] = await Promise.all([
      api.get<OrganizationView>('admin/organization/mine', quiet),
      // docs/product.md#limits: the organization's invites are fetched all at once.
      api.post<z.output<typeof assessmentInvitePageSchema>>(
        'admin/assessmentInvite/search/byorg/mine',
        { query: '', skip: 0, take: 9999 },
        quiet,
      ),
    ]);
    return {
      organization,
      invites: invites.data,
      offered: offeredOrganizationReports(organization, invites.data),
      executiveSummary: offersExecutiveSummary(organization, invites.data),
    };
  },
});
