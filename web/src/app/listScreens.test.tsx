// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ticketStore } from '../api/ticketStore';
import { SEARCH_DEBOUNCE_MS } from '../components/listPage/ListPage';
import { buildUser } from '../testing/buildUser';
import { testLookups } from '../testing/lookups';
import { renderApp } from '../testing/renderApp';

// docs/decisions.md#performance-search: lists search on the server with debounced input, and no list screen fetches without
// paging. Every administered list of docs/product.md#screens, opened as the administrator.

type Sent = { path: string; body: Record<string, unknown> };

const listScreens = [
  '/admin/lookup/list',
  '/admin/section/list',
  '/admin/question/list',
  '/admin/organization/list/manufacturer',
  '/admin/organization/list/consultant',
  '/admin/user/list',
  '/admin/user/list/visitor',
  '/admin/user/list/consultant/all',
  '/admin/assessmentinvite/list',
  '/admin/audit/list',
];

let searches: Sent[];

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  localStorage.clear();
  searches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\//, '');
      let body: unknown = [];
      if (path === 'admin/lookup/getall') body = testLookups;
      else if (/(^|\/)search(\/|$)/.test(path)) {
        searches.push({ path, body: JSON.parse(String(init?.body ?? '{}')) });
        body = { data: [], count: 0 };
      }
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  ticketStore.clear();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('every list screen', () => {
  it.each(listScreens)('%s pages its search, and typing quickly sends one search', async (path) => {
    renderApp({ path, user: buildUser('admin') });
    const box = await screen.findByRole('searchbox');
    await waitFor(() => expect(searches.length).toBeGreaterThan(0));
    // Paged from the start: docs/product.md#limits's Skip and Take, the default page size 12.
    for (const sent of searches) expect(sent.body).toMatchObject({ query: '', skip: 0, take: 12 });
    const before = searches.length;

    // A quick typist: a key every 40 ms, well inside the pause that sends the search.
    let typed = '';
    for (const key of 'quality') {
      typed += key;
      fireEvent.change(box, { target: { value: typed } });
      await pause(40);
    }
    expect(searches.length).toBe(before);
    await waitFor(() => expect(searches.length).toBe(before + 1), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    expect(searches.at(-1)?.body).toMatchObject({ query: 'quality', skip: 0, take: 12 });
    // Nothing more follows once typing has stopped.
    await pause(SEARCH_DEBOUNCE_MS * 2);
    expect(searches.length).toBe(before + 1);
  });
});
