// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Answer = { status?: number; body: unknown };
let loginAnswer: Answer;

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: [] }),
        'auth/login': () => loginAnswer,
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

async function submit(userName: string, password: string) {
  fireEvent.input(await screen.findByLabelText('User Name'), { target: { value: userName } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page', () => {
  it('requires both fields', async () => {
    renderApp();
    await submit('   ', '');
    expect(await screen.findAllByText('Required')).toHaveLength(2);
  });

  it('focuses the first field in error, and checks a field again as it changes after a submit', async () => {
    renderApp();
    await submit('', '');
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByLabelText('User Name'));
    fireEvent.input(screen.getByLabelText('User Name'), { target: { value: 'someone' } });
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(1));
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/login', expect.anything());
  });

  it("shows the server's refusal and clears the password", async () => {
    loginAnswer = { body: { isSuccess: false, message: 'Invalid user name or password.' } };
    renderApp();
    await submit('someone', 'wrong-password');
    expect(await screen.findByText('Invalid user name or password.')).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('User Name') as HTMLInputElement).value).toBe('someone');
  });

  it('shows the contact-administrator text when the server fails', async () => {
    loginAnswer = { status: 500, body: { isSuccess: false, message: 'boom', statusCode: 500 } };
    renderApp();
    await submit('someone', 'pw');
    expect(
      await screen.findByText('An error occurred. Please contact your system administrator.'),
    ).toBeTruthy();
  });

  it('stores the ticket and returns to the returnUrl', async () => {
    const user = buildUser('consultant');
    loginAnswer = { body: { isSuccess: true, message: '', data: { token: 'tok', user } } };
    const { router } = renderApp({ path: '/?returnUrl=%2Fprofile' });
    await submit('consultant-user', 'Secret#123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(ticketStore.get()).toEqual({ token: 'tok', user });
    expect(JSON.parse(localStorage.getItem('smr.auth-ticket') ?? 'null')).toEqual({ token: 'tok', user });
    // docs/product.md#calls: lookups load right after login.
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url) === '/api/admin/lookup/getall')).toBe(
        true,
      ),
    );
  });

  it('goes to the password change when the account requires one', async () => {
    const user = buildUser('manufacturer', { requireChangePassword: true });
    loginAnswer = { body: { isSuccess: true, message: '', data: { token: 'tok', user } } };
    const { router } = renderApp({ path: '/?returnUrl=%2Fprofile' });
    await submit('manufacturer-user', 'Temp#1234');
    expect(await screen.findByRole('heading', { name: 'Change Password Required' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/otp/changepassword');
  });
});

describe('change password required', () => {
  it('says when the passwords do not match, on blur', async () => {
    renderApp({ path: '/otp/changepassword', user: buildUser('visitor', { requireChangePassword: true }) });
    const newPassword = await screen.findByLabelText('New Password');
    fireEvent.input(newPassword, { target: { value: 'Str0ng#Pass' } });
    fireEvent.blur(newPassword);
    const confirm = screen.getByLabelText('Confirm Password');
    fireEvent.input(confirm, { target: { value: 'Str0ng#Pasz' } });
    fireEvent.blur(confirm);
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
  });

  it('Cancel logs out and goes home', async () => {
    const { router } = renderApp({
      path: '/otp/changepassword',
      user: buildUser('visitor', { requireChangePassword: true }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
    expect(ticketStore.get()).toBeNull();
  });
});
