// @vitest-environment jsdom

import { AssessmentType } from '@domain/codes';
import type { PeerDistributionView } from '@domain/schemas/peers';
import { cleanup, screen, within } from '@testing-library/react';
import type { ResultScores } from '@web/api/assessments';
import { ticketStore } from '@web/api/ticketStore';
import type { RadarChartProps } from '@web/components/charts/RadarChart';
import { buildCompleted, buildScores } from '@web/testing/assessments';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// jsdom has no canvas: the radar chart is left out of these tests.
vi.mock('@web/components/charts/RadarChartCanvas', () => ({
  RadarChartCanvas: ({ label }: RadarChartProps) => <div>{label}</div>,
}));

const enough: PeerDistributionView = {
  contributors: 6,
  minimum: 5,
  needed: 0,
  sections: [
    { id: 11, name: 'Strategy and Leadership', value: 2.5, q1: 2, median: 3, q3: 4.2 },
    { id: 12, name: 'Workforce and Culture', value: null, q1: 1.8, median: 2.5, q3: 3.3 },
  ],
};

let scores: ResultScores;
let completed: unknown[];
let peers: { status?: number; body: unknown };
let peerCalls: unknown[];

const harbor = { id: 31, name: 'Harbor Gearworks' };
/** Scores that name their organization (assessmentresult/scores/byid). */
const scoresOf = (organization: { id: number; name: string } | null, extra: Partial<ResultScores> = {}) =>
  ({ ...buildScores({ id: 77, ...extra }), organization }) as ResultScores;

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  scores = scoresOf(harbor);
  completed = [buildCompleted({ id: 77, organization: harbor })];
  peers = { body: enough };
  peerCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: testLookups }),
        'assessmentresult/scores/byid': () => ({ body: scores }),
        'assessment/completed/mine': () => ({ body: { data: completed, count: completed.length } }),
        'assessmentresult/peers': (init) => {
          peerCalls.push(JSON.parse(String(init?.body)));
          return peers;
        },
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const open = async (role: Parameters<typeof buildUser>[0] = 'manufacturer') => {
  renderApp({ path: '/assessment/results/77', user: buildUser(role) });
  await screen.findByRole('heading', { name: 'Your Results' });
};
/** Lets the page's queries settle, for asserting that something did not appear. */
const settle = async () => {
  await screen.findByRole('region', { name: 'Practice Areas' });
  await new Promise((resolve) => setTimeout(resolve, 50));
};
const peerPart = () => screen.findByRole('region', { name: 'Peer Comparison' });

