import { formatScore } from '@domain/rules/maturity.js';

// How the executive summary writes its figures: scores as the workbook's 0.0 cells show them
// (maturity.ts formatScore, a dash without a figure), days as ISO YYYY-MM-DD, as the plan's calls
// and the file's name give them (docs/decisions.md#insights-executive-report): a report that
// travels abroad reads the same everywhere.

/** A calendar day (ISO YYYY-MM-DD, or a moment) as YYYY-MM-DD; empty without one. */
export function isoDay(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : '';
}

export const score = formatScore;

/** A maturity level's name, or what stands for it without a figure. */
export const levelOf = (name: string) => name || 'No figure yet';

/** An area's actions counted: '3 open, 1 done, 1 overdue', as the Action Plan tab counts them. */
export const actionCounts = (a: { open: number; done: number; overdue: number }) =>
  `${a.open} open, ${a.done} done, ${a.overdue} overdue`;

/** The report's day, ISO. */
export const reportDay = (summary: { generatedOn: Date }) => summary.generatedOn.toISOString().slice(0, 10);
