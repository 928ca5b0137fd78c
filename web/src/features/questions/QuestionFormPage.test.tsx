// @vitest-environment jsdom

import { InputType } from '@domain/codes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChoiceAdminView, QuestionAdminView } from './questionAdminApi';

type Answer = { status?: number; body: unknown };
const admin = buildUser('admin');

const choice = (id: string, caption: string, extra: Partial<ChoiceAdminView> = {}): ChoiceAdminView => ({
  id,
  caption,
  displayOrder: Number(id),
  scoreValue: Number(id),
  isOtherChoice: false,
  isActive: true,
  ...extra,
});
const question = (extra: Partial<QuestionAdminView> = {}): QuestionAdminView => ({
  id: 7,
  caption: 'How are decisions made?',
  displayOrder: 2,
  section: { id: 1, caption: 'Strategy', name: 'Strategy', isActive: true },
  inputType: InputType.RadioButton,
  skipScore: false,
  isRequired: true,
  includeOtherChoice: false,
  helpContent: null,
  description: '<p>Pick the closest.</p>',
  isActive: true,
  choices: [choice('11', 'Ad hoc'), choice('12', 'Planned')],
  ...extra,
});

let calls: { path: string; body: unknown }[];
let answers: Record<string, () => Answer>;

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  calls = [];
  answers = {
    'admin/question/getbyid': () => ({ body: question() }),
    'admin/question/copy': () => ({
      body: question({
        id: null,
        caption: 'How are decisions made? (Copy)',
        choices: [
          choice('-1', 'Ad hoc', { displayOrder: 1, scoreValue: 1 }),
          choice('-2', 'Planned', { displayOrder: 2, scoreValue: 2 }),
        ],
      }),
    }),
    'admin/question/sections/all': () => ({
      body: [
        { id: 1, caption: 'Strategy', name: 'Strategy', isActive: true },
        { id: 2, caption: 'People', name: 'People', isActive: true },
        { id: 3, caption: 'Retired', name: 'Retired', isActive: false },
      ],
    }),
    'admin/question/init': () => ({
      body: question({
        id: null,
        caption: '',
        displayOrder: null,
        section: null,
        inputType: null,
        description: null,
        choices: [],
      }),
    }),
    'admin/question/add': () => ({ body: { isSuccess: true, message: 'Item was saved.', data: { id: 70 } } }),
    'admin/question/update': () => ({
      body: { isSuccess: true, message: 'Item was saved.', data: { id: 7 } },
    }),
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

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const sent = (path: string) => calls.filter((c) => c.path === path).at(-1)?.body as Record<string, unknown>;
const sentChoices = (path: string) => sent(path).choices as Record<string, unknown>[];

async function open(path = '/admin/question/7') {
  const view = renderApp({ path, user: admin });
  await screen.findByRole('heading', { name: 'Admin | Question' });
  await screen.findByLabelText('Caption');
  return view;
}

/** Opens a saved question (view mode) and presses Edit, as a user does. */
async function openToEdit(path = '/admin/question/7') {
  const view = await open(path);
  fireEvent.click(screen.getByRole('link', { name: 'Edit' }));
  await screen.findByRole('button', { name: 'Save' });
  return view;
}

async function save(path = 'admin/question/update') {
  const before = calls.filter((c) => c.path === path).length;
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(calls.filter((c) => c.path === path).length).toBe(before + 1));
}

