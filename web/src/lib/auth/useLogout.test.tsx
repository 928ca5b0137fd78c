// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function clickLogout() {
  renderApp({ user: buildUser('visitor') });
  await screen.findByRole('heading', { name: /^Welcome, / });
  fireEvent.click(
    within(screen.getByRole('navigation', { name: 'User' })).getByRole('button', { name: 'Logout' }),
  );
}

describe('logout', () => {
  it('ends the session on the server with the current token, then clears the ticket', async () => {
    const calls: { path: string; auth: string | null }[] = [];
    const answers = fakeFetch({
      'admin/lookup/getall': () => ({ body: [] }),
      'auth/logout': () => ({ body: { isSuccess: true, message: '', data: true } }),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ path: String(input), auth: new Headers(init?.headers).get('Authorization') });
        return answers(input, init);
      }),
    );
    await clickLogout();
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(calls).toContainEqual({ path: '/api/auth/logout', auth: 'Bearer test-token' });
    expect(ticketStore.getToken()).toBeNull();
  });

  it('still logs out here when the server cannot be reached', async () => {
    const answers = fakeFetch({ 'admin/lookup/getall': () => ({ body: [] }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('auth/logout')) throw new TypeError('Failed to fetch');
        return answers(input, init);
      }),
    );
    await clickLogout();
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(ticketStore.getToken()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
