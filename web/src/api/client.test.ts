// @vitest-environment jsdom

import type { AuthTicket } from '@domain/schemas/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiError, api, setGlobalFailureHandler } from './client';
import type { FailureAction } from './errors';
import { ticketStore } from './ticketStore';

const ticket = {
  token: 'old-token',
  user: { id: 7, fullName: 'Ada Admin', role: 'admin' },
} as unknown as AuthTicket;

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('api client', () => {
  const handled: FailureAction[] = [];
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    handled.length = 0;
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setGlobalFailureHandler((action) => handled.push(action));
    ticketStore.set(ticket);
  });

  afterEach(() => {
    setGlobalFailureHandler(null);
    ticketStore.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the bearer token and JSON under /api/', async () => {
    fetchMock.mockResolvedValue(respond(200, { isSuccess: true, message: '' }));
    await api.post('auth/checkToken', { a: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/checkToken');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer old-token');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('replaces the stored token with authorization-extend, keeping the user', async () => {
    const userBefore = ticketStore.getUser();
    fetchMock.mockResolvedValue(respond(200, [], { 'authorization-extend': 'new-token' }));
    await api.get('admin/lookup/getall');
    expect(ticketStore.getToken()).toBe('new-token');
    expect(ticketStore.getUser()).toBe(userBefore);
    expect(JSON.parse(localStorage.getItem('smr.auth-ticket') ?? '{}').token).toBe('new-token');
  });

  it('hands a 401 to the global handler and clears the ticket', async () => {
    fetchMock.mockResolvedValue(respond(401, { isSuccess: false, message: 'x', statusCode: 401 }));
    const error = await api.get('auth/profile').catch((e: ApiError) => e);
    expect(error).toMatchObject({ status: 401, handled: true });
    expect(handled).toEqual([expect.objectContaining({ kind: 'unauthorized', logout: true })]);
    expect(ticketStore.get()).toBeNull();
  });

  it('lets a call skip chosen failures (lookups ignore 401)', async () => {
    fetchMock.mockResolvedValue(respond(401, { isSuccess: false, message: 'x', statusCode: 401 }));
    const error = await api
      .get('admin/lookup/getall', { skipGlobal: ['unauthorized'] })
      .catch((e: ApiError) => e);
    expect(error).toMatchObject({ status: 401, handled: false });
    expect(handled).toEqual([]);
    expect(ticketStore.get()).not.toBeNull();
  });

  it('uses the supplied message for a 404', async () => {
    fetchMock.mockResolvedValue(respond(404, { isSuccess: false, message: 'gone', statusCode: 404 }));
    await api
      .post('admin/lookup/getbyid', { id: 1 }, { errorMessage: 'An error occurred retrieving this item.' })
      .catch(() => {});
    expect(handled[0]).toMatchObject({
      message: 'An error occurred retrieving this item. The page was not found.',
      redirectTo: '/404',
    });
  });

  it('reports a network failure but not an aborted call', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await api.get('x').catch(() => {});
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValueOnce(new DOMException('Aborted', 'AbortError'));
    const aborted = await api.get('y', { signal: controller.signal }).catch((e: ApiError) => e);
    expect(handled.map((a) => a.kind)).toEqual(['network']);
    expect(aborted).toMatchObject({ kind: 'aborted' });
  });

  it('returns envelopes with isSuccess false as values', async () => {
    fetchMock.mockResolvedValue(
      respond(200, { isSuccess: false, message: 'Invalid user name or password.' }),
    );
    await expect(api.post('auth/login', {}, { skipGlobal: true })).resolves.toEqual({
      isSuccess: false,
      message: 'Invalid user name or password.',
    });
  });
});
