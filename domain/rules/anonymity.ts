import { roleGroups } from './reportFigures.js';
import { OTHER_GROUP, ROLE_GROUP_MINIMUM } from './roleAlignment.js';

// Anonymize Results in the organization report (INTERFACES.md 'Anonymize Results is a promise'): no
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
