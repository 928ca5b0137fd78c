// @vitest-environment jsdom

import { messages } from '@domain/messages';
import type { MyDraft, StoredDraft } from '@domain/schemas/drafts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Criteria } from '@web/api/assessments';
import { ticketStore } from '@web/api/ticketStore';
import { resumeState } from '@web/lib/paths';
import { answeredCriteriaOf, buildCriteria, buildScores } from '@web/testing/assessments';
import { buildUser } from '@web/testing/buildUser';
import { testLookups } from '@web/testing/lookups';
import { fakeFetch, renderApp } from '@web/testing/renderApp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftSaving } from './useDraftSaving';

// docs/product.md#insights-drafts, 'save and resume': the answers are saved on the server as a person answers, and another
// browser resumes them with a notice; the newer of the browser's copy and the server's draft wins.

const RESTORED = 'Your saved answers were restored.';
const visitor = buildUser('visitor');
let criteria: Criteria;
let draft: MyDraft | null;
let myDraftFails: boolean;
let saves: { code: string; criteria: StoredDraft }[];
let submits: number;
let events: string[];

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  sessionStorage.clear();
  draftSaving.delayMs = 20;
  criteria = buildCriteria();
  draft = null;
  myDraftFails = false;
  saves = [];
  submits = 0;
  events = [];
  const fetch = fakeFetch({
    'admin/lookup/getall': () => ({ body: testLookups }),
    'assessment/bycode': () => ({ body: criteria }),
    'assessmentresult/getbyid/retake': () => ({ body: answeredCriteriaOf(criteria, 44) }),
    'assessmentdraft/mine': () => {
      events.push('mine');
      return draft
        ? { body: draft }
        : { status: 404, body: { isSuccess: false, message: 'No saved answers were found.' } };
    },
    'assessmentdraft/save': (init) => {
      events.push('save');
      saves.push(JSON.parse(String(init?.body)));
      return { body: { isSuccess: true, message: '', data: { savedOn: new Date().toISOString() } } };
    },
    'assessmentresult/add': () => {
      events.push('add');
      submits++;
      return { body: { isSuccess: true, message: '', data: { id: 91 } } };
    },
    'assessmentresult/overwrite': () => ({ body: { isSuccess: true, message: '', data: { id: 44 } } }),
    'assessmentresult/scores/byid': () => ({ body: buildScores({ id: 91 }) }),
    'assessment/completed/mine': () => ({ body: { data: [], count: 0 } }),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (myDraftFails && String(input).includes('assessmentdraft/mine')) throw new TypeError('offline');
      return fetch(input, init);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ticketStore.clear();
  sessionStorage.clear();
  draftSaving.delayMs = 1500;
});

const question = (caption: string) => screen.getByRole('group', { name: new RegExp(caption) });
const choose = (caption: string, choice: string) =>
  fireEvent.click(within(question(caption)).getByLabelText(choice));
const isChosen = (caption: string, choice: string) =>
  (within(question(caption)).getByLabelText(choice) as HTMLInputElement).checked;
const questionOf = (caption: string) =>
  criteria.sections.flatMap((s) => s.questions).find((q) => q.caption.startsWith(caption))!;
const choiceOf = (caption: string, choice: string) =>
  questionOf(caption).choices.find((c) => c.caption === choice)!.id;

/** A draft on the server with the given answers (question caption -> choice caption). */
function serverDraft(answers: Record<string, string>, savedOn: string): MyDraft {
  const questions = Object.entries(answers).map(([caption, choice]) => ({
    id: questionOf(caption).id,
    value: choiceOf(caption, choice),
    choices: [{ id: choiceOf(caption, choice), selected: true as const, other: null }],
  }));
  return {
    criteria: {
      code: 'trial',
      startDateTime: '2026-03-01T09:00:00.000Z',
      sections: [{ code: 'strategy', questions }],
    },
    savedOn,
  };
}

