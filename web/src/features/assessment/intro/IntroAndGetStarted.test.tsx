// @vitest-environment jsdom

import { messages } from '@domain/messages';
import type { MyDraft } from '@domain/schemas/drafts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CompletedAssessment, Criteria, GetStartedOrganization } from '@web/api/assessments';
import { ticketStore } from '@web/api/ticketStore';
import { accessFor } from '@web/lib/routeAccess';
import { buildCompleted, buildCriteria, demographicLookups } from '@web/testing/assessments';
import { buildUser } from '@web/testing/buildUser';
import { lookupNamed, testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { introCodes, introPages } from './introContent';

const lookups = [...testLookups, ...demographicLookups];
const named = (name: string) => {
  const found = lookups.find((i) => i.name === name);
  if (!found) throw new Error(name);
  return found;
};
let organization: GetStartedOrganization | null;
let completedResults: CompletedAssessment[];
let draft: MyDraft | null;
let criteria: Criteria;
let saved: unknown[];

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  saved = [];
  completedResults = [];
  draft = null;
  criteria = buildCriteria();
  organization = {
    id: 7,
    name: 'Acme Precision Parts',
    type: { enumValue: 4, name: 'Visitor' },
    businessType: null,
    state: null,
    demographic: null,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: lookups }),
        'organization/getstarted/mine': () =>
          organization
            ? { body: organization }
            : { status: 404, body: { isSuccess: false, message: 'You do not belong to an organization.' } },
        'organization/getstarted/update': (init) => {
          saved.push(JSON.parse(String(init?.body)));
          return { body: { isSuccess: true, message: 'Item was saved.' } };
        },
        'assessment/bycode': () => ({ body: criteria }),
        'assessment/completed/mine': () => ({
          body: { data: completedResults, count: completedResults.length },
        }),
        'assessmentdraft/mine': () =>
          draft ? { body: draft } : { status: 404, body: { isSuccess: false, message: 'None.' } },
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  ticketStore.clear();
  sessionStorage.clear();
});

