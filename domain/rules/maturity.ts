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
