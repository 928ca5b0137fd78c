import type { UserView } from '@domain/schemas/user';
import { fireEvent, screen, within } from '@testing-library/react';
import { testConsultingFirms } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { vi } from 'vitest';
import { organizationLookups } from './organizationFixtures';

// The organization form's component tests share this: a fake API that records each call, and the
// few steps every test takes.

export type Answer = { status?: number; body: unknown };
export type Call = { path: string; body: unknown };

export function fakeOrganizationApi(answers: Record<string, () => Answer>) {
  const calls: Call[] = [];
  const all: Record<string, () => Answer> = {
    'admin/lookup/getall': () => ({ body: organizationLookups }),
    'organization/consultingfirms': () => ({ body: testConsultingFirms }),
    'admin/organization/search': () => ({ body: { data: [], count: 0 } }),
    'admin/organization/search/bytype': () => ({ body: { data: [], count: 0 } }),
    'organization/overview': () => ({ body: { id: 12, name: 'Acme', type: 3, roadmap: null, activity: [] } }),
    ...answers,
  };
  const routes = Object.fromEntries(
    Object.keys(all).map((path) => [
      path,
      (init?: RequestInit) => {
        calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return all[path]!();
      },
    ]),
  );
  vi.stubGlobal('fetch', vi.fn(fakeFetch(routes)));
  vi.stubGlobal('scrollTo', vi.fn());
  return {
    calls,
    sent: (path: string) => calls.filter((c) => c.path === path).at(-1)?.body as Record<string, unknown>,
    count: (path: string) => calls.filter((c) => c.path === path).length,
  };
}

/**
 * Opens an organization's form (a saved manufacturer's with its overview above it). `heading` is the
 * page's kind (Manufacturer, Consulting Firm, Organization).
 */
export async function openOrganization(path: string, user: UserView, heading: string) {
  const view = renderApp({ path, user });
  // The first test of a file also loads the page's lazy chunk, which can take more than a second.
  await screen.findByRole('heading', { name: heading }, { timeout: 5000 });
  await screen.findByLabelText('Name');
  return view;
}

export const field = <T extends HTMLElement = HTMLInputElement>(label: string) =>
  screen.getByLabelText(label) as unknown as T;

export const choose = (label: string, value: number | string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: String(value) } });

export const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

export const openTab = (name: string | RegExp) => fireEvent.click(screen.getByRole('tab', { name }));

export const rowOf = (element: HTMLElement) => element.closest('tr') as HTMLTableRowElement;

/** The invite row of a person in the shown tab. */
export function inviteRow(name: string) {
  const cell = screen.getByText(name, { selector: 'td > div' });
  return within(rowOf(cell));
}

export const clickSave = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