describe('intro pages', () => {
  it('walks the six pages in order: Previous on the first goes home', async () => {
    const { router } = renderApp({ path: '/intro/trial', user: buildUser('visitor') });
    expect(
      await screen.findByRole('heading', { name: messages.assessment.introTitle, level: 1 }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: introPages.about.heading })).toBeTruthy();
    const steps = within(screen.getByRole('navigation', { name: 'Intro steps' })).getAllByRole('link');
    expect(steps).toHaveLength(introCodes.length);
    expect(steps[0]!.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/');

    fireEvent.click(screen.getByRole('link', { name: 'Continue' }));
    await screen.findByRole('heading', { name: introPages.definition.heading });
    expect(router.state.location.pathname).toBe('/intro/trial/definition');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/intro/trial/about');
  });

  it('continues from the last page to get-started, or straight to the assessment for manufacturers', async () => {
    renderApp({ path: '/intro/trial/before-start', user: buildUser('visitor') });
    await screen.findByRole('heading', { name: introPages['before-start'].heading });
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/getstarted/trial');
    cleanup();
    renderApp({ path: '/intro/current-state/before-start', user: buildUser('manufacturer') });
    await screen.findByRole('heading', { name: introPages['before-start'].heading });
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      '/assessment/current-state',
    );
  });

  it('tells truthfully on the last page that answers are saved as one goes and can be finished later', async () => {
    renderApp({ path: '/intro/current-state/before-start', user: buildUser('manufacturer') });
    const heading = await screen.findByRole('heading', { name: introPages['before-start'].heading });
    const card = heading.closest('article') as HTMLElement;
    // The answers are saved on the server (docs/product.md#insights-drafts): nothing is lost with the tab.
    expect(card.textContent).not.toMatch(/kept in this browser tab|discards your answers|Nothing is sent/);
    expect(card.textContent).toMatch(/saved as you go/);
    expect(card.textContent).toMatch(/another browser or device/);
  });

  it('lets a returning respondent skip the intro: back to saved answers, or past it after a submission', async () => {
    // A first-time respondent sees the intro as before.
    renderApp({ path: '/intro/trial', user: buildUser('visitor') });
    await screen.findByRole('heading', { name: introPages.about.heading });
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).includes('completed/mine'))).toBe(true),
    );
    expect(screen.queryByRole('link', { name: 'Continue where you left off' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Skip the intro' })).toBeNull();
    cleanup();

    completedResults = [buildCompleted({ assessment: { ...buildCompleted().assessment, code: 'trial' } })];
    renderApp({ path: '/intro/trial/definition', user: buildUser('visitor') });
    const skip = await screen.findByRole('link', { name: 'Skip the intro' });
    expect(skip.getAttribute('href')).toBe('/getstarted/trial');
    cleanup();

    // The first section answered: Continue goes on at the second.
    const first = criteria.sections[0]!;
    draft = {
      criteria: {
        code: 'trial',
        startDateTime: null,
        sections: [
          {
            code: first.code,
            questions: first.questions.map((q) => ({
              id: q.id,
              value: q.choices[0]!.id,
              choices: [{ id: q.choices[0]!.id, selected: true as const, other: null }],
            })),
          },
        ],
      },
      savedOn: '2026-03-01T09:05:00.000Z',
    };
    const { router } = renderApp({ path: '/intro/trial', user: buildUser('visitor') });
    const resume = await screen.findByRole('link', { name: 'Continue where you left off' });
    expect(resume.getAttribute('href')).toBe('/assessment/trial');
    expect(screen.getByText(/2 questions answered so far/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Skip the intro' })).toBeNull();
    fireEvent.click(resume);
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment/trial/workforce'));
  });

  it('sends an unknown intro code to Page Not Found', async () => {
    const { router } = renderApp({ path: '/intro/trial/nonsense', user: buildUser('visitor') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('needs a signed-in user on every assessment route, results included', () => {
    for (const path of ['/intro/trial', '/getstarted/trial', '/assessment/trial', '/assessment/results/5']) {
      expect(accessFor(path)).toBe('authenticated');
    }
  });
});

describe("Let's Get Started", () => {
  it('asks for the required fields, shows HQ State only for North America and Other Industry only with Other', async () => {
    const { router } = renderApp({ path: '/getstarted/trial', user: buildUser('visitor') });
    expect(await screen.findByRole('heading', { name: messages.assessment.getStartedTitle })).toBeTruthy();
    expect(screen.getByRole('heading', { name: messages.assessment.demographicsTitle })).toBeTruthy();
    expect((screen.getByLabelText('Organization Name') as HTMLInputElement).value).toBe(
      'Acme Precision Parts',
    );
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/intro/trial/before-start',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getAllByText('Required').length).toBe(5));
    expect(saved).toEqual([]);

    // Visitors choose among the manufacturers' business types, as the user form does.
    const businessType = screen.getByLabelText('Business Type') as HTMLSelectElement;
    expect([...businessType.options].map((o) => o.text)).toEqual([
      '--Select One--',
      'Discrete Manufacturing',
    ]);
    fireEvent.change(businessType, { target: { value: String(lookupNamed('Discrete Manufacturing').id) } });
    fireEvent.change(screen.getByLabelText('Company Maturity'), {
      target: { value: String(named('10-20 years').id) },
    });
    fireEvent.change(screen.getByLabelText('Number of Employees'), {
      target: { value: String(named('50-99').id) },
    });
    fireEvent.change(screen.getByLabelText('Number of Facilities'), {
      target: { value: String(named('1').id) },
    });

    expect(screen.queryByLabelText('HQ State')).toBeNull();
    fireEvent.change(screen.getByLabelText('HQ Region'), {
      target: { value: String(named('North America').id) },
    });
    fireEvent.change(await screen.findByLabelText('HQ State'), {
      target: { value: String(named('Ohio').id) },
    });

    const otherIndustry = screen.getByLabelText('Other Industry') as HTMLInputElement;
    expect(otherIndustry.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Machinery Manufacturing'));
    fireEvent.click(screen.getByLabelText('Other'));
    await waitFor(() => expect(otherIndustry.disabled).toBe(false));
    fireEvent.change(otherIndustry, { target: { value: 'Boat building' } });
    fireEvent.click(screen.getByLabelText('Tier 1 Supplier'));

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment/trial'));
    expect(saved[0]).toMatchObject({
      id: 7,
      name: 'Acme Precision Parts',
      businessType: { id: lookupNamed('Discrete Manufacturing').id },
      state: { id: named('Ohio').id },
      demographic: {
        hqRegion: { id: named('North America').id },
        industries: [{ id: named('Machinery Manufacturing').id }, { id: named('Other').id }],
        supplyChainRoles: [{ id: named('Tier 1 Supplier').id }],
        otherIndustry: 'Boat building',
      },
    });
  });

  it('leaves out the state outside North America', async () => {
    organization = {
      ...organization!,
      businessType: {
        id: lookupNamed('Discrete Manufacturing').id,
        name: 'Discrete Manufacturing',
        code: null,
      },
      state: { id: named('Ohio').id, name: 'Ohio', code: 'oh' },
      demographic: {
        companyMaturity: named('10-20 years'),
        numberOfEmployees: named('50-99'),
        numberOfFacilities: named('1'),
        hqRegion: named('Europe'),
        industries: [],
        supplyChainRoles: [],
        otherIndustry: null,
      },
    };
    renderApp({ path: '/getstarted/trial', user: buildUser('visitor') });
    await screen.findByRole('heading', { name: messages.assessment.getStartedTitle });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ state: null, demographic: { otherIndustry: null } });
  });

  it('lets a user outside any organization go on to the questions', async () => {
    organization = null;
    const { router } = renderApp({ path: '/getstarted/trial', user: buildUser('admin') });
    expect(
      await screen.findByText(
        'Your account does not belong to an organization, so there are no details to confirm.',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/getstarted/trial');
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/assessment/trial');
  });
});
