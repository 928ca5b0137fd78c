import { AssessmentType } from '@domain/codes';
import { roundScore, sectionGaps } from '@domain/rules/scoring';
import type { ResultScores } from '@web/api/assessments';

export type SectionComparison = {
  code: string;
  caption: string;
  current: number | null;
  future: number | null;
  /** Future minus current, where both have a score. */
  gap: number | null;
};

export type Comparison = { current: ResultScores; future: ResultScores; sections: SectionComparison[] };

/**
 * A current-state result beside a future-state one (whichever of the two is shown): every practice
 * area either scored, in the current state's order, with the gap the roadmap has to close.
 */
export function comparisonOf(shown: ResultScores, other: ResultScores | null): Comparison | null {
  if (!other) return null;
  const types = [shown.assessment.assessmentType, other.assessment.assessmentType];
  if (!types.includes(AssessmentType.CurrentState) || !types.includes(AssessmentType.FutureState))
    return null;
  const [current, future] =
    shown.assessment.assessmentType === AssessmentType.CurrentState ? [shown, other] : [other, shown];
  const asScores = (r: ResultScores) => r.sections.map((s) => ({ sectionCode: s.code, score: s.score }));
  const gaps = new Map(sectionGaps(asScores(current), asScores(future)).map((g) => [g.sectionCode, g.score]));
  const areas = [
    ...current.sections,
    ...future.sections.filter((f) => !current.sections.some((c) => c.code === f.code)),
  ];
  return {
    current,
    future,
    sections: areas.map((area) => {
      const gap = gaps.get(area.code);
      return {
        code: area.code,
        caption: area.caption,
        current: current.sections.find((s) => s.code === area.code)?.score ?? null,
        future: future.sections.find((s) => s.code === area.code)?.score ?? null,
        gap: gap === undefined ? null : roundScore(gap),
      };
    }),
  };
}
