// @vitest-environment jsdom

import { UserGroup, UserStatus } from '@domain/codes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin, consultant, fakeUserApi, person, stubObjectUrls } from './userTestApi';

const ann = person(11, 'Ann Lee', {
  certificateNumber: 'C-77',
  lastCertificationDate: '2024-02-01',
  isSuspended: true,
  lastLogin: '2024-06-07T15:04:00',
});
const bob = person(12, 'Bob Ray', {
  isActive: false,
  status: { enumValue: UserStatus.Pending, name: 'Pending' },
});

let api: ReturnType<typeof fakeUserApi>;
let rows: unknown[];

beforeEach(() => {
  localStorage.clear();
  rows = [ann, bob];
  const list = () => ({ body: { data: rows, count: rows.length } });
  api = fakeUserApi({
    'admin/user/search': list,
    'admin/user/search/pending': list,
    'admin/user/search/approved': list,
    'admin/user/search/visitor': list,
    'admin/user/search/bygroup': list,
    'admin/user/search/inactive': list,
    'admin/user/search/suspended': list,
    'admin/user/consultant/expiredcertification': list,
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const searches = () => api.calls.filter((c) => /^admin\/user\/(search|consultant)/.test(c.path));
// A sortable header's text without its order mark.
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
const rowOf = (name: string) => screen.getByText(name, { selector: 'td' }).closest('tr')!;
const cellsOf = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function openList(path: string, user = admin) {
  const view = renderApp({ path, user });
  await screen.findByText(`${rows.length} item${rows.length === 1 ? '' : 's'}`, undefined, { timeout: 5000 });
  return view;
}

describe('the user list titles and searches', () => {
  it.each([
    ['/admin/user/list', 'Admin | Users', 'admin/user/search', {}],
    ['/admin/user/list/pending', 'Admin | Users | Pending', 'admin/user/search/pending', {}],
    ['/admin/user/list/visitor', 'Admin | Users | Visitor', 'admin/user/search/visitor', {}],
    [
      '/admin/user/list/consultant/all',
      'Admin | Consultants | All',
      'admin/user/search/bygroup',
      { userGroup: 2 },
    ],
    [
      '/admin/user/list/consultant/expired',
      'Admin | Consultants | Expired Certifications',
      'admin/user/consultant/expiredcertification',
      {},
    ],
    [
      '/admin/user/list/manufacturer/inactive',
      'Admin | Manufacturers | Inactive',
      'admin/user/search/inactive',
      { userGroup: 4 },
    ],
    [
      '/admin/user/list/manufacturer-champion/suspended',
      'Admin | Manufacturer Champions | Suspended',
      'admin/user/search/suspended',
      { userGroup: 3 },
    ],
  ])('%s is titled %s and searches %s', async (path, title, call, filter) => {
    await openList(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(document.title).toContain(title);
    expect(searches()).toEqual([
      {
        path: call,
        body: { query: '', skip: 0, take: 12, sort: { column: 'fullName', direction: 'asc' }, ...filter },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Add User' }).getAttribute('href')).toBe('/admin/user/new');
  });

  it.each([
    '/admin/user/list/retired',
    '/admin/user/list/partner/all',
    '/admin/user/list/consultant/lapsed',
    '/admin/user/list/manufacturer/expired',
  ])('%s is Page Not Found', async (path) => {
    const { router } = renderApp({ path, user: admin });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(searches()).toEqual([]);
  });

  it("says 'There are no users.' when nothing matches", async () => {
    rows = [];
    renderApp({ path: '/admin/user/list/approved', user: admin });
    expect(await screen.findByText('There are no users.', undefined, { timeout: 5000 })).toBeTruthy();
  });
});

describe('the user list order', () => {
  it('sorts on the server by a header, keeps the order in the address, and on a phone by a select', async () => {
    const { router } = await openList('/admin/user/list?page=2');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    expect(header('Full Name').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header('Created')).getByRole('button'));
    // A date starts newest first; a new order starts at page 1.
    await waitFor(() =>
      expect(searches().at(-1)?.body).toMatchObject({
        skip: 0,
        sort: { column: 'createdDateTime', direction: 'desc' },
      }),
    );
    expect(router.state.location.search).toBe('?sort=createdDateTime&dir=desc');
    await waitFor(() => expect(header('Created').getAttribute('aria-sort')).toBe('descending'));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'organization:asc' } });
    await waitFor(() =>
      expect(searches().at(-1)?.body).toMatchObject({ sort: { column: 'organization', direction: 'asc' } }),
    );
  });
});

describe('the user list rows', () => {
  it("shows an admin every column, greys inactive people and links each row to the person's page", async () => {
    await openList('/admin/user/list');
    expect(headers()).toEqual([
      'View',
      'Full Name',
      'User Name',
      'Email',
      'Organization',
      'Group',
      'Status',
      'Created',
      'Certificate Number',
      'Last Certification Date',
      'Suspended',
      'Last Login',
    ]);
    expect(cellsOf('Ann Lee').slice(1)).toEqual([
      'Ann Lee',
      'ann.lee',
      'ann.lee@example.com',
      'Acme Precision Parts',
      'Manufacturer',
      'Approved',
      '3/5/2024',
      'C-77',
      '2/1/2024',
      'Suspended',
      '6/07/2024 3:04 PM',
    ]);
    expect(rowOf('Bob Ray').className).toContain('smr-row-inactive');
    // Statuses read as badges with their words: the status, and Inactive beside it.
    expect(within(rowOf('Bob Ray')).getByText('Pending').className).toContain('badge');
    expect(within(rowOf('Bob Ray')).getByText('Inactive').className).toContain('badge');
    expect(screen.getByRole('link', { name: 'View Ann Lee' }).getAttribute('href')).toBe('/admin/user/11');
  });

  it('shows a consultant no certification, suspension or last-login columns and no CSV', async () => {
    await openList('/admin/user/list', consultant);
    expect(headers()).toEqual([
      'View',
      'Full Name',
      'User Name',
      'Email',
      'Organization',
      'Group',
      'Status',
      'Created',
    ]);
    expect(screen.queryByText('C-77')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it("never shows the signed-in user's own row", async () => {
    rows = [ann, person(admin.id, 'Me Myself'), bob];
    renderApp({ path: '/admin/user/list', user: admin });
    expect(await screen.findByText('2 items', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Me Myself')).toBeNull();
    expect(rowOf('Ann Lee')).toBeTruthy();
  });
});

describe('the group lists', () => {
  it('switch between all, expired certifications, inactive and suspended from a menu', async () => {
    await openList('/admin/user/list/consultant/all');
    fireEvent.click(screen.getByRole('button', { name: 'Consultants lists: All' }));
    const items = screen.getAllByRole('link', { name: /^(All|Expired Certifications|Inactive|Suspended)$/ });
    expect(items.map((item) => item.textContent)).toEqual([
      'All',
      'Expired Certifications',
      'Inactive',
      'Suspended',
    ]);
    expect(items[0]!.getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('link', { name: 'Expired Certifications' }));
    expect(
      await screen.findByRole('heading', { name: 'Admin | Consultants | Expired Certifications' }),
    ).toBeTruthy();
    await waitFor(() => expect(searches().at(-1)?.path).toBe('admin/user/consultant/expiredcertification'));
  });

  it('offer no expired certifications outside the consultants', async () => {
    await openList('/admin/user/list/visitor/all');
    fireEvent.click(screen.getByRole('button', { name: 'Visitors lists: All' }));
    expect(screen.queryByRole('link', { name: 'Expired Certifications' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Suspended' }).getAttribute('href')).toBe(
      '/admin/user/list/visitor/suspended',
    );
  });
});

describe('Download CSV', () => {
  it.each([
    ['/admin/user/list/consultant/all', 'admin/user/download/bygroup', { userGroup: UserGroup.Consultant }],
    ['/admin/user/list/consultant/expired', 'admin/user/download/consultant/expiredcertification', {}],
    ['/admin/user/list/visitor/inactive', 'admin/user/download/inactive', { userGroup: UserGroup.Visitor }],
    ['/admin/user/list/admin/suspended', 'admin/user/download/suspended', { userGroup: UserGroup.Admin }],
    ['/admin/user/list', 'admin/user/download/all', {}],
  ])(
    'on %s calls %s with the search and no paging, and saves the file by its name',
    async (path, call, filter) => {
      const files = stubObjectUrls();
      api = fakeUserApi({
        'admin/user/search': () => ({ body: { data: rows, count: 2 } }),
        'admin/user/search/bygroup': () => ({ body: { data: rows, count: 2 } }),
        'admin/user/search/inactive': () => ({ body: { data: rows, count: 2 } }),
        'admin/user/search/suspended': () => ({ body: { data: rows, count: 2 } }),
        'admin/user/consultant/expiredcertification': () => ({ body: { data: rows, count: 2 } }),
        [call]: () => ({
          body: 'Full Name\r\nAnn Lee\r\n',
          headers: { 'content-disposition': 'attachment; filename="SM-Roadmap-Users-2024-06-07.csv"' },
        }),
      });
      await openList(`${path}?q=lee`);
      fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(files.savedNames).toEqual(['SM-Roadmap-Users-2024-06-07.csv']));
      expect(api.sent(call)).toEqual({ query: 'lee', skip: null, take: null, ...filter });
    },
  );

  it('says so when the file cannot be made', async () => {
    stubObjectUrls();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api = fakeUserApi({
      'admin/user/search/bygroup': () => ({ body: { data: rows, count: 2 } }),
      'admin/user/download/bygroup': () => ({ status: 500, body: { isSuccess: false, message: 'boom' } }),
    });
    await openList('/admin/user/list/manufacturer/all');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(
      await screen.findByText(
        'An error occurred downloading the report. Please contact the system administrator.',
      ),
    ).toBeTruthy();
  });
});
