import type { RoadmapStatusCode } from '@domain/codes';
import { messages } from '@domain/messages';
import type { Envelope, SearchResult } from '@domain/schemas/common';
import { queryOptions } from '@tanstack/react-query';
import { api, callerHandlesAllButSession } from './client';

// The assessment calls of SPEC.md section 7 'Lookups, assessments, results', shared by the assessment
// pages and the dashboard tiles; the query keys here are the only ones for these data.

/** A choice as a respondent sees it (SPEC.md section 3): scores stay on the server. */
export type Choice = {
  id: number;
  caption: string;
  displayOrder: number | null;
  isOtherChoice: boolean;
  selected: boolean;
  other: string | null;
};

/** A question as taken. `value` is a choice id, a list of them, or text (INTERFACES.md 'answers'). */
export type Question = {
  id: number;
  caption: string;
  description: string | null;
  displayOrder: number | null;
  inputType: number;
  isRequired: boolean;
  includeOtherChoice: boolean;
  helpContent: string | null;
  validator: string | null;
  value: unknown;
  choices: Choice[];
};

/** A section as taken: description and help content are HTML the server sanitised on save. */
export type Section = {
  code: string;
  name: string;
  caption: string;
  captionPrevious: string | null;
  captionNext: string | null;
  description: string | null;
  helpContent: string | null;
  helpContentVideo: string | null;
  questions: Question[];
};

/** The assessment criteria (SPEC.md section 3); for a retake or view, `id` is the result's id. */
export type Criteria = {
  id: number;
  assessmentId: number;
  code: string;
  name: string;
  description: string | null;
  assessmentType: number;
  startDateTime: string | null;
  completionDateTime: string | null;
  sections: Section[];
};

export type AssessmentSummary = {
  id: number;
  code: string;
  name: string;
  description: string | null;
  assessmentType: number;
};

/** A pending assessment (SPEC.md section 3 'Invite'). */
export type PendingInvite = {
  id: number;
  assessment: AssessmentSummary;
  assessmentResult: null;
  invitedOn: string | null;
};

/** A completed assessment, with whether the roadmap's stage still allows a retake. */
export type CompletedAssessment = {
  id: number;
  assessment: AssessmentSummary;
  respondent: { id: number; fullName: string; userName: string } | null;
  organization: { id: number; name: string } | null;
  completionDateTime: string;
  roadmapStatus: RoadmapStatusCode | null;
  canRetake: boolean;
};

export type ResultScores = {
  id: number;
  assessment: { code: string; name: string; assessmentType: number };
  /** The organization the result belongs to; null for none. */
  organization: { id: number; name: string } | null;
  completionDateTime: string;
  overall: { score: number; level: string } | null;
  sections: { code: string; caption: string; score: number; level: string }[];
  lowest: { caption: string; section: string; score: number }[];
  levels: { score: number; name: string; summary: string }[];
};

type LookupRef = { id: number; name: string; code: string | null };

/** The caller's organization as the get-started page edits it. */
export type GetStartedOrganization = {
  id: number;
  name: string;
  type: { enumValue: number; name: string };
  businessType: LookupRef | null;
  state: LookupRef | null;
  demographic: {
    companyMaturity: LookupRef | null;
    numberOfEmployees: LookupRef | null;
    numberOfFacilities: LookupRef | null;
    hqRegion: LookupRef | null;
    industries: LookupRef[];
    supplyChainRoles: LookupRef[];
    otherIndustry: string | null;
  } | null;
};

const retrieveItems = messages.assessment.retrieveFailure;
/** SPEC.md section 9: invites and completed assessments take 99; the latest result tile takes 1. */
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
 * The submitted result: the criteria answered (INTERFACES.md 'answers'). Sent again by itself, with
 * the same Idempotency-Key, when no answer comes or the server fails: one result however often it is sent.
 */
export function submitResultRequest(
  mode: 'add' | 'overwrite',
  assessmentResult: Criteria,
): Promise<Envelope<{ id: number }>> {
  return api.post<Envelope<{ id: number }>>(
    `assessmentresult/${mode}`,
    { assessmentResult, host: window.location.origin },
    { skipGlobal: callerHandlesAllButSession, idempotent: true },
  );
}
