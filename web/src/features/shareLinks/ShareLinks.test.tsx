// @vitest-environment jsdom

import { shareLinkTexts } from '@domain/rules/shareLinks';
import type { SharedRoadmapView, ShareLinkView } from '@domain/schemas/shareLinks';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { AlertsProvider } from '@web/components/alerts/AlertsProvider';
import type { RadarChartProps } from '@web/components/charts/RadarChart';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp, renderWithClient } from '@web/testing/renderApp';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareLinksTab } from './ShareLinksTab';

// jsdom has no canvas: the chart shows what it was given instead.
vi.mock('@web/components/charts/RadarChartCanvas', () => ({
  RadarChartCanvas: ({ labels, series }: RadarChartProps) => (
    <div data-testid="radar">
      {labels.join('|')} :: {series.map((s) => `${s.label}=${s.values.join(',')}`).join(' / ')}
    </div>
  ),
}));

const DAY = 86_400_000;
const future = new Date(Date.now() + 5 * DAY).toISOString();
const past = new Date(Date.now() - DAY).toISOString();
const made = '2026-03-05T14:07:00.000Z';

let sent: { path: string; body: Record<string, unknown> }[];
let links: ShareLinkView[];
let shared: { status: number; body: unknown };

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  sent = [];
  links = [
    { id: 3, createdOn: made, expiresOn: future, revoked: false, createdBy: 'Dana Whitfield' },
    { id: 2, createdOn: made, expiresOn: past, revoked: false, createdBy: 'A consultant' },
    { id: 1, createdOn: made, expiresOn: future, revoked: true, createdBy: 'A former user' },
  ];
  shared = { status: 404, body: { isSuccess: false, message: shareLinkTexts.invalid } };
  const record = (path: string) => (init?: RequestInit) => {
    sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : {} });
  };
  const answers = fakeFetch({
    'admin/lookup/getall': () => ({ body: testLookups }),
    'organization/sharelink/list': (init) => {
      record('organization/sharelink/list')(init);
      return { body: { data: links, count: links.length } };
    },
    'organization/sharelink/add': (init) => {
      record('organization/sharelink/add')(init);
      return {
        body: {
          isSuccess: true,
          message: shareLinkTexts.created,
          data: { id: 4, url: 'https://roadmap.example.org/shared/abc_DEF-123', expiresOn: future },
        },
      };
    },
    'organization/sharelink/revoke': (init) => {
      record('organization/sharelink/revoke')(init);
      return { body: { isSuccess: true, message: shareLinkTexts.revoked } };
    },
    'admin/sharelink/search': (init) => {
      record('admin/sharelink/search')(init);
      return {
        body: {
          data: [{ ...links[0]!, organizationId: 12, organizationName: 'Harbor Gearworks' }],
          count: 1,
        },
      };
    },
    'shared/tok3n': () => shared,
  });
  vi.stubGlobal('fetch', vi.fn(answers));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const renderTab = () =>
  renderWithClient(
    <MemoryRouter>
      <AlertsProvider>
        <ShareLinksTab organizationId={7} />
      </AlertsProvider>
    </MemoryRouter>,
    { user: buildUser('manufacturer-champion') },
  );

describe('the Shared Links tab', () => {
  it('lists the links with their status, and offers Revoke for active ones only', async () => {
    renderTab();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Created', 'Created By', 'Expires', 'Status', 'Revoke']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Dana Whitfield',
      'A consultant',
      'A former user',
    ]);
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]!.textContent)).toEqual([
      'Active',
      'Expired',
      'Revoked',
    ]);
    expect(within(rows[0]!).getByRole('button', { name: /Revoke/ })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(sent[0]).toEqual({ path: 'organization/sharelink/list', body: { id: 7 } });
  });

  it('refuses an expiry outside 1 to 365 days without calling, and creates with the default 30', async () => {
    renderTab();
    const days = await screen.findByLabelText('Expires in (days)');
    expect((days as HTMLInputElement).value).toBe('30');
    for (const bad of ['0', '366', '2.5', '']) {
      fireEvent.change(days, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Create Link' }));
      expect(await screen.findByText(shareLinkTexts.expiryRange)).toBeTruthy();
    }
    expect(sent.filter((c) => c.path === 'organization/sharelink/add')).toEqual([]);
    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Link' }));
    const url = (await screen.findByLabelText('Shared link')) as HTMLInputElement;
    expect(url.value).toBe('https://roadmap.example.org/shared/abc_DEF-123');
    expect(screen.getByText('Copy this link now: it will not be shown again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeTruthy();
    expect(sent.find((c) => c.path === 'organization/sharelink/add')?.body).toMatchObject({
      id: 7,
      expiresInDays: 30,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Shared link')).toBeNull();
  });

  it('asks before revoking, then revokes the link', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: /Revoke the link created/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/no longer valid/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(sent.find((c) => c.path === 'organization/sharelink/revoke')?.body).toEqual({ id: 3 }),
    );
  });
});

describe('the admins’ list of shared links', () => {
  it('searches every link and links each to its organization', async () => {
    renderApp({ path: '/admin/sharelink/list', user: buildUser('admin') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shared Links' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Harbor Gearworks' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/admin/organization/manufacturer/12');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Organization',
      'Created',
      'Created By',
      'Expires',
      'Status',
      'Revoke',
    ]);
    expect(screen.getByRole('cell', { name: 'Dana Whitfield' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Revoke the link of Harbor Gearworks/ })).toBeTruthy();
  });
});

describe('the shared roadmap page', () => {
  it('shows the summary, the chart and the table to someone signed out', async () => {
    const roadmap: SharedRoadmapView = {
      name: 'Harbor Gearworks',
      businessType: 'Fabricated Metal',
      roadmapStatus: 'FutureStateReporting',
      sections: [
        { id: 1, name: 'Automation', current: 2, future: 4.5, gap: 2.5 },
        { id: 2, name: 'Quality', current: 3, future: 3.5, gap: 0.5 },
      ],
      actions: [
        { sectionName: 'Automation', title: 'Pilot a cobot cell', dueOn: '2027-03-01', status: 'InProgress' },
        { sectionName: 'Quality', title: 'Drop paper checklists', dueOn: null, status: 'WontDo' },
      ],
    };
    shared = { status: 200, body: roadmap };
    renderApp({ path: '/shared/tok3n' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Gearworks' })).toBeTruthy();
    expect(screen.getByText('Future State Reporting')).toBeTruthy();
    expect((await screen.findByTestId('radar')).textContent).toContain(
      'Automation|Quality :: Current State=2,3 / Future State=4.5,3.5',
    );
    const [figures, plan] = screen.getAllByRole('table') as [HTMLElement, HTMLElement];
    const rows = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent);
    expect(rows(figures)).toEqual(['Automation2.04.5+2.5', 'Quality3.03.5+0.5']);
    expect(screen.getByRole('heading', { level: 2, name: 'Action Plan' })).toBeTruthy();
    expect(rows(plan)).toEqual([
      'Pilot a cobot cellAutomation3/1/2027In Progress',
      'Drop paper checklistsQualityNo due dateWon\u2019t Do',
    ]);
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
  });

  it("says 'This link is no longer valid.' for an unknown, revoked or expired link", async () => {
    renderApp({ path: '/shared/tok3n' });
    expect(await screen.findByRole('heading', { name: shareLinkTexts.invalid })).toBeTruthy();
    // The page tells it itself: no error alert on top.
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