describe('the question form', () => {
  it('opens read-only; Edit makes the question and its choices editable, Cancel goes back', async () => {
    const { router } = await open();
    expect(screen.getByText('Viewing')).toBeTruthy();
    expect(field('Caption').closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Choice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate choice 1' })).toBeNull();
    const firstRow = field('Caption of choice 1').closest('tr')!;
    expect(within(firstRow).getByText('Yes')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Edit' }));
    await screen.findByRole('button', { name: 'Save' });
    expect(field('Caption').closest('fieldset')?.disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Add Choice' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deactivate choice 1' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await screen.findByRole('link', { name: 'Edit' });
    expect(router.state.location.pathname).toBe('/admin/question/7');
    expect(screen.queryByRole('button', { name: 'Add Choice' })).toBeNull();
  });

  it('loads the question with its section, input type, flags, rich text and choices', async () => {
    await open();
    expect(field('Caption').value).toBe('How are decisions made?');
    expect(field('Display Order').value).toBe('2');
    await waitFor(() => expect((field('Section') as unknown as HTMLSelectElement).value).toBe('1'));
    expect((field('Input Type') as unknown as HTMLSelectElement).value).toBe(String(InputType.RadioButton));
    expect(field('Required').checked).toBe(true);
    expect(field('Omit Score').checked).toBe(false);
    expect(field('Caption of choice 1').value).toBe('Ad hoc');
    expect(field('Score of choice 2').value).toBe('12');
    // The rich-text editor arrives lazily with the saved HTML.
    expect(await screen.findByText('Pick the closest.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeTruthy();
  });

  it('offers the editor input types, and the question own drop-down type too', async () => {
    answers['admin/question/getbyid'] = () => ({ body: question({ inputType: InputType.DropDownList }) });
    await open();
    const options = within(screen.getByLabelText('Input Type')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '--Select One--',
      'Single Select',
      'Multi Select',
      'Textbox',
      'Email',
      'Drop-down List',
    ]);
    // A drop-down list has choices.
    expect(field('Caption of choice 1')).toBeTruthy();
  });

  it('marks inactive sections and keeps them from being chosen', async () => {
    await open();
    const retired = await within(screen.getByLabelText('Section')).findByRole('option', {
      name: 'Retired (Inactive)',
    });
    expect((retired as HTMLOptionElement).disabled).toBe(true);
  });

  it('shows the choices only for choice input types', async () => {
    await openToEdit();
    fireEvent.change(screen.getByLabelText('Input Type'), { target: { value: String(InputType.Textbox) } });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Choices' })).toBeNull());
    expect(screen.queryByLabelText('Include Other Choice')).toBeNull();
  });

  it('saves with update, sending every choice', async () => {
    await openToEdit();
    await save();
    expect(sent('admin/question/update')).toMatchObject({
      id: 7,
      caption: 'How are decisions made?',
      displayOrder: 2,
      section: { id: 1 },
      inputType: InputType.RadioButton,
      isRequired: true,
      skipScore: false,
    });
    expect(sentChoices('admin/question/update')).toEqual([
      { id: '11', caption: 'Ad hoc', displayOrder: 11, scoreValue: 11, isOtherChoice: false, isActive: true },
      {
        id: '12',
        caption: 'Planned',
        displayOrder: 12,
        scoreValue: 12,
        isOtherChoice: false,
        isActive: true,
      },
    ]);
  });

  it("a new question starts editable and says 'There are no choices.'", async () => {
    await open('/admin/question/new');
    expect(screen.getByText('New item')).toBeTruthy();
    expect(field('Caption').closest('fieldset')?.disabled).toBe(false);
    expect((field('Input Type') as unknown as HTMLSelectElement).value).toBe('-1');
    expect(screen.getByRole('heading', { name: 'Choices' })).toBeTruthy();
    expect(screen.getByText('There are no choices.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Input Type'), {
      target: { value: String(InputType.CheckboxList) },
    });
    expect(screen.getByText('There are no choices.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Choice' }));
    await waitFor(() => expect(screen.queryByText('There are no choices.')).toBeNull());
    expect(field('Caption of choice 1')).toBeTruthy();
  });

  it('a copy keeps the negative string ids of its choices and saves with add', async () => {
    await open('/admin/question/copy/7');
    expect(field('Caption').value).toBe('How are decisions made? (Copy)');
    await save('admin/question/add');
    expect(sentChoices('admin/question/add').map((c) => c.id)).toEqual(['-1', '-2']);
    expect(sent('admin/question/add').id).toBeNull();
  });
});

describe('the choices grid', () => {
  it('adds rows with the next negative string ids, after the last display order', async () => {
    await openToEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Add Choice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Choice' }));
    expect(field('Display order of choice 3').value).toBe('13');
    expect(field('Display order of choice 4').value).toBe('14');
    fireEvent.input(field('Caption of choice 3'), { target: { value: 'Data-driven' } });
    fireEvent.input(field('Caption of choice 4'), { target: { value: 'Predictive' } });
    await save();
    expect(sentChoices('admin/question/update').map((c) => [c.id, c.caption])).toEqual([
      ['11', 'Ad hoc'],
      ['12', 'Planned'],
      ['-1', 'Data-driven'],
      ['-2', 'Predictive'],
    ]);
  });

  it('removes a new row outright', async () => {
    await openToEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Add Choice' }));
    expect(screen.queryByRole('button', { name: 'Deactivate choice 3' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove choice 3' }));
    await waitFor(() => expect(screen.queryByLabelText('Caption of choice 3')).toBeNull());
    await save();
    expect(sentChoices('admin/question/update').map((c) => c.id)).toEqual(['11', '12']);
  });

  it('deactivates a saved choice instead: greyed, reactivatable, and still sent', async () => {
    await openToEdit();
    expect(screen.queryByRole('button', { name: 'Remove choice 1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate choice 1' }));
    const row = field('Caption of choice 1').closest('tr')!;
    await waitFor(() => expect(row.className).toContain('smr-row-inactive'));
    expect(field('Caption of choice 1').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate choice 1' }));
    await waitFor(() => expect(row.className).not.toContain('smr-row-inactive'));
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate choice 1' }));
    await save();
    expect(sentChoices('admin/question/update')).toEqual([
      expect.objectContaining({ id: '11', isActive: false }),
      expect.objectContaining({ id: '12', isActive: true }),
    ]);
  });

  it('shows a choice saved as deactivated greyed, without reactivation', async () => {
    answers['admin/question/getbyid'] = () => ({
      body: question({ choices: [choice('11', 'Ad hoc', { isActive: false }), choice('12', 'Planned')] }),
    });
    await open();
    const row = field('Caption of choice 1').closest('tr')!;
    expect(row.className).toContain('smr-row-inactive');
    expect(within(row).getByText('Deactivated')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('disables every score while Omit Score is ticked', async () => {
    await openToEdit();
    fireEvent.click(field('Omit Score'));
    await waitFor(() => expect(field('Score of choice 1').disabled).toBe(true));
    expect(field('Score of choice 2').disabled).toBe(true);
    fireEvent.click(field('Omit Score'));
    await waitFor(() => expect(field('Score of choice 1').disabled).toBe(false));
  });

  it('takes digits only for display orders and a signed decimal for scores', async () => {
    await openToEdit();
    fireEvent.input(field('Display order of choice 1'), { target: { value: '4x-2' } });
    expect(field('Display order of choice 1').value).toBe('42');
    fireEvent.input(field('Score of choice 1'), { target: { value: '-1.5.3a' } });
    expect(field('Score of choice 1').value).toBe('-1.53');
    fireEvent.input(field('Score of choice 2'), { target: { value: '2-+' } });
    expect(field('Score of choice 2').value).toBe('2');
    await save();
    expect(sentChoices('admin/question/update').map((c) => [c.displayOrder, c.scoreValue])).toEqual([
      [42, -1.53],
      [12, 2],
    ]);
  });

  it("says 'There are no choices.' and requires one for a choice type", async () => {
    answers['admin/question/getbyid'] = () => ({ body: question({ choices: [] }) });
    await openToEdit();
    expect(screen.getByText('There are no choices.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least one choice is required.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'admin/question/update')).toBe(false);
  });

  it('requires an active choice when all are deactivated', async () => {
    await openToEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate choice 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate choice 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least one choice is required.')).toBeTruthy();
  });

  it('requires a caption for a new choice', async () => {
    await openToEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Add Choice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('Caption of choice 3').getAttribute('aria-invalid')).toBe('true'));
    const row = field('Caption of choice 3').closest('tr')!;
    expect(within(row).getByText('Required')).toBeTruthy();
    expect(field('Caption of choice 3').getAttribute('aria-describedby')).toBe(
      within(row).getByText('Required').id,
    );
  });

  it('lets one choice be the Other choice, which Include Other Choice follows', async () => {
    await openToEdit();
    expect(field('Include Other Choice').disabled).toBe(true);
    expect(field('Include Other Choice').checked).toBe(false);
    fireEvent.click(field('Choice 1 is the Other choice'));
    await waitFor(() => expect(field('Include Other Choice').checked).toBe(true));
    fireEvent.click(field('Choice 2 is the Other choice'));
    await waitFor(() => expect(field('Choice 1 is the Other choice').checked).toBe(false));
    await save();
    expect(sent('admin/question/update').includeOtherChoice).toBe(true);
    expect(sentChoices('admin/question/update').map((c) => c.isOtherChoice)).toEqual([false, true]);
  });

  it('is read-only for an inactive question', async () => {
    answers['admin/question/getbyid'] = () => ({ body: question({ isActive: false }) });
    await open();
    expect(screen.queryByRole('button', { name: 'Add Choice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate choice 1' })).toBeNull();
    expect(field('Caption of choice 1').closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
  });
});
