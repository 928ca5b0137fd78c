// @vitest-environment jsdom

import { AssessmentType } from '@domain/codes';
import type { OrganizationOverview } from '@domain/schemas/organizationOverviewView';
import { cleanup, screen, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { renderApp } from '@web/testing/renderApp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedManufacturer } from '../form/organizationFixtures';
import { fakeOrganizationApi } from '../form/organizationFormHarness';

const admin = buildUser('admin', { organization: null });
const stages = [
  { code: 'PreAssessment', name: 'Pre-Assessment' },
  { code: 'CurrentState', name: 'Current State' },
  { code: 'CurrentStateReporting', name: 'Current State Reporting' },
  { code: 'FutureState', name: 'Future State' },
  { code: 'FutureStateReporting', name: 'Future State Reporting' },
];
const overview = (extra: Partial<OrganizationOverview> = {}): OrganizationOverview => ({
  id: 12,
  name: 'Acme Precision Parts',
  type: 3,
  roadmap: {
    status: 'FutureState',
    stages,
    currentScore: 2.96,
    futureScore: 4.1,
    gap: 1.1,
    invites: { current: { sent: 5, completed: 3 }, future: { sent: 5, completed: 1 } },
    lastActivityOn: '2026-11-20',
  },
  activity: [
    {
      on: '2026-11-20T10:00:00.000Z',
      kind: 'completed',
      assessmentType: AssessmentType.FutureState,
      person: 'Ann Lee',
      status: null,
    },
    {
      on: '2026-11-18T10:00:00.000Z',
      kind: 'status',
      assessmentType: null,
      person: null,
      status: 'FutureState',
    },
  ],
  ...extra,
});

const serve = (body: OrganizationOverview = overview()) =>
  fakeOrganizationApi({
    'admin/organization/getbyid': () => ({ body: savedManufacturer() }),
    'organization/overview': () => ({ body }),
    'admin/user/search/byorg': () => ({ body: { data: [], count: 0 } }),
    'admin/assessmentInvite/search/byorg': () => ({ body: { data: [], count: 0 } }),
    'organization/progress': () => ({ body: { target: null, rounds: [] } }),
    'organization/alignment': () => ({ body: { groups: [], sections: [] } }),
  });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const open = async (path = '/admin/organization/manufacturer/12') => {
  const view = renderApp({ path, user: admin });
  await screen.findByRole('heading', { name: 'Acme Precision Parts', level: 1 }, { timeout: 5000 });
  return view;
};

describe('the organization overview', () => {
  it("opens on the organization's name, under the page's kind, with its figures and no form", async () => {
    const api = serve();
    await open();
    expect(screen.getByRole('heading', { name: 'Manufacturer', level: 2 })).toBeTruthy();
    expect(api.sent('organization/overview')).toEqual({ id: 12 });
    // The stepper marks the current stage in text, and the stages before it as done.
    const steps = within(await screen.findByRole('list', { name: 'Roadmap stages' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((s) => s.textContent)).toEqual([
      '✓Pre-Assessment',
      '✓Current State',
      '✓Current State Reporting',
      '4Future State (current stage)',
      '5Future State Reporting',
    ]);
    expect(steps[3]?.getAttribute('aria-current')).toBe('step');
    // Scores with one decimal, the level of the figure as shown (2.96 reads 3.0, so Defined), the
    // signed gap; completion per assessment.
    expect(screen.getByText('3.0').nextElementSibling?.textContent).toBe('Defined');
    expect(screen.getByText('4.1').nextElementSibling?.textContent).toBe('Integrated');
    expect(screen.getByText('+1.1')).toBeTruthy();
    expect(screen.getByText('3 of 5 completed')).toBeTruthy();
    expect(screen.getByText('1 of 5 completed')).toBeTruthy();
    expect(screen.getByText('Ann Lee completed the Future State Assessment')).toBeTruthy();
    expect(screen.getByText('Roadmap stage set to Future State')).toBeTruthy();
    // The form of docs/product.md#screens follows the overview, with every tab, as outside tests expect.
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Acme Precision Parts');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Report Settings' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Progress' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('names nobody where the server names nobody (Anonymize Results)', async () => {
    serve(
      overview({
        activity: [
          {
            on: '2026-11-20T10:00:00.000Z',
            kind: 'completed',
            assessmentType: AssessmentType.CurrentState,
            person: null,
            status: null,
          },
        ],
      }),
    );
    await open();
    expect(await screen.findByText('A Current State Assessment was completed')).toBeTruthy();
  });

  it('opens a new organization straight in the form', async () => {
    fakeOrganizationApi({
      'admin/organization/init': () => ({ body: { ...savedManufacturer(), id: null, name: '' } }),
    });
    renderApp({ path: '/admin/organization/manufacturer/new', user: admin });
    await screen.findByRole('heading', { name: 'Manufacturer', level: 1 }, { timeout: 5000 });
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    // Nothing to summarize yet: no overview call.
    expect(screen.queryByRole('heading', { name: 'Roadmap stage' })).toBeNull();
  });
});
