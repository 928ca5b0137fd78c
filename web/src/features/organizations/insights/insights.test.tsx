// @vitest-environment jsdom

import type { ProgressView, RoleAlignmentView } from '@domain/schemas/organizationInsights';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import type { BarChartProps } from '@web/components/charts/BarChart';
import type { LineChartProps } from '@web/components/charts/LineChart';
import { buildUser } from '@web/testing/buildUser';
import { fakeFetch, renderWithClient } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressTab } from './ProgressTab';
import { RoleAlignmentTab } from './RoleAlignmentTab';

// jsdom has no canvas: the charts show what they were given instead.
vi.mock('@web/components/charts/BarChartCanvas', () => ({
  BarChartCanvas: ({ labels, series }: BarChartProps) => (
    <div data-testid="bars">
      {labels.join('|')} :: {series.map((s) => `${s.label}=${s.values.join(',')}`).join(' / ')}
    </div>
  ),
}));
vi.mock('@web/components/charts/LineChartCanvas', () => ({
  LineChartCanvas: ({ labels, series }: LineChartProps) => (
    <div data-testid="lines">
      {labels.join('|')} :: {series.map((s) => `${s.label}=${s.values.join(',')}`).join(' / ')}
    </div>
  ),
}));

let sent: { path: string; body: Record<string, unknown> }[];
let alignments: Record<number, RoleAlignmentView>;
let progress: ProgressView;

const alignment: RoleAlignmentView = {
  groups: [
    { name: 'Leaders', respondents: 3 },
    { name: 'Technical', respondents: 4 },
    { name: 'Other', respondents: 3 },
  ],
  sections: [
    {
      id: 2,
      name: 'Data and Analytics',
      averages: [
        { group: 'Leaders', average: 4.2 },
        { group: 'Technical', average: 1.5 },
        { group: 'Other', average: 3 },
      ],
      spread: 2.7,
    },
    {
      id: 1,
      name: 'Strategy and Leadership',
      averages: [
        { group: 'Leaders', average: 3 },
        { group: 'Technical', average: 2.5 },
        { group: 'Other', average: null },
      ],
      spread: 0.5,
    },
  ],
};

const round = (closedOn: string, overall: number, strategy: number, data: number) => ({
  closedOn,
  respondents: 7,
  overall,
  sections: [
    { id: 1, name: 'Strategy and Leadership', average: strategy },
    { id: 2, name: 'Data and Analytics', average: data },
  ],
});

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  sent = [];
  alignments = { 1: alignment, 2: { groups: [], sections: [] } };
  progress = {
    target: {
      sections: [
        { id: 1, name: 'Strategy and Leadership', average: 4.5 },
        { id: 2, name: 'Data and Analytics', average: 4 },
      ],
    },
    rounds: [
      round('2026-01-12T15:00:00.000Z', 2.2, 2, 2.4),
      round('2026-06-15T15:00:00.000Z', 2.8, 3.1, 2.1),
    ],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'organization/alignment': (init) => {
          const body = JSON.parse(String(init?.body));
          sent.push({ path: 'organization/alignment', body });
          return { body: alignments[body.assessmentType as number] };
        },
        'organization/progress': (init) => {
          sent.push({ path: 'organization/progress', body: JSON.parse(String(init?.body)) });
          return { body: progress };
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

const consultant = buildUser('consultant');

describe('Role Alignment tab', () => {
  it('shows the groups with their respondents, the chart and the table, largest spread first', async () => {
    renderWithClient(<RoleAlignmentTab organizationId={42} />, { user: consultant });
    expect((await screen.findByTestId('bars')).textContent).toBe(
      'Data and Analytics|Strategy and Leadership :: Leaders=4.2,3 / Technical=1.5,2.5 / Other=3,',
    );
    expect(sent).toEqual([{ path: 'organization/alignment', body: { id: 42, assessmentType: 1 } }]);
    const groups = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(groups).toEqual(['Leaders 3 respondents', 'Technical 4 respondents', 'Other 3 respondents']);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Practice Area', 'Leaders', 'Technical', 'Other', 'Spread']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Data and Analytics4.21.53.02.7',
      'Strategy and Leadership3.02.5–0.5',
    ]);
    // The table scrolls inside its own named, focusable box.
    const box = screen.getByRole('region', { name: 'Averages and spread, largest spread first' });
    expect(box.getAttribute('tabindex')).toBe('0');
  });

  it('switches to the future state and says so when no group reaches 3 respondents', async () => {
    renderWithClient(<RoleAlignmentTab organizationId={42} />, { user: consultant });
    await screen.findByTestId('bars');
    fireEvent.change(screen.getByLabelText('Assessment'), { target: { value: '2' } });
    expect(
      await screen.findByText('No role group has 3 or more respondents yet, so there is nothing to compare.'),
    ).toBeTruthy();
    expect(sent.at(-1)).toEqual({ path: 'organization/alignment', body: { id: 42, assessmentType: 2 } });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('bars')).toBeNull();
  });
});