describe('save and resume', () => {
  it('restores the answers saved on the server in a browser without its own copy, and says so', async () => {
    draft = serverDraft({ 'How is your strategy defined': 'Level three' }, '2026-03-01T09:05:00.000Z');
    renderApp({ path: '/assessment/trial', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    const status = screen.getByRole('status');
    expect(within(status).getByText(RESTORED)).toBeTruthy();
    expect(isChosen('How is your strategy defined', 'Level three')).toBe(true);
    expect(isChosen('Who sponsors improvement', 'Level one')).toBe(false);
    expect(screen.getByText(/1 of 4/)).toBeTruthy();
    // Its section still has a question open: no link onwards.
    expect(within(status).queryByRole('link')).toBeNull();

    // The notice goes once dismissed; the attempt keeps the draft's start, sent with Submit.
    fireEvent.click(within(status).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(RESTORED)).toBeNull();
    const stored = JSON.parse(sessionStorage.getItem(`smr.assessment.${visitor.id}.take.trial`) ?? '{}');
    expect(stored.startDateTime).toBe('2026-03-01T09:00:00.000Z');
    // Nothing changed yet: nothing is sent back.
    await new Promise((r) => setTimeout(r, 60));
    expect(saves).toHaveLength(0);
  });

  it('resumes at the first section with a question still open when a Resume link opens it', async () => {
    draft = serverDraft(
      { 'How is your strategy defined': 'Level three', 'Who sponsors improvement': 'Level two' },
      '2026-03-01T09:05:00.000Z',
    );
    const { router } = renderApp({ path: '/assessment/trial', user: visitor, state: resumeState });
    await screen.findByRole('heading', { name: 'Workforce and Culture', level: 1 });
    expect(router.state.location.pathname).toBe('/assessment/trial/workforce');
    expect(within(screen.getByRole('status')).getByText(RESTORED)).toBeTruthy();
    // Back still reaches the answered section.
    fireEvent.click(screen.getByRole('link', { name: 'Go Back' }));
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    expect(isChosen('Who sponsors improvement', 'Level two')).toBe(true);
  });

  it('saves a moment after each change, only the answered questions, and at once on leaving a section', async () => {
    renderApp({ path: '/assessment/trial', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    expect(screen.queryByText(RESTORED)).toBeNull();
    draftSaving.delayMs = 60_000;
    choose('How is your strategy defined', 'Level two');
    choose('Who sponsors improvement', 'Not sure');
    expect(saves).toHaveLength(0);
    // Continue leaves the section: saved at once, without waiting for the pause.
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Workforce and Culture', level: 1 });
    await waitFor(() => expect(saves).toHaveLength(1));
    const body = saves[0]!;
    expect(body.code).toBe('trial');
    expect(body.criteria.startDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.criteria.sections).toEqual([
      {
        code: 'strategy',
        questions: [
          {
            id: questionOf('How is your strategy defined').id,
            value: choiceOf('How is your strategy defined', 'Level two'),
            choices: [
              { id: choiceOf('How is your strategy defined', 'Level two'), selected: true, other: null },
            ],
          },
          {
            id: questionOf('Who sponsors improvement').id,
            value: choiceOf('Who sponsors improvement', 'Not sure'),
            choices: [{ id: choiceOf('Who sponsors improvement', 'Not sure'), selected: true, other: null }],
          },
        ],
      },
    ]);

    // Several quick changes make one save, after the pause.
    draftSaving.delayMs = 30;
    choose('How are people trained', 'Level one');
    choose('How are people trained', 'Level three');
    await waitFor(() => expect(saves).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 80));
    expect(saves).toHaveLength(2);
    expect(saves[1]!.criteria.sections[1]!.questions[0]!.value).toBe(
      choiceOf('How are people trained', 'Level three'),
    );
  });

  it("keeps the browser's own copy when it is newer than the server's, and sends it", async () => {
    const id = questionOf('How is your strategy defined').id;
    sessionStorage.setItem(
      `smr.assessment.${visitor.id}.take.trial`,
      JSON.stringify({
        startDateTime: '2026-03-01T09:00:00.000Z',
        savedAt: '2026-03-01T10:00:00.000Z',
        answers: {
          [id]: { choiceIds: [choiceOf('How is your strategy defined', 'Level one')], text: '', other: '' },
        },
      }),
    );
    draft = serverDraft({ 'How is your strategy defined': 'Level three' }, '2026-03-01T09:30:00.000Z');
    renderApp({ path: '/assessment/trial', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    expect(screen.queryByText(RESTORED)).toBeNull();
    expect(isChosen('How is your strategy defined', 'Level one')).toBe(true);
    // The server is behind (answered offline here): the browser's answers go to it.
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.criteria.sections[0]!.questions[0]!.value).toBe(
      choiceOf('How is your strategy defined', 'Level one'),
    );
  });

  it("takes the server's draft when it is newer than the browser's copy", async () => {
    const id = questionOf('How is your strategy defined').id;
    sessionStorage.setItem(
      `smr.assessment.${visitor.id}.take.trial`,
      JSON.stringify({
        startDateTime: '2026-03-01T09:00:00.000Z',
        savedAt: '2026-03-01T09:10:00.000Z',
        answers: {
          [id]: { choiceIds: [choiceOf('How is your strategy defined', 'Level one')], text: '', other: '' },
        },
      }),
    );
    draft = serverDraft(
      { 'How is your strategy defined': 'Level two', 'Who sponsors improvement': 'Level one' },
      '2026-03-01T11:00:00.000Z',
    );
    renderApp({ path: '/assessment/trial', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    expect(screen.getByRole('status').textContent).toContain(RESTORED);
    expect(isChosen('How is your strategy defined', 'Level two')).toBe(true);
    expect(isChosen('Who sponsors improvement', 'Level one')).toBe(true);
    // The first section is done: the notice leads on to the next.
    const onwards = within(screen.getByRole('status')).getByRole('link', {
      name: 'Continue with Workforce and Culture',
    });
    expect(onwards.getAttribute('href')).toBe('/assessment/trial/workforce');
    fireEvent.click(onwards);
    await screen.findByRole('heading', { name: 'Workforce and Culture', level: 1 });
    expect(screen.queryByText(RESTORED)).toBeNull();
  });

  it('goes on from the browser copy when the saved answers cannot be read (offline)', async () => {
    myDraftFails = true;
    renderApp({ path: '/assessment/trial', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    expect(screen.queryByText(RESTORED)).toBeNull();
    expect(screen.queryByText(messages.assessment.retrieveFailure)).toBeNull();
  });

  it('waits for a pending save before Submit, and saves nothing after it', async () => {
    draftSaving.delayMs = 60_000;
    renderApp({ path: '/assessment/trial', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    choose('How is your strategy defined', 'Level two');
    choose('Who sponsors improvement', 'Not sure');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Workforce and Culture', level: 1 });
    choose('How are people trained', 'Level three');
    choose('How are ideas collected', 'Level one');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Thank You' });
    fireEvent.click(screen.getByRole('button', { name: messages.assessment.submit }));
    await screen.findByRole('heading', { name: 'Your Results' });
    await new Promise((r) => setTimeout(r, 50));
    expect(submits).toBe(1);
    // Every save went before the submission; none after it could bring the draft back.
    expect(events.slice(events.indexOf('add'))).toEqual(['add']);
  });

  it('saves when the page is hidden (a request that outlives the page) and again once back online', async () => {
    draftSaving.delayMs = 60_000;
    renderApp({ path: '/assessment/trial', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    choose('How is your strategy defined', 'Level two');
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    hidden.mockRestore();
    await waitFor(() => expect(saves).toHaveLength(1));
    const sent = vi.mocked(fetch).mock.calls.find(([url]) => String(url).includes('assessmentdraft/save'));
    expect(sent?.[1]?.keepalive).toBe(true);

    // Offline: the save fails quietly; the browser coming back online sends it again.
    const online = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input).includes('assessmentdraft/save')) throw new TypeError('offline');
      return online(input, init);
    });
    choose('Who sponsors improvement', 'Level one');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Workforce and Culture', level: 1 });
    await new Promise((r) => setTimeout(r, 20));
    expect(saves).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    vi.mocked(fetch).mockImplementation(online);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.criteria.sections[0]!.questions).toHaveLength(2);
  });

  it('keeps no draft for a retake or a view', async () => {
    draftSaving.delayMs = 10;
    renderApp({ path: '/assessment/retake/trial?id=44', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    choose('How is your strategy defined', 'Level two');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Workforce and Culture', level: 1 });
    cleanup();
    renderApp({ path: '/assessment/view/trial?id=44', user: visitor });
    await screen.findByRole('heading', { name: 'Strategy and Leadership', level: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual([]);
  });
});
