import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  maturityLevelOf,
  overallScore,
  questionScore,
  roundScore,
  sectionGaps,
  sectionScores,
} from './scoring.js';

const levels = [1, 2, 3, 4, 5].map((score) => ({ score, name: `L${score}` }));

describe('scoring', () => {
  it('scores a question by its chosen choices, leaving out Not sure and Omit Score questions', () => {
    expect(questionScore({ sectionCode: 's', scores: [3], skipScore: false })).toBe(3);
    expect(questionScore({ sectionCode: 's', scores: [2, 4], skipScore: false })).toBe(3);
    expect(questionScore({ sectionCode: 's', scores: [null], skipScore: false })).toBeNull();
    expect(questionScore({ sectionCode: 's', scores: [null, 4], skipScore: false })).toBe(4);
    expect(questionScore({ sectionCode: 's', scores: [5], skipScore: true })).toBeNull();
    expect(questionScore({ sectionCode: 's', scores: [], skipScore: false })).toBeNull();
  });

  it('averages questions into sections and sections into the overall score', () => {
    const sections = sectionScores([
      { sectionCode: 'a', scores: [1], skipScore: false },
      { sectionCode: 'a', scores: [4], skipScore: false },
      { sectionCode: 'a', scores: [null], skipScore: false },
      { sectionCode: 'b', scores: [5], skipScore: false },
      { sectionCode: 'c', scores: [null], skipScore: false },
    ]);
    expect(sections).toEqual([
      { sectionCode: 'a', score: 2.5 },
      { sectionCode: 'b', score: 5 },
    ]);
    // Each section weighs the same, however many questions it has.
    expect(overallScore(sections)).toBe(3.75);
    expect(overallScore([])).toBeNull();
  });

  it('names the level a score has reached', () => {
    expect(maturityLevelOf(1, levels).name).toBe('L1');
    expect(maturityLevelOf(2.99, levels).name).toBe('L2');
    expect(maturityLevelOf(3, levels).name).toBe('L3');
    expect(maturityLevelOf(5, levels).name).toBe('L5');
    expect(maturityLevelOf(0.5, levels).name).toBe('L1');
  });

  it('measures the gap from current to future state per section', () => {
    expect(
      sectionGaps(
        [
          { sectionCode: 'a', score: 2 },
          { sectionCode: 'b', score: 3 },
        ],
        [
          { sectionCode: 'a', score: 4.5 },
          { sectionCode: 'z', score: 5 },
        ],
      ),
    ).toEqual([{ sectionCode: 'a', score: 2.5 }]);
    expect(roundScore(2.349)).toBe(2.3);
  });

  it('keeps every score within the scale of its choices', () => {
    const answer = fc.record({
      sectionCode: fc.constantFrom('a', 'b', 'c'),
      scores: fc.array(fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }), { maxLength: 4 }),
      skipScore: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 30 }), (answers) => {
        const sections = sectionScores(answers);
        for (const s of sections) {
          expect(s.score).toBeGreaterThanOrEqual(1);
          expect(s.score).toBeLessThanOrEqual(5);
        }
        const overall = overallScore(sections);
        if (overall !== null) {
          expect(overall).toBeGreaterThanOrEqual(1);
          expect(overall).toBeLessThanOrEqual(5);
        }
      }),
    );
  });
});
