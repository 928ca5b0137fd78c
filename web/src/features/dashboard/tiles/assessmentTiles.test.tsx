// @vitest-environment jsdom

import { messages } from '@domain/messages';
import type { Role } from '@domain/rules/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildCompleted, buildPendingInvite, buildScores } from '@web/testing/assessments';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Answer = { status?: number; body: unknown };
let pending: () => Answer;
let completed: () => Answer;
let latest: () => Answer;
let report: () => Answer;
const reportBodies: unknown[] = [];

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  pending = () => ({ body: { data: [], count: 0 } });
  completed = () => ({ body: { data: [], count: 0 } });
  latest = () => ({ body: { data: [], count: 0 } });
  report = () => ({ body: 'xlsx bytes' });
  reportBodies.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: testLookups }),
        'assessment/invites/pending/mine': () => pending(),
        'assessment/completed/mine': () => completed(),
        'assessmentresult/completed/mine': () => latest(),
        'assessmentresult/scores/byid': () => ({ body: buildScores() }),
        'assessmentresult/report/byid/download': (init) => {
          reportBodies.push(JSON.parse(String(init?.body)));
          return report();
        },
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  ticketStore.clear();
});

/** Catches what the browser would save; answers the saved file names. */
function savedFiles(): string[] {
  const saved: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

const tile = (title: string) => screen.getByRole('article', { name: title });
async function openDashboard(role: Role) {
  renderApp({ path: '/', user: buildUser(role) });
  // The first render transforms the dashboard's chunk cold: allow for a busy machine.
  await screen.findByRole('heading', { name: /^Welcome/ }, { timeout: 5000 });
  // The tiles show together once their data has answered.
  await screen.findAllByRole('article', undefined, { timeout: 5000 });
}

describe('assessment tiles', () => {
  it('tell a manufacturer there is nothing pending or completed', async () => {
    await openDashboard('manufacturer');
    expect(await screen.findByText('You have no pending assessments at this time.')).toBeTruthy();
    expect(await screen.findByText('You have no completed assessments at this time.')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Latest Result' })).toBeNull();
  });

  it('start an invite at its intro', async () => {
    pending = () => ({ body: { data: [buildPendingInvite()], count: 1 } });
    await openDashboard('manufacturer-champion');
    const pendingTile = tile('Pending Assessments');
    const start = await within(pendingTile).findByRole('link', { name: 'Start Current State Assessment' });
    expect(start.getAttribute('href')).toBe('/intro/current-state');
    expect(within(pendingTile).getByText('Where your practices stand today.')).toBeTruthy();
    expect(within(pendingTile).getByText('Invited 2/3/2024')).toBeTruthy();
    // Champions keep their roadmap and trial tiles.
    expect(screen.getByRole('article', { name: 'Manage Roadmap' })).toBeTruthy();
  });

  it('resume a started assessment with its answered and total questions, past the intro', async () => {
    pending = () => ({
      body: {
        data: [
          buildPendingInvite({ progress: { answered: 12, total: 46 } }),
          buildPendingInvite({
            assessment: {
              ...buildPendingInvite().assessment,
              code: 'future-state',
              name: 'Future State Assessment',
            },
          }),
        ],
        count: 2,
      },
    });
    await openDashboard('manufacturer');
    const pendingTile = tile('Pending Assessments');
    const resume = await within(pendingTile).findByRole('link', {
      name: 'Resume (12 of 46) Current State Assessment',
    });
    expect(resume.getAttribute('href')).toBe('/assessment/current-state');
    expect(within(pendingTile).queryByRole('link', { name: 'Start Current State Assessment' })).toBeNull();
    // Not started: SPEC's Start, to the intro.
    expect(
      within(pendingTile).getByRole('link', { name: 'Start Future State Assessment' }).getAttribute('href'),
    ).toBe('/intro/future-state');
  });

  it('offer Retake while the roadmap allows it, View otherwise, and Results always', async () => {
    const open = buildCompleted({ id: 31, canRetake: true });
    const closed = buildCompleted({
      id: 32,
      canRetake: false,
      roadmapStatus: 'CurrentStateReporting',
      assessment: { ...buildCompleted().assessment, code: 'future-state', name: 'Future State Assessment' },
    });
    completed = () => ({ body: { data: [open, closed], count: 2 } });
    await openDashboard('manufacturer');
    const completedTile = tile('Completed Assessments');
    const retake = await within(completedTile).findByRole('link', {
      name: 'Retake Current State Assessment',
    });
    expect(retake.getAttribute('href')).toBe('/assessment/retake/current-state?id=31');
    expect(within(completedTile).queryByRole('link', { name: 'View Current State Assessment' })).toBeNull();
    expect(
      within(completedTile).getByRole('link', { name: 'View Future State Assessment' }).getAttribute('href'),
    ).toBe('/assessment/view/future-state?id=32');
    expect(within(completedTile).queryByRole('link', { name: 'Retake Future State Assessment' })).toBeNull();
    expect(
      within(completedTile)
        .getByRole('link', { name: 'Results of Future State Assessment' })
        .getAttribute('href'),
    ).toBe('/assessment/results/32');
    expect(within(completedTile).getAllByText('Completed 4/5/2024')).toHaveLength(2);
  });

  it('say so when the lists cannot be loaded', async () => {
    pending = () => ({ status: 500, body: { message: 'boom' } });
    completed = () => ({ status: 500, body: { message: 'boom' } });
    await openDashboard('manufacturer');
    expect(
      await screen.findByText(
        'An error occurred loading your assessment invite. Please contact system administrator.',
      ),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        'An error occurred loading your assessment results. Please contact system administrator.',
      ),
    ).toBeTruthy();
  });

  it('show the latest result with its score and level to visitors, consultants and admins', async () => {
    latest = () => ({ body: { data: [buildCompleted({ id: 77 })], count: 1 } });
    for (const role of ['visitor', 'consultant', 'admin'] as const) {
      await openDashboard(role);
      const latestTile = tile('Latest Result');
      expect(await within(latestTile).findByText('2.4')).toBeTruthy();
      expect(within(latestTile).getByText('Developing')).toBeTruthy();
      expect(within(latestTile).getByRole('link', { name: 'View Results' }).getAttribute('href')).toBe(
        '/assessment/results/77',
      );
      expect(screen.queryByRole('article', { name: 'Pending Assessments' })).toBeNull();
      cleanup();
    }
  });

  it('tell a visitor without results there are none', async () => {
    await openDashboard('visitor');
    expect(
      await within(tile('Latest Result')).findByText('You have no completed assessments at this time.'),
    ).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Trial Assessment' })).toBeTruthy();
  });

  it("offer the person's own report from the latest result", async () => {
    latest = () => ({ body: { data: [buildCompleted({ id: 77 })], count: 1 } });
    const saved = savedFiles();
    await openDashboard('visitor');
    const latestTile = tile('Latest Result');
    fireEvent.click(
      await within(latestTile).findByRole('button', { name: 'Download Report of Current State Assessment' }),
    );
    await waitFor(() => expect(saved).toEqual(['Current State Assessment 4-5-2024.xlsx']));
    expect(reportBodies).toEqual([{ id: 77 }]);
  });

  it('offer each completed assessment its report, and say so when it cannot be downloaded', async () => {
    const future = buildCompleted({
      id: 32,
      assessment: { ...buildCompleted().assessment, code: 'future-state', name: 'Future State Assessment' },
    });
    completed = () => ({ body: { data: [buildCompleted({ id: 31 }), future], count: 2 } });
    report = () => ({ status: 500, body: { isSuccess: false, message: 'boom' } });
    await openDashboard('manufacturer');
    const completedTile = tile('Completed Assessments');
    await within(completedTile).findByRole('button', { name: 'Download Report of Current State Assessment' });
    fireEvent.click(
      within(completedTile).getByRole('button', { name: 'Download Report of Future State Assessment' }),
    );
    expect(await screen.findByText(messages.reports.downloadFailure)).toBeTruthy();
    expect(reportBodies).toEqual([{ id: 32 }]);
  });

  it('offer no report without a completed result', async () => {
    await openDashboard('consultant');
    await within(tile('Latest Result')).findByText('You have no completed assessments at this time.');
    expect(screen.queryByRole('button', { name: /Download Report/ })).toBeNull();
  });
});
