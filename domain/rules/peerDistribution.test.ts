import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  candidatesByPlace,
  joinedCandidates,
  type Publish,
  publishLegacy,
  regeneratedCandidates,
  tenths,
} from './peerDistribution.attack.js';
import { PEER_MINIMUM, peerQuartiles, quartilesOf, remainingPeers } from './peerDistribution.js';
import { peerDistribution, peerFigures, peersNeededMessage } from './peers.js';

const publish: Publish = (scores) => Object.values(quartilesOf(scores)).join(' ');

describe('quartilesOf', () => {
  it('blends neighbouring values, half a rank either side, rounded to one decimal', () => {
    // Five: q1 = x1/4 + x2/2 + x3/4, and so on; evenly spread values keep their plain quartiles.
    expect(quartilesOf([1, 2, 3, 4, 5])).toEqual({ q1: 2, median: 3, q3: 4 });
    // 1/4 + 2.4/2 + 3/4 = 2.2; 2.4/4 + 3/2 + 4.6/4 = 3.25 (3.3); 3/4 + 4.6/2 + 5/4 = 4.3.
    expect(quartilesOf([5, 1, 4.6, 2.4, 3])).toEqual({ q1: 2.2, median: 3.3, q3: 4.3 });
    expect(quartilesOf([3])).toEqual({ q1: 3, median: 3, q3: 3 });
  });

  it('keeps q1 <= median <= q3, within the lowest and highest, whatever the order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 1, maxLength: 40 }),
        (xs) => {
          const q = quartilesOf(xs);
          const lo = Math.min(...xs) - 0.05;
          const hi = Math.max(...xs) + 0.05;
          return lo <= q.q1 && q.q1 <= q.median && q.median <= q.q3 && q.q3 <= hi;
        },
      ),
    );
  });

  it("moves a figure by at most half of one manufacturer's change (plus rounding)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 5, maxLength: 12 }),
        fc.nat(),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (xs, pick, y) => {
          const i = pick % xs.length;
          const moved = xs.map((x, j) => (j === i ? y : x));
          const before = quartilesOf(xs);
          const after = quartilesOf(moved);
          const bound = Math.abs(y - (xs[i] as number)) / 2 + 0.1 + 1e-9;
          return (['q1', 'median', 'q3'] as const).every((k) => Math.abs(after[k] - before[k]) <= bound);
        },
      ),
    );
  });
});

describe('peerQuartiles and remainingPeers', () => {
  it(`gives a figure only when ${PEER_MINIMUM} manufacturers gave one`, () => {
    expect(peerQuartiles([1, 2, 3, 4])).toBeNull();
    expect(peerQuartiles([1, 2, null, 3, 4, undefined])).toBeNull();
    expect(peerQuartiles([1, 2, null, 3, 4, 5])).toEqual({ q1: 2, median: 3, q3: 4 });
  });

  it('leaves out what the caller can read, and counts what is still needed from the rest', () => {
    const nine = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect(remainingPeers(nine, (n) => n <= 4)).toEqual({ remaining: [5, 6, 7, 8, 9], needed: 0 });
    expect(remainingPeers(nine, (n) => n <= 5)).toEqual({ remaining: [6, 7, 8, 9], needed: 1 });
    expect(remainingPeers([1, 2, 3, 4, 5], (n) => n <= 4).needed).toBe(4);
  });
});

