import { describe, expect, it } from 'vitest';
import { formatScore, formatScoreChange, maturityLevels, scoreFigure } from './maturity.js';
import { levelName } from './reportFigures.js';

/** The legend's lower edge of each level: a figure as shown sits in the highest level at or below it. */
const legendLevelOf = (shown: string) =>
  [...maturityLevels].reverse().find((l) => Number(shown) >= l.score)?.name ?? maturityLevels[0].name;

describe('the maturity rule: a figure as shown and its level', () => {
  // Every level edge, just below, at and just above it, before and after rounding to one decimal.
  const cases: [number, string, string][] = [
    [1, '1.0', 'Initial'],
    [1.04, '1.0', 'Initial'],
    [1.94, '1.9', 'Initial'],
    [1.949, '1.9', 'Initial'],
    [1.95, '2.0', 'Developing'],
    [1.96, '2.0', 'Developing'],
    [2, '2.0', 'Developing'],
    [2.04, '2.0', 'Developing'],
    [2.7, '2.7', 'Developing'],
    [2.94, '2.9', 'Developing'],
    [2.95, '3.0', 'Defined'],
    [2.96, '3.0', 'Defined'],
    [3, '3.0', 'Defined'],
    [3.04, '3.0', 'Defined'],
    [3.94, '3.9', 'Defined'],
    [3.95, '4.0', 'Integrated'],
    [3.96, '4.0', 'Integrated'],
    [4, '4.0', 'Integrated'],
    [4.04, '4.0', 'Integrated'],
    [4.94, '4.9', 'Integrated'],
    [4.95, '5.0', 'Optimized'],
    [4.96, '5.0', 'Optimized'],
    [5, '5.0', 'Optimized'],
  ];

  it.each(cases)('shows %s as %s, %s', (score, shown, level) => {
    expect(formatScore(score)).toBe(shown);
    expect(scoreFigure(score)).toEqual({ score: Number(shown), level });
    expect(levelName(score)).toBe(level);
  });

  it('never names a level the legend contradicts for the figure shown', () => {
    for (let hundredths = 100; hundredths <= 500; hundredths++) {
      const score = hundredths / 100;
      expect(scoreFigure(score).level).toBe(legendLevelOf(formatScore(score)));
    }
    // Averages are rarely round numbers: thirds and sevenths too.
    for (let n = 3; n <= 15; n++) expect(scoreFigure(n / 3).level).toBe(legendLevelOf(formatScore(n / 3)));
    for (let n = 7; n <= 35; n++) expect(scoreFigure(n / 7).level).toBe(legendLevelOf(formatScore(n / 7)));
  });

  it('shows a figure without a value as a dash', () => {
    expect(formatScore(null)).toBe('–');
    expect(formatScore(undefined)).toBe('–');
  });
});

describe('a change between scores as shown', () => {
  it('rounds once and signs it with a true minus', () => {
    expect(formatScoreChange(1.96)).toBe('+2.0');
    expect(formatScoreChange(-0.04)).toBe('0.0');
    expect(formatScoreChange(-0.35)).toBe('−0.3');
    expect(formatScoreChange(0)).toBe('0.0');
    expect(formatScoreChange(null)).toBe('–');
  });
});
