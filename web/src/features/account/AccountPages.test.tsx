// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Answer = { status?: number; body: unknown };
let answers: Record<string, (init?: RequestInit) => Answer>;

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  answers = { 'admin/lookup/getall': () => ({ body: [] }) };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => fakeFetch(answers)(input, init)),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
const bodyOf = (path: string) =>
  JSON.parse(String(vi.mocked(fetch).mock.calls.find(([url]) => String(url) === `/api/${path}`)?.[1]?.body));

describe('forgot password', () => {
  it('requires the user name and a valid e-mail', async () => {
    renderApp({ path: '/forgotpassword' });
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    type('Email', 'nope');
    submit();
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByText('Invalid email format')).toBeTruthy();
    const links = within(screen.getByRole('navigation', { name: 'Account help' }));
    expect(links.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/');
    expect(links.getByRole('link', { name: 'Forgot User Name' }).getAttribute('href')).toBe(
      '/forgotusername',
    );
  });

  it("shows the server's answer as a success", async () => {
    answers['auth/forgotpassword'] = () => ({ body: { isSuccess: true, message: 'Check your e-mail.' } });
    renderApp({ path: '/forgotpassword' });
    await screen.findByLabelText('User Name');
    type('User Name', 'jane doe');
    type('Email', 'jane@example.com');
    submit();
    const message = await screen.findByText('Check your e-mail.');
    expect(message.closest('.alert-success')).toBeTruthy();
    expect(bodyOf('auth/forgotpassword')).toEqual({
      userName: 'janedoe',
      email: 'jane@example.com',
      host: window.location.origin,
    });
  });

  it('says the e-mail could not be sent when no answer came', async () => {
    answers['auth/forgotpassword'] = () => {
      throw new TypeError('Failed to fetch');
    };
    renderApp({ path: '/forgotpassword' });
    await screen.findByLabelText('User Name');
    type('User Name', 'jane');
    type('Email', 'jane@example.com');
    submit();
    expect(await screen.findByText('An error occurred resending forgot password email.')).toBeTruthy();
  });

  it('shows the too-many-requests message', async () => {
    answers['auth/forgotpassword'] = () => ({
      status: 429,
      body: {
        isSuccess: false,
        message: 'Too many requests. Please wait a few minutes and try again.',
        statusCode: 429,
      },
    });
    renderApp({ path: '/forgotpassword' });
    await screen.findByLabelText('User Name');
    type('User Name', 'jane');
    type('Email', 'jane@example.com');
    submit();
    expect(
      await screen.findByText('Too many requests. Please wait a few minutes and try again.'),
    ).toBeTruthy();
  });
});

describe('forgot user name', () => {
  it('shows a refusal as danger and a failed call with its own text', async () => {
    answers['auth/forgotUsername'] = () => ({ body: { isSuccess: false, message: 'Not now.' } });
    renderApp({ path: '/forgotusername' });
    expect(await screen.findByRole('heading', { name: 'Forgot User Name' })).toBeTruthy();
    // The page's own link (the footer has one too).
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Forgot Password' }).getAttribute('href'),
    ).toBe('/forgotpassword');
    type('Email', 'jane@example.com');
    submit();
    expect((await screen.findByText('Not now.')).closest('.alert-danger')).toBeTruthy();

    answers['auth/forgotUsername'] = () => {
      throw new TypeError('Failed to fetch');
    };
    submit();
    expect(await screen.findByText('An error occurred resending forgot user name email.')).toBeTruthy();
  });
});

describe('reset password', () => {
  it('explains an invalid link, hides the form and offers a new one', async () => {
    answers['auth/resetpassword/init'] = () => ({
      body: { isSuccess: false, message: 'This link is invalid or has expired. Please ask for a new one.' },
    });
    renderApp({ path: '/resetpassword/bad' });
    expect(
      await screen.findByText('This link is invalid or has expired. Please ask for a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Reset Your Password' })).toBeTruthy();
    expect(screen.queryByLabelText('New Password')).toBeNull();
    // The page's own link (the footer has one too).
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Forgot Password' }).getAttribute('href'),
    ).toBe('/forgotpassword');
  });

  it('prefills the user name, resets, signs in and goes home', async () => {
    const user = buildUser('manufacturer');
    answers['auth/resetpassword/init'] = () => ({
      body: { isSuccess: true, message: '', data: { userName: 'mfr' } },
    });
    answers['auth/resetpassword'] = () => ({
      body: { isSuccess: true, message: '', data: { token: 'fresh', user } },
    });
    const { router } = renderApp({ path: '/resetpassword/good' });
    expect(
      await screen.findByText(
        'Enter your user name and a new password to complete the password reset process.',
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText('User Name') as HTMLInputElement).value).toBe('mfr');
    type('New Password', 'Str0ng#Pass');
    type('Confirm Password', 'Str0ng#Pass');
    submit();
    expect(await screen.findByText('Congratulations. Your password has been reset.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(ticketStore.getToken()).toBe('fresh');
    expect(bodyOf('auth/resetpassword')).toEqual({
      token: 'good',
      userName: 'mfr',
      password: 'Str0ng#Pass',
      confirmPassword: 'Str0ng#Pass',
    });
  });
});

