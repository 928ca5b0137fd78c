// Scoring of assessment results (one implementation for the results screen, reports and benchmarks).

/** One answered question: the scores of the chosen choices (null for 'Not sure' and other omit-score choices). */
export type ScoredAnswer = { sectionCode: string; scores: readonly (number | null)[]; skipScore: boolean };

export type SectionScore = { sectionCode: string; score: number };

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * A question's score: the mean of its chosen choices' scores (one for a single choice, several for a
 * multi-select). Left out (null) when the question is marked Omit Score or nothing chosen carries one.
 */
export function questionScore(answer: ScoredAnswer): number | null {
  if (answer.skipScore) return null;
  const scored = answer.scores.filter((s): s is number => typeof s === 'number' && Number.isFinite(s));
  return scored.length ? mean(scored) : null;
}

/** Each section's score: the mean of its scored questions; sections without any are left out. */
export function sectionScores(answers: readonly ScoredAnswer[]): SectionScore[] {
  const bySection = new Map<string, number[]>();
  for (const answer of answers) {
    const score = questionScore(answer);
    if (score === null) continue;
    bySection.set(answer.sectionCode, [...(bySection.get(answer.sectionCode) ?? []), score]);
  }
  return [...bySection].map(([sectionCode, scores]) => ({ sectionCode, score: mean(scores) }));
}

/** The overall score: the mean of the section scores, so every section weighs the same. */
export function overallScore(sections: readonly SectionScore[]): number | null {
  return sections.length ? mean(sections.map((s) => s.score)) : null;
}

/**
 * The maturity level a score has reached: a score of 2.7 has reached level 2 and not yet level 3.
 * Levels are numbered 1..n in order.
 */
export function maturityLevelOf<L extends { score: number }>(score: number, levels: readonly L[]): L {
  const sorted = [...levels].sort((a, b) => a.score - b.score);
  let reached = sorted[0] as L;
  for (const level of sorted) if (score + 1e-9 >= level.score) reached = level;
  return reached;
}

/** Future minus current per section, for the sections both results scored. */
export function sectionGaps(
  current: readonly SectionScore[],
  future: readonly SectionScore[],
): SectionScore[] {
  const now = new Map(current.map((s) => [s.sectionCode, s.score]));
  return future
    .filter((f) => now.has(f.sectionCode))
    .map((f) => ({ sectionCode: f.sectionCode, score: f.score - (now.get(f.sectionCode) as number) }));
}

/** Scores shown to people: one decimal place. */
export const roundScore = (score: number) => Math.round(score * 10) / 10;
