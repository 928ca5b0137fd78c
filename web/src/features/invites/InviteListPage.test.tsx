// @vitest-environment jsdom

import type { AdminAssessmentInviteView } from '@domain/schemas/organizationView';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Call = { path: string; body: Record<string, unknown> };
const admin = buildUser('admin');

const invite = (
  id: number,
  name: string,
  extra: Partial<AdminAssessmentInviteView> = {},
): AdminAssessmentInviteView => ({
  id,
  respondent: {
    id: 100 + id,
    fullName: name,
    userName: name.toLowerCase().replace(' ', '.'),
    email: null,
    organization: { id: 61, name: 'Acme Precision Parts' },
  },
  organizationType: { enumValue: 3, name: 'Manufacturer' },
  roadmapStatus: null,
  assessment: { id: 1, name: 'Current State Assessment', code: 'current', assessmentType: 1 },
  consultingFirm: { id: 51, name: 'Bright Path Advisors' },
  createdDateTime: '2024-03-01T10:00:00',
  updatedDateTime: '2024-03-02T10:00:00',
  assessmentResult: null,
  excludeFromReport: false,
  sendInvite: false,
  isActive: true,
  remindersSent: 0,
  lastReminderOn: null,
  ...extra,
});

let calls: Call[];
let rows: AdminAssessmentInviteView[];
let download: () => Response;

beforeEach(() => {
  localStorage.clear();
  calls = [];
  rows = [
    invite(1, 'Ann Lee', { assessmentResult: { id: 9, completionDateTime: '2024-04-05T10:00:00' } }),
    invite(2, 'Bob Ray', { consultingFirm: null, updatedDateTime: null }),
  ];
  download = () =>
    new Response('Invitee\r\n', {
      headers: {
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename="SM-Roadmap-Invites-FutureState-Pending-2024-06-07.csv"',
      },
    });
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\//, '');
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : {} });
      if (path === 'admin/assessmentinvite/download') return download();
      const body =
        path === 'admin/lookup/getall'
          ? testLookups
          : path === 'admin/assessmentinvite/search'
            ? { data: rows, count: rows.length }
            : { isSuccess: false, message: 'not found' };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const searches = () => calls.filter((c) => c.path === 'admin/assessmentinvite/search');

async function openList(path: string) {
  const view = renderApp({ path, user: admin });
  await screen.findByText(`${rows.length} items`, undefined, { timeout: 5000 });
  return view;
}