describe('peer comparison on the results page', () => {
  it("shows the organization's current state per area against the peers: a band chart and a table", async () => {
    await open();
    const part = await peerPart();
    expect(
      await within(part).findByText(
        /against the middle of the 6 benchmarked manufacturers, per practice area; manufacturers whose own results you can see are not counted\./,
      ),
    ).toBeTruthy();
    expect(peerCalls).toEqual([{ id: 31 }]);
    const chart = within(part).getByRole('img', {
      name: /Band chart of Harbor Gearworks's current-state score/,
    });
    expect(within(chart).getByText('Workforce and Culture')).toBeTruthy();
    // The legend says what each mark is.
    expect(within(part).getByText('Peer median')).toBeTruthy();
    expect(within(part).getByText('Harbor Gearworks', { selector: 'figcaption *' })).toBeTruthy();
    // Quartiles only: no lowest or highest, so no whisker (docs/decisions.md#trust-peers).
    expect(within(part).queryByText(/Lowest to highest/)).toBeNull();
    expect(part.querySelectorAll('.smr-band-whisker, .smr-band-cap')).toHaveLength(0);

    const table = within(part).getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers[0]).toBe('Practice Area');
    expect(headers[1]).toContain('Harbor Gearworks');
    expect(headers.slice(2).map((h) => h?.replace(/(Q1|Med\.|Q3)$/, ''))).toEqual([
      'Lower Quartile',
      'Median',
      'Upper Quartile',
    ]);
    const row = (name: string) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('Strategy and Leadership')).toEqual(['2.5', '2.0', '3.0', '4.2']);
    // No figure of its own: a dash, and no diamond on the chart.
    expect(row('Workforce and Culture')).toEqual(['–', '1.8', '2.5', '3.3']);
    expect(part.querySelectorAll('.smr-band-value')).toHaveLength(1);
  });

  it('says how many more benchmarked manufacturers are needed below the minimum', async () => {
    peers = { body: { contributors: 3, minimum: 5, needed: 2, sections: [] } };
    await open('manufacturer-champion');
    const part = await peerPart();
    expect(
      await within(part).findByText('2 more benchmarked manufacturers are needed to show peer figures.'),
    ).toBeTruthy();
    expect(within(part).queryByRole('table')).toBeNull();
    expect(within(part).queryByRole('img')).toBeNull();
  });

  it("counts what is needed outside the caller's reach: a consultant with four clients among five", async () => {
    peers = { body: { contributors: 5, minimum: 5, needed: 4, sections: [] } };
    await open('consultant');
    const part = await peerPart();
    expect(
      await within(part).findByText('4 more benchmarked manufacturers are needed to show peer figures.'),
    ).toBeTruthy();
  });

  it('tells an admin nothing is left out', async () => {
    await open('admin');
    const part = await peerPart();
    expect(
      await within(part).findByText(
        /against the middle of the 6 benchmarked manufacturers, per practice area\.$/,
      ),
    ).toBeTruthy();
  });

  it('shows nothing of the peers to a caller the server refuses them to', async () => {
    peers = {
      status: 403,
      body: { isSuccess: false, message: 'You are not permitted to perform this action.' },
    };
    await open('consultant');
    await vi.waitFor(() => expect(peerCalls).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Peer Comparison' })).toBeNull());
    // Refused quietly: no alert about it.
    expect(screen.queryByText('You are not permitted to perform this action.')).toBeNull();
  });

  it('says so when the figures cannot be loaded', async () => {
    peers = { status: 500, body: { isSuccess: false, message: 'boom' } };
    await open();
    const part = await peerPart();
    expect(await within(part).findByText(/The peer figures could not be loaded/)).toBeTruthy();
  });

  it('uses the organization the scores name, e.g. for a consultant viewing a client result', async () => {
    completed = [];
    scores = scoresOf({ id: 44, name: 'Client Co' });
    await open('consultant');
    const part = await peerPart();
    expect(await within(part).findByText(/Client Co's current state/)).toBeTruthy();
    expect(peerCalls).toEqual([{ id: 44 }]);
  });

  it("takes the organization from the caller's own completed assessments when the scores do not name it", async () => {
    const { organization: _, ...bare } = scoresOf(null) as ResultScores & { organization?: unknown };
    scores = bare as ResultScores;
    await open();
    const part = await peerPart();
    expect(await within(part).findByText(/Harbor Gearworks's current state/)).toBeTruthy();
    expect(peerCalls).toEqual([{ id: 31 }]);
  });

  it('has no peer part for a trial, for a visitor, or for a result of no organization', async () => {
    scores = scoresOf(harbor, {
      assessment: { code: 'trial', name: 'Trial Assessment', assessmentType: AssessmentType.Trial },
    });
    await open('manufacturer-champion');
    await settle();
    expect(screen.queryByRole('region', { name: 'Peer Comparison' })).toBeNull();
    cleanup();

    scores = scoresOf(harbor);
    await open('visitor');
    await settle();
    expect(screen.queryByRole('region', { name: 'Peer Comparison' })).toBeNull();
    cleanup();

    scores = scoresOf(null);
    completed = [buildCompleted({ id: 77, organization: null })];
    await open();
    await settle();
    expect(screen.queryByRole('region', { name: 'Peer Comparison' })).toBeNull();
    expect(peerCalls).toEqual([]);
  });
});
