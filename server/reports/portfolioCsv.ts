import type { PortfolioRow } from '../../domain/schemas/portfolio.js';
import { csvDate, csvStream, yesNo } from './csv.js';

export const portfolioCsvHeader = [
  'Manufacturer',
  'Roadmap Status',
  'Current State Invites Sent',
  'Current State Invites Completed',
  'Future State Invites Sent',
  'Future State Invites Completed',
  'Last Activity',
  'Current Score',
  'Future Score',
  'Gap',
  'Needs Attention',
  'Attention Reasons',
] as const;

const score = (value: number | null) => (value === null ? '' : value.toFixed(1));

/**
 * The portfolio's Download CSV (docs/product.md#insights-portfolio): one row per manufacturer, in the list's order, streamed a
 * batch at a time; the roadmap status by name, dates as M/d/yyyy, reasons joined by '; '.
 */
export function portfolioCsv(
  batches: AsyncIterable<PortfolioRow[]>,
  statusName: (code: string | null) => string,
) {
  return csvStream(portfolioCsvHeader, batches, (r) => [
    r.name,
    statusName(r.roadmapStatus),
    r.invitesSent.current,
    r.invitesCompleted.current,
    r.invitesSent.future,
    r.invitesCompleted.future,
    csvDate(r.lastActivityOn),
    score(r.currentScore),
    score(r.futureScore),
    score(r.gap),
    yesNo(r.needsAttention),
    r.attentionReasons.join('; '),
  ]);
}
