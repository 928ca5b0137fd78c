// @vitest-environment jsdom

import { AssessmentType } from '@domain/codes';
import type { SharedRoadmapView } from '@domain/schemas/shareLinks';
import { cleanup, screen } from '@testing-library/react';
import type { ResultScores } from '@web/api/assessments';
import { ticketStore } from '@web/api/ticketStore';
import type { RadarChartProps } from '@web/components/charts/RadarChart';
import { buildCompleted, buildScores } from '@web/testing/assessments';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// jsdom has no canvas: the chart shows its axes instead.
vi.mock('@web/components/charts/RadarChartCanvas', () => ({
  RadarChartCanvas: ({ labels, series }: RadarChartProps) => (
    <div data-testid="radar">
      {labels.join('|')} :: {series.map((s) => `${s.label}=${s.values.join(',')}`).join(' / ')}
    </div>
  ),
}));

// The same three practice areas as the results page lists them (the assessment's order) and as the
// shared page receives them (largest gap first).
const current = buildScores({
  id: 77,
  sections: [
    { code: 'strategy', caption: 'Strategy and Leadership', score: 2, level: 'Developing' },
    { code: 'workforce', caption: 'Workforce and Culture', score: 2.8, level: 'Developing' },
    { code: 'data', caption: 'Data and Analytics', score: 2.4, level: 'Developing' },
  ],
});
const future = buildScores({
  id: 78,
  assessment: {
    code: 'future-state',
    name: 'Future State Assessment',
    assessmentType: AssessmentType.FutureState,
  },
  sections: [
    { code: 'strategy', caption: 'Strategy and Leadership', score: 4, level: 'Integrated' },
    { code: 'workforce', caption: 'Workforce and Culture', score: 3, level: 'Defined' },
    { code: 'data', caption: 'Data and Analytics', score: 4.5, level: 'Integrated' },
  ],
});
const roadmap: SharedRoadmapView = {
  name: 'Harbor Gearworks',
  businessType: null,
  roadmapStatus: 'FutureStateReporting',
  sections: [
    { id: 3, name: 'Data and Analytics', current: 2.4, future: 4.5, gap: 2.1 },
    { id: 1, name: 'Strategy and Leadership', current: 2, future: 4, gap: 2 },
    { id: 2, name: 'Workforce and Culture', current: 2.8, future: 3, gap: 0.2 },
  ],
  actions: [],
};

let completed: unknown[];
beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  completed = [];
  const scores: Record<number, ResultScores> = { 77: current, 78: future };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: testLookups }),
        'assessmentresult/scores/byid': (init) => ({
          body: scores[JSON.parse(String(init?.body)).id as number],
        }),
        'assessment/completed/mine': () => ({ body: { data: completed, count: completed.length } }),
        'shared/tok3n': () => ({ body: roadmap }),
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const axesOn = async (path: string, user = buildUser('manufacturer')) => {
  renderApp({ path, user });
  const chart = (await screen.findByTestId('radar')).textContent ?? '';
  cleanup();
  return chart;
};

describe("the radar's axes", () => {
  it('come in the same order on the results page and the shared page, with their values', async () => {
    const expected =
      'Data and Analytics|Strategy and Leadership|Workforce and Culture :: Current State Assessment=2.4,2,2.8';
    expect(await axesOn('/assessment/results/77')).toBe(expected);

    completed = [
      buildCompleted({
        id: 78,
        assessment: { ...buildCompleted().assessment, assessmentType: AssessmentType.FutureState },
      }),
      buildCompleted({ id: 77 }),
    ];
    const both = await axesOn('/assessment/results/77');
    const shared = await axesOn('/shared/tok3n');
    const axes = (chart: string) => chart.split(' :: ')[0];
    expect(axes(both)).toBe(axes(expected));
    expect(axes(shared)).toBe(axes(expected));
    expect(shared).toContain('Current State=2.4,2,2.8 / Future State=4.5,4,3');
  });
});
