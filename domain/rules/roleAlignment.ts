import { averageScore, type ResultScores, roleGroups } from './reportFigures.js';
import { roundScore } from './scoring.js';

// Role alignment (docs/product.md#insights-alignment): how far the functional-role groups of one
// organization agree, per section. Groups are the Report Settings aliases (reportFigures.roleGroups);
// a group under ROLE_GROUP_MINIMUM respondents joins 'Other' so no small group can be read back to a
// person, and 'Other' itself is left out while it is under the minimum.

export const ROLE_GROUP_MINIMUM = 3;
export const OTHER_GROUP = 'Other';

export type AlignmentRespondent = {
  roleGroup: string;
  functionalRole: string | null;
  scores: ResultScores;
};

export type AlignmentSection = {
  id: number;
  name: string;
  /** One per group shown, in the order of `groups`; null where no member scored the section. */
  averages: { group: string; average: number | null }[];
  /** Highest group average minus lowest; 0 with one group, null when no group scored the section. */
  spread: number | null;
};

export type RoleAlignment = {
  groups: { name: string; respondents: number }[];
  sections: AlignmentSection[];
};

/**
 * Groups of at least the minimum, by name, then 'Other' (the smaller groups together) when it reaches
 * the minimum itself. A group that the organization calls 'Other' is the same group.
 */
export function alignmentGroups<T extends AlignmentRespondent>(
  respondents: readonly T[],
): { name: string; members: T[] }[] {
  const kept: { name: string; members: T[] }[] = [];
  const other: T[] = [];
  for (const g of roleGroups(respondents)) {
    if (g.members.length >= ROLE_GROUP_MINIMUM && g.name !== OTHER_GROUP)
      kept.push({ name: g.name, members: g.members });
    else other.push(...g.members);
  }
  if (other.length >= ROLE_GROUP_MINIMUM) kept.push({ name: OTHER_GROUP, members: other });
  return kept;
}

/** The spread of some group averages: highest minus lowest, rounded once; null without any. */
export function spreadOf(averages: readonly (number | null)[]): number | null {
  const given = averages.filter((a): a is number => a !== null);
  if (given.length === 0) return null;
  return roundScore(Math.max(...given) - Math.min(...given));
}

/**
 * The alignment of an organization's included results over `sections` (in their own order): each
 * group's section averages and the spread, the largest spread first; sections no group scored come
 * last, ties keep the section order.
 */
export function roleAlignment(
  respondents: readonly AlignmentRespondent[],
  sections: readonly { id: number; code: string; caption: string }[],
  /** How respondents form groups: alignmentGroups, or anonymity.ts's rule under Anonymize Results. */
  groupsOf: (
    respondents: readonly AlignmentRespondent[],
  ) => { name: string; members: AlignmentRespondent[] }[] = alignmentGroups,
): RoleAlignment {
  const groups = groupsOf(respondents);
  const rows = sections.map((s, index) => {
    const averages = groups.map((g) => ({
      group: g.name,
      average: averageScore(g.members.map((m) => m.scores.sections[s.code])),
    }));
    return {
      index,
      section: { id: s.id, name: s.caption, averages, spread: spreadOf(averages.map((a) => a.average)) },
    };
  });
  rows.sort((a, b) => {
    const x = a.section.spread;
    const y = b.section.spread;
    if (x === null || y === null) return x === y ? a.index - b.index : x === null ? 1 : -1;
    return y - x || a.index - b.index;
  });
  return {
    groups: groups.map((g) => ({ name: g.name, respondents: g.members.length })),
    sections: groups.length === 0 ? [] : rows.map((r) => r.section),
  };
}