describe('Progress tab', () => {
  it('draws the rounds against the target and lists progress made, gap left and what moved backwards', async () => {
    renderWithClient(<ProgressTab organizationId={42} />, { user: consultant });
    const chart = await screen.findByTestId('lines');
    expect(chart.textContent).toMatch(
      /^Round 1 \(1\/12\/2026\)\|Round 2 \(6\/15\/2026\) :: Overall: rounds=2.2,2.8 \/ Target=4.3,4.3$/,
    );
    expect(sent).toEqual([{ path: 'organization/progress', body: { id: 42 } }]);
    expect(
      screen.getByText('Areas that moved backwards since the round before: Data and Analytics.'),
    ).toBeTruthy();

    const table = screen.getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'Practice AreaTargetRound 11/12/2026Round 26/15/2026Progress MadeGap LeftSince Round Before',
      'Strategy and Leadership4.52.03.1+1.11.4',
      'Data and Analytics4.02.42.1−0.31.9▼ Moved backwards',
      'Overall4.32.22.8+0.61.5',
      'Respondents77',
    ]);

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: '2' } });
    expect(screen.getByTestId('lines').textContent).toContain(
      'Data and Analytics: rounds=2.4,2.1 / Target=4,4',
    );
  });

  it('with one round, shows its figures as bars against the target and says a line needs two', async () => {
    progress = { ...progress, rounds: [round('2026-01-12T15:00:00.000Z', 2.2, 2, 2.4)] };
    renderWithClient(<ProgressTab organizationId={42} />, { user: consultant });
    expect((await screen.findByTestId('bars')).textContent).toBe(
      'Strategy and Leadership|Data and Analytics|Overall :: Round 1 (1/12/2026)=2,2.4,2.2 / Target=4.5,4,4.3',
    );
    // No lone dot, and no legend entry for a line that is never drawn.
    expect(screen.queryByTestId('lines')).toBeNull();
    expect(
      screen.getByText(
        'Only one round has closed so far: progress shows as a line once a second round closes. The bars show this round against the target.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/moved backwards since the round before/)).toBeNull();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Practice AreaTargetRound 11/12/2026Progress MadeGap LeftSince Round Before',
      'Strategy and Leadership4.52.0–2.5',
      'Data and Analytics4.02.4–1.6',
      'Overall4.32.2–2.1',
      'Respondents7',
    ]);
  });

  it('with one round and no target yet, draws only the round', async () => {
    progress = { target: null, rounds: [round('2026-01-12T15:00:00.000Z', 2.2, 2, 2.4)] };
    renderWithClient(<ProgressTab organizationId={42} />, { user: consultant });
    expect((await screen.findByTestId('bars')).textContent).toBe(
      'Strategy and Leadership|Data and Analytics|Overall :: Round 1 (1/12/2026)=2,2.4,2.2',
    );
    expect(screen.getByText('There is no target yet: it comes from the future-state results.')).toBeTruthy();
  });

  it('says so when no round has closed, and when there is no target', async () => {
    progress = { target: null, rounds: [] };
    renderWithClient(<ProgressTab organizationId={42} />, { user: consultant });
    expect(
      await screen.findByText(
        'No round has closed yet. A round is kept each time the roadmap moves to Current State Reporting.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('There is no target yet: it comes from the future-state results.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
