// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailQueueView } from './MailQueueTile';

// The administrators' Outgoing Mail tile (docs/decisions.md#mail-queue): the queue's length, the messages given up and the
// last error, from GET /api/admin/mail/queue.

let queue: () => { status?: number; body: unknown };

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  const empty = () => ({ body: { data: [], count: 0 } });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: testLookups }),
        'assessment/completed/mine': empty,
        'admin/mail/queue': () => queue(),
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

async function mailTile() {
  renderApp({ path: '/', user: buildUser('admin') });
  return screen.findByRole('article', { name: 'Outgoing Mail' }, { timeout: 5000 });
}

const view = (extra: Partial<MailQueueView>): MailQueueView => ({
  transport: 'smtp',
  pending: 0,
  sending: 0,
  failed: 0,
  oldestPendingAt: null,
  lastSentAt: null,
  lastError: null,
  ...extra,
});

describe('the Outgoing Mail tile', () => {
  it('shows the messages waiting, those given up and the last error', async () => {
    queue = () => ({
      body: view({
        pending: 3,
        failed: 1,
        oldestPendingAt: '2024-05-01T10:00:00.000Z',
        lastError: { at: '2024-05-01T10:05:00.000Z', message: 'connect ECONNREFUSED 10.0.0.5:587' },
      }),
    });
    const tile = await mailTile();
    expect(await within(tile).findByText('3 messages waiting')).toBeTruthy();
    expect(within(tile).getByText('1 message given up after the last retry')).toBeTruthy();
    expect(within(tile).getByText(/Last error .*: connect ECONNREFUSED 10\.0\.0\.5:587/)).toBeTruthy();
    expect(within(tile).getByText(/Oldest queued/)).toBeTruthy();
  });

  it('says nothing waits, and where mail goes without an SMTP server', async () => {
    queue = () => ({ body: view({ transport: 'outbox', lastSentAt: '2024-05-01T10:00:00.000Z' }) });
    const tile = await mailTile();
    expect(await within(tile).findByText('Nothing waiting to be sent')).toBeTruthy();
    expect(within(tile).getByText(/Last sent .*outbox folder/)).toBeTruthy();
    expect(within(tile).queryByRole('alert')).toBeNull();
  });

  it('says so when the queue cannot be read, without sending the administrator away', async () => {
    queue = () => ({ status: 500, body: { isSuccess: false, message: 'An unexpected error occurred.' } });
    const tile = await mailTile();
    expect((await within(tile).findByRole('alert')).textContent).toBe('The mail queue could not be read.');
    expect(screen.getByRole('heading', { name: /^Welcome/ })).toBeTruthy();
  });
});
