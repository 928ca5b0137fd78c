// @vitest-environment jsdom
import { championNextSteps } from '@domain/rules/dashboard';
import type { Role } from '@domain/rules/roles';
import type { DashboardView } from '@domain/schemas/dashboardView';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ticketStore } from '@web/api/ticketStore';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The At a Glance tile (docs/decisions.md#dashboard-figures): every number is a link to the list it
// counts, opened filtered to those rows.

let figures: DashboardView;
const portfolioBodies: unknown[] = [];

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  portfolioBodies.length = 0;
  const empty = () => ({ body: { data: [], count: 0 } });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: testLookups }),
        'assessment/invites/pending/mine': empty,
        'assessment/completed/mine': empty,
        dashboard: () => ({ body: figures }),
        'admin/mail/failed/search': () => ({
          body: {
            data: [
              {
                id: 5,
                queuedAt: '2024-05-01T10:00:00.000Z',
                recipients: ['pat@example.com'],
                subject: 'Your assessment invite',
                attempts: 12,
                lastAttemptAt: '2024-05-01T14:30:00.000Z',
                lastError: 'connect ECONNREFUSED 10.0.0.5:587',
              },
            ],
            count: 1,
          },
        }),
        'organization/portfolio': (init) => {
          portfolioBodies.push(JSON.parse(String(init?.body)));
          return empty();
        },
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

async function glance(role: Role) {
  renderApp({ path: '/', user: buildUser(role) });
  return screen.findByRole('article', { name: 'At a Glance' }, { timeout: 5000 });
}

/** Where the link whose text holds the figure and its label goes. */
const hrefOf = (tile: HTMLElement, name: RegExp) =>
  within(tile).getByRole('link', { name }).getAttribute('href');

const attention = {
  count: 7,
  manufacturers: [{ id: 31, name: 'Ridgeline Metals', reasons: ['No activity for 30 days' as const] }],
};

describe('the At a Glance tile', () => {
  it("links each of the admin's numbers to the list it counts", async () => {
    figures = {
      role: 'admin',
      pendingSignUps: 3,
      openInvites: { current: 12, future: 5 },
      needingAttention: attention,
      mailFailures: 2,
    };
    const tile = await glance('admin');
    expect(hrefOf(tile, /^3 Pending sign-ups$/)).toBe('/admin/user/list/pending');
    expect(hrefOf(tile, /^12 Open Current State invites$/)).toBe(
      '/admin/assessmentinvite/list/current/pending',
    );
    expect(hrefOf(tile, /^5 Open Future State invites$/)).toBe('/admin/assessmentinvite/list/future/pending');
    expect(hrefOf(tile, /^7 Manufacturers needing attention$/)).toBe('/portfolio?attention=1');
    expect(hrefOf(tile, /^2 Mail failures$/)).toBe('/admin/mail/failed');

    fireEvent.click(within(tile).getByRole('link', { name: /^2 Mail failures$/ }));
    expect(await screen.findByRole('heading', { name: 'Mail Failures' }, { timeout: 5000 })).toBeTruthy();
    const row = (await screen.findByText('Your assessment invite', undefined, { timeout: 5000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('pat@example.com')).toBeTruthy();
    expect(within(row).getByText('connect ECONNREFUSED 10.0.0.5:587')).toBeTruthy();
  });

  it("lists a consultant's manufacturers needing attention and opens the portfolio filtered to them", async () => {
    figures = {
      role: 'consultant',
      clients: 9,
      needingAttention: attention,
      invites: { total: 40, completed: 23 },
    };
    const tile = await glance('consultant');
    expect(hrefOf(tile, /^9 Client manufacturers$/)).toBe('/portfolio');
    expect(hrefOf(tile, /^23 of 40 Invites completed$/)).toBe('/portfolio');
    expect(hrefOf(tile, /^Ridgeline Metals$/)).toBe('/admin/organization/manufacturer/31');
    expect(within(tile).getByText('No activity for 30 days')).toBeTruthy();
    expect(hrefOf(tile, /^All 7 manufacturers needing attention$/)).toBe('/portfolio?attention=1');

    fireEvent.click(within(tile).getByRole('link', { name: /^7 Needing attention$/ }));
    expect(await screen.findByRole('heading', { name: 'Client Portfolio' }, { timeout: 5000 })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Needs attention only' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await vi.waitFor(() => expect(portfolioBodies.at(-1)).toMatchObject({ needsAttention: true }));
  });

  it("shows a champion's invite completion, roadmap stage and next step", async () => {
    figures = {
      role: 'manufacturer-champion',
      organizationId: 41,
      roadmapStatus: { code: 'CurrentState', name: 'Current State' },
      invites: { current: { total: 4, completed: 1 }, future: { total: 0, completed: 0 } },
      nextStep: 'followUpCurrent',
    };
    const tile = await glance('manufacturer-champion');
    expect(hrefOf(tile, /^1 of 4 Current State invites completed$/)).toBe('/admin/organization/mine');
    expect(hrefOf(tile, /^None Future State invites completed$/)).toBe('/admin/organization/mine');
    expect(within(tile).getByText('Current State')).toBeTruthy();
    expect(within(tile).getByText(championNextSteps.followUpCurrent, { exact: false })).toBeTruthy();
  });

  it('is not on the home page of a manufacturer or a visitor', async () => {
    renderApp({ path: '/', user: buildUser('manufacturer') });
    expect(await screen.findByRole('heading', { name: /^Welcome/ }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'At a Glance' })).toBeNull();
  });
});
