// @vitest-environment jsdom

import type { OrganizationListRow } from '@domain/schemas/organizationView';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Answer = { status?: number; body: unknown };
type Call = { path: string; body: Record<string, unknown> };

const admin = buildUser('admin');
const consultant = buildUser('consultant', {
  organization: {
    id: 7,
    name: 'Lean Partners',
    code: null,
    type: { enumValue: 2, name: 'Consulting Firm' },
    businessType: null,
  },
});

const typeNames: Record<number, string> = { 1: 'Admin', 2: 'Consulting Firm', 3: 'Manufacturer' };
const org = (id: number, name: string, type: number, extra: Partial<OrganizationListRow> = {}) => ({
  id,
  displayName: name,
  name,
  type: { enumValue: type, name: typeNames[type]! },
  businessType: { id: 50, name: 'Discrete Manufacturing' },
  state: null,
  hqRegion: null,
  consultingFirm: null,
  roadmapStatus: null,
  benchmarkCreated: false,
  isActive: true,
  ...extra,
});
const ohio = { id: 36, name: 'Ohio', code: 'OH' };
const manufacturers = [
  org(12, 'Acme Tooling (Ohio)', 3, {
    name: 'Acme Tooling',
    state: ohio,
    hqRegion: { id: 70, name: 'North America' },
    consultingFirm: { id: 7, name: 'Lean Partners' },
    roadmapStatus: { id: 80, name: 'Current State', code: 'CurrentState' },
    benchmarkCreated: true,
  }),
  org(13, 'Bolt Works (Europe)', 3, { name: 'Bolt Works', hqRegion: { id: 71, name: 'Europe' } }),
];
const firms = [
  org(7, 'Lean Partners (Ohio)', 2, { name: 'Lean Partners', state: ohio }),
  org(8, 'Old Advisors', 2, { isActive: false }),
];

let calls: Call[];
let answers: Record<string, () => Answer>;

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  localStorage.clear();
  calls = [];
  const list = (rows: unknown[]) => ({ body: { data: rows, count: rows.length } });
  answers = {
    'admin/organization/search/bytype': () => {
      const type = calls.at(-1)?.body.type;
      return list(type === 3 ? manufacturers : type === 2 ? firms : []);
    },
    'admin/organization/delete': () => ({ body: { isSuccess: true, message: '' } }),
  };
  const recorded = Object.fromEntries(
    Object.keys(answers).map((path) => [
      path,
      (init?: RequestInit) => {
        calls.push({ path, body: JSON.parse(String(init?.body)) });
        return answers[path]!();
      },
    ]),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(fakeFetch({ 'admin/lookup/getall': () => ({ body: testLookups }), ...recorded })),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const searches = () => calls.filter((call) => call.path.startsWith('admin/organization/search'));
// A sortable header's text without its order mark.
const headers = () =>
  screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[▲▼↕]/g, ''));
const rowOf = (name: string) => screen.getByText(name, { selector: 'td, td > span' }).closest('tr')!;
const cellsOf = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function openList(path: string, user = admin, count = '2 items') {
  const view = renderApp({ path, user });
  await screen.findByText(count);
  return view;
}

describe('the organization list titles', () => {
  it.each([
    ['manufacturer', 'Manufacturers', 'Add Manufacturer'],
    ['manufacturer/unassigned', 'Manufacturers (Unassigned)', 'Add Manufacturer'],
    ['consultant', 'Consulting Firms', 'Add Consulting Firm'],
    ['admin', 'Organizations', 'Add Organization'],
  ])('/admin/organization/list/%s is titled %s, with %s', async (segment, title, add) => {
    renderApp({ path: `/admin/organization/list/${segment}`, user: admin });
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    const type = segment.split('/')[0];
    expect(screen.getByRole('link', { name: add }).getAttribute('href')).toBe(
      `/admin/organization/${type}/new`,
    );
  });

  it("titles visitors' organizations 'Visitor', without an add button", async () => {
    renderApp({ path: '/admin/organization/list/visitor', user: admin });
    await screen.findByRole('heading', { name: 'Visitor' });
    expect(screen.queryByRole('link', { name: /^Add / })).toBeNull();
  });

  it.each(['partner', 'manufacturer/assigned', 'consultant/unassigned'])(
    '/admin/organization/list/%s is not a page',
    async (segment) => {
      const { router } = renderApp({ path: `/admin/organization/list/${segment}`, user: admin });
      await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
      expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
      expect(searches()).toEqual([]);
    },
  );
});

describe('the organization search', () => {
  it('asks by type, with the unassigned flag, skip and take', async () => {
    await openList('/admin/organization/list/manufacturer/unassigned');
    expect(searches().at(-1)).toEqual({
      path: 'admin/organization/search/bytype',
      body: {
        query: '',
        skip: 0,
        take: 12,
        type: 3,
        unassigned: true,
        sort: { column: 'name', direction: 'asc' },
      },
    });
  });

  it('asks for consulting firms with their type and page', async () => {
    await openList('/admin/organization/list/consultant?page=2&q=lean');
    expect(searches()[0]!.body).toEqual({
      query: 'lean',
      skip: 12,
      take: 12,
      type: 2,
      unassigned: false,
      sort: { column: 'name', direction: 'asc' },
    });
  });

  it("says 'There are no matching items.' when nothing matches", async () => {
    renderApp({ path: '/admin/organization/list/admin', user: admin });
    expect(await screen.findByText('There are no matching items.')).toBeTruthy();
  });
});

