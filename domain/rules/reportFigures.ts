import { maturityLevelOfShown } from './maturity.js';
import { overallScore, questionScore, roundScore, sectionScores } from './scoring.js';

// The figures of the Excel reports (docs/decisions.md#reports), on top of scoring.ts: one result's scores, and the
// averages over several results. Like the benchmark snapshot (commands/generateBenchmark.ts), averages
// are taken over the unrounded scores and rounded once, so a report's current-state averages are the
// figures its benchmark stores. Shown one by one, a score is rounded as the results screen rounds it.

/** What scoring needs of an assessment's content. */
export type ScoringContent = {
  sections: readonly { id: number; code: string }[];
  questions: readonly { id: number; sectionId: number; skipScore: number | boolean }[];
  choices: readonly { id: number; scoreValue: number | null }[];
};

export type ScoringAnswer = { questionId: number; choiceId: number | null };

/** One result's scores, unrounded (roundScore them to show them). */
export type ResultScores = {
  overall: number | null;
  /** By section code; sections without a scored question are absent. */
  sections: Record<string, number>;
  /** By question id; questions without a score (unanswered, 'Not sure', Omit Score) are absent. */
  questions: Record<number, number>;
};

/** A result's scores: the same rules as the results screen (presentScores). */
export function resultScores(content: ScoringContent, answers: readonly ScoringAnswer[]): ResultScores {
  const scoreOfChoice = new Map(content.choices.map((c) => [c.id, c.scoreValue]));
  const codeOfSection = new Map(content.sections.map((s) => [s.id, s.code]));
  const chosen = new Map<number, (number | null)[]>();
  for (const a of answers) {
    if (a.choiceId === null) continue;
    const list = chosen.get(a.questionId) ?? [];
    list.push(scoreOfChoice.get(a.choiceId) ?? null);
    chosen.set(a.questionId, list);
  }
  const scored = content.questions.map((q) => ({
    id: q.id,
    answer: {
      sectionCode: codeOfSection.get(q.sectionId) ?? '',
      scores: chosen.get(q.id) ?? [],
      skipScore: q.skipScore === 1 || q.skipScore === true,
    },
  }));
  const sections = sectionScores(scored.map((s) => s.answer));
  const overall = overallScore(sections);
  const questions: Record<number, number> = {};
  for (const s of scored) {
    const score = questionScore(s.answer);
    if (score !== null) questions[s.id] = score;
  }
  return {
    overall,
    sections: Object.fromEntries(sections.map((s) => [s.sectionCode, s.score])),
    questions,
  };
}

/** The mean of the figures given (nulls left out), rounded; null when there is none. */
export function averageScore(values: readonly (number | null | undefined)[]): number | null {
  const given = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return given.length ? roundScore(given.reduce((a, b) => a + b, 0) / given.length) : null;
}

export type Averages = {
  overall: number | null;
  /** In the order of the codes asked for; null where no result scored the section. */
  sections: { code: string; score: number | null }[];
};

/** An organization's averages over its included results: overall and per section. */
export function averagesOf(results: readonly ResultScores[], sectionCodes: readonly string[]): Averages {
  return {
    overall: averageScore(results.map((r) => r.overall)),
    sections: sectionCodes.map((code) => ({
      code,
      score: averageScore(results.map((r) => r.sections[code])),
    })),
  };
}

/** A question's average over the results that scored it. */
export function questionAverage(results: readonly ResultScores[], questionId: number): number | null {
  return averageScore(results.map((r) => r.questions[questionId]));
}

/** The maturity level of a figure as shown (maturity.ts), by name; empty without a figure. */
export function levelName(score: number | null | undefined): string {
  return score == null ? '' : maturityLevelOfShown(score).name;
}

export const NO_FUNCTIONAL_ROLE = 'No functional role';

/**
 * The role group a respondent's results count in (Report Settings' Functional Role Alias table): the
 * organization's alias for the role, or the role's own name where the alias is blank.
 */
export function roleGroupName(roleName: string | null | undefined, alias: string | null | undefined): string {
  return alias?.trim() || roleName?.trim() || NO_FUNCTIONAL_ROLE;
}

export type RoleGroup<T> = { name: string; roles: string[]; members: T[] };

/** Respondents grouped by role group (roles sharing an alias are one group), groups by name. */
export function roleGroups<T extends { roleGroup: string; functionalRole: string | null }>(
  respondents: readonly T[],
): RoleGroup<T>[] {
  const groups = new Map<string, RoleGroup<T>>();
  for (const r of respondents) {
    const group = groups.get(r.roleGroup) ?? { name: r.roleGroup, roles: [], members: [] };
    const role = r.functionalRole ?? NO_FUNCTIONAL_ROLE;
    if (!group.roles.includes(role)) group.roles.push(role);
    group.members.push(r);
    groups.set(r.roleGroup, group);
  }
  return [...groups.values()]
    .map((g) => ({ ...g, roles: [...g.roles].sort((a, b) => a.localeCompare(b)) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export type Gap<T> = T & { current: number | null; future: number | null; gap: number | null };

/**
 * The roadmap: each item's current and future figure and the gap (future minus current), the largest
 * gap first; items missing either figure come last, in their given order.
 */
export function byLargestGap<T>(
  items: readonly (T & { current: number | null; future: number | null })[],
): Gap<T>[] {
  return items
    .map((item, index) => ({
      item: {
        ...item,
        gap: item.current === null || item.future === null ? null : roundScore(item.future - item.current),
      } as Gap<T>,
      index,
    }))
    .sort((a, b) => {
      if (a.item.gap === null || b.item.gap === null)
        return a.item.gap === null && b.item.gap === null ? a.index - b.index : a.item.gap === null ? 1 : -1;
      return b.item.gap - a.item.gap || a.index - b.index;
    })
    .map((x) => x.item);
}
