import { maturityLevelOf, roundScore } from './scoring.js';

/** The five maturity levels every score maps to (docs/decisions.md#assessments-content names their source). */
export const maturityLevels = [
  { score: 1, name: 'Initial', summary: 'Practices are informal and depend on individual effort.' },
  {
    score: 2,
    name: 'Developing',
    summary: 'Practices are starting to be defined, but are applied unevenly.',
  },
  {
    score: 3,
    name: 'Defined',
    summary: 'Practices are documented, followed and measured across the operation.',
  },
  { score: 4, name: 'Integrated', summary: 'Practices are connected across functions and guided by data.' },
  { score: 5, name: 'Optimized', summary: 'Practices improve continuously and adapt ahead of the business.' },
] as const;

export type MaturityLevel = (typeof maturityLevels)[number];

// One rule for every place a score is shown with its level: the results page, its legend, the
// workbooks and the printed page (docs/decisions.md#maturity-of-the-shown-figure). The level is read
// from the figure as shown, never from the unrounded score, so '3.0' is always Defined, as the legend says.

/** A score as people see it: one decimal place, a dash without one. */
export function formatScore(score: number | null | undefined): string {
  return score == null ? '–' : roundScore(score).toFixed(1);
}

/** A change between two scores as people see it: one decimal place with its sign (a true minus). */
export function formatScoreChange(change: number | null | undefined): string {
  if (change == null) return '–';
  const shown = roundScore(change);
  return `${shown > 0 ? '+' : shown < 0 ? '−' : ''}${Math.abs(shown).toFixed(1)}`;
}

/** The maturity level of a score as shown (rounded to one decimal place). */
export function maturityLevelOfShown(score: number): MaturityLevel {
  return maturityLevelOf(roundScore(score), maturityLevels);
}

/** A score rounded as shown, with the level of that shown figure. */
export function scoreFigure(score: number): { score: number; level: MaturityLevel['name'] } {
  return { score: roundScore(score), level: maturityLevelOfShown(score).name };
}
