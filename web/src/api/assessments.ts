import { messages } from '@domain/messages';
import type { Criteria, GetStartedOrganization, PendingInvite } from '@domain/schemas/assessmentView';
import type { Envelope, SearchResult } from '@domain/schemas/common';
import type { CompletedAssessment, ResultScores, submittedResultEnvelope } from '@domain/schemas/resultsView';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, callerHandlesAllButSession } from './client';

// The assessment calls of docs/product.md#calls-assessments, shared by the assessment
// pages and the dashboard tiles; the query keys here are the only ones for these data. The answers'
// types come from the schemas the server declares them with.

export type {
  AssessmentSummary,
  Choice,
  Criteria,
  GetStartedOrganization,
  PendingInvite,
  Question,
  Section,
} from '@domain/schemas/assessmentView';
export type { CompletedAssessment, ResultScores } from '@domain/schemas/resultsView';

type SubmittedResult = z.output<typeof submittedResultEnvelope>;

const retrieveItems = messages.assessment.retrieveFailure;
/** docs/product.md#limits: invites and completed assessments take 99; the latest result tile takes 1. */
const LIST = { query: '', skip: 0, take: 99 };

export const assessmentKeys = {
  all: ['assessments'] as const,
  mine: ['assessments', 'mine'] as const,
  scores: (id: number) => ['assessments', 'scores', id] as const,
};

/**
 * The criteria of an attempt: POST assessment/bycode to take an assessment, or, with a result id,
 * POST assessmentresult/getbyid/retake for its answers (to retake or view it).
 */
export const attemptCriteriaQuery = (code: string, resultId: number | null) =>
  queryOptions({
    queryKey: ['assessments', 'criteria', code, resultId ?? 0] as const,
    queryFn: ({ signal }) =>
      resultId === null
        ? api.post<Criteria>('assessment/bycode', { query: code }, { signal, errorMessage: retrieveItems })
        : api.post<Criteria>(
            'assessmentresult/getbyid/retake',
            { id: resultId, code },
            { signal, errorMessage: retrieveItems },
          ),
    // Each attempt starts from the content and answers as they are now.
    staleTime: 0,
    gcTime: 0,
  });

/** The tiles show their own message for a failed load; only session and permission go global. */
const tileFailures = { skipGlobal: callerHandlesAllButSession };

/** POST assessment/invites/pending/mine. */
export const pendingInvitesQuery = queryOptions({
  queryKey: [...assessmentKeys.mine, 'pending'] as const,
  queryFn: ({ signal }) =>
    api.post<SearchResult<PendingInvite>>('assessment/invites/pending/mine', LIST, {
      signal,
      ...tileFailures,
    }),
});

/** POST assessment/completed/mine, newest first. */
export const completedAssessmentsQuery = queryOptions({
  queryKey: [...assessmentKeys.mine, 'completed'] as const,
  queryFn: ({ signal }) =>
    api.post<SearchResult<CompletedAssessment>>(
      'assessment/completed/mine',
      { skip: 0, take: 99 },
      { signal, ...tileFailures },
    ),
});

/** POST assessmentresult/completed/mine {take: 1}: the latest completed result, if any. */
export const latestResultQuery = queryOptions({
  queryKey: [...assessmentKeys.mine, 'latest'] as const,
  queryFn: ({ signal }) =>
    api.post<SearchResult<CompletedAssessment>>(
      'assessmentresult/completed/mine',
      { take: 1 },
      { signal, ...tileFailures },
    ),
});

/** POST assessmentresult/scores/byid. */
export const resultScoresQuery = (id: number, options: { tile?: boolean } = {}) =>
  queryOptions({
    queryKey: assessmentKeys.scores(id),
    queryFn: ({ signal }) =>
      api.post<ResultScores>(
        'assessmentresult/scores/byid',
        { id },
        options.tile
          ? { signal, ...tileFailures }
          : { signal, errorMessage: messages.assessment.resultRetrieveFailure },
      ),
  });

/** POST organization/getstarted/mine; a user outside any organization (404) is the page's to explain. */
export const getStartedQuery = queryOptions({
  queryKey: ['assessments', 'getStarted'] as const,
  queryFn: ({ signal }) =>
    api.post<GetStartedOrganization>(
      'organization/getstarted/mine',
      {},
      { signal, errorMessage: messages.account.retrieveFailure, skipGlobal: ['not-found'] },
    ),
  staleTime: 0,
});

/** POST organization/getstarted/update; a refused body (400) is shown on the page. */
export function updateGetStartedRequest(body: unknown): Promise<Envelope> {
  return api.post<Envelope>('organization/getstarted/update', body, {
    skipGlobal: callerHandlesAllButSession,
  });
}

/**
 * The submitted result: the criteria answered (docs/product.md#calls-answers). Sent again by itself, with
 * the same Idempotency-Key, when no answer comes or the server fails: one result however often it is sent.
 */
export function submitResultRequest(
  mode: 'add' | 'overwrite',
  assessmentResult: Criteria,
): Promise<SubmittedResult> {
  return api.post<SubmittedResult>(
    `assessmentresult/${mode}`,
    { assessmentResult, host: window.location.origin },
    { skipGlobal: callerHandlesAllButSession, idempotent: true },
  );
}
