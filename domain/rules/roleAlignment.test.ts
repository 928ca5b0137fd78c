import { describe, expect, it } from 'vitest';
import type { ResultScores } from './reportFigures.js';
import {
  type AlignmentRespondent,
  alignmentGroups,
  OTHER_GROUP,
  roleAlignment,
  spreadOf,
} from './roleAlignment.js';

const sections = [
  { id: 1, code: 'a', caption: 'Strategy' },
  { id: 2, code: 'b', caption: 'Data' },
  { id: 3, code: 'c', caption: 'People' },
];

/** A respondent of a group scoring `a`, `b` (and nothing in c). */
const person = (roleGroup: string, a: number, b: number | null = a): AlignmentRespondent => ({
  roleGroup,
  functionalRole: roleGroup,
  scores: { overall: a, sections: b === null ? { a } : { a, b }, questions: {} } as ResultScores,
});
const many = (n: number, group: string, a: number, b: number | null = a) =>
  Array.from({ length: n }, () => person(group, a, b));

describe('alignmentGroups', () => {
  it('keeps groups of three or more by name and merges the smaller ones into Other', () => {
    const groups = alignmentGroups([
      ...many(3, 'Technical', 2),
      ...many(2, 'Finance', 1),
      ...many(1, 'Leaders', 4),
      ...many(4, 'Apex', 3),
    ]);
    expect(groups.map((g) => [g.name, g.members.length])).toEqual([
      ['Apex', 4],
      ['Technical', 3],
      [OTHER_GROUP, 3],
    ]);
  });

  it('leaves Other out while it is under three', () => {
    const groups = alignmentGroups([...many(3, 'Technical', 2), ...many(2, 'Finance', 1)]);
    expect(groups.map((g) => g.name)).toEqual(['Technical']);
    expect(alignmentGroups([...many(1, 'Technical', 2), ...many(1, 'Finance', 1)])).toEqual([]);
    // Two small groups of two together make an Other of four.
    expect(
      alignmentGroups([...many(2, 'Technical', 2), ...many(2, 'Finance', 1)]).map((g) => g.name),
    ).toEqual([OTHER_GROUP]);
    expect(alignmentGroups([])).toEqual([]);
  });

  it("joins an organization's own 'Other' alias with the small groups", () => {
    const groups = alignmentGroups([...many(1, 'Other', 2), ...many(2, 'Finance', 1), ...many(3, 'Ops', 3)]);
    expect(groups.map((g) => [g.name, g.members.length])).toEqual([
      ['Ops', 3],
      [OTHER_GROUP, 3],
    ]);
  });
});

describe('spreadOf', () => {
  it('is the highest minus the lowest, 0 for one figure, null for none', () => {
    expect(spreadOf([2, null, 4.5, 3])).toBe(2.5);
    expect(spreadOf([3.1])).toBe(0);
    expect(spreadOf([null, null])).toBeNull();
    expect(spreadOf([3.3, 1.1])).toBe(2.2); // not 2.1999999999999997
  });
});

describe('roleAlignment', () => {
  it("gives each group's section averages and the spread, the largest disagreement first", () => {
    const result = roleAlignment(
      [...many(3, 'Technical', 2, 3), ...many(3, 'Leaders', 5, 3.5), ...many(3, 'Finance', 1, null)],
      sections,
    );
    expect(result.groups).toEqual([
      { name: 'Finance', respondents: 3 },
      { name: 'Leaders', respondents: 3 },
      { name: 'Technical', respondents: 3 },
    ]);
    expect(result.sections).toEqual([
      {
        id: 1,
        name: 'Strategy',
        averages: [
          { group: 'Finance', average: 1 },
          { group: 'Leaders', average: 5 },
          { group: 'Technical', average: 2 },
        ],
        spread: 4,
      },
      {
        id: 2,
        name: 'Data',
        averages: [
          { group: 'Finance', average: null },
          { group: 'Leaders', average: 3.5 },
          { group: 'Technical', average: 3 },
        ],
        spread: 0.5,
      },
      {
        id: 3,
        name: 'People',
        averages: [
          { group: 'Finance', average: null },
          { group: 'Leaders', average: null },
          { group: 'Technical', average: null },
        ],
        spread: null,
      },
    ]);
  });

  it('keeps the section order where spreads tie, and one group spreads 0', () => {
    const result = roleAlignment(many(3, 'Technical', 2), sections);
    expect(result.sections.map((s) => [s.name, s.spread])).toEqual([
      ['Strategy', 0],
      ['Data', 0],
      ['People', null],
    ]);
  });

  it('has no sections when no group reaches three respondents', () => {
    expect(roleAlignment([person('Technical', 2), person('Leaders', 5)], sections)).toEqual({
      groups: [],
      sections: [],
    });
  });
});
