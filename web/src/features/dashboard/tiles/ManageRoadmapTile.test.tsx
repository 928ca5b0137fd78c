// @vitest-environment jsdom

import { AssessmentType, type RoadmapStatusCode } from '@domain/codes';
import { messages } from '@domain/messages';
import type { AssessmentInviteView, OrganizationView } from '@domain/schemas/organizationView';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { myOrganizationReportsQuery } from '@web/api/reports';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The champion's Manage Roadmap tile offers the organization's reports as docs/product.md#rules 'Report
// download' says (the same domain rules as the organization page), and section 8's failure message.

const statusNames: Record<RoadmapStatusCode, string> = {
  PreAssessment: 'Pre-Assessment',
  CurrentState: 'Current State',
  CurrentStateReporting: 'Current State Reporting',
  FutureState: 'Future State',
  FutureStateReporting: 'Future State Reporting',
};

function organization(status: RoadmapStatusCode | null): OrganizationView {
  return {
    id: 41,
    name: 'Acme Precision Parts',
    originalName: 'Acme Precision Parts',
    type: { enumValue: 3, name: 'Manufacturer' },
    businessType: null,
    state: null,
    demographic: null,
    consultingFirm: null,
    referredBy: null,
    referredByOther: null,
    excludeFromBenchmark: false,
    anonymizeResults: false,
    remindersEnabled: false,
    reminderEveryDays: 7,
    maxReminders: 3,
    functionalRoleAliases: [],
    roadmap: {
      status: status ? { id: 1300, name: statusNames[status], code: status } : null,
      benchmark: null,
      currentStateAssessment: null,
      futureStateAssessment: null,
    },
    isActive: true,
    legacyId: null,
  };
}

let nextInvite = 700;
function invite(
  assessmentType: number,
  extra: { completed?: boolean; excludeFromReport?: boolean; isActive?: boolean } = {},
): AssessmentInviteView {
  const id = nextInvite++;
  const future = assessmentType === AssessmentType.FutureState;
  return {
    id,
    respondent: { id: id + 1000, fullName: `Person ${id}`, userName: `person${id}`, organization: null },
    assessment: {
      id: assessmentType,
      name: future ? 'Future State Assessment' : 'Current State Assessment',
      code: future ? 'future-state' : 'current-state',
      assessmentType,
    },
    consultingFirm: null,
    createdDateTime: '2024-02-01T10:00:00.000Z',
    updatedDateTime: '2024-02-01T10:00:00.000Z',
    assessmentResult:
      extra.completed === false ? null : { id: id + 5000, completionDateTime: '2024-03-01T10:00:00.000Z' },
    excludeFromReport: extra.excludeFromReport ?? false,
    sendInvite: false,
    isActive: extra.isActive ?? true,
    remindersSent: 0,
    lastReminderOn: null,
  };
}

const CURRENT = AssessmentType.CurrentState;
const FUTURE = AssessmentType.FutureState;
let mine: () => { status?: number; body: unknown };
let invites: AssessmentInviteView[];
let report: (init?: RequestInit) => { status?: number; body: unknown };
const reportBodies: unknown[] = [];
const pdfBodies: unknown[] = [];

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  mine = () => ({ body: organization('CurrentStateReporting') });
  invites = [];
  reportBodies.length = 0;
  pdfBodies.length = 0;
  report = () => ({ body: 'xlsx bytes' });
  const empty = () => ({ body: { data: [], count: 0 } });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: testLookups }),
        'assessment/invites/pending/mine': empty,
        'assessment/completed/mine': empty,
        'organization/action/mine': empty,
        'admin/organization/mine': () => mine(),
        'admin/assessmentInvite/search/byorg/mine': () => ({
          body: { data: invites, count: invites.length },
        }),
        'assessmentresult/report/byorg/download': (init) => {
          reportBodies.push(JSON.parse(String(init?.body)));
          return report(init);
        },
        'assessmentresult/report/byorg/pdf': (init) => {
          pdfBodies.push(JSON.parse(String(init?.body)));
          return { body: 'pdf bytes' };
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

let app: ReturnType<typeof renderApp>;
async function roadmapTile() {
  app = renderApp({ path: '/', user: buildUser('manufacturer-champion') });
  // The first render transforms the dashboard's chunk cold: allow for a busy machine.
  await screen.findByRole('heading', { name: /^Welcome/ }, { timeout: 5000 });
  // The tiles show together once their data has answered.
  return screen.findByRole('article', { name: 'Manage Roadmap' }, { timeout: 5000 });
}

/** Waits until the organization and its invites are in and shown, so an absent button means 'not offered'. */
async function loaded(tile: HTMLElement, stage: string | null) {
  if (stage) await within(tile).findByText(stage);
  await waitFor(() =>
    expect(app.queryClient.getQueryState(myOrganizationReportsQuery.queryKey)?.status).toBe('success'),
  );
  await new Promise((r) => setTimeout(r, 0));
}

/** The tile's buttons as screen readers name them. */
const downloadNames = (tile: HTMLElement) =>
  within(tile)
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent);

