// @vitest-environment jsdom

import { messages } from '@domain/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CompletedAssessment, Criteria } from '@web/api/assessments';
import { retryPolicy } from '@web/api/idempotency';
import { ticketStore } from '@web/api/ticketStore';
import { answeredCriteriaOf, buildCompleted, buildCriteria, buildScores } from '@web/testing/assessments';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

type Answer = { status?: number; body: unknown };
const visitor = buildUser('visitor');
const maker = buildUser('manufacturer');
const ref = (id: number, name: string) => ({ id, name, code: null });
const makerOrganization = {
  id: 7,
  name: 'Acme Castings',
  type: { enumValue: 2, name: 'Manufacturer' },
  businessType: ref(1, 'Foundry'),
  state: ref(2, 'Ohio'),
  demographic: {
    companyMaturity: ref(3, 'Established'),
    numberOfEmployees: ref(4, '100-499'),
    numberOfFacilities: null,
    hqRegion: ref(5, 'North America'),
    industries: [ref(6, 'Primary Metal'), ref(8, 'Other')],
    supplyChainRoles: [],
    otherIndustry: 'Castings',
  },
};
let criteria: Criteria;
let submitted: { path: string; body: { assessmentResult: Criteria } }[];
let submitAnswer: () => Answer;
let criteriaAnswer: () => Answer;
let completed: CompletedAssessment[];
const trialSummary = { id: 3, code: 'trial', name: 'Trial Assessment', description: null, assessmentType: 3 };

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  sessionStorage.clear();
  criteria = buildCriteria();
  completed = [];
  submitted = [];
  submitAnswer = () => ({ body: { isSuccess: true, message: '', data: { id: 91 } } });
  criteriaAnswer = () => ({ body: criteria });
  const submit = (path: string) => (init?: RequestInit) => {
    submitted.push({ path, body: JSON.parse(String(init?.body)) });
    return submitAnswer();
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'admin/lookup/getall': () => ({ body: testLookups }),
        'assessment/bycode': () => criteriaAnswer(),
        'assessmentresult/getbyid/retake': () => ({ body: answeredCriteriaOf(criteria, 44) }),
        'assessmentresult/add': submit('add'),
        'assessmentresult/overwrite': submit('overwrite'),
        'assessmentresult/scores/byid': () => ({ body: buildScores({ id: 91 }) }),
        'assessment/completed/mine': () => ({ body: { data: completed, count: completed.length } }),
        'organization/getstarted/mine': () => ({ body: makerOrganization }),
      }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
  sessionStorage.clear();
});

const question = (caption: string) => screen.getByRole('group', { name: new RegExp(caption) });
const choose = (caption: string, choice: string) =>
  fireEvent.click(within(question(caption)).getByLabelText(choice));

/** An attempt in session storage with the nth choice of every question chosen. */
function storeEveryAnswer(nth: number) {
  const answers = Object.fromEntries(
    criteria.sections
      .flatMap((s) => s.questions)
      .map((q) => [q.id, { choiceIds: [q.choices[nth]!.id], text: '', other: '' }]),
  );
  sessionStorage.setItem(
    `smr.assessment.${visitor.id}.take.trial`,
    JSON.stringify({ startDateTime: '2024-05-01T08:00:00.000Z', answers }),
  );
}

async function answerFirstSection() {
  choose('How is your strategy defined', 'Level two');
  choose('Who sponsors improvement', 'Not sure');
}

