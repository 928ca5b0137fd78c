import { describe, expect, it } from 'vitest';
import { gapNotClosedIn, planOf } from './actionPlan.js';
import type { ResultScores } from './reportFigures.js';

const sections = [
  { id: 1, code: 'A', caption: 'Strategy' },
  { id: 2, code: 'B', caption: 'Data' },
  { id: 3, code: 'C', caption: 'People' },
  { id: 4, code: 'D', caption: 'Supply' },
];
const scores = (sections: Record<string, number>): ResultScores => ({
  overall: null,
  sections,
  questions: {},
});
const round = (closedOn: string, averages: Record<number, number | null>) => ({
  closedOn,
  respondents: 3,
  overall: null,
  sections: Object.entries(averages).map(([id, average]) => ({ id: Number(id), name: '', average })),
});

describe('the plan (docs/decisions.md#insights-actions)', () => {
  const base = {
    sections,
    current: [scores({ A: 1, B: 2, C: 2.5 }), scores({ A: 2, B: 2, C: 2.5 })],
    future: [scores({ A: 3, B: 3, C: 3, D: 4 })],
    actions: [],
    rounds: [],
    today: '2026-11-27',
  };

  it('lists the practice areas by gap, largest first, an area without a figure last', () => {
    const plan = planOf(base);
    expect(plan.map((s) => [s.name, s.current, s.future, s.gap])).toEqual([
      ['Strategy', 1.5, 3, 1.5],
      ['Data', 2, 3, 1],
      ['People', 2.5, 3, 0.5],
      ['Supply', null, 4, null],
    ]);
  });

  it('counts each area’s open, done and overdue actions', () => {
    const plan = planOf({
      ...base,
      actions: [
        { sectionId: 2, status: 'NotStarted', dueOn: '2026-11-26', completedAt: null },
        { sectionId: 2, status: 'InProgress', dueOn: '2026-11-27', completedAt: null },
        { sectionId: 2, status: 'Done', dueOn: '2026-01-01', completedAt: '2026-10-01T00:00:00.000Z' },
        { sectionId: 2, status: 'WontDo', dueOn: '2026-01-01', completedAt: null },
        { sectionId: 1, status: 'Deferred', dueOn: null, completedAt: null },
      ],
    });
    expect(plan.find((s) => s.id === 2)?.actions).toEqual({ open: 2, done: 1, overdue: 1 });
    expect(plan.find((s) => s.id === 1)?.actions).toEqual({ open: 0, done: 0, overdue: 0 });
  });

  it('marks follow-through per area from that area’s averages in the last two rounds', () => {
    const done = (sectionId: number) => ({
      sectionId,
      status: 'Done' as const,
      dueOn: null,
      completedAt: '2026-10-01T00:00:00.000Z',
    });
    const plan = planOf({
      ...base,
      actions: [done(1), done(2), { ...done(3), status: 'InProgress', completedAt: null }],
      rounds: [
        round('2026-09-01T00:00:00.000Z', { 1: 1.2, 2: 2, 3: 2 }),
        round('2026-11-01T00:00:00.000Z', { 1: 1.5, 2: 2, 3: 3 }),
      ],
    });
    const by = (id: number) => plan.find((s) => s.id === id)?.followThrough;
    expect([by(1), by(2), by(3), by(4)]).toEqual(['Closing', 'GapNotClosed', null, null]);
  });

  it('says a gap was not closed when any area’s done actions left its figure where it was', () => {
    const rounds = [
      round('2026-09-01T00:00:00.000Z', { 1: 1.2, 2: 2 }),
      round('2026-11-01T00:00:00.000Z', { 1: 1.5, 2: 2 }),
    ];
    const done = (sectionId: number, completedAt = '2026-10-01T00:00:00.000Z') => ({
      sectionId,
      completedAt,
    });
    expect(gapNotClosedIn(rounds, [done(1)])).toBe(false);
    expect(gapNotClosedIn(rounds, [done(1), done(2)])).toBe(true);
    // Done after the latest round closed: not judged yet.
    expect(gapNotClosedIn(rounds, [done(2, '2026-11-02T00:00:00.000Z')])).toBe(false);
    expect(gapNotClosedIn(rounds.slice(1), [done(2)])).toBe(false);
  });
});
