import { AssessmentType } from '@domain/codes';
import type { PeerDistributionView } from '@domain/schemas/peers';
import { queryOptions } from '@tanstack/react-query';
import type { CompletedAssessment, ResultScores } from '@web/api/assessments';
import { api } from '@web/api/client';

// The peer distribution call (docs/product.md#insights-peers) as the results page asks it.

/**
 * POST assessmentresult/peers. A refusal (403: the caller may see the result but not the
 * organization's peers), an unknown organization (404) and one that is no manufacturer (400) are the
 * part's to handle: it then shows nothing. Other failures it tells itself.
 */
export const peersQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['assessments', 'peers', organizationId] as const,
    queryFn: ({ signal }) =>
      api.post<PeerDistributionView>(
        'assessmentresult/peers',
        { id: organizationId },
        { signal, skipGlobal: ['forbidden', 'not-found', 'bad-request', 'network', 'other'] },
      ),
  });

export type ResultOrganization = { id: number; name: string };

/**
 * The organization a result belongs to, for the peer part: current- and future-state results only
 * (a trial has no peers). Read from the scores when the server names it there, else from the caller's
 * own completed assessments (their own results).
 */
export function resultOrganization(
  scores: ResultScores,
  completed: readonly CompletedAssessment[] | undefined,
): ResultOrganization | null {
  const type = scores.assessment.assessmentType;
  if (type !== AssessmentType.CurrentState && type !== AssessmentType.FutureState) return null;
  const named = (scores as ResultScores & { organization?: ResultOrganization | null }).organization;
  if (named !== undefined) return named;
  return completed?.find((r) => r.id === scores.id)?.organization ?? null;
}
