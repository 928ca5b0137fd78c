import { messages } from '@domain/messages';
import type { UserView } from '@domain/schemas/user';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@web/api/client';
import type { FailureKind } from '@web/api/errors';
import { formatDate } from '@web/components/formatDate';
import { assessmentPaths } from '@web/lib/paths';
import { useId } from 'react';
import { Link } from 'react-router';
import { userAdminApi, userKeys } from './userAdminApi';

/** The panel tells its own failures; a refusal (someone whose results the caller may not see) hides it. */
const handled: readonly FailureKind[] = ['not-found', 'forbidden', 'bad-request', 'network', 'other'];

/** The user's completed assessments (assessmentresult/byuser), each linking to its results page. */
export function UserAssessments({ user }: { user: UserView }) {
  const titleId = useId();
  const results = useQuery({
    queryKey: userKeys.results(user.id),
    queryFn: ({ signal }) => userAdminApi.resultsOf(user.id, { signal, skipGlobal: handled }),
    retry: false,
  });
  if (isApiError(results.error) && results.error.kind === 'forbidden') return null;

  return (
    <section className="smr-card smr-user-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="smr-user-card-title">
        Assessments
      </h2>
      {results.isPending ? (
        <p className="smr-user-card-text">Loading…</p>
      ) : results.isError ? (
        <p className="text-danger mb-0">{messages.admin.listRetrieveFailure}</p>
      ) : results.data.data.length === 0 ? (
        <p className="smr-user-card-text mb-0">No completed assessments.</p>
      ) : (
        <ul className="smr-user-results">
          {results.data.data.map((result) => (
            <li key={result.id}>
              <Link to={assessmentPaths.results(result.id)}>{result.assessment.name}</Link>
              <span className="smr-user-results-date">Completed {formatDate(result.completionDateTime)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
