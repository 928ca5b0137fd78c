// @vitest-environment jsdom

import type { AuditEntryView } from '@domain/schemas/auditView';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detailsText, itemText } from './auditColumns';

type Call = { path: string; body: Record<string, unknown> };

const entry = (id: number, extra: Partial<AuditEntryView> = {}): AuditEntryView => ({
  id,
  at: '2024-03-05T14:07:00',
  actor: { id: 1, userName: 'admin', fullName: 'System Administrator' },
  action: 'deactivate',
  entity: 'organization',
  entityId: 42,
  details: null,
  ...extra,
});

let calls: Call[];
let rows: AuditEntryView[];
let count: number;

beforeEach(() => {
  localStorage.clear();
  calls = [];
  rows = [
    entry(2, { action: 'user-updated', entity: 'user', entityId: 7, details: { deactivated: true } }),
    entry(1, { actor: null, action: 'signed-up', entity: 'user', entityId: 8 }),
  ];
  count = 2;
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\//, '');
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : {} });
      const body =
        path === 'admin/lookup/getall'
          ? testLookups
          : path === 'admin/audit/search'
            ? { data: rows, count }
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

const searches = () => calls.filter((c) => c.path === 'admin/audit/search').map((c) => c.body);

describe('the audit trail', () => {
  it('lists who did what to which item and when, newest first as the server sends them', async () => {
    renderApp({ path: '/admin/audit/list', user: buildUser('admin') });
    await screen.findByText('2 items', undefined, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeTruthy();
    expect(document.title).toContain('Audit Trail');
    // A sortable header's text without its order mark.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'When',
      'Who',
      'Action',
      'Item',
      'Details',
    ]);
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '3/05/2024 2:07 PM',
      'System Administratoradmin',
      'user-updated',
      'user 7',
      'deactivated: true',
    ]);
    expect(within(second!).getAllByRole('cell')[1]!.textContent).toBe('System');
    expect(searches()).toEqual([{ query: '', skip: 0, take: 12 }]);
  });

  it('searches on the server and pages', async () => {
    count = 30;
    renderApp({ path: '/admin/audit/list', user: buildUser('admin') });
    await screen.findByText('30 items', undefined, { timeout: 5000 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search audit entries' }), {
      target: { value: ' deactivate ' },
    });
    await waitFor(() => expect(searches().at(-1)).toEqual({ query: 'deactivate', skip: 0, take: 12 }));
    fireEvent.click(screen.getAllByRole('button', { name: /page 2/i })[0]!);
    await waitFor(() => expect(searches().at(-1)).toEqual({ query: 'deactivate', skip: 12, take: 12 }));
  });

  it('sorts on the server by a header, keeps the order in the address, and on a phone by a select', async () => {
    const { router } = renderApp({ path: '/admin/audit/list?page=2', user: buildUser('admin') });
    await screen.findByText('2 items', undefined, { timeout: 5000 });
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    // No order in the address: the server's own, newest first, which the When header says.
    expect(searches()[0]).not.toHaveProperty('sort');
    expect(header('When').getAttribute('aria-sort')).toBe('descending');
    expect(within(header('Details')).queryByRole('button')).toBeNull();
    fireEvent.click(within(header('Who')).getByRole('button'));
    await waitFor(() =>
      expect(searches().at(-1)).toMatchObject({ skip: 0, sort: { column: 'actor', direction: 'asc' } }),
    );
    expect(router.state.location.search).toBe('?sort=actor&dir=asc');
    await waitFor(() => expect(header('Who').getAttribute('aria-sort')).toBe('ascending'));
    fireEvent.click(within(header('When')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=at&dir=desc'));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'action:asc' } });
    await waitFor(() =>
      expect(searches().at(-1)).toMatchObject({ sort: { column: 'action', direction: 'asc' } }),
    );
  });

  it('says so when nothing matches', async () => {
    rows = [];
    count = 0;
    renderApp({ path: '/admin/audit/list', user: buildUser('admin') });
    expect(await screen.findByText('No audit entries yet.', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('is not for consultants', async () => {
    renderApp({ path: '/admin/audit/list', user: buildUser('consultant') });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Audit Trail' })).toBeNull());
    expect(searches()).toEqual([]);
  });

  it('writes items and details plainly', () => {
    expect(itemText({ entity: 'section', entityId: null })).toBe('section');
    expect(detailsText({ organizationId: 5, reason: 'reset' })).toBe('organizationId: 5, reason: reset');
    expect(detailsText('text')).toBe('"text"');
    expect(detailsText(null)).toBe('');
  });
});
