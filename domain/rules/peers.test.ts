import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PEER_MINIMUM, peerFigures, spreadOf } from './peers.js';

const snapshot = (organizationId: number, a: number | null, b: number | null = null) => ({
  organizationId,
  overall: a,
  sections: [
    { code: 'a', score: a },
    { code: 'b', score: b },
  ],
});

describe('spreadOf', () => {
  it('interpolates quartiles like a spreadsheet (QUARTILE.INC)', () => {
    expect(spreadOf([1, 2, 3, 4, 5])).toEqual({ min: 1, q1: 2, median: 3, q3: 4, max: 5 });
    // Rounded like every score (one decimal).
    expect(spreadOf([1, 2, 3, 4])).toEqual({ min: 1, q1: 1.8, median: 2.5, q3: 3.3, max: 4 });
    expect(spreadOf([3])).toEqual({ min: 3, q1: 3, median: 3, q3: 3, max: 3 });
  });

  it('keeps min <= q1 <= median <= q3 <= max whatever the order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 1, maxLength: 40 }),
        (xs) => {
          const s = spreadOf(xs);
          return s.min <= s.q1 && s.q1 <= s.median && s.median <= s.q3 && s.q3 <= s.max;
        },
      ),
    );
  });
});

describe('peerFigures', () => {
  const own = { organizationId: 99, overall: 3.5, sections: [{ code: 'a', score: 3.5 }] };

  it(`gives nothing below ${PEER_MINIMUM} contributors, so no manufacturer can be read out`, () => {
    const four = [1, 2, 3, 4].map((i) => snapshot(i, i));
    expect(peerFigures(four, own, ['a', 'b'])).toEqual({
      contributors: 4,
      minimum: PEER_MINIMUM,
      available: false,
      overall: null,
      sections: [],
    });
  });

  it('ranks the organization among the other contributors, 1 for the highest', () => {
    const five = [1, 2, 3, 4, 5].map((i) => snapshot(i, i));
    const figures = peerFigures(five, own, ['a', 'b']);
    expect(figures.available).toBe(true);
    expect(figures.contributors).toBe(5);
    const a = figures.sections.find((s) => s.code === 'a');
    expect(a).toMatchObject({ average: 3, median: 3, contributors: 5, value: 3.5, rank: 3, rankOf: 6 });
    // No contributor gave a figure for section b: it has no peer figures.
    expect(figures.sections.map((s) => s.code)).toEqual(['a']);
    expect(figures.overall).toMatchObject({ code: 'overall', rank: 3, rankOf: 6 });
  });

  it('counts the organization once when it is itself a contributor', () => {
    const five = [1, 2, 3, 4].map((i) => snapshot(i, i)).concat(snapshot(99, 3.5));
    const a = peerFigures(five, own, ['a']).sections[0];
    expect(a).toMatchObject({ contributors: 5, rank: 2, rankOf: 5, max: 4 });
  });

  it('has no rank without a figure of its own', () => {
    const five = [1, 2, 3, 4, 5].map((i) => snapshot(i, i));
    const none = { organizationId: 99, overall: null, sections: [] };
    expect(peerFigures(five, none, ['a']).sections[0]).toMatchObject({ value: null, rank: null });
  });
});
