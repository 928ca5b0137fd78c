import { describe, expect, it } from 'vitest';
import {
  closesRound,
  overallProgress,
  type Progress,
  sectionProgress,
  sectionsMovedBackwards,
  snapshotOf,
} from './progress.js';

const round = (closedOn: string, overall: number | null, a: number | null, b: number | null) => ({
  closedOn,
  respondents: 4,
  overall,
  sections: [
    { id: 1, name: 'Strategy', average: a },
    { id: 2, name: 'Data', average: b },
  ],
});

describe('closesRound', () => {
  it('closes a round only on a change into CurrentStateReporting', () => {
    expect(closesRound('CurrentState', 'CurrentStateReporting')).toBe(true);
    expect(closesRound('FutureStateReporting', 'CurrentStateReporting')).toBe(true);
    expect(closesRound(null, 'CurrentStateReporting')).toBe(true);
    expect(closesRound('CurrentStateReporting', 'CurrentStateReporting')).toBe(false);
    expect(closesRound('CurrentStateReporting', 'FutureState')).toBe(false);
    expect(closesRound('PreAssessment', 'CurrentState')).toBe(false);
    expect(closesRound('CurrentState', null)).toBe(false);
  });
});

describe('sectionProgress', () => {
  const progress: Progress = {
    target: {
      sections: [
        { id: 1, name: 'Strategy', average: 4.5 },
        { id: 2, name: 'Data', average: 4 },
      ],
    },
    rounds: [
      round('2026-01-10T09:00:00.000Z', 2, 2, 2.4),
      round('2026-04-10T09:00:00.000Z', 2.6, 2.8, 3.1),
      round('2026-07-10T09:00:00.000Z', 2.8, 3.3, 2.9),
    ],
  };

  it('gives progress since the first round, the gap left to the target and a step back', () => {
    expect(sectionProgress(progress)).toEqual([
      {
        id: 1,
        name: 'Strategy',
        target: 4.5,
        rounds: [2, 2.8, 3.3],
        progress: 1.3,
        gapLeft: 1.2,
        movedBackwards: false,
      },
      {
        id: 2,
        name: 'Data',
        target: 4,
        rounds: [2.4, 3.1, 2.9],
        progress: 0.5,
        gapLeft: 1.1,
        movedBackwards: true,
      },
    ]);
    expect(sectionsMovedBackwards(progress)).toEqual(['Data']);
  });

  it('has an overall line against the mean of the target sections', () => {
    expect(overallProgress(progress)).toEqual({
      target: 4.3, // (4.5 + 4) / 2 = 4.25, rounded
      rounds: [2, 2.6, 2.8],
      progress: 0.8,
      gapLeft: 1.5,
      movedBackwards: false,
    });
  });

  it('has no progress with one round and no gap without a target', () => {
    const one: Progress = { target: null, rounds: [round('2026-01-10T09:00:00.000Z', 2, 2, null)] };
    expect(sectionProgress(one)).toEqual([
      {
        id: 1,
        name: 'Strategy',
        target: null,
        rounds: [2],
        progress: null,
        gapLeft: null,
        movedBackwards: false,
      },
      {
        id: 2,
        name: 'Data',
        target: null,
        rounds: [null],
        progress: null,
        gapLeft: null,
        movedBackwards: false,
      },
    ]);
    expect(overallProgress(one).target).toBeNull();
  });

  it('lists the target sections without rounds, and a section only a round knows', () => {
    const noRounds = sectionProgress({ target: progress.target, rounds: [] });
    expect(noRounds.map((s) => [s.name, s.target, s.rounds, s.gapLeft])).toEqual([
      ['Strategy', 4.5, [], null],
      ['Data', 4, [], null],
    ]);
    const extra = sectionProgress({
      target: { sections: [{ id: 2, name: 'Data', average: 4 }] },
      rounds: [round('2026-01-10T09:00:00.000Z', 2, 2, 2.4)],
    });
    expect(extra.map((s) => s.name)).toEqual(['Data', 'Strategy']);
  });

  it('measures progress from the first round with a figure, and no step back across a gap', () => {
    const gappy: Progress = {
      target: null,
      rounds: [
        round('2026-01-10T09:00:00.000Z', null, null, 3),
        round('2026-02-10T09:00:00.000Z', 2, 2, null),
        round('2026-03-10T09:00:00.000Z', 2.5, 2.5, 2),
      ],
    };
    const [strategy, data] = sectionProgress(gappy);
    expect(strategy!.progress).toBe(0.5);
    expect(data!.progress).toBe(-1);
    expect(data!.movedBackwards).toBe(false); // the round before had no figure
  });
});

describe('snapshotOf', () => {
  it('averages the included results per section, named as the sections are now', () => {
    const sections = [
      { id: 1, code: 'a', caption: 'Strategy' },
      { id: 2, code: 'b', caption: 'Data' },
    ];
    const scores = (overall: number, a: number, b?: number) => ({
      scores: {
        overall,
        sections: (b === undefined ? { a } : { a, b }) as Record<string, number>,
        questions: {},
      },
    });
    expect(snapshotOf([scores(2, 2, 2), scores(3.25, 3.25)], sections)).toEqual({
      respondents: 2,
      overall: 2.6, // 2.625 rounded once
      sections: [
        { id: 1, name: 'Strategy', average: 2.6 },
        { id: 2, name: 'Data', average: 2 },
      ],
    });
    expect(snapshotOf([], sections)).toEqual({
      respondents: 0,
      overall: null,
      sections: [
        { id: 1, name: 'Strategy', average: null },
        { id: 2, name: 'Data', average: null },
      ],
    });
  });
});
