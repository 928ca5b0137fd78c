// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LookupAdminRow } from './lookupAdminApi';

type Answer = { status?: number; body: unknown };
const admin = buildUser('admin');
const types = [
  { enumValue: 2, name: 'Industry' },
  { enumValue: 3, name: 'Functional Role' },
  { enumValue: 14, name: 'State' },
];
const row = (
  id: number,
  name: string,
  type: number,
  extra: Partial<LookupAdminRow> = {},
): LookupAdminRow => ({
  id,
  name,
  code: name.toLowerCase(),
  lookupType: types.find((t) => t.enumValue === type)!,
  displayOrder: id,
  enumValue: null,
  organizationType: null,
  isActive: true,
  isSystem: false,
  ...extra,
});
const rows = [
  row(1, 'Aerospace', 2),
  row(2, 'Automotive', 2),
  row(3, 'Engineering', 3),
  row(4, 'Quality', 3, { isActive: false }),
  row(5, 'Ohio', 14, { isSystem: true }),
];

let calls: { path: string; body: unknown }[];
let answers: Record<string, () => Answer>;

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  calls = [];
  answers = {
    'admin/lookup/search': () => ({ body: { data: rows, count: rows.length } }),
    'admin/lookup/delete': () => ({ body: { isSuccess: true, message: 'Item was deleted' } }),
    'admin/lookup/types/all': () => ({ body: types }),
    'admin/lookup/getbyid': () => ({ body: rows[2] }),
    'admin/lookup/init': () => ({
      body: { ...rows[0], id: null, name: '', code: null, lookupType: null, displayOrder: null },
    }),
    'admin/lookup/add': () => ({ body: { isSuccess: true, message: 'Item was saved.', data: { id: 9 } } }),
    'admin/lookup/update': () => ({ body: { isSuccess: true, message: 'Item was saved.', data: { id: 3 } } }),
  };
  const routes = Object.fromEntries(
    Object.keys(answers).map((path) => [
      path,
      (init?: RequestInit) => {
        calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return answers[path]!();
      },
    ]),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(fakeFetch({ 'admin/lookup/getall': () => ({ body: testLookups }), ...routes })),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;
const sent = (path: string) => calls.filter((c) => c.path === path).at(-1)?.body;

describe('the lookup list', () => {
  async function openList() {
    renderApp({ path: '/admin/lookup/list', user: admin });
    await screen.findByRole('heading', { name: 'Admin | Lookup Items' });
    await screen.findByText('5 items');
  }

  it('has the columns Type, Name, Display Order and Delete', async () => {
    await openList();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Type',
      'Name',
      'Display Order',
      'Delete',
    ]);
  });

  it('filters by lookup type on the server, keeps the type in the address and starts at page 1', async () => {
    const { router } = renderApp({ path: '/admin/lookup/list?page=2', user: admin });
    await screen.findByText('5 items');
    const select = screen.getByLabelText('Type') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(4));
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'All types',
      'Industry',
      'Functional Role',
      'State',
    ]);
    answers['admin/lookup/search'] = () => ({ body: { data: rows.slice(2, 4), count: 2 } });
    fireEvent.change(select, { target: { value: '3' } });
    await waitFor(() =>
      expect(sent('admin/lookup/search')).toEqual({ query: '', skip: 0, take: 12, lookupType: 3 }),
    );
    expect(await screen.findByText('2 items')).toBeTruthy();
    expect(router.state.location.search).toBe('?type=3');

    // Nothing of the type: the next step is to look at every type.
    answers['admin/lookup/search'] = () => ({ body: { data: [], count: 0 } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '14' } });
    expect(await screen.findByText('There are no matching lookup items.')).toBeTruthy();
    expect(screen.getByText('Choose All types to see the items of every type.')).toBeTruthy();

    answers['admin/lookup/search'] = () => ({ body: { data: rows, count: rows.length } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '' } });
    await waitFor(() => expect(sent('admin/lookup/search')).toEqual({ query: '', skip: 0, take: 12 }));
    expect(router.state.location.search).toBe('');
  });

  it('shades rows alternately per lookup type', async () => {
    await openList();
    const shade = (name: string) => (rowOf(name).className.match(/smr-row-group-(\w+)/) ?? [])[1];
    expect(shade('Aerospace')).toBe(shade('Automotive'));
    expect(shade('Engineering')).not.toBe(shade('Aerospace'));
    expect(shade('Quality')).toBe(shade('Engineering'));
    expect(shade('Ohio')).toBe(shade('Aerospace'));
  });

  it('offers no delete for items the program relies on or already deleted', async () => {
    await openList();
    expect(within(rowOf('Ohio')).queryByRole('button')).toBeNull();
    expect(within(rowOf('Ohio')).getByText('System')).toBeTruthy();
    expect(within(rowOf('Quality')).queryByRole('button')).toBeNull();
  });

  it('asks before deleting, in the words of docs/product.md#messages', async () => {
    await openList();
    fireEvent.click(screen.getByRole('button', { name: "Delete 'Automotive'" }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        "You are about to delete 'Automotive'. This action cannot be undone. Are you sure?",
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Item was deleted')).toBeTruthy();
    expect(sent('admin/lookup/delete')).toEqual({ id: 2 });
  });

  it("shows a refused delete in the 'Delete Item Error' dialog", async () => {
    answers['admin/lookup/delete'] = () => ({ body: { isSuccess: false, message: 'It is in use.' } });
    await openList();
    fireEvent.click(screen.getByRole('button', { name: "Delete 'Automotive'" }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Item Error' });
    expect(within(dialog).getByText('An error occurred deleting this item: It is in use.')).toBeTruthy();
  });

  it("says 'There are no matching lookup items.' when nothing matches", async () => {
    answers['admin/lookup/search'] = () => ({ body: { data: [], count: 0 } });
    renderApp({ path: '/admin/lookup/list', user: admin });
    expect(await screen.findByText('There are no matching lookup items.')).toBeTruthy();
  });
});

describe('the lookup form', () => {
  it('starts blank with the placeholders of docs/product.md and requires a type and a name', async () => {
    renderApp({ path: '/admin/lookup/new', user: admin });
    await screen.findByRole('heading', { name: 'Admin | Lookup Item' });
    const type = (await screen.findByLabelText('Lookup Type')) as HTMLSelectElement;
    expect(type.selectedOptions[0]?.textContent).toBe('--Select One--');
    expect(screen.getByLabelText('Name').getAttribute('placeholder')).toBe('Enter unique name');
    expect(screen.getByLabelText('Display Order').getAttribute('placeholder')).toBe('Enter numeric value');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    expect(sent('admin/lookup/add')).toBeUndefined();
  });

  it("saves a new item with add and goes to the list with 'Lookup item was saved.'", async () => {
    const { router } = renderApp({ path: '/admin/lookup/new', user: admin });
    await within(await screen.findByLabelText('Lookup Type')).findByRole('option', { name: 'Industry' });
    fireEvent.change(screen.getByLabelText('Lookup Type'), { target: { value: '2' } });
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Shipbuilding' } });
    fireEvent.input(screen.getByLabelText('Display Order'), { target: { value: '4a0' } });
    expect((screen.getByLabelText('Display Order') as HTMLInputElement).value).toBe('40');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/lookup/list'));
    expect(sent('admin/lookup/add')).toMatchObject({
      id: null,
      name: 'Shipbuilding',
      lookupType: { enumValue: 2 },
      displayOrder: 40,
    });
    expect(await screen.findByText('Lookup item was saved.')).toBeTruthy();
  });

  it('opens read-only; Edit, then Save with update; the action menu offers Add Lookup Item, Copy item and Delete item', async () => {
    const { router } = renderApp({ path: '/admin/lookup/3', user: admin });
    await waitFor(() =>
      expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Engineering'),
    );
    await waitFor(() => expect((screen.getByLabelText('Lookup Type') as HTMLSelectElement).value).toBe('3'));
    expect(screen.getByLabelText('Name').closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    const menu = await screen.findByRole('button', { name: 'Add Lookup Item' });
    expect(
      Array.from(menu.parentElement!.querySelectorAll('.dropdown-item')).map((item) => item.textContent),
    ).toEqual(['Add Lookup Item', 'Copy item', 'Delete item']);

    fireEvent.click(screen.getByRole('link', { name: 'Edit' }));
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.getByLabelText('Name').closest('fieldset')?.disabled).toBe(false);
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Engineering & Design' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent('admin/lookup/update')).toMatchObject({
        id: 3,
        name: 'Engineering & Design',
        code: 'engineering',
      }),
    );
    // docs/product.md#screens: saving a lookup goes to the lookup list.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/lookup/list'));
    expect(await screen.findByText('Lookup item was saved.')).toBeTruthy();
  });

  it('keeps the type of an item the program relies on, and offers no delete', async () => {
    answers['admin/lookup/getbyid'] = () => ({ body: rows[4] });
    renderApp({ path: '/admin/lookup/5', user: admin });
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ohio'));
    expect((screen.getByLabelText('Lookup Type') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await screen.findByRole('button', { name: 'Copy item' });
    expect(screen.queryByRole('button', { name: 'Delete item' })).toBeNull();
  });

  it('is read-only with a Back button when the item is inactive', async () => {
    answers['admin/lookup/getbyid'] = () => ({ body: rows[3] });
    renderApp({ path: '/admin/lookup/4', user: admin });
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Quality'));
    expect(screen.getByLabelText('Name').closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('says which lookup item was not found, and goes to /404', async () => {
    answers['admin/lookup/getbyid'] = () => ({ status: 404, body: { isSuccess: false, message: 'x' } });
    const { router } = renderApp({ path: '/admin/lookup/77', user: admin });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(
      await screen.findByText(
        'An error occurred retrieving this lookup item. This lookup item was not found.',
      ),
    ).toBeTruthy();
  });

  it('says when the lookup types cannot be retrieved', async () => {
    answers['admin/lookup/types/all'] = () => ({ status: 403, body: { isSuccess: false, message: 'x' } });
    renderApp({ path: '/admin/lookup/new', user: admin });
    expect(
      await screen.findByText(
        'An error occurred retrieving lookup types. You are not permitted to fetch lookup types.',
      ),
    ).toBeTruthy();
  });
});
