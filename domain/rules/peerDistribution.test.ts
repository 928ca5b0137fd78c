import { describe, expect, it } from 'vitest';
import { PEER_MINIMUM, peerDistribution, peerFigures, peersNeeded, peersNeededMessage } from './peers.js';

const peer = (organizationId: number, a: number | null, b: number | null) => ({
  organizationId,
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
const own = { organizationId: 1, overall: 2, sections: [{ code: 'a', score: 2.5 }] };

describe('peerDistribution', () => {
  it('answers each current section the peers scored, under its id and caption, in the current order', () => {
    const peers = [1, 2, 3, 4, 5].map((n) => peer(n, n, n === 5 ? null : 5 - n));
    const answer = peerDistribution(
      peerFigures(
        peers,
        own,
        current.map((s) => s.code),
      ),
      current,
    );
    expect(answer).toEqual({
      contributors: 5,
      minimum: PEER_MINIMUM,
      sections: [
        // b: 4, 3, 2, 1 (the fifth gave none); the organization has no figure of its own.
        { id: 21, name: 'Bravo', value: null, min: 1, q1: 1.8, median: 2.5, q3: 3.3, max: 4 },
        { id: 20, name: 'Alpha', value: 2.5, min: 1, q1: 2, median: 3, q3: 4, max: 5 },
      ],
    });
  });

  it('has no section below the minimum', () => {
    const four = [1, 2, 3, 4].map((n) => peer(n, n, n));
    expect(peerDistribution(peerFigures(four, own, ['a', 'b']), current)).toEqual({
      contributors: 4,
      minimum: 5,
      sections: [],
    });
  });
});

describe('peersNeededMessage', () => {
  it('says how many more benchmarked manufacturers are needed', () => {
    expect(peersNeeded(3)).toBe(2);
    expect(peersNeeded(7)).toBe(0);
    expect(peersNeededMessage(peersNeeded(4))).toBe(
      '1 more benchmarked manufacturers are needed to show peer figures.',
    );
    expect(peersNeededMessage(5)).toBe('5 more benchmarked manufacturers are needed to show peer figures.');
  });
});
