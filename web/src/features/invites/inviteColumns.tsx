import type { InviteSortColumn } from '@domain/rules/userLists';
import type { AdminAssessmentInviteView } from '@domain/schemas/organizationView';
import { formatDate } from '@web/components/formatDate';
import type { ListColumn } from '@web/components/listPage/ListPage';
import { StatusBadge } from '@web/components/StatusBadge';

type Column = ListColumn<AdminAssessmentInviteView, InviteSortColumn>;

/**
 * docs/product.md#screens-invite-table with the organization shown: Invitee (full name and user name),
 * Manufacturer, Consulting Firm, Assessment, Invited On and Assessment Completed Date.
 */
export const inviteColumns: readonly Column[] = [
  {
    key: 'invitee',
    header: 'Invitee',
    // One element, so the name and the user name stay together when the rows stack on phones.
    cell: ({ respondent }) => (
      <span className="smr-invite-invitee">
        <span className="smr-invite-name">{respondent.fullName}</span>
        <span className="smr-invite-username">{respondent.userName}</span>
      </span>
    ),
    // The person's own page (the user screens).
    link: ({ respondent }) => `/admin/user/${respondent.id}`,
    sort: 'respondent',
  },
  {
    key: 'manufacturer',
    header: 'Manufacturer',
    cell: (row) => row.respondent.organization?.name ?? '',
    sort: 'organization',
  },
  { key: 'consultingFirm', header: 'Consulting Firm', cell: (row) => row.consultingFirm?.name ?? '' },
  { key: 'assessment', header: 'Assessment', cell: (row) => row.assessment.name },
  {
    key: 'invitedOn',
    header: 'Invited On',
    cell: (row) => formatDate(row.updatedDateTime),
    sort: 'invitedAt',
    className: 'smr-col-nowrap',
  },
  {
    key: 'completed',
    header: 'Assessment Completed Date',
    sort: 'completed',
    // A date says it is done; an open invite says so in words rather than leaving the cell blank.
    cell: (row) =>
      row.assessmentResult?.completionDateTime ? (
        formatDate(row.assessmentResult.completionDateTime)
      ) : (
        <StatusBadge tone="waiting">Pending</StatusBadge>
      ),
    className: 'smr-col-nowrap',
  },
];
