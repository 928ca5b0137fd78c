import { describe, expect, it } from 'vitest';
import {
  averageScore,
  averagesOf,
  byLargestGap,
  levelName,
  NO_FUNCTIONAL_ROLE,
  type ResultScores,
  resultScores,
  roleGroupName,
  roleGroups,
} from './reportFigures.js';

const content = {
  sections: [
    { id: 1, code: 'a' },
    { id: 2, code: 'b' },
  ],
  questions: [
    { id: 10, sectionId: 1, skipScore: 0 },
    { id: 11, sectionId: 1, skipScore: 0 },
    { id: 20, sectionId: 2, skipScore: 1 },
    { id: 21, sectionId: 2, skipScore: 0 },
  ],
  choices: [
    { id: 100, scoreValue: 2 },
    { id: 101, scoreValue: 5 },
    { id: 102, scoreValue: null },
    { id: 103, scoreValue: 4 },
  ],
};

describe('resultScores', () => {
  it('scores questions, sections and overall with the scoring rules, unrounded', () => {
    const scores = resultScores(content, [
      { questionId: 10, choiceId: 100 },
      { questionId: 11, choiceId: 101 },
      { questionId: 11, choiceId: 103 }, // a multi-select: the mean of 5 and 4
      { questionId: 20, choiceId: 101 }, // Omit Score
      { questionId: 21, choiceId: 102 }, // 'Not sure'
    ]);
    expect(scores.questions).toEqual({ 10: 2, 11: 4.5 });
    expect(scores.sections).toEqual({ a: 3.25 }); // (2 + 4.5) / 2
    expect(scores.overall).toBe(3.25);
  });

  it('gives nothing for a result without scored answers', () => {
    expect(resultScores(content, [])).toEqual({ overall: null, sections: {}, questions: {} });
  });
});

describe('averages', () => {
  it('averages the figures given, leaving out missing ones, and rounds once', () => {
    expect(averageScore([1, null, 2, undefined])).toBe(1.5);
    expect(averageScore([3.25, 3.25, 2])).toBe(2.8); // 8.5 / 3 = 2.83; rounded scores would give 2.9
    expect(averageScore([])).toBeNull();
    const results: ResultScores[] = [
      { overall: 4, sections: { a: 4 }, questions: {} },
      { overall: 2.375, sections: { a: 2, b: 3 }, questions: {} },
    ];
    expect(averagesOf(results, ['a', 'b', 'c'])).toEqual({
      overall: 3.2, // 6.375 / 2 = 3.1875
      sections: [
        { code: 'a', score: 3 },
        { code: 'b', score: 3 },
        { code: 'c', score: null },
      ],
    });
    expect(levelName(3.2)).toBe('Defined');
    expect(levelName(null)).toBe('');
  });
});

describe('role groups', () => {
  it("uses the alias, else the role's name, and groups roles sharing an alias", () => {
    expect(roleGroupName('Quality', ' Technical ')).toBe('Technical');
    expect(roleGroupName('Quality', '  ')).toBe('Quality');
    expect(roleGroupName(null, null)).toBe(NO_FUNCTIONAL_ROLE);
    const groups = roleGroups([
      { roleGroup: 'Technical', functionalRole: 'Quality' },
      { roleGroup: 'Finance', functionalRole: 'Finance' },
      { roleGroup: 'Technical', functionalRole: 'Engineering' },
      { roleGroup: 'Technical', functionalRole: 'Quality' },
    ]);
    expect(groups.map((g) => [g.name, g.roles, g.members.length])).toEqual([
      ['Finance', ['Finance'], 1],
      ['Technical', ['Engineering', 'Quality'], 3],
    ]);
  });
});

describe('byLargestGap', () => {
  it('orders by future minus current, largest first, missing figures last in their order', () => {
    const rows = byLargestGap([
      { name: 'a', current: 2, future: 3 },
      { name: 'b', current: null, future: 4 },
      { name: 'c', current: 1.1, future: 4.3 },
      { name: 'd', current: 3, future: 2 },
      { name: 'e', current: 2, future: null },
      { name: 'f', current: 1, future: 2 },
    ]);
    expect(rows.map((r) => [r.name, r.gap])).toEqual([
      ['c', 3.2],
      ['a', 1],
      ['f', 1],
      ['d', -1],
      ['b', null],
      ['e', null],
    ]);
  });
});
