import { averageScore, averagesOf, type ResultScores } from './reportFigures.js';
import { roundScore } from './scoring.js';

// Progress against target (docs/product.md#insights-progress). A round is a dated
// snapshot of an organization's current-state section averages, kept each time its roadmap moves into
// CurrentStateReporting; the target is its future-state averages. What a reader wants per section:
// - progress made: the latest round minus the FIRST round (what the whole programme has achieved so far);
// - gap left: the target minus the latest round;
// - moved backwards: the latest round is lower than the round before it (the most recent movement).
// docs/decisions-alignment-progress.draft.md says why.

export const CURRENT_STATE_REPORTING = 'CurrentStateReporting';

export type SectionAverage = { id: number; name: string; average: number | null };

export type ProgressRound = {
  closedOn: string;
  respondents: number;
  overall: number | null;
  sections: SectionAverage[];
};

export type Progress = {
  target: { sections: SectionAverage[] } | null;
  rounds: ProgressRound[];
};

/**
 * Whether saving a roadmap with `next` status closes a round: only a change into
 * CurrentStateReporting does; saving again with the same status closes none.
 */
export function closesRound(previous: string | null | undefined, next: string | null | undefined): boolean {
  return next === CURRENT_STATE_REPORTING && previous !== CURRENT_STATE_REPORTING;
}

/**
 * The averages a round keeps (and the target shows): included results' overall and section averages,
 * named as the sections are named now, over unrounded scores rounded once (reportFigures.averagesOf).
 */
export function snapshotOf(
  respondents: readonly { scores: ResultScores }[],
  sections: readonly { id: number; code: string; caption: string }[],
): { respondents: number; overall: number | null; sections: SectionAverage[] } {
  const averages = averagesOf(
    respondents.map((r) => r.scores),
    sections.map((s) => s.code),
  );
  return {
    respondents: respondents.length,
    overall: averages.overall,
    sections: sections.map((s, i) => ({
      id: s.id,
      name: s.caption,
      average: averages.sections[i]?.score ?? null,
    })),
  };
}

export type SectionProgress = {
  id: number;
  name: string;
  target: number | null;
  /** One per round, oldest first; null where that round had no figure for the section. */
  rounds: (number | null)[];
  /** Latest round minus the first round with a figure; null with fewer than two figures. */
  progress: number | null;
  /** Target minus the latest round; null without both. */
  gapLeft: number | null;
  /** The latest round is lower than the round before it. */
  movedBackwards: boolean;
};

const difference = (a: number | null | undefined, b: number | null | undefined) =>
  a == null || b == null ? null : roundScore(a - b);

/** The figures of one line: progress since the first round, gap to the target, and a step back. */
function lineOf(values: readonly (number | null)[], target: number | null) {
  const given = values.filter((v): v is number => v !== null);
  const latest = values.length ? (values[values.length - 1] ?? null) : null;
  const before = values.length > 1 ? (values[values.length - 2] ?? null) : null;
  return {
    progress: given.length > 1 && latest !== null ? difference(latest, given[0]) : null,
    gapLeft: difference(target, latest),
    movedBackwards: latest !== null && before !== null && latest < before,
  };
}

/**
 * Per section (the target's sections in their order, then any section only the rounds know): the
 * target, each round's average, progress made, gap left and whether it moved backwards.
 */
export function sectionProgress(progress: Progress): SectionProgress[] {
  const names = new Map<number, string>();
  for (const s of progress.target?.sections ?? []) names.set(s.id, s.name);
  for (const round of progress.rounds)
    for (const s of round.sections) if (!names.has(s.id)) names.set(s.id, s.name);
  const targetOf = new Map((progress.target?.sections ?? []).map((s) => [s.id, s.average]));
  return [...names].map(([id, name]) => {
    const rounds = progress.rounds.map((r) => r.sections.find((s) => s.id === id)?.average ?? null);
    const target = targetOf.get(id) ?? null;
    return { id, name, target, rounds, ...lineOf(rounds, target) };
  });
}

/**
 * The overall line: each round's overall average against the target's overall, which is the mean of
 * the target's section averages (an overall score is the mean of its sections, scoring.overallScore).
 */
export function overallProgress(progress: Progress) {
  const target = averageScore(progress.target?.sections.map((s) => s.average) ?? []);
  const rounds = progress.rounds.map((r) => r.overall);
  return { target, rounds, ...lineOf(rounds, target) };
}

/** The sections whose latest round is lower than the one before, by name. */
export function sectionsMovedBackwards(progress: Progress): string[] {
  return sectionProgress(progress)
    .filter((s) => s.movedBackwards)
    .map((s) => s.name);
}
