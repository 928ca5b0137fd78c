import { messages } from '@domain/messages';
import { useQuery } from '@tanstack/react-query';
import { completedAssessmentsQuery } from '@web/api/assessments';
import { ButtonLink } from '@web/components/ButtonLink';
import { ClipboardCheckIcon } from '@web/components/icons/icons';
import { MessagePanel } from '@web/components/MessagePanel';
import { Page } from '@web/components/Page';
import { PageLoading } from '@web/components/PageLoading';
import { assessmentPaths, paths } from '@web/lib/paths';
import { Navigate } from 'react-router';
import { stepPath } from '../flow';

type Props = { mode: 'retake' | 'view'; code: string; sectionCode?: string };

/**
 * A view or retake link without ?id= (a bookmark, an e-mailed link, a new tab) opens the person's
 * latest result of that assessment, with its id in the address so a reload keeps it; a retake the
 * roadmap's stage no longer allows opens read-only (docs/decisions.md#assessments-deep-links).
 */
export function OpenLatestResult({ mode, code, sectionCode }: Props) {
  const completed = useQuery(completedAssessmentsQuery);
  if (completed.isPending) return <PageLoading />;
  // Newest first: the first of this assessment is the latest.
  const latest = completed.data?.data.find((r) => r.assessment.code.toLowerCase() === code.toLowerCase());
  if (latest) {
    const opensAs = mode === 'retake' && !latest.canRetake ? 'view' : mode;
    return <Navigate to={stepPath(opensAs, code, latest.id, sectionCode)} replace />;
  }
  return (
    <Page title="Assessment" narrow>
      <MessagePanel
        icon={<ClipboardCheckIcon size={32} />}
        title={
          completed.isError ? messages.assessment.resultsLoadFailure : messages.assessment.noResultToOpen
        }
        tone={completed.isError ? 'warning' : 'neutral'}
        actions={
          <>
            <ButtonLink to={paths.home} variant="outline-secondary">
              Home
            </ButtonLink>
            <ButtonLink to={assessmentPaths.intro(code)}>Start the assessment</ButtonLink>
          </>
        }
      >
        {completed.isError ? null : (
          <p>
            There are no submitted answers to {mode === 'retake' ? 'answer again' : 'look at'}. Once you
            submit this assessment, this link opens your latest answers.
          </p>
        )}
      </MessagePanel>
    </Page>
  );
}
