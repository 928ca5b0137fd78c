// @vitest-environment jsdom

import type { AuthTicket } from '@domain/schemas/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setGlobalFailureHandler } from './client';
import type { FailureAction } from './errors';
import { idempotencyKeys, newIdempotencyKey, retryPolicy } from './idempotency';
import { ticketStore } from './ticketStore';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const respond = (status: number, body: unknown = { isSuccess: status < 400, message: '' }) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('idempotent calls', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const handled: FailureAction[] = [];
  const keysSent = () =>
    fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
  const savedDelays = retryPolicy.delaysMs;

  beforeEach(() => {
    fetchMock.mockReset();
    handled.length = 0;
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setGlobalFailureHandler((action) => handled.push(action));
    ticketStore.set({ token: 't', user: { id: 1 } } as unknown as AuthTicket);
    retryPolicy.delaysMs = [1, 1, 1];
    idempotencyKeys.clear();
  });
  afterEach(() => {
    retryPolicy.delaysMs = savedDelays;
    setGlobalFailureHandler(null);
    ticketStore.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('makes version 4 UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
    expect(newIdempotencyKey()).toMatch(UUID);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('sends a save again with the same key after a 503 and a network failure, then takes the answer', async () => {
    fetchMock
      .mockResolvedValueOnce(respond(503))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(respond(200, { isSuccess: true, message: 'Saved.', data: { id: 4 } }));
    const answer = await api.post('admin/organization/add', { name: 'A' }, { idempotent: true });
    expect(answer).toEqual({ isSuccess: true, message: 'Saved.', data: { id: 4 } });
    const keys = keysSent();
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys).size).toBe(1);
    expect(fetchMock.mock.calls.map(([, init]) => init?.body)).toEqual(Array(3).fill('{"name":"A"}'));
    expect(handled).toEqual([]);
  });

  it('gives up after three resends and reports the failure once; the same body later keeps its key', async () => {
    fetchMock.mockImplementation(async () => respond(502));
    await expect(api.post('assessmentresult/add', { a: 1 }, { idempotent: true })).rejects.toMatchObject({
      status: 502,
    });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(handled.map((a) => a.kind)).toEqual(['other']);
    const [first] = keysSent();

    // Pressing Submit again with the same answers is the same request: same key.
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(respond(200, { isSuccess: true, message: '', data: { id: 9 } }));
    await api.post('assessmentresult/add', { a: 1 }, { idempotent: true });
    expect(keysSent()).toEqual([first]);

    // Answered: the next identical request is a new one, with a new key.
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(respond(200));
    await api.post('assessmentresult/add', { a: 1 }, { idempotent: true });
    expect(keysSent()[0]).not.toBe(first);
  });

  it('does not resend a refusal (4xx), nor a call that is not idempotent, nor one the caller aborted', async () => {
    fetchMock.mockResolvedValue(respond(400, { isSuccess: false, message: 'Invalid', statusCode: 400 }));
    await expect(api.post('admin/user/visitor/add', {}, { idempotent: true })).rejects.toMatchObject({
      status: 400,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(respond(503));
    await expect(api.post('admin/section/add', {})).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(keysSent()).toEqual([null]);

    fetchMock.mockReset();
    retryPolicy.delaysMs = [60_000];
    fetchMock.mockResolvedValue(respond(503));
    const controller = new AbortController();
    const call = api.post('assessmentresult/add', { b: 2 }, { idempotent: true, signal: controller.signal });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'aborted' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
