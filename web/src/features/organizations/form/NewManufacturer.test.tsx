// @vitest-environment jsdom

import { OrganizationType, UserGroup } from '@domain/codes';
import { messages } from '@domain/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankManufacturer, lookup, savedManufacturer } from './organizationFixtures';
import {
  choose,
  clickSave,
  fakeOrganizationApi,
  field,
  openOrganization,
  openTab,
  rowOf,
  type,
} from './organizationFormHarness';

const m = messages.organization;
const admin = buildUser('admin', { organization: null });
let api: ReturnType<typeof fakeOrganizationApi>;

beforeEach(() => {
  api = fakeOrganizationApi({
    'admin/organization/init': () => ({ body: blankManufacturer() }),
    'admin/organization/add': () => ({
      body: { isSuccess: true, message: 'Item was saved.', data: { id: 77 } },
    }),
    'admin/organization/getbyid': () => ({ body: savedManufacturer({ id: 77 }) }),
    'admin/user/search/byorg': () => ({ body: { data: [], count: 0 } }),
    'admin/assessmentInvite/search/byorg': () => ({ body: { data: [], count: 0 } }),
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const open = () => openOrganization('/admin/organization/manufacturer/new', admin, 'Manufacturer');

function fillOrganization() {
  type('Name', 'Northwind Tooling');
  choose(m.businessAreaQuestion, lookup('Discrete Manufacturing').id);
  choose(m.consultingFirmQuestion, 52);
  openTab('Demographics');
  choose('Company Maturity', lookup('Established').id);
  choose('Number of Employees', lookup('50-99').id);
  choose('Number of Facilities', lookup('1-2').id);
  choose('HQ Region', lookup('North America').id);
  choose('HQ State', lookup('Ohio').id);
  fireEvent.click(screen.getByLabelText('Automotive'));
}

describe('a new manufacturer, as an administrator', () => {
  it('starts blank at pre-assessment with the administrator fields', async () => {
    await open();
    expect(api.sent('admin/organization/init')).toEqual({ enumValue: OrganizationType.Manufacturer });
    expect(screen.queryByLabelText('Type')).toBeNull();
    expect(field<HTMLSelectElement>(m.roadmapStatusQuestion).value).toBe(String(lookup('Pre-Assessment').id));
    const firms = within(screen.getByLabelText(m.consultingFirmQuestion)).getAllByRole('option');
    expect(firms.map((o) => o.textContent)).toEqual([
      '--Select One--',
      'Bright Path Advisors (OH)',
      'North Star Consulting',
    ]);
    const referrers = within(screen.getByLabelText('Referred By')).getAllByRole('option');
    expect(referrers.at(-1)?.textContent).toBe(m.referredByOtherOption);
    // The business areas are the manufacturers' own.
    const areas = within(screen.getByLabelText(m.businessAreaQuestion)).getAllByRole('option');
    expect(areas.map((o) => o.textContent)).toEqual(['--Select One--', 'Discrete Manufacturing']);
    // The free text stands only while no firm is chosen.
    expect(field(m.referredByOtherLabel).disabled).toBe(false);
    choose('Referred By', 51);
    expect(field(m.referredByOtherLabel).disabled).toBe(true);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Demographics',
      'Manage Users (0)',
      'Report Settings',
      'Current State Assessment',
      'Future State Assessment',
    ]);
  });

  it('asks the HQ State only for North America, and Other Industry only with Other ticked', async () => {
    await open();
    expect(screen.queryByLabelText('HQ State')).toBeNull();
    choose('HQ Region', lookup('Europe').id);
    expect(screen.queryByLabelText('HQ State')).toBeNull();
    choose('HQ Region', lookup('North America').id);
    expect(screen.getByLabelText('HQ State')).toBeTruthy();
    expect(field('Other Industry').disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Other'));
    expect(field('Other Industry').disabled).toBe(false);
  });

  it('blocks the save with the messages of docs/product.md#rules-validation at the top', async () => {
    await open();
    clickSave();
    const banner = await screen.findByRole('alert');
    const items = within(banner).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      m.nameRequired,
      m.businessAreaRequired,
      m.demographicMissing,
    ]);
    expect(api.count('admin/organization/add')).toBe(0);
    // The banner follows the edits once shown.
    type('Name', 'Northwind Tooling');
    await waitFor(() => expect(within(banner).queryByText(m.nameRequired)).toBeNull());
  });

  it('marks each invalid field, with its message under it, and moves focus to the summary', async () => {
    await open();
    clickSave();
    const banner = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(banner));
    const marked = (label: string, message: string) => {
      const control = field(label);
      expect(control.classList.contains('is-invalid'), label).toBe(true);
      expect(control.getAttribute('aria-invalid'), label).toBe('true');
      const said = (control.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(said, label).toContain(message);
    };
    marked('Name', m.nameRequired);
    marked(m.businessAreaQuestion, m.businessAreaRequired);
    // The demographics the save needs, each marked in its tab.
    for (const label of ['Company Maturity', 'Number of Employees', 'Number of Facilities', 'HQ Region']) {
      marked(label, 'Required');
    }
    // A valid field is not marked, and a corrected one loses its mark.
    expect(field(m.roadmapStatusQuestion).getAttribute('aria-invalid')).toBeNull();
    type('Name', 'Northwind Tooling');
    await waitFor(() => expect(field('Name').getAttribute('aria-invalid')).toBeNull());
    expect(field('Name').classList.contains('is-invalid')).toBe(false);
  });

  it('adds users with their invites, blocks an invalid row, then saves the exact body and opens the new id', async () => {
    const { router } = await open();
    fillOrganization();
    openTab('Manage Users (0)');
    expect(screen.getByText(messages.admin.noUsers)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(screen.getByRole('tab', { name: 'Manage Users (2)' })).toBeTruthy();
    expect(screen.getByText(`${m.rememberUsers}${m.rememberInvites}`)).toBeTruthy();
    type('Full Name of user 1', 'Dana Reyes');
    fireEvent.change(field('User Name of user 1'), { target: { value: 'dana reyes' } });
    expect(field('User Name of user 1').value).toBe('danareyes');
    choose('Functional Role of user 1', lookup('Engineering').id);
    fireEvent.click(field('User 1 is a champion'));

    openTab('Current State Assessment');
    expect(screen.getAllByText('Current State Assessment', { selector: 'td' })).toHaveLength(2);
    expect(screen.getByText('Dana Reyes')).toBeTruthy();
    fireEvent.click(within(rowOf(screen.getByText('Dana Reyes'))).getByLabelText('Invite'));
    openTab('Future State Assessment');
    expect(screen.getAllByText('Future State Assessment', { selector: 'td' })).toHaveLength(2);

    clickSave();
    expect(await screen.findByText(m.userDataMissing)).toBeTruthy();
    expect(api.count('admin/organization/add')).toBe(0);
    openTab('Manage Users (2)');
    const second = rowOf(field('Full Name of user 2'));
    expect(second.className).toContain('smr-row-invalid');
    expect(rowOf(field('Full Name of user 1')).className).toContain('smr-row-modified');
    expect(field('Full Name of user 2').getAttribute('aria-invalid')).toBe('true');
    expect(within(second).getAllByText('Required')).toHaveLength(3);

    type('Full Name of user 2', 'Eli Park');
    type('User Name of user 2', 'eli');
    choose('Functional Role of user 2', lookup('Quality').id);
    await waitFor(() => expect(screen.queryByText(m.userDataMissing)).toBeNull());
    clickSave();
    await waitFor(() => expect(api.count('admin/organization/add')).toBe(1));

    const sent = api.sent('admin/organization/add');
    expect(sent.host).toBe(window.location.origin);
    expect(sent.organization).toMatchObject({
      id: null,
      name: 'Northwind Tooling',
      type: { enumValue: OrganizationType.Manufacturer },
      businessType: { id: lookup('Discrete Manufacturing').id },
      state: { id: lookup('Ohio').id },
      consultingFirm: { id: 52 },
      roadmap: { status: { id: lookup('Pre-Assessment').id } },
      demographic: {
        hqRegion: { id: lookup('North America').id },
        industries: [{ id: lookup('Automotive').id }],
      },
    });
    expect(sent.users).toEqual([
      {
        id: -1,
        fullName: 'Dana Reyes',
        userName: 'danareyes',
        email: '',
        phoneNumber: null,
        functionalRole: { id: lookup('Engineering').id },
        division: null,
        department: '',
        group: { enumValue: UserGroup.ManufacturerChampion },
        displayOrder: null,
        isActive: true,
      },
      {
        id: -2,
        fullName: 'Eli Park',
        userName: 'eli',
        email: '',
        phoneNumber: null,
        functionalRole: { id: lookup('Quality').id },
        division: null,
        department: '',
        group: { enumValue: UserGroup.Manufacturer },
        displayOrder: null,
        isActive: true,
      },
    ]);
    const invite = (id: number, respondent: number, assessment: number, sendInvite = false) => ({
      id,
      respondent: { id: respondent },
      assessment: { id: assessment },
      excludeFromReport: false,
      sendInvite,
      isActive: true,
    });
    expect(sent.assessmentInvites).toEqual([
      invite(-1, -1, 1, true),
      invite(-2, -1, 2),
      invite(-3, -2, 1),
      invite(-4, -2, 2),
    ]);

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/organization/manufacturer/77'));
    expect(await screen.findByText('Item was saved.')).toBeTruthy();
    await waitFor(() => expect(api.sent('admin/organization/getbyid')).toEqual({ id: 77 }));
  });

  it('removes a new user together with their new invites', async () => {
    await open();
    openTab('Manage Users (0)');
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    type('Full Name of user 1', 'Dana Reyes');
    fireEvent.click(screen.getByRole('button', { name: 'Remove user 1' }));
    expect(screen.getByText(messages.admin.noUsers)).toBeTruthy();
    openTab('Current State Assessment');
    expect(screen.getByText(m.noInvites)).toBeTruthy();
  });
});

describe('a new organization without a type', () => {
  it('lets the administrator choose consulting firm or manufacturer, and requires it', async () => {
    await openOrganization('/admin/organization/new', admin, 'Organization');
    const types = within(screen.getByLabelText('Type')).getAllByRole('option');
    expect(types.map((o) => o.textContent)).toEqual(['--Select One--', 'Consulting Firm', 'Manufacturer']);
    expect(screen.queryByRole('tab')).toBeNull();
    clickSave();
    expect(within(await screen.findByRole('alert')).getByText(m.typeRequired)).toBeTruthy();
    expect(field('Type').getAttribute('aria-invalid')).toBe('true');
    choose('Type', OrganizationType.Consultant);
    expect(screen.getByRole('heading', { name: 'Consulting Firm', level: 1 })).toBeTruthy();
    expect(screen.getByLabelText('HQ State')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Manage Users (0)']);
  });
});
