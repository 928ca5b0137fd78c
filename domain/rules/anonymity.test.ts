import { describe, expect, it } from 'vitest';
import {
  anonymousRoleGroups,
  figuresFrom,
  readerRoleAlignment,
  readerRound,
  withholdsFigures,
} from './anonymity.js';

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

describe('figures of few respondents under Anonymize Results', () => {
  const scored = (group: string, score: number) => ({
    roleGroup: group,
    functionalRole: group,
    scores: { overall: score, sections: { A: score }, questions: {} },
  });
  const sections = [{ id: 1, code: 'A', caption: 'Alpha' }];

  it('withholds figures of 1 or 2 respondents from an anonymized reader only', () => {
    expect([0, 1, 2, 3].map((n) => withholdsFigures(true, n))).toEqual([false, true, true, false]);
    expect(withholdsFigures(false, 1)).toBe(false);
    expect(figuresFrom(true, [1, 2])).toEqual([]);
    expect(figuresFrom(true, [1, 2, 3])).toEqual([1, 2, 3]);
    expect(figuresFrom(false, [1])).toEqual([1]);
    const round = {
      closedOn: 'x',
      respondents: 2,
      overall: 3,
      sections: [{ id: 1, name: 'Alpha', average: 3 }],
    };
    expect(readerRound(round, true)).toEqual({
      ...round,
      overall: null,
      sections: [{ ...round.sections[0], average: null }],
    });
    expect(readerRound(round, false)).toBe(round);
    expect(readerRound({ ...round, respondents: 3 }, true).overall).toBe(3);
  });

  it('puts every respondent in a group shown when anonymized, and leaves a small Other out otherwise', () => {
    const people = [scored('Eng', 1), scored('Eng', 2), scored('Eng', 3), scored('Fin', 5)];
    expect(readerRoleAlignment(people, sections, false).groups).toEqual([{ name: 'Eng', respondents: 3 }]);
    const anonymized = readerRoleAlignment(people, sections, true);
    expect(anonymized.groups).toEqual([{ name: 'Other', respondents: 4 }]);
    expect(anonymized.sections[0]?.averages).toEqual([{ group: 'Other', average: 2.8 }]);
    expect(readerRoleAlignment(people.slice(2), sections, true)).toEqual({ groups: [], sections: [] });
  });
});
