import { describe, expect, it } from 'vitest';
import { PEER_MINIMUM, peerFigures } from './peers.js';

const snapshot = (
  organizationId: number,
  a: number | null,
  b: number | null = null,
  consultingFirmId = 0,
) => ({
  organizationId,
  consultingFirmId,
  overall: a,
  sections: [
    { code: 'a', score: a },
    { code: 'b', score: b },
  ],
});
const nobody = () => false;

describe('peerFigures', () => {
  const own = { overall: 3.5, sections: [{ code: 'a', score: 3.5 }] };

  it(`gives nothing below ${PEER_MINIMUM} contributors, so no manufacturer can be read out`, () => {
    const four = [1, 2, 3, 4].map((i) => snapshot(i, i));
    expect(peerFigures(four, own, ['a', 'b'], nobody)).toEqual({
      contributors: 4,
      minimum: PEER_MINIMUM,
      needed: 1,
      available: false,
      overall: null,
      sections: [],
    });
  });

  it('gives quartiles of the contributors and the organization its own value; no lowest, highest or rank', () => {
    const five = [1, 2, 3, 4, 5].map((i) => snapshot(i, i));
    const figures = peerFigures(five, own, ['a', 'b'], nobody);
    expect(figures).toMatchObject({ available: true, contributors: 5, needed: 0 });
    expect(figures.sections).toEqual([{ code: 'a', value: 3.5, q1: 2, median: 3, q3: 4 }]);
    // No contributor gave a figure for section b: it has no peer figures.
    expect(figures.overall).toEqual({ code: 'overall', value: 3.5, q1: 2, median: 3, q3: 4 });
  });

  it('leaves out the manufacturers the caller can read, and needs 5 of the others', () => {
    // Six contributors; the caller reads the organization itself (99) and its firm's client (6).
    const six = [1, 2, 3, 4, 5]
      .map((i) => snapshot(i, i, null, 7))
      .concat(snapshot(6, 0.5, null, 8), snapshot(99, 4.5, null, 8));
    const readsFirm8 = (p: { consultingFirmId: number | null }) => p.consultingFirmId === 8;
    const figures = peerFigures(six, own, ['a'], readsFirm8);
    expect(figures).toMatchObject({ contributors: 7, needed: 0, available: true });
    // The 0.5 and 4.5 of the readable ones moved nothing.
    expect(figures.sections[0]).toMatchObject({ q1: 2, median: 3, q3: 4 });
    const readsFirm7 = (p: { consultingFirmId: number | null }) => p.consultingFirmId === 7;
    expect(peerFigures(six, own, ['a'], readsFirm7)).toMatchObject({
      contributors: 7,
      needed: 3,
      available: false,
      sections: [],
    });
  });

  it('leaves out a section fewer than 5 remaining contributors scored', () => {
    const six = [1, 2, 3, 4, 5, 6].map((i) => snapshot(i, i, i <= 4 ? i : null));
    expect(peerFigures(six, own, ['a', 'b'], nobody).sections.map((s) => s.code)).toEqual(['a']);
  });

  it('has no value without a figure of its own', () => {
    const five = [1, 2, 3, 4, 5].map((i) => snapshot(i, i));
    const none = { overall: null, sections: [] };
    expect(peerFigures(five, none, ['a'], nobody).sections[0]).toMatchObject({ value: null });
  });
});
