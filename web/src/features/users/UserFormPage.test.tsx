// @vitest-environment jsdom

import { UserGroup, UserStatus } from '@domain/codes';
import { messages } from '@domain/messages';
import type { UserView } from '@domain/schemas/user';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { lookupNamed } from '@web/testing/lookups';
import { renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admin, consultant, fakeUserApi, person } from './userTestApi';

const u = messages.users;
const ann = person(11, 'Ann Lee', { certificateNumber: 'C-77' });
const draft = {
  ...person(0, ''),
  id: null,
  userName: '',
  email: '',
  group: null,
  role: null,
  organization: null,
  functionalRole: null,
  createdDateTime: null,
  status: { enumValue: UserStatus.Pending, name: 'Pending' },
};

let api: ReturnType<typeof fakeUserApi>;
let shown: UserView;

function serve(user: UserView, more: Parameters<typeof fakeUserApi>[0] = {}) {
  shown = user;
  api = fakeUserApi({
    'admin/user/getbyid': () => ({ body: shown }),
    'admin/user/init': () => ({ body: draft }),
    'admin/user/visitor/update': () => ({
      body: { isSuccess: true, message: 'Item was saved.', data: { id: shown.id } },
    }),
    ...more,
  });
}

beforeEach(() => {
  localStorage.clear();
  serve(ann);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const choose = (label: string, value: string | number) =>
  fireEvent.change(field(label), { target: { value: String(value) } });
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const button = (name: string | RegExp) => screen.getByRole('button', { name });

async function open(path: string, user = admin, heading: string | RegExp = /^Admin \| User/) {
  const view = renderApp({ path, user });
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 });
  // The selects are filled once the lookups are in.
  await waitFor(() => expect(within(field('State')).getAllByRole('option').length).toBeGreaterThan(1));
  return view;
}

/** Lets the shown notice start its clock, then moves the clock past docs/product.md's 6 seconds. */
async function sixSecondsPass() {
  await act(async () => {});
  await act(async () => void (await vi.advanceTimersByTimeAsync(6100)));
}

async function openMenu() {
  fireEvent.click(button('Actions'));
  await screen.findByRole('button', { name: 'Add User' });
}

