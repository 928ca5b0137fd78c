// @vitest-environment jsdom

import { messages } from '@domain/messages';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { idempotencyKeys, retryPolicy } from '@web/api/idempotency';
import { ticketStore } from '@web/api/ticketStore';
import { buildCriteria, buildScores } from '@web/testing/assessments';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// docs/decisions.md#data-idempotency: a submission whose answer is lost is sent again by the app with the same Idempotency-Key,
// and the person's answers stay in the browser until the server has confirmed the result.

const visitor = buildUser('visitor');
const criteria = buildCriteria();
const storageKey = `smr.assessment.${visitor.id}.take.trial`;
const savedDelays = retryPolicy.delaysMs;

type Sent = { key: string | null; body: string };
let sent: Sent[];
let answers: (() => Response | Promise<Response>)[];

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  sessionStorage.clear();
  idempotencyKeys.clear();
  retryPolicy.delaysMs = [5, 5, 5];
  sent = [];
  answers = [];
  const rest = fakeFetch({
    'admin/lookup/getall': () => ({ body: testLookups }),
    'assessment/bycode': () => ({ body: criteria }),
    'assessmentresult/scores/byid': () => ({ body: buildScores({ id: 91 }) }),
    'assessment/completed/mine': () => ({ body: { data: [], count: 0 } }),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/assessmentresult/add')) return rest(input, init);
      sent.push({ key: new Headers(init?.headers).get('idempotency-key'), body: String(init?.body) });
      const next = answers.shift();
      if (!next) throw new Error('no answer planned');
      return next();
    }),
  );
  // Every question answered, as a person who reached Thank You would have.
  const stored = Object.fromEntries(
    criteria.sections
      .flatMap((s) => s.questions)
      .map((q) => [q.id, { choiceIds: [q.choices[1]!.id], text: '', other: '' }]),
  );
  sessionStorage.setItem(
    storageKey,
    JSON.stringify({ startDateTime: '2024-05-01T08:00:00.000Z', answers: stored }),
  );
});
afterEach(() => {
  cleanup();
  retryPolicy.delaysMs = savedDelays;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
  sessionStorage.clear();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unavailable = () => json(503, { isSuccess: false, message: 'Service Unavailable', statusCode: 503 });
const dropped = () => Promise.reject(new TypeError('Failed to fetch'));
const accepted = () => json(200, { isSuccess: true, message: '', data: { id: 91 } });

async function submit() {
  const view = renderApp({ path: '/assessment/trial/results', user: visitor });
  // The first page of a file loads its lazy chunks: slow on a busy machine.
  await screen.findByRole('heading', { name: 'Thank You' }, { timeout: 5000 });
  fireEvent.click(screen.getByRole('button', { name: messages.assessment.submit }));
  return view;
}

describe('submitting when the server does not answer', () => {
  it('sends the submission again with the same key after a 503 and a dropped connection, and shows the one result', async () => {
    answers = [unavailable, dropped, accepted];
    const { router } = await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment/results/91'), {
      timeout: 5000,
    });
    expect(sent).toHaveLength(3);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(new Set(sent.map((s) => s.body)).size).toBe(1);
    // Confirmed: the attempt is over.
    expect(sessionStorage.getItem(storageKey)).toBeNull();
  });

  it('keeps the answers in the browser when every try fails, and a second Submit is the same request', async () => {
    answers = [unavailable, unavailable, dropped, unavailable];
    const { router } = await submit();
    expect(
      await screen.findByText(messages.assessment.submitFailure, undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(sent).toHaveLength(4);
    const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null');
    expect(Object.keys(stored.answers)).toHaveLength(4);

    // The person presses Submit again: same answers, same key, so a submission that did reach the
    // server before is answered with its result instead of being stored twice.
    answers = [accepted];
    fireEvent.click(screen.getByRole('button', { name: messages.assessment.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment/results/91'), {
      timeout: 5000,
    });
    expect(sent).toHaveLength(5);
    expect(sent[4]?.body).toBe(sent[0]?.body);
    expect(sent[4]?.key).toBe(sent[0]?.key);
    expect(sessionStorage.getItem(storageKey)).toBeNull();
  });

  it('does not send a refused submission again', async () => {
    answers = [() => json(400, { isSuccess: false, message: 'Invalid answers.', statusCode: 400 })];
    await submit();
    expect(await screen.findByText('Invalid answers.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sessionStorage.getItem(storageKey)).not.toBeNull();
  });
});
