// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFERENCES_STORAGE_KEY } from '../pager/preferences';

type Answer = { status?: number; body: unknown };
type Search = { query: string; skip: number; take: number };

const admin = buildUser('admin');
const section = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  caption: `Section ${id}`,
  captionPrevious: 'Go Back',
  captionNext: 'Continue',
  code: `section-${id}`,
  displayOrder: id,
  description: null,
  helpContent: null,
  helpContentVideo: null,
  isActive: true,
  questionCount: 2,
  ...extra,
});

let sections: ReturnType<typeof section>[];
let searches: Search[];
let searchAnswer: (search: Search) => Answer;
let deleteAnswer: () => Answer;
let deleted: number[];

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  localStorage.clear();
  sections = [section(1), section(2), section(3, { isActive: false })];
  searches = [];
  deleted = [];
  searchAnswer = (search) => {
    const matching = sections.filter((s) => s.caption.toLowerCase().includes(search.query.toLowerCase()));
    return { body: { data: matching.slice(search.skip, search.skip + search.take), count: matching.length } };
  };
  deleteAnswer = () => ({ body: { isSuccess: true, message: 'Item was deactivated' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: testLookups }),
        'admin/section/search': (init) => {
          const search = JSON.parse(String(init?.body)) as Search;
          searches.push(search);
          return searchAnswer(search);
        },
        'admin/section/getbyid': (init) => {
          const { id } = JSON.parse(String(init?.body)) as { id: number };
          const found = sections.find((s) => s.id === id);
          return found ? { body: found } : { status: 404, body: { message: 'Not found.' } };
        },
        'admin/section/delete': (init) => {
          deleted.push(JSON.parse(String(init?.body)).id);
          return deleteAnswer();
        },
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

async function openList(path = '/admin/section/list') {
  const view = renderApp({ path, user: admin });
  await screen.findByRole('heading', { name: 'Admin | Section Items' });
  return view;
}

describe('a list page', () => {
  it('shows the rows, the count, the add button and greys inactive rows', async () => {
    await openList();
    expect(await screen.findByText('3 items')).toBeTruthy();
    expect(document.title).toContain('Admin | Section Items');
    const link = screen.getByRole('link', { name: 'Section 2' });
    expect(link.getAttribute('href')).toBe('/admin/section/2');
    expect(screen.getByRole('link', { name: 'Add Section' }).getAttribute('href')).toBe('/admin/section/new');
    const inactiveRow = screen.getByRole('link', { name: 'Section 3' }).closest('tr')!;
    expect(inactiveRow.className).toContain('smr-row-inactive');
    expect(within(inactiveRow).getByText('Inactive')).toBeTruthy();
    expect(within(inactiveRow).queryByRole('button')).toBeNull();
    expect(searches[0]).toEqual({ query: '', skip: 0, take: 12 });
  });

  it("says '1 item' for one", async () => {
    sections = [section(7)];
    await openList();
    expect(await screen.findByText('1 item')).toBeTruthy();
  });

  it('searches on the server once typing pauses, and starts again at page 1', async () => {
    sections = Array.from({ length: 30 }, (_, i) => section(i + 1));
    const { router } = await openList('/admin/section/list?page=2');
    await screen.findByText('30 items');
    expect(searches.at(-1)).toEqual({ query: '', skip: 12, take: 12 });
    const box = screen.getByRole('searchbox', { name: 'Search sections' });
    fireEvent.change(box, { target: { value: 'S' } });
    fireEvent.change(box, { target: { value: 'Se' } });
    fireEvent.change(box, { target: { value: 'Section 2' } });
    // Nothing is sent while typing goes on.
    expect(searches.some((s) => s.query !== '')).toBe(false);
    await waitFor(() => expect(searches.at(-1)).toEqual({ query: 'Section 2', skip: 0, take: 12 }));
    expect(searches.filter((s) => s.query !== '')).toHaveLength(1);
    expect(router.state.location.search).toBe('?q=Section+2');
    expect(await screen.findByText('11 items')).toBeTruthy();
  });

  it('keeps the page of a row followed before typing paused, and sends no search for the text', async () => {
    const { router } = await openList();
    await screen.findByText('3 items');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search sections' }), {
      target: { value: 'Section 2' },
    });
    // A row shown before the filter applied is followed at once: that is where the person goes.
    fireEvent.click(screen.getByRole('link', { name: 'Section 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/section/1'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(router.state.location.pathname).toBe('/admin/section/1');
    expect(searches.some((search) => search.query !== '')).toBe(false);
  });

  it('shows the empty text', async () => {
    sections = [];
    await openList();
    expect(await screen.findByText('There are no matching items.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    // The quoted text stays as written; the next line says what to do next.
    expect(
      screen.getByText('Add a section with Add Section, then add its questions from Question Items.'),
    ).toBeTruthy();
  });

  it('offers to clear a search that matches nothing, and shows every row again', async () => {
    const { router } = await openList('/admin/section/list?q=zzz');
    expect(await screen.findByText('There are no matching items.')).toBeTruthy();
    expect(screen.getByText(/Nothing matches 'zzz'/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByText('3 items')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect((screen.getByRole('searchbox', { name: 'Search sections' }) as HTMLInputElement).value).toBe('');
  });

  it("shows the quoted title as the first-level heading and the list's name in plain words", async () => {
    await openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin | Section Items' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Sections' })).toBeTruthy();
  });

  it('tells when the list cannot be retrieved', async () => {
    searchAnswer = () => ({ status: 500, body: { isSuccess: false, message: 'boom', statusCode: 500 } });
    await openList();
    expect(await screen.findByText('An error occurred retrieving these items.')).toBeTruthy();
    // Once, in the list: not again as a page alert.
    expect(screen.getAllByText('An error occurred retrieving these items.')).toHaveLength(1);
  });

  it('asks before deactivating, deactivates, and reloads the list', async () => {
    await openList();
    fireEvent.click(await screen.findByRole('button', { name: "Deactivate 'Section 2'" }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        "You are about to deactivate 'Section 2'. This action cannot be undone. Are you sure?",
      ),
    ).toBeTruthy();
    sections[1] = section(2, { isActive: false });
    const before = searches.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Item was deactivated')).toBeTruthy();
    expect(deleted).toEqual([2]);
    await waitFor(() => expect(searches.length).toBeGreaterThan(before));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Section 2' }).closest('tr')!.className).toContain(
        'smr-row-inactive',
      ),
    );
  });

  it('does nothing when the confirmation is cancelled', async () => {
    await openList();
    fireEvent.click(await screen.findByRole('button', { name: "Deactivate 'Section 1'" }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([]);
  });

  it('shows a refused deactivation in the Deactivate Item Error dialog', async () => {
    deleteAnswer = () => ({ body: { isSuccess: false, message: 'It is in use.' } });
    await openList();
    fireEvent.click(await screen.findByRole('button', { name: "Deactivate 'Section 1'" }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Item Error' });
    expect(within(dialog).getByText('An error occurred deactivating this item: It is in use.')).toBeTruthy();
  });
});

describe('the pager of a list page', () => {
  beforeEach(() => {
    sections = Array.from({ length: 30 }, (_, i) => section(i + 1));
  });

  it('pages with skip and take, and remembers a new page size per list, back on page 1', async () => {
    const { router } = await openList();
    await screen.findByText('30 items');
    const pages = screen.getByRole('navigation', { name: 'Sections pages' });
    expect(
      within(pages)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(searches.at(-1)).toEqual({ query: '', skip: 24, take: 12 }));
    expect(await screen.findByRole('link', { name: 'Section 30' })).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');

    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '24' } });
    await waitFor(() => expect(searches.at(-1)).toEqual({ query: '', skip: 0, take: 24 }));
    // Back on page 1, with the size in the address so a reload or a shared link keeps it.
    expect(router.state.location.search).toBe('?size=24');
    expect(JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '{}')).toEqual({
      pageSizes: { sections: 24 },
    });
  });

  it('opens with the page size the address names, over the remembered one', async () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ pageSizes: { sections: 48 } }));
    sections = Array.from({ length: 30 }, (_, i) => section(i + 1));
    await openList('/admin/section/list?size=24&page=2');
    await screen.findByText('30 items');
    await waitFor(() => expect(searches.at(-1)).toEqual({ query: '', skip: 24, take: 24 }));
    expect((screen.getByLabelText('Per page') as HTMLSelectElement).value).toBe('24');
  });

  it('starts with the remembered page size', async () => {
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ pageSizes: { sections: 48 } }));
    await openList();
    await screen.findByText('30 items');
    expect(searches[0]).toEqual({ query: '', skip: 0, take: 48 });
    // Everything fits: no page numbers, but the size can still be changed back.
    expect(screen.queryByRole('navigation', { name: 'Sections pages' })).toBeNull();
    expect((screen.getByLabelText('Per page') as HTMLSelectElement).value).toBe('48');
  });

  it('adds first, previous, next and last controls beyond 10 pages, and an ellipsis beyond 16', async () => {
    sections = Array.from({ length: 12 * 20 }, (_, i) => section(i + 1));
    await openList();
    await screen.findByText('240 items');
    const pages = screen.getByRole('navigation', { name: 'Sections pages' });
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(within(pages).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(pages).getByText('…')).toBeTruthy();
    fireEvent.click(within(pages).getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(searches.at(-1)).toEqual({ query: '', skip: 228, take: 12 }));
    expect((within(pages).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
