// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// EntityForm through the section screens: the modes, read-only states and outcomes of docs/product.md#rules and docs/product.md#messages
// are the same for every entity.

type Answer = { status?: number; body: unknown };
const admin = buildUser('admin');
const section = (extra: Record<string, unknown> = {}) => ({
  id: 5,
  caption: 'Strategy',
  captionPrevious: 'Go Back',
  captionNext: 'Continue',
  code: 'strategy',
  displayOrder: 3,
  description: '<p>About strategy</p>',
  helpContent: null,
  helpContentVideo: null,
  isActive: true,
  questionCount: 4,
  ...extra,
});

let calls: { path: string; body: unknown }[];
let answers: Record<string, () => Answer>;

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  calls = [];
  answers = {
    'admin/section/getbyid': () => ({ body: section() }),
    'admin/section/copy': () => ({
      body: section({ id: null, caption: 'Strategy (Copy)', code: 'strategy-copy', questionCount: 0 }),
    }),
    'admin/section/init': () => ({
      body: section({
        id: null,
        caption: '',
        code: '',
        displayOrder: null,
        description: null,
        questionCount: 0,
      }),
    }),
    'admin/section/add': () => ({ body: { isSuccess: true, message: 'Item was saved.', data: { id: 42 } } }),
    'admin/section/update': () => ({
      body: { isSuccess: true, message: 'Item was saved.', data: { id: 5 } },
    }),
    'admin/section/delete': () => ({ body: { isSuccess: true, message: 'Item was deactivated' } }),
    'admin/section/search': () => ({ body: { data: [], count: 0 } }),
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

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const callsTo = (path: string) => calls.filter((c) => c.path === path);

async function open(path: string) {
  const view = renderApp({ path, user: admin });
  await screen.findByRole('heading', { name: 'Admin | Section' });
  await waitFor(() => expect(screen.queryByRole('status', { name: /loading/i })).toBeNull());
  return view;
}

/** Opens a saved item (view mode) and presses Edit, as a user does. */
async function openToEdit(path: string) {
  const view = await open(path);
  fireEvent.click(screen.getByRole('link', { name: 'Edit' }));
  await screen.findByRole('button', { name: 'Save' });
  return view;
}

async function openActions() {
  fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
  return screen.findAllByRole('button', { name: /item|Add Section/ });
}

const fieldsDisabled = () => input('Caption').closest('fieldset')?.disabled;

describe('view mode, then edit mode (/admin/section/{id} of an active item)', () => {
  it('shows a saved item as text in view mode and as a form only when editing', async () => {
    await open('/admin/section/5');
    const fields = () => input('Caption').closest('fieldset')!;
    // The read-only look (no boxes, no greying) hangs on this class; editing drops it.
    expect(fields().classList.contains('smr-read-only')).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Edit' }));
    await screen.findByRole('button', { name: 'Save' });
    expect(fields().classList.contains('smr-read-only')).toBe(false);
  });

  it('opens read-only with Edit; Edit, Save with update, and it is read-only again as reloaded', async () => {
    const { router } = await open('/admin/section/5');
    expect(input('Caption').value).toBe('Strategy');
    expect(input('Display Order').value).toBe('3');
    expect(input('Previous Button Caption').value).toBe('Go Back');
    expect(screen.getByText('Viewing')).toBeTruthy();
    expect(fieldsDisabled()).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/admin/section/list');

    fireEvent.click(screen.getByRole('link', { name: 'Edit' }));
    await screen.findByRole('button', { name: 'Save' });
    expect(router.state.location.search).toBe('?mode=edit');
    expect(screen.getByText('Editing')).toBeTruthy();
    expect(fieldsDisabled()).toBe(false);
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    // The item is not loaded again for editing.
    expect(callsTo('admin/section/getbyid')).toHaveLength(1);

    answers['admin/section/getbyid'] = () => ({ body: section({ caption: 'Strategy and Vision' }) });
    fireEvent.input(input('Caption'), { target: { value: 'Strategy and Vision' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item was saved.')).toBeTruthy();
    expect(callsTo('admin/section/add')).toHaveLength(0);
    expect(callsTo('admin/section/update')[0]?.body).toMatchObject({
      id: 5,
      caption: 'Strategy and Vision',
      code: 'strategy',
      displayOrder: 3,
      captionPrevious: 'Go Back',
    });
    await screen.findByRole('link', { name: 'Edit' });
    expect(router.state.location.pathname).toBe('/admin/section/5');
    expect(router.state.location.search).toBe('');
    expect(callsTo('admin/section/getbyid')).toHaveLength(2);
    expect(input('Caption').value).toBe('Strategy and Vision');
    expect(fieldsDisabled()).toBe(true);
  });

  it('Cancel in edit mode goes back to view mode and drops what was typed', async () => {
    const { router } = await openToEdit('/admin/section/5');
    fireEvent.input(input('Caption'), { target: { value: 'Something else' } });
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await screen.findByRole('link', { name: 'Edit' });
    expect(router.state.location.pathname).toBe('/admin/section/5');
    expect(router.state.location.search).toBe('');
    expect(input('Caption').value).toBe('Strategy');
    expect(fieldsDisabled()).toBe(true);
    expect(callsTo('admin/section/update')).toHaveLength(0);
    // Back still returns to the list the item was opened from.
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/admin/section/list');
  });

  it('opens in edit mode from its own address (?mode=edit), e.g. after a reload', async () => {
    await open('/admin/section/5?mode=edit');
    expect(fieldsDisabled()).toBe(false);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/admin/section/5');
  });

  it('validates before saving, with the texts of docs/product.md#rules-validation', async () => {
    await openToEdit('/admin/section/5');
    fireEvent.input(input('Caption'), { target: { value: '   ' } });
    fireEvent.input(input('Display Order'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    expect(callsTo('admin/section/update')).toHaveLength(0);
  });

  it('accepts digits only in the display order', async () => {
    await openToEdit('/admin/section/5');
    fireEvent.input(input('Display Order'), { target: { value: '1a2-3.' } });
    expect(input('Display Order').value).toBe('123');
  });

  it("shows a refused save in the 'Save Error' dialog", async () => {
    answers['admin/section/update'] = () => ({
      body: { isSuccess: false, message: 'A section with this code already exists.' },
    });
    await openToEdit('/admin/section/5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Error' });
    expect(within(dialog).getByText('A section with this code already exists.')).toBeTruthy();
  });

  it("tells when saving fails: 'An error occurred saving this item.'", async () => {
    answers['admin/section/update'] = () => ({ status: 500, body: { isSuccess: false, message: 'x' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openToEdit('/admin/section/5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An error occurred saving this item.')).toBeTruthy();
  });

  it('offers Add, Copy and Deactivate; deactivating asks, then returns to the list', async () => {
    const { router } = await open('/admin/section/5');
    const items = await openActions();
    expect(items.map((i) => i.textContent)).toEqual(['Add Section', 'Copy item', 'Deactivate item']);
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate item' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        "You are about to deactivate 'Strategy'. This action cannot be undone. Are you sure?",
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/section/list'));
    expect(callsTo('admin/section/delete')[0]?.body).toEqual({ id: 5 });
    expect(await screen.findByText('Item was deactivated')).toBeTruthy();
  });

  it('goes to the copy screen from the action menu', async () => {
    const { router } = await open('/admin/section/5');
    await openActions();
    fireEvent.click(screen.getByRole('button', { name: 'Copy item' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/section/copy/5'));
    await waitFor(() => expect(input('Caption').value).toBe('Strategy (Copy)'));
  });
});

describe('new mode', () => {
  it('starts from the blank item, suggests a code from the caption, and saves with add', async () => {
    const { router } = await open('/admin/section/new');
    expect(callsTo('admin/section/init')).toHaveLength(1);
    expect(screen.getByText('New item')).toBeTruthy();
    expect(input('Next Button Caption').value).toBe('Continue');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(3));

    fireEvent.input(input('Caption'), { target: { value: 'People & Skills' } });
    expect(input('Code').value).toBe('people-skills');
    fireEvent.input(input('Display Order'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/section/42'));
    expect(callsTo('admin/section/add')[0]?.body).toMatchObject({
      id: null,
      caption: 'People & Skills',
      code: 'people-skills',
      displayOrder: 7,
    });
    expect(await screen.findByText('Item was saved.')).toBeTruthy();
  });

  it('has no copy or deactivate action before the item exists', async () => {
    await open('/admin/section/new');
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
  });
});

describe('copy mode (/admin/section/copy/{parentId})', () => {
  it('starts from the server copy and saves with add', async () => {
    const { router } = await open('/admin/section/copy/5');
    expect(callsTo('admin/section/copy')[0]?.body).toEqual({ id: 5 });
    expect(input('Caption').value).toBe('Strategy (Copy)');
    expect(input('Code').value).toBe('strategy-copy');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/section/42'));
    expect(callsTo('admin/section/update')).toHaveLength(0);
    expect(callsTo('admin/section/add')[0]?.body).toMatchObject({ id: null, caption: 'Strategy (Copy)' });
  });

  it("tells when saving a copy fails: 'An error occurred copying this item.'", async () => {
    answers['admin/section/add'] = () => ({ status: 500, body: { isSuccess: false, message: 'x' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open('/admin/section/copy/5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An error occurred copying this item.')).toBeTruthy();
  });
});

describe('read-only states', () => {
  it('an inactive item is read-only with a Back button and cannot be deactivated again', async () => {
    answers['admin/section/getbyid'] = () => ({ body: section({ isActive: false }) });
    // Not even through the edit address.
    await open('/admin/section/5?mode=edit');
    expect(input('Caption').closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByText(/This item is deactivated/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/admin/section/list');
    const items = await openActions();
    expect(items.map((i) => i.textContent)).toEqual(['Add Section', 'Copy item']);
  });
});

describe('load failures (docs/product.md#messages)', () => {
  it('a missing item goes to /404 with its text', async () => {
    answers['admin/section/getbyid'] = () => ({
      status: 404,
      body: { isSuccess: false, message: 'This item was not found.', statusCode: 404 },
    });
    const { router } = renderApp({ path: '/admin/section/999', user: admin });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(
      await screen.findByText('An error occurred retrieving this item. This item was not found.'),
    ).toBeTruthy();
  });

  it("a refused item goes back with 'You are not permitted to edit items.'", async () => {
    answers['admin/section/getbyid'] = () => ({
      status: 403,
      body: { isSuccess: false, message: 'no', statusCode: 403 },
    });
    const { router } = renderApp({ path: '/admin/section/5', user: admin });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('You are not permitted to edit items.')).toBeTruthy();
  });

  it("a failed blank item says 'An error occurred retrieving the blank item.'", async () => {
    answers['admin/section/init'] = () => ({ status: 500, body: { isSuccess: false, message: 'x' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp({ path: '/admin/section/new', user: admin });
    expect(await screen.findByText('An error occurred retrieving the blank item.')).toBeTruthy();
  });

  it('an id that is not a number is not a page', async () => {
    const { router } = renderApp({ path: '/admin/section/abc', user: admin });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
