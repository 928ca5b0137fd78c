// @vitest-environment jsdom

import type { AuthTicket } from '@domain/schemas/auth';
import { QueryClient } from '@tanstack/react-query';
import { attemptCriteriaQuery, completedAssessmentsQuery, pendingInvitesQuery } from '@web/api/assessments';
import { EARLY_CALL_MAX_AGE_MS, EARLY_CALLS_GLOBAL, earlyCallRoutes } from '@web/api/earlyCalls';
import { myOrganizationReportsQuery } from '@web/api/reports';
import { TICKET_STORAGE_KEY } from '@web/api/ticketStorageKey';
import { ticketStore } from '@web/api/ticketStore';
import { myDraftQuery } from '@web/features/assessment/take/draftApi';
import { dashboardFiguresQuery } from '@web/features/dashboard/dashboardApi';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadScript } from './routePreload';

// The route preload script (as the build writes it) sends a page's first calls before the app has
// loaded; the app's client then takes their answers instead of asking again, once, for the same
// session, while they are fresh. The server is played by a fetch that counts what is sent and answers
// with a counter, so a stale answer shows.

const ticket = {
  token: 'token-1',
  user: { id: 7, fullName: 'Ada', role: 'manufacturer' },
} as unknown as AuthTicket;

let served = 0;
const sent: { url: string; init: RequestInit | undefined }[] = [];
const server = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
  sent.push({ url: String(url), init });
  served += 1;
  const body = init?.body === undefined ? null : JSON.parse(String(init.body));
  // A list call's page (the dashboard's report offers read its data).
  const page = String(url).includes('/search/') ? { data: [] } : {};
  return new Response(JSON.stringify({ served, body, ...page }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
});

/** Runs the script the build writes, at `path`, with the ticket stored (as index.html would). */
function runScript(path: string) {
  window.history.replaceState(null, '', path);
  new Function(preloadScript(TICKET_STORAGE_KEY, [], earlyCallRoutes))();
}

const criteria = (code: string) => new QueryClient().fetchQuery(attemptCriteriaQuery(code, null));
const draft = (code: string) => new QueryClient().fetchQuery(myDraftQuery(code));

describe('early calls', () => {
  beforeEach(() => {
    served = 0;
    sent.length = 0;
    vi.stubGlobal('fetch', server);
    ticketStore.set(ticket);
  });
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[EARLY_CALLS_GLOBAL];
    ticketStore.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends an assessment’s criteria and draft calls as the app does, and the app takes their answers', async () => {
    runScript('/assessment/future-state/leadership');
    expect(sent.map((s) => s.url)).toEqual(['/api/assessment/bycode', '/api/assessmentdraft/mine']);
    const headers = new Headers(sent[0]!.init?.headers);
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');

    const [c, d] = await Promise.all([criteria('future-state'), draft('future-state')]);
    // The same two answers: nothing more went out.
    expect(sent).toHaveLength(2);
    expect(c).toEqual({ served: 1, body: { query: 'future-state' } });
    expect(d).toEqual({ served: 2, body: { code: 'future-state' } });
  });

  it('is taken once: the next call goes out and sees what changed since', async () => {
    runScript('/assessment/future-state');
    expect(await criteria('future-state')).toMatchObject({ served: 1 });
    expect(await criteria('future-state')).toMatchObject({ served: 3 });
    expect(sent).toHaveLength(3);
  });

  it('is not taken once older than the allowance, nor for another session or another call', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    runScript('/assessment/future-state');
    vi.advanceTimersByTime(EARLY_CALL_MAX_AGE_MS + 1);
    expect(await criteria('future-state')).toMatchObject({ served: 3 });

    runScript('/assessment/future-state');
    ticketStore.set({ ...ticket, token: 'token-2' });
    expect(await draft('future-state')).toMatchObject({ served: 6 });
    const last = new Headers(sent.at(-1)!.init?.headers);
    expect(last.get('authorization')).toBe('Bearer token-2');

    // Another assessment's criteria: the call goes out.
    expect(await criteria('current-state')).toMatchObject({ body: { query: 'current-state' } });
    expect(sent).toHaveLength(7);
  });

  it('sends nothing signed out, nor for a retake, a view, results or another page', async () => {
    ticketStore.clear();
    runScript('/assessment/future-state');
    ticketStore.set(ticket);
    for (const path of [
      '/assessment/retake/future-state',
      '/assessment/view/future-state',
      '/assessment/results/12',
      '/intro/future-state',
      '/',
    ])
      runScript(path);
    expect(sent).toHaveLength(0);
  });

  it('sends a champion’s dashboard calls as its tiles do, and the tiles take their answers', async () => {
    ticketStore.set({ ...ticket, user: { ...ticket.user, role: 'manufacturer-champion' } } as AuthTicket);
    runScript('/');
    expect(sent.map((s) => `${s.init?.method} ${s.url}`)).toEqual([
      'GET /api/dashboard',
      'GET /api/admin/organization/mine',
      'POST /api/admin/assessmentInvite/search/byorg/mine',
      'POST /api/assessment/invites/pending/mine',
      'POST /api/assessment/completed/mine',
    ]);
    expect(new Headers(sent[0]!.init?.headers).get('content-type')).toBeNull();
    const client = new QueryClient();
    await Promise.all(
      [dashboardFiguresQuery, myOrganizationReportsQuery, pendingInvitesQuery, completedAssessmentsQuery].map(
        (query) => client.fetchQuery(query as Parameters<typeof client.fetchQuery>[0]),
      ),
    );
    // Every answer was the script's: nothing more went out.
    expect(sent).toHaveLength(5);
  });

  it('sends again what failed on the way', async () => {
    server.mockRejectedValueOnce(new TypeError('offline'));
    runScript('/assessment/future-state');
    expect(await criteria('future-state')).toMatchObject({ body: { query: 'future-state' } });
    // The failed one is not in `sent` (the mock stood in for it): the draft, then the criteria again.
    expect(sent.map((s) => s.url)).toEqual(['/api/assessmentdraft/mine', '/api/assessment/bycode']);
  });
});