// The attacks of docs/decisions.md#trust-minimum, played against the figures themselves by an observer that knows how they are
// made and tries every score (domain/rules/peerDistribution.attack.ts). Each is first played against
// the figures as published before (lowest, QUARTILE.INC quartiles, highest), where it succeeds: that
// shows the observer is able; then against today's, where it must not pin any manufacturer's score.
describe('what an observer can work out of the peer figures', () => {
  // Side knowledge on top: the observer is told every score lies between 1.5 and 4.5.
  const grid = tenths(1.5, 4.5);
  const five = [2.1, 2.6, 3.0, 3.4, 3.9];

  it('at one moment, five unknown manufacturers: no place is pinned to one score', () => {
    const legacy = candidatesByPlace(grid, 5, publishLegacy, publishLegacy(five));
    // Before: every place was one exact score (the five were the lowest, quartiles and highest).
    expect(legacy.map((c) => [...c])).toEqual(five.map((v) => [v]));
    const places = candidatesByPlace(grid, 5, publish, publish(five));
    places.forEach((c, i) => {
      expect(c.has(five[i] as number), `place ${i + 1} holds its real score`).toBe(true);
      expect(c.size, `place ${i + 1}: ${[...c].join(', ')}`).toBeGreaterThan(1);
    });
  });

  it('before and after one benchmark is regenerated: its new score is not pinned', () => {
    // 3.9 becomes 3.2, moving into the middle: the plain median would now be its exact score.
    const after = [2.1, 2.6, 3.0, 3.4, 3.2];
    const legacy = regeneratedCandidates(grid, 5, publishLegacy, publishLegacy(five), publishLegacy(after));
    expect([...legacy]).toEqual([3.2]);
    const found = regeneratedCandidates(grid, 5, publish, publish(five), publish(after));
    expect(found.has(3.2)).toBe(true);
    expect(found.size, [...found].join(', ')).toBeGreaterThan(1);
    // A change at the low end too.
    const low = [1.8, 2.6, 3.0, 3.4, 3.9];
    const atLow = regeneratedCandidates(grid, 5, publish, publish(five), publish(low));
    expect(atLow.has(1.8)).toBe(true);
    expect(atLow.size, [...atLow].join(', ')).toBeGreaterThan(1);
  });

  it('before and after one manufacturer joins, and after it is excluded again: its score is not pinned', () => {
    for (const y of [1.8, 2.8, 3.2, 4.2]) {
      const legacy = joinedCandidates(
        grid,
        5,
        publishLegacy,
        publishLegacy(five),
        publishLegacy([...five, y]),
      );
      expect([...legacy], `legacy, ${y}`).toEqual([y]);
      // Joining and being excluded are the same two answers in the other order.
      const found = joinedCandidates(grid, 5, publish, publish(five), publish([...five, y]));
      expect(found.has(y), String(y)).toBe(true);
      expect(found.size, `${y}: ${[...found].join(', ')}`).toBeGreaterThan(1);
    }
  });
});

describe('peerDistribution', () => {
  const peer = (organizationId: number, a: number | null, b: number | null, consultingFirmId = 50) => ({
    organizationId,
    consultingFirmId,
    overall: a,
    sections: [
      { code: 'a', score: a },
      { code: 'b', score: b },
      { code: 'gone', score: 3 },
    ],
  });
  const current = [
    { id: 21, code: 'b', caption: 'Bravo' },
    { id: 20, code: 'a', caption: 'Alpha' },
    { id: 22, code: 'new', caption: 'New area' },
  ];
  const own = { overall: 2, sections: [{ code: 'a', score: 2.5 }] };
  const nobody = () => false;

  it('answers each current section enough peers scored, under its id and caption, with quartiles only', () => {
    const peers = [1, 2, 3, 4, 5, 6].map((n) => peer(n, n, n === 6 ? null : 6 - n));
    const answer = peerDistribution(
      peerFigures(
        peers,
        own,
        current.map((s) => s.code),
        nobody,
      ),
      current,
    );
    expect(answer).toEqual({
      contributors: 6,
      minimum: PEER_MINIMUM,
      needed: 0,
      sections: [
        // b: 5, 4, 3, 2, 1 (the sixth gave none); the organization has no figure of its own.
        { id: 21, name: 'Bravo', value: null, q1: 2, median: 3, q3: 4 },
        // a: 1 to 6: q1 at rank 1.25 (0-based), smoothed: (1.75 + 2.75) / 2 = 2.25, q3 (4.25 + 5.25) / 2.
        { id: 20, name: 'Alpha', value: 2.5, q1: 2.3, median: 3.5, q3: 4.8 },
      ],
    });
  });

  it('has no section when fewer than 5 remain outside what the caller can read', () => {
    const five = [1, 2, 3, 4, 5].map((n) => peer(n, n, n, n <= 4 ? 60 : 70));
    // A consultant of firm 60 reads four of them: one remains, four more are needed.
    const clientsOf60 = (p: { consultingFirmId: number | null }) => p.consultingFirmId === 60;
    expect(peerDistribution(peerFigures(five, own, ['a', 'b'], clientsOf60), current)).toEqual({
      contributors: 5,
      minimum: 5,
      needed: 4,
      sections: [],
    });
    expect(peerDistribution(peerFigures(five.slice(1), own, ['a'], nobody), current)).toEqual({
      contributors: 4,
      minimum: 5,
      needed: 1,
      sections: [],
    });
  });
});

describe('peersNeededMessage', () => {
  it('says how many more benchmarked manufacturers are needed', () => {
    expect(peersNeededMessage(1)).toBe('1 more benchmarked manufacturers are needed to show peer figures.');
    expect(peersNeededMessage(5)).toBe('5 more benchmarked manufacturers are needed to show peer figures.');
  });
});
