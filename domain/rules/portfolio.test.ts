import { describe, expect, it } from 'vitest';
import {
  attentionCutoffs,
  attentionReasons,
  attentionReasonTexts,
  defaultPortfolioSort,
  nextPortfolioSort,
  portfolioCsvFileName,
  portfolioReachOf,
  portfolioRowOf,
  scoreGap,
  statusSince,
} from './portfolio.js';

const now = new Date('2026-06-30T12:00:00.000Z');
const cutoffs = attentionCutoffs(now);
const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
const calm = {
  lastActivityAt: ago(1),
  createdAt: ago(100),
  oldestPendingAt: null,
  statusSince: ago(1),
  earliestOpenDueOn: null,
  gapNotClosed: false,
};

describe('portfolio attention (docs/product.md#insights-portfolio)', () => {
  it('uses the texts of docs/product.md#insights exactly', () => {
    expect(Object.values(attentionReasonTexts)).toEqual([
      'No activity for 30 days',
      'Invites pending over 14 days',
      'Status unchanged for 60 days',
      'Actions overdue',
      'Gap Not Closed',
    ]);
  });

  it('needs nothing of a client active lately, with no old invite and a recent status', () => {
    expect(attentionReasons(calm, cutoffs)).toEqual([]);
  });

  it('flags no activity for more than 30 days, counting a client without any from its creation', () => {
    expect(attentionReasons({ ...calm, lastActivityAt: ago(31) }, cutoffs)).toEqual([
      attentionReasonTexts.noActivity,
    ]);
    expect(attentionReasons({ ...calm, lastActivityAt: ago(29) }, cutoffs)).toEqual([]);
    expect(attentionReasons({ ...calm, lastActivityAt: null, createdAt: ago(31) }, cutoffs)).toEqual([
      attentionReasonTexts.noActivity,
    ]);
    expect(attentionReasons({ ...calm, lastActivityAt: null, createdAt: ago(2) }, cutoffs)).toEqual([]);
  });

  it('flags an invite pending over 14 days', () => {
    expect(attentionReasons({ ...calm, oldestPendingAt: ago(15) }, cutoffs)).toEqual([
      attentionReasonTexts.invitePending,
    ]);
    expect(attentionReasons({ ...calm, oldestPendingAt: ago(13) }, cutoffs)).toEqual([]);
  });

  it('flags a status unchanged for 60 days, counting old roadmaps from their creation', () => {
    expect(attentionReasons({ ...calm, statusSince: ago(61) }, cutoffs)).toEqual([
      attentionReasonTexts.statusUnchanged,
    ]);
    expect(attentionReasons({ ...calm, statusSince: null }, cutoffs)).toEqual([]);
    expect(statusSince({ statusChangedAt: null, createdAt: ago(70) })).toBe(ago(70));
    expect(statusSince({ statusChangedAt: ago(3), createdAt: ago(70) })).toBe(ago(3));
    expect(statusSince(null)).toBeNull();
  });

  it('flags an open action due before today, not one due today (docs/decisions.md#insights-actions)', () => {
    expect(attentionReasons({ ...calm, earliestOpenDueOn: '2026-06-29' }, cutoffs)).toEqual([
      attentionReasonTexts.actionsOverdue,
    ]);
    expect(attentionReasons({ ...calm, earliestOpenDueOn: '2026-06-30' }, cutoffs)).toEqual([]);
  });

  it('flags done actions that did not close their gap, whatever the day', () => {
    expect(attentionReasons({ ...calm, gapNotClosed: true }, cutoffs)).toEqual([
      attentionReasonTexts.gapNotClosed,
    ]);
    expect(
      attentionReasons({ ...calm, gapNotClosed: true }, attentionCutoffs(new Date('2030-01-01'))),
    ).toContain(attentionReasonTexts.gapNotClosed);
  });

  it('lists every reason that holds, in a fixed order', () => {
    const all = {
      lastActivityAt: ago(90),
      createdAt: ago(90),
      oldestPendingAt: ago(90),
      statusSince: ago(90),
      earliestOpenDueOn: '2026-01-01',
      gapNotClosed: true,
    };
    expect(attentionReasons(all, cutoffs)).toEqual(Object.values(attentionReasonTexts));
  });
});

