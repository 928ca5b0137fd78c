// @vitest-environment jsdom

import { AssessmentType } from '@domain/codes';
import { cleanup, screen, within } from '@testing-library/react';
import type { ResultScores } from '@web/api/assessments';
import { ticketStore } from '@web/api/ticketStore';
import type { RadarChartProps } from '@web/components/charts/RadarChart';
import { buildCompleted, buildScores } from '@web/testing/assessments';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// jsdom has no canvas: the chart shows what it was given instead.
vi.mock('@web/components/charts/RadarChartCanvas', () => ({
  RadarChartCanvas: ({ labels, series }: RadarChartProps) => (
    <div data-testid="radar">
      {labels.join('|')} :: {series.map((s) => `${s.label}=${s.values.join(',')}`).join(' / ')}
    </div>
  ),
}));

let scoresById: Record<number, ResultScores>;
let completed: unknown[];

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  completed = [];
  scoresById = { 77: buildScores({ id: 77 }) };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: testLookups }),
        'assessmentresult/scores/byid': (init) => {
          const id = JSON.parse(String(init?.body)).id as number;
          return scoresById[id] ? { body: scoresById[id] } : { status: 404, body: { message: 'not found' } };
        },
        'assessment/completed/mine': () => ({ body: { data: completed, count: completed.length } }),
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

describe('results screen', () => {
  it('shows the overall score and level, the chart, the areas, the lowest practices and the levels', async () => {
    renderApp({ path: '/assessment/results/77', user: buildUser('manufacturer') });
    expect(await screen.findByRole('heading', { name: 'Your Results' })).toBeTruthy();
    expect(screen.getByText('Completed 4/5/2024')).toBeTruthy();
    const overall = screen.getByRole('region', { name: 'Overall Maturity' });
    expect(within(overall).getByText('2.4')).toBeTruthy();
    expect(within(overall).getByText('Developing')).toBeTruthy();
    expect((await screen.findByTestId('radar')).textContent).toContain(
      'Data and Analytics|Strategy and Leadership|Workforce and Culture :: Current State Assessment=2.4,2,2.8',
    );
    const areas = screen.getByRole('region', { name: 'Practice Areas' });
    expect(within(areas).getByRole('rowheader', { name: 'Workforce and Culture' })).toBeTruthy();
    const lowest = screen.getByRole('region', { name: /Lowest-Scored Practices/ });
    expect(within(lowest).getAllByRole('listitem')).toHaveLength(2);
    const levels = screen.getByRole('region', { name: 'Maturity Levels' });
    expect(within(levels).getByText('Optimized')).toBeTruthy();
    expect(
      within(levels).getByText(
        'Scores run from 1 to 5, shown to one decimal place. A score as shown has reached the level at or below it: 2.7 is Developing, not yet Defined; 3.0 is Defined.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('overlays a completed future state and shows the gap per area', async () => {
    completed = [
      buildCompleted({
        id: 78,
        assessment: {
          ...buildCompleted().assessment,
          code: 'future-state',
          name: 'Future State Assessment',
          assessmentType: AssessmentType.FutureState,
        },
      }),
      buildCompleted({ id: 77 }),
    ];
    scoresById[78] = buildScores({
      id: 78,
      assessment: {
        code: 'future-state',
        name: 'Future State Assessment',
        assessmentType: AssessmentType.FutureState,
      },
      sections: [
        { code: 'strategy', caption: 'Strategy and Leadership', score: 4, level: 'Integrated' },
        { code: 'workforce', caption: 'Workforce and Culture', score: 2.8, level: 'Developing' },
        { code: 'data', caption: 'Data and Analytics', score: 3.5, level: 'Defined' },
      ],
    });
    renderApp({ path: '/assessment/results/77', user: buildUser('manufacturer') });
    expect(
      await screen.findByRole('heading', { name: 'Current and Future State by Practice Area' }),
    ).toBeTruthy();
    expect((await screen.findByTestId('radar')).textContent).toContain('Future State Assessment=3.5,4,2.8');
    const areas = screen.getByRole('region', { name: 'Practice Areas' });
    const row = (name: string) => within(areas).getByRole('rowheader', { name }).closest('tr')!;
    expect(within(row('Strategy and Leadership')).getByText('+2.0')).toBeTruthy();
    expect(within(row('Workforce and Culture')).getByText('0.0')).toBeTruthy();
    expect(within(row('Data and Analytics')).getByText('+1.1')).toBeTruthy();
  });

  it("says 'Assessment page cannot be found.' for a result id that is not a number", async () => {
    renderApp({ path: '/assessment/results/abc', user: buildUser('visitor') });
    expect(await screen.findByRole('heading', { name: 'Assessment page cannot be found.' })).toBeTruthy();
  });
});
