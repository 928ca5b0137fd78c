// @vitest-environment jsdom

import type { Role } from '@domain/rules/roles';
import type { ActionView } from '@domain/schemas/actions';
import { cleanup, screen, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_OPEN_ACTIONS } from './MyActionsTile';

const empty = () => ({ body: { data: [], count: 0 } });
let mine: ActionView[];
let count: number;

const action = (id: number, fields: Partial<ActionView>): ActionView => ({
  id,
  organizationId: 1,
  sectionId: 2,
  sectionName: 'Automation',
  title: `Action ${id}`,
  description: '',
  owner: { id: 104, fullName: 'Jordan Avery Quinn' },
  dueOn: null,
  status: 'NotStarted',
  rationale: '',
  createdOn: '2026-01-05',
  updatedOn: '2026-01-05',
  completedOn: null,
  overdue: false,
  ...fields,
});

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  mine = [];
  count = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: testLookups }),
        'assessment/invites/pending/mine': empty,
        'assessment/completed/mine': empty,
        'organization/action/mine': () => ({ body: { data: mine, count: count || mine.length } }),
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  ticketStore.clear();
});

async function myActionsTile(role: Role) {
  renderApp({ path: '/', user: buildUser(role) });
  await screen.findByRole('heading', { name: /^Welcome/ }, { timeout: 5000 });
  return within(await screen.findByRole('article', { name: 'My Actions' }, { timeout: 5000 }));
}

describe('the My Actions tile', () => {
  it('says so when the person owns no open action, and still leads to the plan', async () => {
    const tile = await myActionsTile('manufacturer');
    expect(tile.getByText(NO_OPEN_ACTIONS)).toBeTruthy();
    expect(tile.queryByRole('list')).toBeNull();
    expect(tile.getByRole('link', { name: 'Open the Action Plan' }).getAttribute('href')).toBe('/actionplan');
  });

  it('lists the open actions soonest due first, with due dates and Overdue in words', async () => {
    mine = [
      action(3, { title: 'Write the setup standard' }),
      action(2, { title: 'Map the changeover steps', dueOn: '2026-09-30', status: 'InProgress' }),
      action(1, { title: 'Pilot a cobot cell', dueOn: '2026-02-01', overdue: true }),
    ];
    count = 14;
    const tile = await myActionsTile('manufacturer');
    const items = tile.getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Pilot a cobot cell',
      'Map the changeover steps',
      'Write the setup standard',
    ]);
    expect(within(items[0]!).getByText('Automation · Due 2/1/2026')).toBeTruthy();
    expect(within(items[0]!).getByText('Overdue')).toBeTruthy();
    expect(within(items[1]!).queryByText('Overdue')).toBeNull();
    expect(within(items[1]!).getByText('In Progress')).toBeTruthy();
    expect(within(items[2]!).getByText('Automation · No due date')).toBeTruthy();
    // Each leads to its own card on the plan.
    expect(within(items[0]!).getByRole('link', { name: 'Pilot a cobot cell' }).getAttribute('href')).toBe(
      '/actionplan#action-1',
    );
    expect(tile.getByText('The 3 due soonest of your 14 open actions.')).toBeTruthy();
  });

  it("leads a champion to the organization page's Action Plan tab", async () => {
    mine = [action(1, { title: 'Pilot a cobot cell' })];
    const tile = await myActionsTile('manufacturer-champion');
    expect(tile.getByRole('link', { name: 'Pilot a cobot cell' }).getAttribute('href')).toBe(
      '/admin/organization/mine?tab=actions#action-1',
    );
  });
});
