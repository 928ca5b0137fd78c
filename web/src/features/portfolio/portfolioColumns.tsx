import { OrganizationType, organizationTypeCodes } from '@domain/codes';
import type { PortfolioSortColumn } from '@domain/rules/portfolio';
import type { PortfolioRow } from '@domain/schemas/portfolio';
import type { ListColumn } from '@web/components/listPage/ListPage';

type InviteCounts = PortfolioRow['invitesSent'];

/** The manufacturer's own page (the organization form), as the manufacturer list links it. */
export const manufacturerPath = (id: number) =>
  `/admin/organization/${organizationTypeCodes[OrganizationType.Manufacturer]}/${id}`;

/** yyyy-mm-dd as M/d/yyyy (docs/product.md#limits), read as written: no time zone can move the day. */
export function portfolioDate(isoDate: string | null): string {
  const match = isoDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate) : null;
  return match ? `${Number(match[2])}/${Number(match[3])}/${match[1]}` : 'None';
}

export const scoreText = (score: number | null) => (score === null ? '–' : score.toFixed(1));
export const gapText = (gap: number | null) =>
  gap === null ? '–' : `${gap > 0 ? '+' : gap < 0 ? '−' : ''}${Math.abs(gap).toFixed(1)}`;
const invitesText = (completed: number, sent: number) => `${completed} of ${sent}`;
const invites = (sent: InviteCounts, completed: InviteCounts, key: keyof InviteCounts) =>
  sent[key] === 0 ? <span className="smr-portfolio-none">None</span> : invitesText(completed[key], sent[key]);

/** The plan's open actions and how many are overdue, in words ('3 open, 1 overdue'). */
export function actionsText(open: number, overdue: number) {
  if (open === 0) return <span className="smr-portfolio-none">None open</span>;
  return overdue > 0 ? `${open} open, ${overdue} overdue` : `${open} open`;
}

/**
 * The portfolio's columns: the name links to the manufacturer, the status reads its lookup name,
 * invites read 'completed of sent'; reasons as plain text, one a line.
 */
export const portfolioColumns = (
  statusName: (code: string | null) => string,
): readonly ListColumn<PortfolioRow, PortfolioSortColumn>[] => [
  {
    key: 'name',
    header: 'Manufacturer',
    sort: 'name',
    cell: (row) => row.name,
    link: (row) => manufacturerPath(row.id),
  },
  {
    key: 'roadmapStatus',
    header: 'Roadmap Status',
    sort: 'roadmapStatus',
    cell: (row) => statusName(row.roadmapStatus),
  },
  {
    key: 'currentInvites',
    header: 'Current State Completed',
    cell: (row) => invites(row.invitesSent, row.invitesCompleted, 'current'),
  },
  {
    key: 'futureInvites',
    header: 'Future State Completed',
    cell: (row) => invites(row.invitesSent, row.invitesCompleted, 'future'),
  },
  {
    key: 'lastActivityOn',
    header: 'Last Activity',
    sort: 'lastActivityOn',
    cell: (row) => portfolioDate(row.lastActivityOn),
  },
  {
    key: 'currentScore',
    header: 'Current Score',
    cell: (row) => scoreText(row.currentScore),
    className: 'smr-portfolio-score',
  },
  {
    key: 'futureScore',
    header: 'Future Score',
    cell: (row) => scoreText(row.futureScore),
    className: 'smr-portfolio-score',
  },
  { key: 'gap', header: 'Gap', cell: (row) => gapText(row.gap), className: 'smr-portfolio-score' },
  {
    key: 'actions',
    header: 'Actions',
    cell: (row) => actionsText(row.openActions, row.overdueActions),
  },
  {
    key: 'attention',
    header: 'Needs Attention',
    cell: (row) =>
      row.attentionReasons.length ? (
        <ul className="smr-portfolio-reasons">
          {row.attentionReasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : (
        <span className="smr-portfolio-none">No</span>
      ),
    className: 'smr-portfolio-attention',
  },
];