describe('portfolio figures', () => {
  it('counts the open actions due before today as overdue', () => {
    const facts = {
      earliestOpenDueOn: '2026-06-01',
      openActions: 4,
      openDueOns: '2026-06-01,2026-06-29,2026-06-30',
    };
    const row = portfolioRowOf(
      {
        ...calm,
        id: 1,
        name: 'A',
        roadmapStatus: null,
        sentCurrent: 0,
        sentFuture: 0,
        completedCurrent: 0,
        completedFuture: 0,
        ...facts,
      },
      undefined,
      cutoffs,
    );
    expect([row.openActions, row.overdueActions, row.attentionReasons]).toEqual([4, 2, ['Actions overdue']]);
  });

  it('gives a gap only when both scores exist, one decimal', () => {
    expect(scoreGap(2.3, 4.1)).toBe(1.8);
    expect(scoreGap(3, 2.5)).toBe(-0.5);
    expect(scoreGap(null, 4)).toBeNull();
    expect(scoreGap(4, null)).toBeNull();
  });

  it('presents a row with numbers from either database and the date of the last activity', () => {
    const row = portfolioRowOf(
      {
        id: 7,
        name: 'Acme',
        createdAt: ago(200),
        roadmapStatus: 'CurrentState',
        sentCurrent: '3',
        sentFuture: null,
        completedCurrent: 2,
        completedFuture: null,
        oldestPendingAt: ago(20),
        lastActivityAt: '2026-06-29T23:59:00.000Z',
        statusSince: ago(1),
        earliestOpenDueOn: '2026-06-30',
        gapNotClosed: false,
        openActions: '3',
        openDueOns: '2026-06-30,2026-07-01',
      },
      { current: 2.5, future: null },
      cutoffs,
    );
    expect(row).toEqual({
      id: 7,
      name: 'Acme',
      roadmapStatus: 'CurrentState',
      invitesSent: { current: 3, future: 0 },
      invitesCompleted: { current: 2, future: 0 },
      lastActivityOn: '2026-06-29',
      currentScore: 2.5,
      futureScore: null,
      gap: null,
      openActions: 3,
      overdueActions: 0,
      needsAttention: true,
      attentionReasons: [attentionReasonTexts.invitePending],
    });
  });
});

describe('portfolio reach, sort and file name', () => {
  it('gives admins every manufacturer, a consultant its firm, nobody else a portfolio', () => {
    expect(portfolioReachOf({ role: 'admin', organizationId: 1 })).toEqual({});
    expect(portfolioReachOf({ role: 'consultant', organizationId: 4 })).toEqual({ consultingFirmId: 4 });
    expect(portfolioReachOf({ role: 'consultant', organizationId: null })).toEqual({ consultingFirmId: -1 });
    for (const role of ['manufacturer-champion', 'manufacturer', 'visitor'])
      expect(portfolioReachOf({ role, organizationId: 4 })).toBeNull();
  });

  it('turns a chosen column around and starts another in its first direction', () => {
    expect(defaultPortfolioSort).toEqual({ column: 'name', direction: 'asc' });
    expect(nextPortfolioSort(defaultPortfolioSort, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextPortfolioSort(defaultPortfolioSort, 'lastActivityOn')).toEqual({
      column: 'lastActivityOn',
      direction: 'desc',
    });
    expect(nextPortfolioSort(defaultPortfolioSort, 'roadmapStatus')).toEqual({
      column: 'roadmapStatus',
      direction: 'asc',
    });
  });

  it('names the CSV SM-Roadmap-Portfolio-{date}.csv', () => {
    expect(portfolioCsvFileName(now)).toBe('SM-Roadmap-Portfolio-2026-06-30.csv');
  });
});
