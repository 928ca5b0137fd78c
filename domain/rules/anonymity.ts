import type { ProgressRound } from './progress.js';
import { roleGroups } from './reportFigures.js';
import {
  type AlignmentRespondent,
  OTHER_GROUP,
  ROLE_GROUP_MINIMUM,
  type RoleAlignment,
  roleAlignment,
} from './roleAlignment.js';

// Anonymize Results in the organization report (docs/product.md#rules-anonymity): no
// sheet gives the role of a single respondent where fewer than ROLE_GROUP_MINIMUM (3) share it. The
// champion knows everyone's role and, from the invite list, who completed: a group of one or two is
// those people, and a group left out would be the overall figures minus the groups shown. So every
// respondent is in a group of at least the minimum, and every group is shown.

export type GroupedRespondent = { roleGroup: string; functionalRole: string | null };

/**
 * The role groups as an anonymized report shows them: a group of at least the minimum keeps its
 * name; the smaller ones together are 'Other'; while 'Other' has one or two members, the smallest
 * named group joins it (its name then appears nowhere). With fewer than the minimum respondents in all,
 * everyone is 'Other'. `roles` is the functional roles of a named group (as Report Settings shows them
 * to every viewer), none for 'Other'. Groups by name, 'Other' last.
 */
export function anonymousRoleGroups<T extends GroupedRespondent>(
  respondents: readonly T[],
): { name: string; roles: string[]; members: T[] }[] {
  const named: { name: string; roles: string[]; members: T[] }[] = [];
  const other: T[] = [];
  for (const g of roleGroups(respondents)) {
    if (g.members.length >= ROLE_GROUP_MINIMUM && g.name !== OTHER_GROUP) named.push(g);
    else other.push(...g.members);
  }
  while (other.length > 0 && other.length < ROLE_GROUP_MINIMUM && named.length > 0) {
    // The smallest group joins (the last by name among equals, so the result does not depend on order).
    let smallest = 0;
    named.forEach((g, i) => {
      if (g.members.length <= (named[smallest] as (typeof named)[number]).members.length) smallest = i;
    });
    other.push(...(named.splice(smallest, 1)[0] as (typeof named)[number]).members);
  }
  return other.length ? [...named, { name: OTHER_GROUP, roles: [], members: other }] : named;
}

// Figures of too few people (docs/decisions.md#trust-anonymize): under Anonymize Results an average over one or two respondents
// is their own figure, and the invite list says who completed. So for a reader who sees the
// organization anonymized (not an admin; the anonymous shared-link viewer too), every figure computed
// from fewer than MIN_ANONYMOUS_RESPONDENTS respondents is withheld: it reads as no figure (null), the
// same as before anyone completed. Counts of respondents stay (the invite list gives them anyway).

/** The same floor as a named role group's: fewer than that many people are as good as named. */
export const MIN_ANONYMOUS_RESPONDENTS = ROLE_GROUP_MINIMUM;

/** The text a reader gets where figures are withheld (the report, the screens). */
export const figuresWithheldText = `Under Anonymize Results, figures appear once ${MIN_ANONYMOUS_RESPONDENTS} respondents have completed.`;

/** Whether figures over `respondents` people are withheld from a reader who sees them anonymized. */
export function withholdsFigures(anonymized: boolean, respondents: number): boolean {
  return anonymized && respondents > 0 && respondents < MIN_ANONYMOUS_RESPONDENTS;
}

/**
 * The respondents a reader's figures may be computed from: all of them, or none while withheld, so
 * every average over them is null (reportFigures.averagesOf of nobody).
 */
export function figuresFrom<T>(anonymized: boolean, respondents: readonly T[]): readonly T[] {
  return withholdsFigures(anonymized, respondents.length) ? [] : respondents;
}

/**
 * Role alignment as a reader may see it (POST organization/alignment, the report's Role Alignment
 * sheet). Seen anonymized, the groups are anonymousRoleGroups' (every respondent in a shown group of
 * at least the minimum: an 'Other' left out would be the overall averages minus the groups shown),
 * and with fewer than the minimum respondents in all there is no group. Otherwise the contract's rule
 * (roleAlignment.alignmentGroups: a small 'Other' is left out).
 */
export function readerRoleAlignment(
  respondents: readonly AlignmentRespondent[],
  sections: readonly { id: number; code: string; caption: string }[],
  anonymized: boolean,
): RoleAlignment {
  if (!anonymized) return roleAlignment(respondents, sections);
  const shown = respondents.length >= MIN_ANONYMOUS_RESPONDENTS ? respondents : [];
  return roleAlignment(shown, sections, anonymousRoleGroups);
}

/** A progress round as a reader may see it: its averages withheld while it counted one or two. */
export function readerRound(round: ProgressRound, anonymized: boolean): ProgressRound {
  if (!withholdsFigures(anonymized, round.respondents)) return round;
  return { ...round, overall: null, sections: round.sections.map((s) => ({ ...s, average: null })) };
}
