import { formatScore } from '@domain/rules/maturity.js';

// How the executive summary writes its figures: scores as the workbook's 0.0 cells show them
// (maturity.ts formatScore, a dash without a figure), days as M/d/yyyy (docs/product.md#limits).

/** A calendar day (ISO YYYY-MM-DD, or a moment) as M/d/yyyy; empty without one. */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return `${m}/${d}/${y}`;
}

export const score = formatScore;

/** A maturity level's name, or what stands for it without a figure. */
export const levelOf = (name: string) => name || 'No figure yet';

/** An area's actions counted: '3 open, 1 done, 1 overdue', as the Action Plan tab counts them. */
export const actionCounts = (a: { open: number; done: number; overdue: number }) =>
  `${a.open} open, ${a.done} done, ${a.overdue} overdue`;

/** The report's day, ISO. */
export const reportDay = (summary: { generatedOn: Date }) => summary.generatedOn.toISOString().slice(0, 10);
