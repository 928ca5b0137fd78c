import { describe, expect, it } from 'vitest';
import { anonymousRoleGroups } from './anonymity.js';

const people = (group: string, n: number, role = group) =>
  Array.from({ length: n }, () => ({ roleGroup: group, functionalRole: role }));
const shape = (groups: ReturnType<typeof anonymousRoleGroups>) =>
  groups.map((g) => [g.name, g.members.length, g.roles.join('; ')]);

describe('role groups of an anonymized report', () => {
  it('keeps groups of 3 or more and puts the smaller ones together as Other, with no roles named', () => {
    const groups = anonymousRoleGroups([
      ...people('Engineering', 3),
      ...people('Finance', 1),
      ...people('Quality', 2),
    ]);
    expect(shape(groups)).toEqual([
      ['Engineering', 3, 'Engineering'],
      ['Other', 3, ''],
    ]);
  });

  it('merges the smallest named group into Other while Other has one or two members', () => {
    const groups = anonymousRoleGroups([
      ...people('Engineering', 4),
      ...people('Leaders', 3),
      ...people('Finance', 1),
    ]);
    expect(shape(groups)).toEqual([
      ['Engineering', 4, 'Engineering'],
      ['Other', 4, ''],
    ]);
    for (const g of groups) expect(g.members.length).toBeGreaterThanOrEqual(3);
  });

  it('puts everyone in Other when fewer than 3 responded, and shows no group without members', () => {
    expect(shape(anonymousRoleGroups([...people('Finance', 1), ...people('Quality', 1)]))).toEqual([
      ['Other', 2, ''],
    ]);
    expect(anonymousRoleGroups([])).toEqual([]);
    expect(shape(anonymousRoleGroups(people('Engineering', 3)))).toEqual([['Engineering', 3, 'Engineering']]);
  });

  it("treats an organization's own alias 'Other' as the small groups' Other", () => {
    const groups = anonymousRoleGroups([...people('Other', 3, 'Sales'), ...people('Finance', 1)]);
    expect(shape(groups)).toEqual([['Other', 4, '']]);
  });
});