describe('a saved user', () => {
  it('opens read-only with Edit, and Save returns to the read-only view with the saved text', async () => {
    const { router } = await open('/admin/user/11');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Admin | User');
    expect(field('Full Name').matches(':disabled')).toBe(true);
    // It reads as text, not as a greyed-out form (the look hangs on this class).
    expect(field('Full Name').matches('fieldset.smr-read-only *')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(field('Full Name').matches(':disabled')).toBe(false));
    expect(field('Full Name').matches('fieldset.smr-read-only *')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    type('Full Name', 'Ann Lee-Ray');
    fireEvent.click(field('Active'));
    fireEvent.click(button('Save'));

    expect(await screen.findByText('Item was saved.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/admin/user/11');
    expect(api.sent('admin/user/visitor/update')).toMatchObject({
      user: {
        id: 11,
        fullName: 'Ann Lee-Ray',
        userName: 'ann.lee',
        certificateNumber: 'C-77',
        isActive: false,
      },
    });
  });

  it("shows a refused save in the 'Save Error' dialog with the server's message", async () => {
    serve(ann, {
      'admin/user/visitor/update': () => ({
        body: { isSuccess: false, message: 'That user name is taken.' },
      }),
    });
    await open('/admin/user/11?mode=edit');
    fireEvent.click(button('Save'));
    const dialog = await screen.findByRole('dialog', { name: 'Save Error' });
    expect(within(dialog).getByText('That user name is taken.')).toBeTruthy();
  });

  it('goes to Page Not Found for an unknown id', async () => {
    serve(ann, { 'admin/user/getbyid': () => ({ status: 404, body: { isSuccess: false, message: 'no' } }) });
    const { router } = renderApp({ path: '/admin/user/999', user: admin });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});

describe('a new user', () => {
  it("offers Invite, which adds the user with the invite e-mail and opens the new user's page", async () => {
    serve(ann, {
      'admin/user/visitor/add': () => ({
        body: { isSuccess: true, message: 'Item was saved. Invite was sent.', data: { id: 11 } },
      }),
    });
    const { router } = await open('/admin/user/new');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Admin | User');
    type('Full Name', 'Cy Doe');
    type('User Name', 'cy doe');
    type('Email', 'cy@example.com');
    choose('Group', UserGroup.Consultant);
    choose('Organization', 51);
    choose('Business Type', lookupNamed('Management Consulting').id);
    fireEvent.click(button('Invite'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user/11'));
    expect(await screen.findByText('Item was saved. Invite was sent.')).toBeTruthy();
    const sent = api.sent('admin/user/visitor/add');
    expect(sent).toMatchObject({
      sendInvite: true,
      host: window.location.origin,
      user: {
        fullName: 'Cy Doe',
        userName: 'cydoe',
        email: 'cy@example.com',
        group: { enumValue: 2 },
        isActive: true,
      },
    });
    expect((sent.user as { organization: unknown }).organization).toMatchObject({ id: 51 });
  });

  it('also saves without the invite, and blocks an incomplete form', async () => {
    serve(ann, {
      'admin/user/visitor/add': () => ({
        body: { isSuccess: true, message: 'Item was saved.', data: { id: 11 } },
      }),
    });
    await open('/admin/user/new');
    fireEvent.click(button('Save'));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThan(0);
    expect(api.count('admin/user/visitor/add')).toBe(0);
  });
});

describe('invites for users', () => {
  it("offers a pending user's first invite, then says when it went and offers to re-send it", async () => {
    const pending = person(21, 'Pat Kim', { status: { enumValue: UserStatus.Pending, name: 'Pending' } });
    serve(pending, {
      'admin/user/resendinvite': () => {
        shown = { ...pending, approvalInviteDate: '2024-05-06T12:00:00' };
        return { body: { isSuccess: true, message: 'Invite was sent.' } };
      },
    });
    await open('/admin/user/21', admin, 'Admin | User (Pending)');
    expect(screen.queryByText(/Invite sent on/)).toBeNull();
    // Someone awaiting approval cannot sign in yet, so a passcode would be of no use to them.
    expect(screen.queryByRole('button', { name: 'Generate One Time Passcode' })).toBeNull();
    fireEvent.click(button('Send Invite'));
    expect(await screen.findByText('Invite was sent.')).toBeTruthy();
    expect(api.sent('admin/user/resendinvite')).toEqual({ user: { id: 21 }, host: window.location.origin });
    expect(await screen.findByText(u.invitedOn('5/6/2024'))).toBeTruthy();
    expect(button('Re-send Invite')).toBeTruthy();
  });

  it('offers a passcode for a person someone added who never got an invite (docs/decisions.md#sign-in-passcodes)', async () => {
    const added = person(22, 'Lee Park', {
      status: { enumValue: UserStatus.Pending, name: 'Pending' },
      selfSignUp: false,
    });
    serve(added);
    await open('/admin/user/22', admin, 'Admin | User (Pending)');
    // The invite e-mail may never have arrived: the administrator can still let them in.
    expect(button('Generate One Time Passcode')).toBeTruthy();
    expect(button('Send Invite')).toBeTruthy();
  });

  it('shows the registration date instead once the person registered, and no invite button', async () => {
    serve(
      person(21, 'Pat Kim', {
        status: { enumValue: UserStatus.Visitor, name: 'Visitor' },
        approvalInviteDate: '2024-05-06T12:00:00',
        registrationComplete: '2024-05-08T09:00:00',
      }),
    );
    await open('/admin/user/21');
    expect(screen.getByText(u.registeredOn('5/8/2024'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Send Invite/ })).toBeNull();
  });
});

describe('one-time passcodes and password resets', () => {
  const registered = person(11, 'Ann Lee', { registrationComplete: '2024-01-01T00:00:00' });

  it('keeps a generated passcode on screen until dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(registered, {
      'admin/user/onetimepasscode': () => ({ body: { isSuccess: true, message: '', data: 'K7Q-22X' } }),
    });
    await open('/admin/user/11');
    fireEvent.click(button('Generate One Time Passcode'));
    const notice = () => screen.getByText('K7Q-22X').closest('[role="status"]')?.textContent;
    await waitFor(() => expect(notice()).toBe(u.otpGenerated('K7Q-22X')));
    expect(api.sent('admin/user/onetimepasscode')).toEqual({ user: { id: 11 } });
    await sixSecondsPass();
    expect(notice()).toBe(u.otpGenerated('K7Q-22X'));
  });

  it('tells a failed passcode, and the notice goes after 6 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(registered, {
      'admin/user/onetimepasscode': () => ({ body: { isSuccess: false, message: '' } }),
    });
    await open('/admin/user/11');
    fireEvent.click(button('Generate One Time Passcode'));
    expect(await screen.findByText(u.otpFailure)).toBeTruthy();
    await sixSecondsPass();
    await waitFor(() => expect(screen.queryByText(u.otpFailure)).toBeNull());
  });

  it('e-mails a reset link and says where it went', async () => {
    serve(registered, {
      'auth/forgotpassword': () => ({ body: { isSuccess: true, message: 'If an account matches...' } }),
    });
    await open('/admin/user/11');
    fireEvent.click(button('Reset Password'));
    expect(await screen.findByText(u.adminResetSent('ann.lee@example.com'))).toBeTruthy();
    expect(api.sent('auth/forgotpassword')).toEqual({
      userName: 'ann.lee',
      email: 'ann.lee@example.com',
      host: window.location.origin,
    });
  });

  it('tells a failed reset, and the notice goes after 6 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(registered, {
      'auth/forgotpassword': () => ({ status: 500, body: { isSuccess: false, message: 'mail down' } }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open('/admin/user/11');
    fireEvent.click(button('Reset Password'));
    expect(await screen.findByText(u.adminResetFailure)).toBeTruthy();
    await sixSecondsPass();
    await waitFor(() => expect(screen.queryByText(u.adminResetFailure)).toBeNull());
  });
});

