import { describe, expect, it } from 'vitest';
import {
  compareActions,
  completedAtAfter,
  followThroughOf,
  isActionStatus,
  isDueOnInRange,
  isOverdue,
  needsRationale,
} from './actions.js';

describe('an action (docs/decisions.md#insights-actions)', () => {
  it('knows the five statuses and no other', () => {
    for (const s of ['NotStarted', 'InProgress', 'Done', 'Deferred', 'WontDo'])
      expect(isActionStatus(s)).toBe(true);
    for (const s of ['notstarted', 'Open', '', null, 3]) expect(isActionStatus(s)).toBe(false);
  });

  it('asks a reason for Deferred and Won\u2019t Do only', () => {
    expect(needsRationale('Deferred')).toBe(true);
    expect(needsRationale('WontDo')).toBe(true);
    expect(needsRationale('Done')).toBe(false);
    expect(needsRationale('NotStarted')).toBe(false);
  });

  it('is overdue when due before today and still open', () => {
    const today = '2026-11-27';
    expect(isOverdue({ dueOn: '2026-11-26', status: 'NotStarted' }, today)).toBe(true);
    expect(isOverdue({ dueOn: '2026-11-26', status: 'InProgress' }, today)).toBe(true);
    // Due today is not yet overdue; done, deferred or dropped never is; nor an undated one.
    expect(isOverdue({ dueOn: today, status: 'NotStarted' }, today)).toBe(false);
    expect(isOverdue({ dueOn: '2026-11-26', status: 'Done' }, today)).toBe(false);
    expect(isOverdue({ dueOn: '2026-11-26', status: 'Deferred' }, today)).toBe(false);
    expect(isOverdue({ dueOn: '2026-11-26', status: 'WontDo' }, today)).toBe(false);
    expect(isOverdue({ dueOn: null, status: 'NotStarted' }, today)).toBe(false);
  });

  it('keeps the moment it became Done until it leaves Done', () => {
    const first = '2026-11-01T10:00:00.000Z';
    const later = '2026-11-20T09:00:00.000Z';
    expect(completedAtAfter(null, 'Done', first)).toBe(first);
    expect(completedAtAfter({ status: 'InProgress', completedAt: null }, 'Done', later)).toBe(later);
    expect(completedAtAfter({ status: 'Done', completedAt: first }, 'Done', later)).toBe(first);
    expect(completedAtAfter({ status: 'Done', completedAt: first }, 'InProgress', later)).toBeNull();
    expect(completedAtAfter({ status: 'Done', completedAt: first }, 'Deferred', later)).toBeNull();
  });

  it('takes due dates of real days from 2010 to 2100', () => {
    for (const d of ['2010-01-01', '2026-02-28', '2028-02-29', '2100-12-31'])
      expect(isDueOnInRange(d)).toBe(true);
    for (const d of [
      '2009-12-31',
      '2101-01-01',
      '2026-02-30',
      '2027-02-29',
      '2026-13-01',
      '26-11-27',
      '2026-11-27T00:00:00Z',
      '',
    ])
      expect(isDueOnInRange(d)).toBe(false);
  });

  it('lists by due date, undated last, then by id', () => {
    const rows = [
      { id: 4, dueOn: null },
      { id: 3, dueOn: '2027-01-10' },
      { id: 2, dueOn: null },
      { id: 5, dueOn: '2026-12-01' },
      { id: 1, dueOn: '2027-01-10' },
    ];
    expect([...rows].sort(compareActions).map((r) => r.id)).toEqual([5, 1, 3, 2, 4]);
  });
});

describe('follow-through of a practice area', () => {
  type Round = { closedAt: string; average: number | null };
  const first: Round = { closedAt: '2026-01-15T12:00:00.000Z', average: 2.1 };
  const second: Round = { closedAt: '2026-06-15T12:00:00.000Z', average: 2.4 };
  const rounds: Round[] = [first, second, { closedAt: '2026-11-15T12:00:00.000Z', average: 2.4 }];

  it('says Gap Not Closed when work was done between the last two rounds and the figure did not rise', () => {
    expect(followThroughOf(['2026-09-01T08:00:00.000Z'], rounds)).toBe('GapNotClosed');
  });

  it('says Closing when the figure rose', () => {
    const risen = [first, second, { closedAt: '2026-11-15T12:00:00.000Z', average: 2.6 }];
    expect(followThroughOf(['2026-09-01T08:00:00.000Z'], risen)).toBe('Closing');
  });

  it('judges by the moments: Done after a round closed on the same day is not before it', () => {
    expect(followThroughOf(['2026-11-15T12:00:00.001Z'], rounds)).toBeNull();
    expect(followThroughOf(['2026-11-15T11:59:59.999Z'], rounds)).toBe('GapNotClosed');
    // Done before the earlier round closed belongs to an earlier comparison.
    expect(followThroughOf(['2026-06-15T11:00:00.000Z'], rounds)).toBeNull();
  });

  it('says nothing without two rounds, without such an action, or without both figures', () => {
    expect(followThroughOf(['2026-09-01T08:00:00.000Z'], rounds.slice(0, 1))).toBeNull();
    expect(followThroughOf([], rounds)).toBeNull();
    const unanswered = [first, second, { closedAt: '2026-11-15T12:00:00.000Z', average: null }];
    expect(followThroughOf(['2026-09-01T08:00:00.000Z'], unanswered)).toBeNull();
  });
});