describe('the admin invite list', () => {
  it.each([
    [
      '/admin/assessmentinvite/list',
      'Assessment Invites | All',
      { isComplete: null, assessmentType: null, unassigned: null },
    ],
    [
      '/admin/assessmentinvite/list/current/completed',
      'Assessment Invites | Current State (Completed)',
      { isComplete: true, assessmentType: 1, unassigned: null },
    ],
    [
      '/admin/assessmentinvite/list/future/pending',
      'Assessment Invites | Future State (Pending)',
      { isComplete: false, assessmentType: 2, unassigned: null },
    ],
    [
      '/admin/assessmentinvite/list/current/unassigned',
      'Assessment Invites | Current State (Unassigned)',
      { isComplete: null, assessmentType: 1, unassigned: true },
    ],
  ])('%s is titled %s and searches with its filter', async (path, title, filter) => {
    await openList(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    // The plain heading names the view rather than repeating the title's first words.
    expect(
      screen.getByRole('heading', { level: 1, name: title }).parentElement?.querySelector('h2')?.textContent,
    ).not.toBe('Assessment Invites');
    expect(searches()).toEqual([
      { path: 'admin/assessmentinvite/search', body: { query: '', skip: 0, take: 12, ...filter } },
    ]);
  });

  it.each([
    '/admin/assessmentinvite/list/past/pending',
    '/admin/assessmentinvite/list/current/open',
    '/admin/assessmentinvite/list/current',
  ])('%s is Page Not Found', async (path) => {
    renderApp({ path, user: admin });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' }, { timeout: 5000 })).toBeTruthy();
    expect(searches()).toEqual([]);
  });

  it('shows the invitee with the user name, the organizations, the assessment and the dates', async () => {
    await openList('/admin/assessmentinvite/list');
    // A sortable header's text without its order mark.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'Invitee',
      'Manufacturer',
      'Consulting Firm',
      'Assessment',
      'Invited On',
      'Assessment Completed Date',
    ]);
    const cells = (name: string) =>
      within(screen.getByText(name).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Ann Lee')).toEqual([
      'Ann Leeann.lee',
      'Acme Precision Parts',
      'Bright Path Advisors',
      'Current State Assessment',
      '3/2/2024',
      '4/5/2024',
    ]);
    // An open invite says Pending, as a badge, where a completed one has its date.
    expect(cells('Bob Ray').slice(2)).toEqual(['', 'Current State Assessment', '', 'Pending']);
    expect(within(screen.getByText('Bob Ray').closest('tr')!).getByText('Pending').className).toContain(
      'badge',
    );
    // The invitee opens the person's user screen.
    expect(screen.getByRole('link', { name: 'Ann Lee ann.lee' }).getAttribute('href')).toBe(
      '/admin/user/101',
    );
  });

  it('sorts on the server by a header, keeps the order in the address, and on a phone by a select', async () => {
    const { router } = await openList('/admin/assessmentinvite/list/current/pending?page=2');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    // Without an order in the address the server keeps its own, newest first, which the header says.
    expect(searches()[0]!.body).not.toHaveProperty('sort');
    expect(header('Invited On').getAttribute('aria-sort')).toBe('descending');
    expect(within(header('Assessment$')).queryByRole('button')).toBeNull();
    fireEvent.click(within(header('Invitee')).getByRole('button'));
    await waitFor(() =>
      expect(searches().at(-1)?.body).toMatchObject({
        skip: 0,
        isComplete: false,
        sort: { column: 'respondent', direction: 'asc' },
      }),
    );
    expect(router.state.location.search).toBe('?sort=respondent&dir=asc');
    await waitFor(() => expect(header('Invitee').getAttribute('aria-sort')).toBe('ascending'));
    // A date starts newest first.
    fireEvent.click(within(header('Assessment Completed Date')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=completed&dir=desc'));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'organization:desc' } });
    await waitFor(() =>
      expect(searches().at(-1)?.body).toMatchObject({ sort: { column: 'organization', direction: 'desc' } }),
    );
  });

  it("says 'There are no invites.' when nothing matches", async () => {
    rows = [];
    renderApp({ path: '/admin/assessmentinvite/list', user: admin });
    expect(await screen.findByText('There are no invites.', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('offers every view in a menu under its assessment type, and switches to it', async () => {
    await openList('/admin/assessmentinvite/list');
    fireEvent.click(screen.getByRole('button', { name: 'Invite lists: All Invites' }));
    const menu = screen.getByRole('link', { name: 'All Invites' }).closest('.dropdown-menu') as HTMLElement;
    expect(
      Array.from(menu.querySelectorAll('.dropdown-header, .dropdown-item')).map((e) => e.textContent),
    ).toEqual([
      'All Invites',
      'Current State',
      'Current State Completed',
      'Current State Pending',
      'Current State Unassigned',
      'Future State',
      'Future State Completed',
      'Future State Pending',
    ]);
    // Sighted users read 'Pending' under its header; screen readers hear the whole name.
    expect(within(menu).getAllByText('Pending')).toHaveLength(2);
    fireEvent.click(within(menu).getByRole('link', { name: 'Future State Pending' }));
    expect(
      await screen.findByRole('heading', { name: 'Assessment Invites | Future State (Pending)' }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(searches().at(-1)?.body).toMatchObject({ assessmentType: 2, isComplete: false }),
    );
  });

  it("downloads the view's CSV with its filter and the search", async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await openList('/admin/assessmentinvite/list/future/pending?q=acme');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['SM-Roadmap-Invites-FutureState-Pending-2024-06-07.csv']));
    expect(calls.find((c) => c.path === 'admin/assessmentinvite/download')?.body).toEqual({
      query: 'acme',
      skip: null,
      take: null,
      isComplete: false,
      assessmentType: 2,
      unassigned: null,
    });
  });

  it('tells a failed download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    download = () => new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } });
    await openList('/admin/assessmentinvite/list');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(
      await screen.findByText(
        'An error occurred downloading the report. Please contact the system administrator.',
      ),
    ).toBeTruthy();
  });

  it('is the institute’s: a consultant is not permitted', async () => {
    const { router } = renderApp({ path: '/admin/assessmentinvite/list', user: buildUser('consultant') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/notpermitted'));
  });
});