describe('deleting a user', () => {
  it('asks with the e-mail address, deletes, says so and goes back to the list', async () => {
    serve(ann, {
      'admin/user/visitor/delete': () => ({ body: { isSuccess: true, message: 'Item was deleted' } }),
      'admin/user/search': () => ({ body: { data: [], count: 0 } }),
    });
    const { router } = await open('/admin/user/11');
    await openMenu();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(u.confirmDelete('ann.lee@example.com'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Item was deleted')).toBeTruthy();
    expect(api.sent('admin/user/visitor/delete')).toEqual({ id: 11 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user/list'));
  });

  it("shows a failed deletion in the 'Delete Item Error' dialog", async () => {
    serve(ann, { 'admin/user/visitor/delete': () => ({ body: { isSuccess: false, message: '' } }) });
    await open('/admin/user/11');
    await openMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const failure = await screen.findByRole('dialog', { name: 'Delete Item Error' });
    expect(within(failure).getByText('An error occurred deleting this item.')).toBeTruthy();
  });

  it('is not offered on your own page, nor are the passcode and reset actions', async () => {
    serve(person(admin.id, 'Jordan Avery Quinn', { registrationComplete: '2024-01-01T00:00:00' }));
    await open(`/admin/user/${admin.id}`);
    await openMenu();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate One Time Passcode' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
  });
});

describe('converting a visitor', () => {
  const visitor = person(31, 'Val Visitor', {
    group: { id: 5, name: 'Visitor', code: 'visitor', enumValue: UserGroup.Visitor },
    role: 'visitor',
    status: { enumValue: UserStatus.Visitor, name: 'Visitor' },
    organization: {
      id: 71,
      name: 'Visitors',
      code: null,
      type: { enumValue: 4, name: 'Visitor' },
      businessType: {
        id: lookupNamed('Discrete Manufacturing').id,
        name: 'Discrete Manufacturing',
        code: null,
      },
    },
  });

  it('asks, saying it cannot be undone, converts and opens the organization', async () => {
    serve(visitor, {
      'admin/user/visitor/convert': () => ({
        body: { isSuccess: true, message: 'The visitor was converted.', data: { organizationId: 61 } },
      }),
    });
    const { router } = await open('/admin/user/31');
    const card = within(screen.getByRole('region', { name: 'Convert to Manufacturer' }));
    expect(within(card.getByLabelText('Manufacturer')).queryByText('Closed Foundry')).toBeNull();
    fireEvent.change(card.getByLabelText('Manufacturer'), { target: { value: '61' } });
    fireEvent.change(card.getByLabelText('Consulting Firm'), { target: { value: '51' } });
    fireEvent.click(card.getByRole('button', { name: 'Convert to Manufacturer' }));

    const dialog = await screen.findByRole('dialog', { name: 'Convert User' });
    expect(within(dialog).getByText(u.confirmConvert('Val Visitor', 'Acme Precision Parts'))).toBeTruthy();
    expect(within(dialog).getByText(/This action cannot be undone/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/organization/61'));
    expect(api.sent('admin/user/visitor/convert')).toEqual({
      id: 31,
      organization: { id: 61 },
      functionalRole: { id: lookupNamed('Engineering').id },
      email: 'val.visitor@example.com',
      referredBy: null,
      referredByOther: null,
      consultingFirm: { id: 51 },
      host: window.location.origin,
    });
  });

  it('needs a consulting firm to convert to a consultant, and shows a refusal in the dialog', async () => {
    serve(visitor, {
      'admin/user/visitor/convert': () => ({ body: { isSuccess: false, message: '' } }),
    });
    await open('/admin/user/31');
    const card = within(screen.getByRole('region', { name: 'Convert to Consultant' }));
    fireEvent.click(card.getByRole('button', { name: 'Convert to Consultant' }));
    expect(card.getByText('Required')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(card.getByLabelText('Consulting Firm'), { target: { value: '51' } });
    fireEvent.click(card.getByRole('button', { name: 'Convert to Consultant' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Convert' }));
    const failure = await screen.findByRole('dialog', { name: 'Convert Item Error' });
    expect(within(failure).getByText('An error occurred converting this item.')).toBeTruthy();
  });

  it('is offered for visitors only', async () => {
    await open('/admin/user/11');
    expect(screen.queryByRole('region', { name: 'Convert to Manufacturer' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Convert to Consultant' })).toBeNull();
  });
});

describe("the user's assessments", () => {
  it('lists completed assessments with their dates and links to the results', async () => {
    serve(ann, {
      'assessmentresult/byuser': () => ({
        body: {
          data: [
            {
              id: 901,
              assessment: {
                id: 1,
                code: 'current',
                name: 'Current State Assessment',
                description: null,
                assessmentType: 1,
              },
              respondent: null,
              organization: null,
              completionDateTime: '2024-04-03T10:00:00',
              roadmapStatus: null,
              canRetake: false,
            },
          ],
          count: 1,
        },
      }),
    });
    await open('/admin/user/11');
    const panel = within(await screen.findByRole('region', { name: 'Assessments' }));
    const link = await panel.findByRole('link', { name: 'Current State Assessment' });
    expect(link.getAttribute('href')).toBe('/assessment/results/901');
    expect(panel.getByText('Completed 4/3/2024')).toBeTruthy();
    expect(api.sent('assessmentresult/byuser')).toEqual({ id: 11 });
  });
});

describe('a consultant', () => {
  it("sees their client's person without the administrator's fields or actions", async () => {
    serve(
      { ...ann, registrationComplete: '2024-03-06T10:00:00Z' },
      {
        'admin/organization/search/bytype': () => ({
          body: {
            data: [
              {
                id: 61,
                name: 'Acme Precision Parts',
                type: { enumValue: 3, name: 'Manufacturer' },
                isActive: true,
              },
            ],
            count: 1,
          },
        }),
      },
    );
    await open('/admin/user/11?mode=edit', consultant);
    for (const label of ['Certificate Number', 'Suspended', 'Additional Info', 'Active']) {
      expect(screen.queryByLabelText(label)).toBeNull();
    }
    expect(
      within(field('Group'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['--Select One--', 'Manufacturer Champion', 'Manufacturer']);
    // A registered person's address is theirs or the admin's (domain/policies/userFields.ts).
    expect((field('Email') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText(messages.users.emailChangeAdminOnly)).toBeTruthy();
    expect((field('Organization') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText(messages.users.organizationChangeAdminOnly)).toBeTruthy();
    await waitFor(() =>
      expect(
        within(field('Organization'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('Acme Precision Parts'),
    );
    expect(api.count('admin/organization/all')).toBe(0);
    expect(screen.queryByRole('button', { name: 'Generate One Time Passcode' })).toBeNull();
    await openMenu();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    fireEvent.click(button('Save'));
    await screen.findByText('Item was saved.');
    const sent = api.sent('admin/user/visitor/update').user as Record<string, unknown>;
    expect(sent).not.toHaveProperty('certificateNumber');
    expect(sent).not.toHaveProperty('isActive');
    // Read-only and disabled fields still go as they were: unchanged, so no change to refuse.
    expect(sent).toMatchObject({ email: 'ann.lee@example.com', organization: { id: 61 } });
  });
});