/** The names of the files the tile hands the browser to save, in order (the browser's save stubbed). */
function savedDownloads(): string[] {
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

describe('the Manage Roadmap tile', () => {
  it('offers the current-state report once the roadmap is past pre-assessment and results are in', async () => {
    invites = [invite(CURRENT), invite(CURRENT, { completed: false }), invite(FUTURE, { completed: false })];
    const tile = await roadmapTile();
    await loaded(tile, 'Current State Reporting');
    expect(await within(tile).findByRole('button', { name: 'Download Current State Report' })).toBeTruthy();
    // The future-state report is hidden at current-state reporting; the executive summary comes with
    // the current-state report.
    expect(downloadNames(tile)).toEqual([
      'Download Current State Report',
      'Download Executive Summary (PDF)',
    ]);
    // The tile is narrow: its heading and icon say 'download', the button names the report.
    expect(within(tile).getByText('Organization reports')).toBeTruthy();
    expect(
      within(tile)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Current State Report', 'Executive Summary (PDF)']);
    expect(within(tile).getByRole('link', { name: 'Manage Roadmap' }).getAttribute('href')).toBe(
      '/admin/organization/mine',
    );
  });

  it('offers both reports at future-state reporting', async () => {
    mine = () => ({ body: organization('FutureStateReporting') });
    invites = [invite(CURRENT), invite(FUTURE)];
    const tile = await roadmapTile();
    await loaded(tile, 'Future State Reporting');
    await within(tile).findByRole('button', { name: 'Download Future State Report' });
    expect(downloadNames(tile)).toEqual([
      'Download Current State Report',
      'Download Future State Report',
      'Download Executive Summary (PDF)',
    ]);
  });

  it.each([
    ['the roadmap is at pre-assessment', 'PreAssessment' as const, () => [invite(CURRENT)]],
    [
      'nobody has completed an assessment',
      'CurrentStateReporting' as const,
      () => [invite(CURRENT, { completed: false })],
    ],
    [
      'every result is excluded from the report',
      'CurrentStateReporting' as const,
      () => [invite(CURRENT, { excludeFromReport: true })],
    ],
    [
      'the completed invite was deleted',
      'CurrentStateReporting' as const,
      () => [invite(CURRENT, { isActive: false })],
    ],
    ['only future-state results are in at current state', 'CurrentState' as const, () => [invite(FUTURE)]],
  ])('offers no report when %s', async (_, status, made) => {
    mine = () => ({ body: organization(status) });
    invites = made();
    const tile = await roadmapTile();
    await loaded(tile, statusNames[status]);
    expect(downloadNames(tile)).toEqual([]);
    expect(within(tile).queryByText('Organization reports')).toBeNull();
  });

  it('stays quiet, without sending the champion away, when the organization cannot be loaded', async () => {
    mine = () => ({
      status: 404,
      body: { isSuccess: false, message: 'You do not belong to an organization.' },
    });
    const tile = await roadmapTile();
    await waitFor(() =>
      expect(app.queryClient.getQueryState(myOrganizationReportsQuery.queryKey)?.status).toBe('error'),
    );
    expect(app.router.state.location.pathname).toBe('/');
    expect(downloadNames(tile)).toEqual([]);
    expect(within(tile).getByRole('link', { name: 'Manage Roadmap' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('still leads to Manage Roadmap when the roadmap has no status', async () => {
    mine = () => ({ body: organization(null) });
    invites = [invite(CURRENT)];
    const tile = await roadmapTile();
    await loaded(tile, null);
    expect(downloadNames(tile)).toEqual([]);
    expect(within(tile).queryByText('Roadmap stage')).toBeNull();
    expect(within(tile).getByRole('link', { name: 'Manage Roadmap' })).toBeTruthy();
  });

  it("downloads the organization's report of the assessment", async () => {
    invites = [invite(CURRENT)];
    const saved = savedDownloads();
    const tile = await roadmapTile();
    fireEvent.click(await within(tile).findByRole('button', { name: 'Download Current State Report' }));
    await waitFor(() => expect(saved).toEqual(['Acme Precision Parts Current State Report.xlsx']));
    expect(reportBodies).toEqual([{ id: 41, assessmentType: CURRENT }]);
    expect(screen.queryByText(messages.reports.downloadFailure)).toBeNull();
  });

  it('downloads the executive summary (PDF) of the organization', async () => {
    invites = [invite(CURRENT)];
    const saved = savedDownloads();
    const tile = await roadmapTile();
    fireEvent.click(await within(tile).findByRole('button', { name: 'Download Executive Summary (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['Acme Precision Parts Executive Summary.pdf']));
    expect(pdfBodies).toEqual([{ id: 41 }]);
    expect(reportBodies).toEqual([]);
  });

  it('says so when the report cannot be downloaded', async () => {
    invites = [invite(CURRENT)];
    report = () => ({ status: 500, body: { isSuccess: false, message: 'boom' } });
    const tile = await roadmapTile();
    fireEvent.click(await within(tile).findByRole('button', { name: 'Download Current State Report' }));
    expect(await screen.findByText(messages.reports.downloadFailure)).toBeTruthy();
    // The button is ready for another try.
    await waitFor(() =>
      expect(
        within(tile).getByRole('button', { name: 'Download Current State Report' }).hasAttribute('disabled'),
      ).toBe(false),
    );
  });
});