describe('taking an assessment', () => {
  it('checks every required question on Next, with the banner and each question its problem', async () => {
    const { router } = renderApp({ path: '/assessment/trial', user: visitor });
    expect(await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 })).toBeTruthy();
    expect(screen.getByText('Section 1 of 2')).toBeTruthy();
    choose('How is your strategy defined', 'Level two');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(messages.assessment.validationBanner)).toBeTruthy();
    expect(within(question('Who sponsors improvement')).getByText('Required')).toBeTruthy();
    expect(within(question('How is your strategy defined')).queryByText('Required')).toBeNull();
    expect(router.state.location.pathname).toBe('/assessment/trial');

    // Fixing the question clears its message and the banner; Next then moves on.
    choose('Who sponsors improvement', 'Level one');
    expect(screen.queryByText(messages.assessment.validationBanner)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Workforce and Culture', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/assessment/trial/workforce');
  });

  it('keeps the answers in session storage, so a reload resumes them', async () => {
    renderApp({ path: '/assessment/trial', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    await answerFirstSection();
    cleanup();

    renderApp({ path: '/assessment/trial', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    expect(
      (within(question('How is your strategy defined')).getByLabelText('Level two') as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(
      (within(question('Who sponsors improvement')).getByLabelText('Not sure') as HTMLInputElement).checked,
    ).toBe(true);
    const key = Object.keys(sessionStorage).find((k) => k.includes('.take.trial'));
    expect(key).toContain(String(visitor.id));
  });

  it('submits from Thank You with the answers and the start time, then shows the results', async () => {
    const { router } = renderApp({ path: '/assessment/trial', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    await answerFirstSection();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Workforce and Culture', level: 1 });
    choose('How are people trained', 'Level three');
    choose('How are ideas collected', 'Level one');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/assessment/trial/results');

    fireEvent.click(screen.getByRole('button', { name: messages.assessment.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment/results/91'));
    expect(submitted).toHaveLength(1);
    const body = submitted[0]!.body.assessmentResult;
    expect(submitted[0]!.path).toBe('add');
    expect(body.startDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const first = body.sections[0]!.questions[0]!;
    const chosen = first.choices.find((c) => c.caption === 'Level two')!;
    expect(first.value).toBe(chosen.id);
    expect(chosen.selected).toBe(true);
    expect(first.choices.filter((c) => c.selected)).toHaveLength(1);
    // The attempt is over: nothing is left to resume.
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('smr.assessment'))).toEqual([]);
  });

  it('shows a refused submission with a way back to the responses', async () => {
    submitAnswer = () => ({
      body: { isSuccess: false, message: 'This assessment has already been submitted.' },
    });
    renderApp({ path: '/assessment/trial/results', user: visitor });
    await screen.findByRole('heading', { name: 'Thank You' });
    // Nothing answered yet: Submit waits, and the sections to finish are named.
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Strategy and Leadership' })).toBeTruthy();
    cleanup();

    storeEveryAnswer(0);
    renderApp({ path: '/assessment/trial/results', user: visitor });
    await screen.findByRole('heading', { name: 'Thank You' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This assessment has already been submitted.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review your responses' }).getAttribute('href')).toBe(
      '/assessment/trial',
    );
    expect(submitted[0]!.body.assessmentResult.startDateTime).toBe('2024-05-01T08:00:00.000Z');
  });

  it('says so when the submission fails outright', async () => {
    submitAnswer = () => ({ status: 500, body: { isSuccess: false, message: 'boom' } });
    // The app sends it again three times first (docs/decisions.md#data-idempotency, SubmitRetry.test.tsx); no pauses here.
    const delays = retryPolicy.delaysMs;
    retryPolicy.delaysMs = [0, 0, 0];
    onTestFinished(() => {
      retryPolicy.delaysMs = delays;
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeEveryAnswer(1);
    renderApp({ path: '/assessment/trial/results', user: visitor });
    await screen.findByRole('heading', { name: 'Thank You' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.assessment.submitFailure)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review your responses' })).toBeTruthy();
    expect(submitted).toHaveLength(4);
  });

  it('asks before a retake overwrites the previous response', async () => {
    const { router } = renderApp({ path: '/assessment/retake/trial/results?id=44', user: visitor });
    await screen.findByRole('heading', { name: 'Thank You' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(messages.assessment.confirmOverwrite)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(submitted).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assessment/results/91'));
    expect(submitted[0]!.path).toBe('overwrite');
    expect(submitted[0]!.body.assessmentResult.id).toBe(44);
  });

  it('shows the submitted answers read-only in view mode, without a results step', async () => {
    const { router } = renderApp({ path: '/assessment/view/trial?id=44', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    const radio = within(question('How is your strategy defined')).getByLabelText(
      'Level one',
    ) as HTMLInputElement;
    expect(radio.checked).toBe(true);
    expect(radio.matches(':disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Workforce and Culture', level: 1 });
    expect(router.state.location.search).toBe('?id=44');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("says 'Assessment page cannot be found.' without a code or for an unknown section", async () => {
    renderApp({ path: '/assessment', user: visitor });
    expect(await screen.findByRole('heading', { name: messages.assessment.pageNotFound })).toBeTruthy();
    cleanup();
    renderApp({ path: '/assessment/trial/no-such-section', user: visitor });
    expect(await screen.findByRole('heading', { name: messages.assessment.pageNotFound })).toBeTruthy();
  });

  it("opens the person's latest result of the assessment when a view or retake link carries no ?id=", async () => {
    completed = [
      buildCompleted({ id: 45, assessment: { ...trialSummary }, canRetake: true }),
      buildCompleted({ id: 44, assessment: { ...trialSummary }, canRetake: true }),
    ];
    const { router } = renderApp({ path: '/assessment/view/trial/workforce', user: visitor });
    await screen.findByRole('heading', { name: 'Workforce and Culture', level: 1 });
    expect(router.state.location.pathname).toBe('/assessment/view/trial/workforce');
    expect(router.state.location.search).toBe('?id=45');
    cleanup();
    const retake = renderApp({ path: '/assessment/retake/TRIAL', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    expect(retake.router.state.location.search).toBe('?id=45');
    cleanup();
    // A stage that no longer allows a retake: the answers open read-only.
    completed = [buildCompleted({ id: 45, assessment: { ...trialSummary }, canRetake: false })];
    const locked = renderApp({ path: '/assessment/retake/trial', user: visitor });
    await waitFor(() => expect(locked.router.state.location.pathname).toBe('/assessment/view/trial'));
    expect(locked.router.state.location.search).toBe('?id=45');
  });

  it('says helpfully that there is nothing to view or retake yet, with a way to start', async () => {
    completed = [buildCompleted({ id: 45 })];
    renderApp({ path: '/assessment/view/trial', user: visitor });
    expect(await screen.findByRole('heading', { name: messages.assessment.noResultToOpen })).toBeTruthy();
    const page = within(screen.getByRole('main'));
    expect(page.getByRole('link', { name: 'Start the assessment' }).getAttribute('href')).toBe(
      '/intro/trial',
    );
    expect(page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });

  it("opens a manufacturer's attempt with the read-only 'Demographics' step, between the intro and the sections", async () => {
    const { router } = renderApp({ path: '/assessment/trial', user: maker });
    expect(await screen.findByRole('heading', { name: 'Demographics', level: 1 })).toBeTruthy();
    expect(screen.getByText('Before the questions')).toBeTruthy();
    const fact = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(fact('Organization Name')).toBe('Acme Castings');
    expect(fact('HQ State')).toBe('Ohio');
    expect(fact('Industries')).toBe('Primary Metal, Other, Castings');
    expect(fact('Number of Facilities')).toBe('Not provided');
    expect(fact('Supply Chain Roles')).toBe('Not provided');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/intro/trial/before-start',
    );

    fireEvent.click(screen.getByRole('link', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    expect(router.state.location.pathname).toBe('/assessment/trial/strategy');
    fireEvent.click(screen.getByRole('link', { name: 'Go Back' }));
    await screen.findByRole('heading', { name: 'Demographics', level: 1 });
    expect(router.state.location.pathname).toBe('/assessment/trial/demographics');
  });

  it('keeps the Demographics step to manufacturers taking an assessment; others have get-started', async () => {
    renderApp({ path: '/assessment/trial/demographics', user: visitor });
    expect(await screen.findByRole('heading', { name: messages.assessment.pageNotFound })).toBeTruthy();
    cleanup();
    const { router } = renderApp({ path: '/assessment/retake/trial?id=44', user: maker });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    expect(router.state.location.search).toBe('?id=44');
  });

  it('says so when the assessment cannot be loaded', async () => {
    criteriaAnswer = () => ({ status: 500, body: { isSuccess: false, message: 'boom' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp({ path: '/assessment/trial', user: visitor });
    expect(await screen.findByText(messages.assessment.retrieveFailure)).toBeTruthy();
  });
});
