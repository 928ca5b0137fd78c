// @vitest-environment jsdom

import { OrganizationType } from '@domain/codes';
import { actionTexts } from '@domain/rules/actions';
import type { Role } from '@domain/rules/roles';
import type { ActionView } from '@domain/schemas/actions';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { NO_OPEN_ACTIONS } from '@web/components/MyActionList';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp, renderWithClient } from '@web/testing/renderApp';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionPlanTab } from './ActionPlanTab';
import type { PlanSection } from './actionsApi';

const ORG = 12;
const organization = { id: ORG, type: OrganizationType.Manufacturer, consultingFirmId: 51 };
const member = buildUser('manufacturer', {
  id: 31,
  organization: { ...buildUser('manufacturer').organization!, id: ORG },
});

function action(id: number, fields: Partial<ActionView> = {}): ActionView {
  return {
    id,
    organizationId: ORG,
    sectionId: 2,
    sectionName: 'Automation',
    title: `Action ${id}`,
    description: '',
    owner: null,
    dueOn: null,
    status: 'NotStarted',
    rationale: '',
    createdOn: '2026-01-05',
    updatedOn: '2026-01-05',
    completedOn: null,
    overdue: false,
    ...fields,
  };
}

const section = (id: number, name: string, fields: Partial<PlanSection> = {}): PlanSection => ({
  id,
  name,
  current: 2,
  future: 3,
  gap: 1,
  actions: { open: 0, done: 0, overdue: 0 },
  followThrough: null,
  ...fields,
});

let sections: PlanSection[];
let actions: ActionView[];
let answers: Record<string, (body: Record<string, unknown>) => { status?: number; body: unknown }>;
let sent: { path: string; body: Record<string, unknown> }[];

const person = (id: number, fullName: string, isActive = true) => ({ id, fullName, isActive });

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  sent = [];
  sections = [
    section(2, 'Automation', {
      current: 1.8,
      future: 4.3,
      gap: 2.5,
      actions: { open: 2, done: 1, overdue: 1 },
      followThrough: 'GapNotClosed',
    }),
    section(5, 'Quality', { current: 3, future: 3.5, gap: 0.5, followThrough: 'Closing' }),
    section(7, 'Workforce', { current: null, future: null, gap: null }),
  ];
  actions = [
    action(41, {
      title: 'Pilot a cobot cell',
      owner: { id: 31, fullName: 'Ann Lee' },
      dueOn: '2026-02-01',
      status: 'InProgress',
      overdue: true,
    }),
    action(42, { title: 'Map the changeover steps', dueOn: '2026-09-30' }),
    action(43, {
      title: 'Buy a vision system',
      owner: { id: 32, fullName: 'Raj Patel' },
      status: 'Deferred',
      rationale: 'Waiting for next year’s budget.',
    }),
  ];
  answers = {
    'admin/lookup/getall': () => ({ body: testLookups }),
    'organization/plan': () => ({ body: { sections } }),
    'organization/action/search': (body) => {
      const rows = actions.filter((a) => a.sectionId === body.sectionId);
      return { body: { data: rows, count: rows.length } };
    },
    'admin/user/search/byorg': () => ({
      body: {
        data: [person(32, 'Raj Patel'), person(31, 'Ann Lee'), person(35, 'Former Person', false)],
        count: 3,
      },
    }),
    'organization/action/add': () => ({
      body: { isSuccess: true, message: 'The action was added.', data: { id: 50 } },
    }),
    'organization/action/update': () => ({ body: { isSuccess: true, message: 'The action was saved.' } }),
    'organization/action/delete': () => ({ body: { isSuccess: true, message: 'The action was deleted.' } }),
    'organization/action/mine': () => ({ body: { data: [], count: 0 } }),
  };
  const routes = Object.fromEntries(
    Object.keys(answers).map((path) => [
      path,
      (init?: RequestInit) => {
        const body = init?.body ? JSON.parse(String(init.body)) : {};
        sent.push({ path, body });
        return answers[path]!(body);
      },
    ]),
  );
  vi.stubGlobal('fetch', vi.fn(fakeFetch(routes)));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const sentTo = (path: string) => sent.filter((c) => c.path === path).map((c) => c.body);

const firm = {
  ...member.organization!,
  id: organization.consultingFirmId,
  type: { enumValue: OrganizationType.Consultant, name: 'Consulting Firm' },
};
const users: Partial<Record<Role, ReturnType<typeof buildUser>>> = {
  manufacturer: member,
  'manufacturer-champion': buildUser('manufacturer-champion', { organization: member.organization }),
  consultant: buildUser('consultant', { organization: firm }),
};

