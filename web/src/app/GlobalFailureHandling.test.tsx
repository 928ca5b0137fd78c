// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { ticketStore } from '../api/ticketStore';
import { buildUser } from '../testing/buildUser';
import { fakeFetch, renderApp } from '../testing/renderApp';

const failWith =
  (status: number, message = 'server text') =>
  () => ({
    status,
    body: { isSuccess: false, message, statusCode: status },
  });

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: [] }),
        gone: failWith(404),
        expired: failWith(401),
        forbidden: failWith(403),
        invalid: failWith(400, 'Name is required.'),
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

const call = (path: string, errorMessage?: string) =>
  act(() => api.post(path, {}, { errorMessage }).catch(() => undefined));

describe('global failure handling (docs/product.md#messages)', () => {
  it('404: the supplied message plus the not-found sentence, on /404', async () => {
    const { router } = renderApp({ user: buildUser('admin') });
    await screen.findByRole('heading', { name: /^Welcome/ });
    await call('gone', 'An error occurred retrieving this item.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('An error occurred retrieving this item. The page was not found.')).toBeTruthy();
  });

  it('401: logged out, told so, on the login page', async () => {
    const { router } = renderApp({ path: '/notpermitted', user: buildUser('consultant') });
    await screen.findByRole('heading', { name: 'Not Permitted' });
    await call('expired');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(await screen.findByText('You must be logged in to view this area.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(ticketStore.get()).toBeNull();
  });

  it('403: home, with the action message and the timed area message', async () => {
    const { router } = renderApp({ path: '/notpermitted', user: buildUser('visitor') });
    await screen.findByRole('heading', { name: 'Not Permitted' });
    await call('forbidden');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('You are not permitted to perform this action.')).toBeTruthy();
    expect(
      screen.getByText(
        'You are not permitted to access this area. Please contact your system administrator.',
      ),
    ).toBeTruthy();
    expect(ticketStore.get()).not.toBeNull();
  });

  it("400: the body's message, staying on the page", async () => {
    const { router } = renderApp({ path: '/404', user: buildUser('admin') });
    await screen.findByRole('heading', { name: 'Page Not Found' });
    await call('invalid');
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('alerts raised on a page are gone after the next route change', async () => {
    const { router } = renderApp({ path: '/404', user: buildUser('admin') });
    await screen.findByRole('heading', { name: 'Page Not Found' });
    await call('invalid');
    await screen.findByText('Name is required.');
    await act(() => router.navigate('/notpermitted'));
    await screen.findByRole('heading', { name: 'Not Permitted' });
    expect(screen.queryByText('Name is required.')).toBeNull();
  });
});