describe('invite', () => {
  const validLink = () => {
    answers['auth/register/check'] = () => ({ body: { isSuccess: true, message: '' } });
  };

  it('says at once that an unknown or used link is invalid, and how to get a new one, without the form', async () => {
    answers['auth/register/check'] = () => ({
      body: { isSuccess: false, message: 'This link is invalid or has expired. Please ask for a new one.' },
    });
    renderApp({ path: '/invite/bogus' });
    const message = await screen.findByText('This link is invalid or has expired. Please ask for a new one.');
    expect(message.closest('.alert-danger')).toBeTruthy();
    expect(screen.getByRole('heading', { name: "You're Invited!" })).toBeTruthy();
    expect(screen.getByText(/administrator, consultant or champion/)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    const page = within(screen.getByRole('main'));
    expect(page.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/');
    expect(page.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/forgotpassword');
    expect(bodyOf('auth/register/check')).toEqual({ token: 'bogus' });
  });

  it('shows the refusal in red', async () => {
    validLink();
    answers['auth/register'] = () => ({
      body: { isSuccess: false, message: 'The user name does not match this link.' },
    });
    renderApp({ path: '/invite/abc' });
    expect(await screen.findByRole('heading', { name: "You're Invited!" })).toBeTruthy();
    type('User Name', 'someone');
    type('Password', 'Str0ng#Pass');
    type('Confirm Password', 'Str0ng#Pass');
    submit();
    const message = await screen.findByText('The user name does not match this link.');
    expect(message.closest('.alert-danger')).toBeTruthy();
    expect(ticketStore.get()).toBeNull();
  });

  it('confirms the account and signs the user in', async () => {
    const user = buildUser('manufacturer');
    validLink();
    answers['auth/register'] = () => ({
      body: { isSuccess: true, message: '', data: { token: 'tok', user } },
    });
    renderApp({ path: '/invite/abc' });
    await screen.findByLabelText('User Name');
    type('User Name', 'manufacturer-user');
    type('Password', 'Str0ng#Pass');
    type('Confirm Password', 'Str0ng#Pass');
    submit();
    const confirmed = await screen.findByText('Congratulations. Your account has been confirmed.');
    expect(confirmed.closest('.alert-success')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(ticketStore.get()).toEqual({ token: 'tok', user });
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/');
    expect(bodyOf('auth/register')).toEqual({
      token: 'abc',
      userName: 'manufacturer-user',
      password: 'Str0ng#Pass',
      confirmPassword: 'Str0ng#Pass',
    });
  });
});

describe('context-specific passwords (docs/decisions.md#sign-in-passwords)', () => {
  it("refuses a password holding the product's name or the user name under the field, before asking the server", async () => {
    answers['auth/register/check'] = () => ({ body: { isSuccess: true, message: '' } });
    renderApp({ path: '/invite/abc' });
    await screen.findByLabelText('User Name');
    type('User Name', 'marigold');
    for (const password of ['SM-Roadmap#1', 'Marigold#2024']) {
      type('Password', password);
      type('Confirm Password', password);
      submit();
      expect(
        await screen.findByText(
          "Password must not contain the product's name, your organization's name, your user name, your name or your e-mail address.",
        ),
      ).toBeTruthy();
    }
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url) === '/api/auth/register')).toBe(false);
  });
});

describe('confirm e-mail (docs/decisions.md#users-email-change)', () => {
  it('confirms the link once and shows the outcome', async () => {
    answers['auth/confirmemail'] = () => ({
      body: { isSuccess: true, message: 'Your e-mail address has been changed.' },
    });
    renderApp({ path: '/confirmemail/abc123' });
    const message = await screen.findByText('Your e-mail address has been changed.');
    expect(message.closest('.alert-success')).toBeTruthy();
    expect(bodyOf('auth/confirmemail')).toEqual({ token: 'abc123' });
    const calls = vi.mocked(fetch).mock.calls.filter(([url]) => String(url) === '/api/auth/confirmemail');
    expect(calls).toHaveLength(1);
  });

  it('shows a dead link in red', async () => {
    answers['auth/confirmemail'] = () => ({
      body: { isSuccess: false, message: 'This link is invalid or has expired. Please ask for a new one.' },
    });
    renderApp({ path: '/confirmemail/old' });
    const message = await screen.findByText(/This link is invalid/);
    expect(message.closest('.alert-danger')).toBeTruthy();
  });
});