function renderPlan(role: 'manufacturer' | 'manufacturer-champion' | 'consultant' = 'manufacturer-champion') {
  return renderWithClient(
    <MemoryRouter>
      <ActionPlanTab organization={organization} />
    </MemoryRouter>,
    { user: users[role] },
  );
}

const area = (name: string) => screen.getByRole('region', { name });
const actionItem = (title: string) => screen.getByRole('heading', { name: title, level: 4 }).closest('li')!;

async function planShown() {
  await screen.findByRole('heading', { name: 'Automation', level: 3 });
  await within(area('Automation')).findByRole('heading', { name: 'Pilot a cobot cell', level: 4 });
}

describe('the Action Plan', () => {
  it('lists the practice areas largest gap first, with their figures and follow-through in words', async () => {
    renderPlan();
    await planShown();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Automation',
      'Quality',
      'Workforce',
    ]);
    const automation = within(area('Automation'));
    expect(automation.getByText('Current').nextSibling?.textContent).toBe('1.8');
    expect(automation.getByText('Future').nextSibling?.textContent).toBe('4.3');
    expect(automation.getByText('Gap').nextSibling?.textContent).toBe('+2.5');
    expect(automation.getByText('2 open, 1 done, 1 overdue')).toBeTruthy();
    expect(automation.getByText('Gap Not Closed')).toBeTruthy();
    expect(within(area('Quality')).getByText('Closing')).toBeTruthy();
    // No figure is a dash, not a zero; no follow-through is no word at all.
    const workforce = within(area('Workforce'));
    expect(workforce.getByText('Gap').nextSibling?.textContent).toBe('–');
    expect(workforce.queryByText('Follow-through')).toBeNull();
    expect(sentTo('organization/plan')).toEqual([{ id: ORG }]);
    expect(sentTo('organization/action/search')).toContainEqual({
      organizationId: ORG,
      sectionId: 2,
      skip: 0,
      take: 25,
    });
  });

  it('shows each action with its owner, due date and status, and says Overdue in words', async () => {
    renderPlan();
    await planShown();
    const late = within(actionItem('Pilot a cobot cell'));
    expect(late.getByText('Ann Lee')).toBeTruthy();
    expect(late.getByText('2/1/2026')).toBeTruthy();
    expect(late.getByText('In Progress')).toBeTruthy();
    expect(late.getByText('Overdue')).toBeTruthy();
    const unowned = within(actionItem('Map the changeover steps'));
    expect(unowned.getByText('No owner')).toBeTruthy();
    expect(unowned.queryByText('Overdue')).toBeNull();
    const deferred = within(actionItem('Buy a vision system'));
    expect(deferred.getByText('No due date')).toBeTruthy();
    expect(deferred.getByText('Deferred')).toBeTruthy();
    expect(deferred.getByText('Waiting for next year’s budget.')).toBeTruthy();
    expect(await within(area('Quality')).findByText('No actions for this practice area yet.')).toBeTruthy();
  });

  it('adds an action to an area, asking a reason for Deferred before sending anything', async () => {
    renderPlan();
    await planShown();
    fireEvent.click(within(area('Quality')).getByRole('button', { name: 'Add Action to Quality' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Action' });
    expect(within(dialog).getByText('Quality')).toBeTruthy();
    // Only the organization's active people may own it.
    const owner = within(dialog).getByLabelText('Owner') as HTMLSelectElement;
    await waitFor(() =>
      expect([...owner.options].map((o) => o.textContent)).toEqual(['No owner', 'Ann Lee', 'Raj Patel']),
    );
    expect(within(dialog).queryByLabelText('Reason')).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: '  Train two setters  ' } });
    fireEvent.change(owner, { target: { value: '32' } });
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: '2026-10-15' } });
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'Deferred' } });
    const reason = within(dialog).getByLabelText('Reason');
    expect((reason as HTMLTextAreaElement).required).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(actionTexts.rationaleRequired)).toBeTruthy();
    expect(sentTo('organization/action/add')).toEqual([]);

    fireEvent.change(reason, { target: { value: 'After the new line is in.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo('organization/action/add')).toEqual([
        {
          organizationId: ORG,
          sectionId: 5,
          title: 'Train two setters',
          description: '',
          ownerId: 32,
          dueOn: '2026-10-15',
          status: 'Deferred',
          rationale: 'After the new line is in.',
        },
      ]),
    );
    expect(await screen.findByText('The action was added.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits every field of an action, and shows the server’s refusal in the dialog', async () => {
    answers['organization/action/update'] = () => ({
      status: 400,
      body: { isSuccess: false, message: actionTexts.ownerNotMember },
    });
    renderPlan('consultant');
    await planShown();
    fireEvent.click(
      within(actionItem('Pilot a cobot cell')).getByRole('button', { name: 'Edit Pilot a cobot cell' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Action' });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Pilot a cobot cell');
    expect((within(dialog).getByLabelText('Owner') as HTMLSelectElement).value).toBe('31');
    expect((within(dialog).getByLabelText('Due date') as HTMLInputElement).value).toBe('2026-02-01');
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'Done' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(actionTexts.ownerNotMember)).toBeTruthy();
    expect(sentTo('organization/action/update')).toEqual([
      {
        id: 41,
        sectionId: 2,
        title: 'Pilot a cobot cell',
        description: '',
        ownerId: 31,
        dueOn: '2026-02-01',
        status: 'Done',
        rationale: '',
      },
    ]);
  });

  it('asks before deleting an action, and deletes only once confirmed', async () => {
    renderPlan();
    await planShown();
    const remove = within(actionItem('Map the changeover steps')).getByRole('button', {
      name: 'Delete Map the changeover steps',
    });
    fireEvent.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Delete Action' });
    expect(
      within(dialog).getByText(/“Map the changeover steps” of Automation\. This cannot be undone\./),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentTo('organization/action/delete')).toEqual([]);

    fireEvent.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Delete Action' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sentTo('organization/action/delete')).toEqual([{ id: 42 }]));
    expect(await screen.findByText('The action was deleted.')).toBeTruthy();
  });

  it('lets a plain member change only the status and reason of their own action', async () => {
    renderPlan('manufacturer');
    await planShown();
    expect(screen.queryByRole('button', { name: /^Add Action/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    // Only their own action (Ann Lee is user 31) offers a change.
    expect(screen.getAllByRole('button', { name: /^Update Status/ }).map((b) => b.textContent)).toEqual([
      'Update Status of Pilot a cobot cell',
    ]);
    expect(within(actionItem('Buy a vision system')).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Update Status of Pilot a cobot cell' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    expect(within(dialog).queryByLabelText('Title')).toBeNull();
    expect(within(dialog).queryByLabelText('Owner')).toBeNull();
    expect(within(dialog).queryByLabelText('Due date')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'WontDo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(actionTexts.rationaleRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Bought a turnkey cell.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo('organization/action/update')).toEqual([
        { id: 41, status: 'WontDo', rationale: 'Bought a turnkey cell.' },
      ]),
    );
    // A member never asks for the organization's people.
    expect(sentTo('admin/user/search/byorg')).toEqual([]);
  });

  it('is a page of its own for a plain member, who does not open the organization page', async () => {
    const { router } = renderApp({ path: '/actionplan', user: member });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Action Plan' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Automation' })).toBeTruthy();
    expect(sentTo('organization/plan')).toEqual([{ id: ORG }]);
    expect(router.state.location.pathname).toBe('/actionplan');
  });

  it('opens with the member’s own open actions, each leading to its place on the plan', async () => {
    const mine = [
      action(42, {
        title: 'Map the changeover steps',
        dueOn: '2026-09-30',
        owner: { id: 31, fullName: 'Ann Lee' },
      }),
      action(41, { title: 'Pilot a cobot cell', dueOn: '2026-02-01', status: 'InProgress', overdue: true }),
    ];
    answers['organization/action/mine'] = () => ({ body: { data: mine, count: 2 } });
    const { router } = renderApp({ path: '/actionplan', user: member });
    const own = within(await screen.findByRole('region', { name: 'My Actions' }, { timeout: 5000 }));
    const items = await own.findAllByRole('listitem');
    // Soonest due first; lateness in words.
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Pilot a cobot cell',
      'Map the changeover steps',
    ]);
    expect(within(items[0]!).getByText('Overdue')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Map the changeover steps', level: 4 });
    fireEvent.click(own.getByRole('link', { name: 'Map the changeover steps' }));
    await waitFor(() => expect(router.state.location.hash).toBe('#action-42'));
    // The plan's card of that action takes the focus: the eye and a screen reader land on it.
    await waitFor(() => expect(document.activeElement).toBe(actionItem('Map the changeover steps')));
    expect(router.state.location.pathname).toBe('/actionplan');
  });

  it('says so on the page when the member owns no open action', async () => {
    renderApp({ path: '/actionplan', user: member });
    const own = within(await screen.findByRole('region', { name: 'My Actions' }, { timeout: 5000 }));
    expect(await own.findByText(NO_OPEN_ACTIONS)).toBeTruthy();
  });
});
