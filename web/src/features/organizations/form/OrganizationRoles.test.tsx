// @vitest-environment jsdom

import { AssessmentType, OrganizationType, UserGroup } from '@domain/codes';
import { messages } from '@domain/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { retryPolicy } from '@web/api/idempotency';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { renderApp } from '@web/testing/renderApp';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { consultingFirm, invite, orgUser, savedManufacturer } from './organizationFixtures';
import {
  type Answer,
  clickSave,
  fakeOrganizationApi,
  openOrganization,
  openTab,
} from './organizationFormHarness';

const m = messages.organization;
const admin = buildUser('admin', { organization: null });
const firmOrganization = {
  id: 51,
  name: 'Bright Path Advisors',
  code: null,
  type: { enumValue: OrganizationType.Consultant, name: 'Consulting Firm' },
  businessType: null,
};
const champion = buildUser('manufacturer-champion', {
  id: 33,
  organization: { ...buildUser('manufacturer-champion').organization!, id: 12 },
});
const consultant = buildUser('consultant', { organization: firmOrganization });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

describe("a champion's own organization ('mine')", () => {
  const ann = orgUser(31, 'Ann Lee');
  const self = orgUser(33, 'Sam Self', {
    group: { id: 3, name: 'Champion', enumValue: UserGroup.ManufacturerChampion },
  });
  const serve = () =>
    fakeOrganizationApi({
      'admin/organization/mine': () => ({ body: savedManufacturer() }),
      'admin/organization/update': () => ({
        body: { isSuccess: true, message: 'Item was saved.', data: { id: 12 } },
      }),
      'admin/user/search/byorg/mine': () => ({ body: { data: [ann, self], count: 2 } }),
      'admin/assessmentInvite/search/byorg/mine': () => ({
        body: { data: [invite(71, self, AssessmentType.CurrentState)], count: 1 },
      }),
    });

  it('loads with the mine calls, shows no administrator fields, hides their own row, and cancels home', async () => {
    const api = serve();
    await openOrganization('/admin/organization/mine', champion, 'Manufacturer');
    expect(api.sent('admin/user/search/byorg/mine')).toEqual({ query: '', skip: 0, take: 9999 });
    expect(api.count('admin/assessmentInvite/search/byorg/mine')).toBe(1);
    expect(screen.queryByLabelText(m.consultingFirmQuestion)).toBeNull();
    expect(screen.queryByLabelText(m.roadmapStatusQuestion)).toBeNull();
    expect(screen.queryByLabelText('Referred By')).toBeNull();
    expect(screen.queryByLabelText('Type')).toBeNull();
    // The consulting firm and the status that gates the invites, as text.
    expect(screen.getByText('Bright Path Advisors (OH)')).toBeTruthy();
    expect(screen.getByText('Pre-Assessment')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();

    // Counted, since they belong here, but their own row is hidden: nobody removes themselves.
    openTab('Manage Users (2)');
    expect(screen.getByDisplayValue('Ann Lee')).toBeTruthy();
    expect(screen.queryByDisplayValue('Sam Self')).toBeNull();
    expect(screen.queryByText('Sam Self')).toBeNull();
    // The user screens are the institute's and the consultants'.
    expect(screen.queryByRole('link', { name: /Open user page/ })).toBeNull();
    openTab('Report Settings');
    expect(screen.queryByLabelText(m.excludeFromBenchmark)).toBeNull();
    expect(screen.queryByLabelText(m.anonymizeResults)).toBeNull();
    expect(screen.getByLabelText('Alias of Quality')).toBeTruthy();
    // Their own invite is listed.
    openTab('Current State Assessment');
    expect(screen.getByText('Sam Self')).toBeTruthy();
  });

  it('saves with update and stays on the page, without sending their own row', async () => {
    const api = serve();
    const { router } = await openOrganization('/admin/organization/mine', champion, 'Manufacturer');
    clickSave();
    await waitFor(() => expect(api.count('admin/organization/update')).toBe(1));
    expect((api.sent('admin/organization/update').users as { id: number }[]).map((u) => u.id)).toEqual([31]);
    expect(await screen.findByText('Item was saved.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/organization/mine');
    await waitFor(() => expect(api.count('admin/organization/mine')).toBe(2));
  });

  it('opens on the Action Plan tab when asked (?tab=actions, the My Actions tile), where the champion manages the plan', async () => {
    const api = fakeOrganizationApi({
      'admin/organization/mine': () => ({ body: savedManufacturer() }),
      'admin/user/search/byorg/mine': () => ({ body: { data: [ann, self], count: 2 } }),
      'admin/assessmentInvite/search/byorg/mine': () => ({
        body: { data: [invite(71, self, AssessmentType.CurrentState)], count: 1 },
      }),
      'organization/plan': () => ({
        body: {
          sections: [
            {
              ...{ id: 2, name: 'Automation', current: 2, future: 4, gap: 2 },
              actions: { open: 0, done: 0, overdue: 0 },
              followThrough: null,
            },
          ],
        },
      }),
      'organization/action/search': () => ({ body: { data: [], count: 0 } }),
      'admin/user/search/byorg': () => ({ body: { data: [ann, self], count: 2 } }),
      'organization/action/add': () => ({ body: { isSuccess: true, message: 'The action was added.' } }),
      'admin/organization/update': () => ({
        body: { isSuccess: true, message: 'Item was saved.', data: { id: 12 } },
      }),
    });
    await openOrganization('/admin/organization/mine?tab=actions', champion, 'Manufacturer');
    expect(screen.getByRole('tab', { name: 'Action Plan', selected: true })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Automation' })).toBeTruthy();
    expect(api.sent('organization/plan')).toEqual({ id: 12 });

    // The dialog's Save adds the action and leaves the organization form around the tab unsaved.
    fireEvent.click(screen.getByRole('button', { name: 'Add Action to Automation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Action' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Pilot a cobot cell' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.count('organization/action/add')).toBe(1));
    expect(await screen.findByText('The action was added.')).toBeTruthy();
    expect(api.count('admin/organization/update')).toBe(0);
  });

  it("shows a saved invite's Exclude From Report read-only under Anonymize Results, as the server refuses it", async () => {
    for (const anonymizeResults of [true, false]) {
      fakeOrganizationApi({
        'admin/organization/mine': () => ({ body: savedManufacturer({ anonymizeResults }) }),
        'admin/user/search/byorg/mine': () => ({ body: { data: [ann, self], count: 2 } }),
        'admin/assessmentInvite/search/byorg/mine': () => ({
          body: { data: [invite(72, ann, AssessmentType.CurrentState)], count: 1 },
        }),
      });
      await openOrganization('/admin/organization/mine', champion, 'Manufacturer');
      openTab('Current State Assessment');
      const box = screen.getByRole('checkbox', {
        name: 'Exclude Ann Lee from the report',
      }) as HTMLInputElement;
      expect(box.disabled, `anonymized: ${anonymizeResults}`).toBe(anonymizeResults);
      expect(box.title).toBe(anonymizeResults ? m.inviteExclusionAdminOnly : '');
      // Said in the tab's instructions too: a disabled box's title reaches neither touch nor keyboard.
      expect(screen.queryByText(m.inviteExclusionAdminOnly, { exact: false }) !== null).toBe(
        anonymizeResults,
      );
      cleanup();
    }
  });
});

describe("a champion's Manage Users rows and e-mail addresses (docs/decisions.md#sign-in-limits)", () => {
  it("keeps a registered person's address read-only and lets them correct a never-registered one's", async () => {
    const registered = orgUser(31, 'Ann Lee', { registrationComplete: '2024-02-01T00:00:00Z' });
    const pending = orgUser(32, 'Pat Pending');
    fakeOrganizationApi({
      'admin/organization/mine': () => ({ body: savedManufacturer() }),
      'admin/user/search/byorg/mine': () => ({ body: { data: [registered, pending], count: 2 } }),
      'admin/assessmentInvite/search/byorg/mine': () => ({
        body: { data: [invite(71, registered, AssessmentType.CurrentState)], count: 1 },
      }),
    });
    await openOrganization('/admin/organization/mine', champion, 'Manufacturer');
    openTab('Manage Users (2)');
    const registeredEmail = screen.getByLabelText('Email of user 1') as HTMLInputElement;
    expect(registeredEmail.readOnly).toBe(true);
    expect(registeredEmail.title).toBe(messages.users.emailChangeAdminOnly);
    expect(screen.getByText(messages.users.emailChangeAdminOnly)).toBeTruthy();
    expect((screen.getByLabelText('Email of user 2') as HTMLInputElement).readOnly).toBe(false);
  });
});

describe("the administrator's own organization", () => {
  const institute = {
    id: 1,
    name: 'Smart Manufacturing Institute',
    code: null,
    type: { enumValue: OrganizationType.Admin, name: 'Admin' },
    businessType: null,
  };
  const me = buildUser('admin', { id: 101, fullName: 'Ada Admin', organization: institute });
  const self = orgUser(101, 'Ada Admin', {
    organization: { id: 1, name: institute.name },
    group: { id: UserGroup.Admin, name: 'Admin', enumValue: UserGroup.Admin },
    functionalRole: null,
    department: '',
  });

  it('counts the administrator, says they are the only user, and never sends their row', async () => {
    const api = fakeOrganizationApi({
      'admin/organization/getbyid': () => ({
        body: consultingFirm({
          id: 1,
          name: institute.name,
          type: { enumValue: OrganizationType.Admin, name: 'Admin' },
        }),
      }),
      'admin/user/search/byorg': () => ({ body: { data: [self], count: 1 } }),
      'admin/organization/update': () => ({
        body: { isSuccess: true, message: 'Item was saved.', data: { id: 1 } },
      }),
    });
    await openOrganization('/admin/organization/admin/1', me, 'Organization');
    openTab('Manage Users (1)');
    expect(screen.queryByText(messages.admin.noUsers)).toBeNull();
    // Their own row stays hidden (nobody removes themselves); the tab says why it lists no one.
    expect(screen.queryByText('Ada Admin')).toBeNull();
    expect(screen.getByText(messages.admin.onlyYou, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit My Profile' }).getAttribute('href')).toBe('/profile');
    clickSave();
    await waitFor(() => expect(api.count('admin/organization/update')).toBe(1));
    expect(api.sent('admin/organization/update').users).toEqual([]);
  });
});

describe('save failures', () => {
  const serve = (update: () => Answer) =>
    fakeOrganizationApi({
      'admin/organization/getbyid': () => ({ body: savedManufacturer() }),
      'admin/user/search/byorg': () => ({ body: { data: [], count: 0 } }),
      'admin/assessmentInvite/search/byorg': () => ({ body: { data: [], count: 0 } }),
      'admin/organization/update': update,
    });

  it("tells a refusal in the 'Save Error' dialog", async () => {
    serve(() => ({ body: { isSuccess: false, message: 'The name is taken.' } }));
    await openOrganization('/admin/organization/manufacturer/12', admin, 'Manufacturer');
    clickSave();
    const dialog = await screen.findByRole('dialog', { name: messages.admin.saveErrorTitle });
    expect(within(dialog).getByText(m.saveFailure('The name is taken.'))).toBeTruthy();
  });

  it('tells a 400 answer the same way', async () => {
    serve(() => ({ status: 400, body: { isSuccess: false, message: 'Required user data is missing.' } }));
    await openOrganization('/admin/organization/manufacturer/12', admin, 'Manufacturer');
    clickSave();
    const dialog = await screen.findByRole('dialog', { name: messages.admin.saveErrorTitle });
    expect(within(dialog).getByText(m.saveFailure('Required user data is missing.'))).toBeTruthy();
  });

  it("tells a server failure with 'An error occurred saving this item.'", async () => {
    const api = serve(() => ({ status: 500, body: { isSuccess: false, message: 'boom' } }));
    // The save is sent again three times first, with its Idempotency-Key (docs/decisions.md#data-idempotency); no pauses here.
    const delays = retryPolicy.delaysMs;
    retryPolicy.delaysMs = [0, 0, 0];
    onTestFinished(() => {
      retryPolicy.delaysMs = delays;
    });
    await openOrganization('/admin/organization/manufacturer/12', admin, 'Manufacturer');
    clickSave();
    expect(await screen.findByText(messages.admin.saveFailure)).toBeTruthy();
    expect(api.count('admin/organization/update')).toBe(4);
  });
});

describe('a consulting firm', () => {
  const serve = (extra: Record<string, () => Answer> = {}) =>
    fakeOrganizationApi({
      'admin/organization/getbyid': () => ({ body: consultingFirm() }),
      'admin/organization/mine': () => ({ body: consultingFirm() }),
      'admin/user/search/byorg': () => ({ body: { data: [], count: 0 } }),
      'admin/organization/delete': () => ({ body: { isSuccess: true, message: 'Item was deactivated' } }),
      ...extra,
    });

  it('is deactivated by an administrator after confirming, then the consulting firms list shows', async () => {
    const api = serve();
    const { router } = await openOrganization('/admin/organization/consultant/51', admin, 'Consulting Firm');
    expect(screen.getByLabelText('HQ State')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Manage Users (0)']);
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('button', { name: 'Add Consulting Firm' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(messages.admin.confirmDeactivate('Bright Path Advisors'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/organization/list/consultant'));
    expect(api.sent('admin/organization/delete')).toEqual({ id: 51 });
    expect(await screen.findByText(messages.admin.deactivated)).toBeTruthy();
  });

  it("shows 'Deactivate Item Error' when refused", async () => {
    serve({ 'admin/organization/delete': () => ({ body: { isSuccess: false, message: 'Still in use.' } }) });
    await openOrganization('/admin/organization/consultant/51', admin, 'Consulting Firm');
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    const failure = await screen.findByRole('dialog', { name: messages.admin.deactivateErrorTitle });
    expect(within(failure).getByText(messages.admin.deactivateFailure('Still in use.'))).toBeTruthy();
  });

  it('reads as text once deactivated: no greyed-out form, no Edit', async () => {
    serve({ 'admin/organization/getbyid': () => ({ body: consultingFirm({ isActive: false }) }) });
    renderApp({ path: '/admin/organization/consultant/51', user: admin });
    const name = consultingFirm().name;
    await screen.findByRole('heading', { name, level: 1 }, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Consulting Firm', level: 2 })).toBeTruthy();
    // Its details are text; nothing on the page is a disabled field.
    expect(screen.getByText('Business area')).toBeTruthy();
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(document.querySelectorAll('input, select, textarea, fieldset:disabled')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
  });

  it("is the consultant's own firm on 'mine': no users tab, no deactivation, Cancel goes home", async () => {
    const api = serve();
    await openOrganization('/admin/organization/mine', consultant, 'Consulting Firm');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(api.count('admin/user/search/byorg/mine')).toBe(0);
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/');
  });
});

describe('a consultant following a copied link /admin/organization/{id}', () => {
  const serve = (getbyid: () => Answer) =>
    fakeOrganizationApi({
      'admin/organization/getbyid': getbyid,
      'admin/user/search/byorg': () => ({ body: { data: [orgUser(31, 'Ann Lee')], count: 1 } }),
      'admin/assessmentInvite/search/byorg': () => ({ body: { data: [], count: 0 } }),
    });

  it("opens their client's page, as /admin/organization/manufacturer/{id} does", async () => {
    const api = serve(() => ({ body: savedManufacturer() }));
    const { router } = await openOrganization('/admin/organization/12', consultant, 'Manufacturer');
    expect(router.state.location.pathname).toBe('/admin/organization/12');
    expect(api.sent('admin/organization/getbyid')).toEqual({ id: 12 });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Acme Precision Parts');
    openTab('Manage Users (1)');
    expect(screen.getByDisplayValue('Ann Lee')).toBeTruthy();
  });

  it("still ends at home when the server refuses another firm's client", async () => {
    serve(() => ({ status: 403, body: { isSuccess: false, message: 'Not permitted.' } }));
    const { router } = renderApp({ path: '/admin/organization/13', user: consultant });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('is still refused a new organization of a type they would choose', async () => {
    fakeOrganizationApi({});
    const { router } = renderApp({ path: '/admin/organization/new', user: consultant });
    await waitFor(() => expect(router.state.location.pathname).toBe('/notpermitted'));
  });
});

describe('addresses that are not organization pages', () => {
  it.each([
    '/admin/organization/visitor/3',
    '/admin/organization/manufacturer/mine',
    '/admin/organization/abc',
  ])('%s is Page Not Found', async (path) => {
    fakeOrganizationApi({});
    const { router } = renderApp({ path, user: admin });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});

describe("the Manage Users tab's link to each saved person's page", () => {
  const ann = orgUser(31, 'Ann Lee');
  it.each([
    ['an administrator', admin],
    ['the consultant', consultant],
  ])('is offered to %s, for saved rows only', async (_who, user) => {
    fakeOrganizationApi({
      'admin/organization/getbyid': () => ({ body: savedManufacturer() }),
      'admin/user/search/byorg': () => ({ body: { data: [ann], count: 1 } }),
      'admin/assessmentInvite/search/byorg': () => ({ body: { data: [], count: 0 } }),
    });
    await openOrganization('/admin/organization/manufacturer/12', user, 'Manufacturer');
    openTab('Manage Users (1)');
    const link = screen.getByRole('link', { name: 'Open user page of Ann Lee' });
    expect(link.getAttribute('href')).toBe('/admin/user/31');
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(screen.getAllByRole('link', { name: /Open user page/ })).toHaveLength(1);
  });
});
