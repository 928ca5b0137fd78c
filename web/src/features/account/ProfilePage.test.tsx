// @vitest-environment jsdom

import { messages } from '@domain/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Answer = { status?: number; body: unknown };
const me = buildUser('consultant', { phoneNumber: '555-0100' });
let profileAnswer: () => Answer;
let updateAnswer: (init?: RequestInit) => Answer;
let changeAnswer: () => Answer;

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  profileAnswer = () => ({ body: me });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: testLookups }),
        'auth/profile': () => profileAnswer(),
        'auth/profile/update': (init) => updateAnswer(init),
        'auth/changepassword': () => changeAnswer(),
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

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function openProfile() {
  const view = renderApp({ path: '/profile', user: me });
  expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeTruthy();
  return view;
}

describe('profile page', () => {
  it('loads the signed-in user', async () => {
    await openProfile();
    expect(input('Full Name').value).toBe(me.fullName);
    expect(input('Phone Number').value).toBe('555-0100');
    expect(input('Group').value).toBe('Consultant');
  });

  it('says so when the profile cannot be retrieved', async () => {
    profileAnswer = () => ({ status: 500, body: { isSuccess: false, message: 'boom', statusCode: 500 } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp({ path: '/profile', user: me });
    expect(await screen.findByText('An error occurred retrieving this item.')).toBeTruthy();
  });

  it('saves, stays on the page with the fresh data and updates the signed-in user', async () => {
    updateAnswer = (init) => {
      const body = JSON.parse(String(init?.body));
      return { body: { isSuccess: true, message: '', data: { ...me, fullName: body.fullName } } };
    };
    const { router } = await openProfile();
    fireEvent.input(input('Full Name'), { target: { value: 'Robin Example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(input('Full Name').value).toBe('Robin Example');
    expect(ticketStore.getUser()?.fullName).toBe('Robin Example');
    expect(ticketStore.getToken()).toBe('test-token');
  });

  it('asks for the current password only when the e-mail changes, sends it, and says a confirmation was sent', async () => {
    let sent: Record<string, unknown> = {};
    updateAnswer = (init) => {
      sent = JSON.parse(String(init?.body));
      return {
        body: {
          isSuccess: true,
          message: `${messages.account.profileSaved} ${messages.account.emailChangePending}`,
          data: me,
        },
      };
    };
    await openProfile();
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    fireEvent.input(input('Email'), { target: { value: 'new.address@example.com' } });
    expect(await screen.findByLabelText('Current Password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.validation.required)).toBeTruthy();
    expect(document.activeElement).toBe(input('Current Password'));
    expect(sent).toEqual({});
    fireEvent.input(input('Current Password'), { target: { value: 'My!Current1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/A confirmation link was sent to the new e-mail address/)).toBeTruthy();
    expect(sent).toMatchObject({ email: 'new.address@example.com', currentPassword: 'My!Current1' });
  });

  it('shows a refused save in a dialog titled Save Error', async () => {
    updateAnswer = () => ({ body: { isSuccess: false, message: 'That e-mail address is in use.' } });
    await openProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Save Error' })).toBeTruthy();
    expect(within(dialog).getByText('That e-mail address is in use.')).toBeTruthy();
  });
});

describe('change password dialog', () => {
  async function openDialog() {
    await openProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    return screen.findByRole('dialog');
  }

  it('says when the passwords do not match, on blur', async () => {
    const dialog = await openDialog();
    const newPassword = within(dialog).getByLabelText('New Password');
    fireEvent.input(newPassword, { target: { value: 'Str0ng#Pass' } });
    fireEvent.blur(newPassword);
    const confirm = within(dialog).getByLabelText('Confirm Password');
    fireEvent.input(confirm, { target: { value: 'Str0ng#Pasz' } });
    fireEvent.blur(confirm);
    expect(await within(dialog).findByText('Passwords do not match')).toBeTruthy();
  });

  it('requires every field on Save', async () => {
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(3));
  });

  async function submitChange(dialog: HTMLElement) {
    fireEvent.input(within(dialog).getByLabelText('Current Password'), { target: { value: 'Old#Pass1' } });
    fireEvent.input(within(dialog).getByLabelText('New Password'), { target: { value: 'Str0ng#Pass' } });
    fireEvent.input(within(dialog).getByLabelText('Confirm Password'), { target: { value: 'Str0ng#Pass' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  }

  it('stores the new ticket and confirms the change', async () => {
    changeAnswer = () => ({
      body: {
        isSuccess: true,
        message: 'Your password has been updated.',
        data: { token: 'new-token', user: me },
      },
    });
    const dialog = await openDialog();
    await submitChange(dialog);
    expect(await within(dialog).findByText('Your password has been updated.')).toBeTruthy();
    expect(ticketStore.getToken()).toBe('new-token');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal as a warning inside the dialog", async () => {
    changeAnswer = () => ({ body: { isSuccess: false, message: 'The current password is not correct.' } });
    const dialog = await openDialog();
    await submitChange(dialog);
    const message = await within(dialog).findByText('The current password is not correct.');
    expect(message.closest('.alert-warning')).toBeTruthy();
    expect(ticketStore.getToken()).toBe('test-token');
  });

  it('shows the generic text in red when the call fails', async () => {
    changeAnswer = () => ({ status: 500, body: { isSuccess: false, message: 'boom', statusCode: 500 } });
    const dialog = await openDialog();
    await submitChange(dialog);
    const message = await within(dialog).findByText(
      'An error occurred. Please contact your system administrator.',
    );
    expect(message.closest('.alert-danger')).toBeTruthy();
  });
});