describe('the organization list order', () => {
  it('sorts on the server by a header, keeps the order in the address, and on a phone by a select', async () => {
    const { router } = await openList('/admin/organization/list/manufacturer?page=2');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    expect(header('^Name').getAttribute('aria-sort')).toBe('ascending');
    // Business area and benchmark are not worth sorting by; they stay plain headers.
    expect(within(header('Business Area')).queryByRole('button')).toBeNull();
    fireEvent.click(within(header('Roadmap Status')).getByRole('button'));
    // A new order starts at page 1.
    await waitFor(() =>
      expect(searches().at(-1)?.body).toMatchObject({
        skip: 0,
        sort: { column: 'roadmapStatus', direction: 'asc' },
      }),
    );
    expect(router.state.location.search).toBe('?sort=roadmapStatus&dir=asc');
    await waitFor(() => expect(header('Roadmap Status').getAttribute('aria-sort')).toBe('ascending'));
    fireEvent.click(within(header('Roadmap Status')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=roadmapStatus&dir=desc'));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'consultingFirm:asc' } });
    await waitFor(() =>
      expect(searches().at(-1)?.body).toMatchObject({ sort: { column: 'consultingFirm', direction: 'asc' } }),
    );
  });

  it('opens in the order the address names', async () => {
    await openList('/admin/organization/list/consultant?sort=state&dir=desc');
    expect(searches()[0]!.body).toMatchObject({ sort: { column: 'state', direction: 'desc' } });
    expect(screen.getByRole('columnheader', { name: /HQ State/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });
});

describe('the manufacturer list', () => {
  it("shows an admin the consulting firm, roadmap status and benchmark, and each row's edit link", async () => {
    await openList('/admin/organization/list/manufacturer');
    expect(headers()).toEqual([
      'Edit',
      'Name',
      'HQ Region (State)',
      'Business Area',
      'Consulting Firm',
      'Roadmap Status',
      'Benchmark Created',
    ]);
    expect(cellsOf('Acme Tooling (Ohio)').slice(1)).toEqual([
      'Acme Tooling (Ohio)',
      'North America (Ohio)',
      'Discrete Manufacturing',
      'Lean Partners',
      'Current State',
      'Yes',
    ]);
    expect(cellsOf('Bolt Works (Europe)').slice(2)).toEqual(['Europe', 'Discrete Manufacturing', '', '', '']);
    const edit = screen.getByRole('link', { name: 'Edit Acme Tooling (Ohio)' });
    expect(edit.getAttribute('href')).toBe('/admin/organization/manufacturer/12');
  });

  it('lets an admin switch between all and unassigned manufacturers', async () => {
    await openList('/admin/organization/list/manufacturer');
    const menu = screen.getByRole('navigation', { name: 'Manufacturer lists' });
    expect(within(menu).getByRole('link', { name: 'View All' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(menu).getByRole('link', { name: 'View Unassigned' }));
    expect(await screen.findByRole('heading', { name: 'Manufacturers (Unassigned)' })).toBeTruthy();
    await waitFor(() => expect(searches().at(-1)?.body).toMatchObject({ type: 3, unassigned: true }));
  });

  it('shows a consultant their manufacturers without the admin columns or the menu', async () => {
    await openList('/admin/organization/list/manufacturer', consultant);
    expect(headers()).toEqual(['Edit', 'Name', 'HQ Region (State)', 'Business Area']);
    expect(screen.queryByRole('navigation', { name: 'Manufacturer lists' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add Manufacturer' })).toBeTruthy();
  });

  it('keeps consultants out of the other lists', async () => {
    const { router } = renderApp({ path: '/admin/organization/list/consultant', user: consultant });
    await waitFor(() => expect(router.state.location.pathname).toBe('/notpermitted'));
  });
});

describe('the consulting firm list', () => {
  it('shows the HQ State and a Deactivate button on active firms only; inactive firms are greyed', async () => {
    await openList('/admin/organization/list/consultant');
    expect(headers()).toEqual(['Edit', 'Name', 'HQ State', 'Business Area', 'Deactivate']);
    expect(cellsOf('Lean Partners (Ohio)')[2]).toBe('Ohio');
    expect(within(rowOf('Lean Partners (Ohio)')).getByRole('button', { name: /Deactivate/ })).toBeTruthy();
    expect(within(rowOf('Old Advisors')).queryByRole('button')).toBeNull();
    expect(rowOf('Old Advisors').className).toContain('smr-row-inactive');
    expect(cellsOf('Old Advisors')[1]).toBe('Old Advisors Inactive');
  });

  it('asks before deactivating, deactivates, tells so and reloads the list', async () => {
    await openList('/admin/organization/list/consultant');
    const before = searches().length;
    fireEvent.click(screen.getByRole('button', { name: "Deactivate 'Lean Partners (Ohio)'" }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        "You are about to deactivate 'Lean Partners'. This action cannot be undone. Are you sure?",
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Item was deactivated')).toBeTruthy();
    expect(calls.find((call) => call.path === 'admin/organization/delete')?.body).toEqual({ id: 7 });
    await waitFor(() => expect(searches().length).toBeGreaterThan(before));
  });

  it("shows a refused deactivation in the 'Deactivate Item Error' dialog", async () => {
    answers['admin/organization/delete'] = () => ({ body: { isSuccess: false, message: 'It has users.' } });
    await openList('/admin/organization/list/consultant');
    fireEvent.click(screen.getByRole('button', { name: "Deactivate 'Lean Partners (Ohio)'" }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Item Error' });
    expect(within(dialog).getByText('An error occurred deactivating this item: It has users.')).toBeTruthy();
  });
});
