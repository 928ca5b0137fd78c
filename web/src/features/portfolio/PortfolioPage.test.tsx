// @vitest-environment jsdom

import { LookupType, lookupTypeNames } from '@domain/codes';
import { attentionReasonTexts } from '@domain/rules/portfolio';
import type { PortfolioRow } from '@domain/schemas/portfolio';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Call = { path: string; body: Record<string, unknown> };
const consultant = buildUser('consultant');

const statuses = [
  ['PreAssessment', 'Pre-Assessment'],
  ['CurrentState', 'Current State Assessment'],
  ['CurrentStateReporting', 'Current State Reporting'],
].map(([code, name], i) => ({
  id: 900 + i,
  name: name as string,
  code: code as string,
  lookupType: { enumValue: LookupType.RoadmapStatus, name: lookupTypeNames[LookupType.RoadmapStatus] },
  displayOrder: i + 1,
  enumValue: null,
  organizationType: null,
  isActive: true,
}));

const row = (id: number, name: string, extra: Partial<PortfolioRow> = {}): PortfolioRow => ({
  id,
  name,
  roadmapStatus: 'CurrentStateReporting',
  invitesSent: { current: 4, future: 0 },
  invitesCompleted: { current: 3, future: 0 },
  lastActivityOn: '2026-03-05',
  currentScore: 2.4,
  futureScore: 3.9,
  gap: 1.5,
  openActions: 0,
  overdueActions: 0,
  needsAttention: false,
  attentionReasons: [],
  ...extra,
});

let calls: Call[];
let rows: PortfolioRow[];

beforeEach(() => {
  localStorage.clear();
  calls = [];
  rows = [
    row(1, 'Acme Precision Parts', { openActions: 3 }),
    row(2, 'Bolt Works', {
      roadmapStatus: 'PreAssessment',
      invitesSent: { current: 0, future: 0 },
      invitesCompleted: { current: 0, future: 0 },
      lastActivityOn: null,
      currentScore: null,
      futureScore: null,
      gap: null,
      openActions: 2,
      overdueActions: 2,
      needsAttention: true,
      attentionReasons: [
        attentionReasonTexts.noActivity,
        attentionReasonTexts.statusUnchanged,
        attentionReasonTexts.actionsOverdue,
      ],
    }),
  ];
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\//, '');
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      calls.push({ path, body });
      const answer =
        path === 'admin/lookup/getall'
          ? [...testLookups, ...statuses]
          : path === 'organization/portfolio'
            ? {
                data: body.needsAttention ? rows.filter((r) => r.needsAttention) : rows,
                count: body.needsAttention ? 1 : rows.length,
              }
            : { isSuccess: false, message: 'not found' };
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const searches = () => calls.filter((c) => c.path === 'organization/portfolio');
const cells = (name: string) =>
  within(screen.getByRole('link', { name }).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((c) => c.textContent);

async function open(path = '/portfolio', countText = '2 items') {
  const view = renderApp({ path, user: consultant });
  await screen.findByText(countText, undefined, { timeout: 5000 });
  return view;
}

describe('the client portfolio', () => {
  it('lists each manufacturer with status, invites, activity, scores and reasons as text', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Client Portfolio' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'Manufacturer',
      'Roadmap Status',
      'Current State Completed',
      'Future State Completed',
      'Last Activity',
      'Current Score',
      'Future Score',
      'Gap',
      'Actions',
      'Needs Attention',
    ]);
    await waitFor(() => expect(cells('Acme Precision Parts')[1]).toBe('Current State Reporting'));
    expect(cells('Acme Precision Parts')).toEqual([
      'Acme Precision Parts',
      'Current State Reporting',
      '3 of 4',
      'None',
      '3/5/2026',
      '2.4',
      '3.9',
      '+1.5',
      '3 open',
      'No',
    ]);
    expect(cells('Bolt Works')).toEqual([
      'Bolt Works',
      'Pre-Assessment',
      'None',
      'None',
      'None',
      '–',
      '–',
      '–',
      '2 open, 2 overdue',
      'No activity for 30 daysStatus unchanged for 60 daysActions overdue',
    ]);
    expect(screen.getByRole('link', { name: 'Bolt Works' }).getAttribute('href')).toBe(
      '/admin/organization/manufacturer/2',
    );
    expect(searches()[0]?.body).toEqual({
      query: '',
      needsAttention: null,
      sort: { column: 'name', direction: 'asc' },
      skip: 0,
      take: 12,
    });
  });

  it('filters to the manufacturers that need attention, on the server', async () => {
    const { router } = await open();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Needs attention only' }));
    await screen.findByText('1 item');
    expect(searches().at(-1)?.body).toMatchObject({ needsAttention: true, skip: 0 });
    expect(router.state.location.search).toContain('attention=1');
    expect(screen.queryByRole('link', { name: 'Acme Precision Parts' })).toBeNull();
  });

  it('sorts by a header chosen with the keyboard, and says how it is sorted', async () => {
    await open();
    const header = screen.getByRole('columnheader', { name: /Last Activity/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: /Manufacturer/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    const button = within(header).getByRole('button', { name: /Last Activity/ });
    button.focus();
    fireEvent.click(button);
    await waitFor(() =>
      expect(searches().at(-1)?.body.sort).toEqual({ column: 'lastActivityOn', direction: 'desc' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Last Activity/ }).getAttribute('aria-sort')).toBe(
        'descending',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /Last Activity/ }));
    await waitFor(() =>
      expect(searches().at(-1)?.body.sort).toEqual({ column: 'lastActivityOn', direction: 'asc' }),
    );
    // Scores are not sortable: plain headers.
    expect(within(screen.getByRole('columnheader', { name: 'Gap' })).queryByRole('button')).toBeNull();
  });

  it('searches by name after typing stops', async () => {
    await open();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search manufacturers' }), {
      target: { value: 'bolt' },
    });
    await waitFor(() => expect(searches().at(-1)?.body).toMatchObject({ query: 'bolt', skip: 0 }));
  });

  it('downloads the CSV with the same filters', async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fetchStub = globalThis.fetch as ReturnType<typeof vi.fn>;
    const answer = fetchStub.getMockImplementation() as (
      i: RequestInfo | URL,
      init?: RequestInit,
    ) => Promise<Response>;
    fetchStub.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('organization/portfolio/download')) {
        calls.push({ path: 'download', body: JSON.parse(String(init?.body)) });
        return new Response('Manufacturer\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="SM-Roadmap-Portfolio-2026-03-05.csv"',
          },
        });
      }
      return answer(input, init);
    });
    await open('/portfolio?attention=1&sort=roadmapStatus&dir=desc&q=acme', '1 item');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['SM-Roadmap-Portfolio-2026-03-05.csv']));
    expect(calls.find((c) => c.path === 'download')?.body).toEqual({
      query: 'acme',
      needsAttention: true,
      sort: { column: 'roadmapStatus', direction: 'desc' },
    });
  });

  it('is for consultants and admins only', async () => {
    const { router } = renderApp({ path: '/portfolio', user: buildUser('manufacturer-champion') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/notpermitted'));
  });
});
