import { useQuery } from '@tanstack/react-query';
import { attemptCriteriaQuery } from '@web/api/assessments';
import { ButtonLink } from '@web/components/ButtonLink';
import { ClipboardCheckIcon } from '@web/components/icons/icons';
import { MessagePanel } from '@web/components/MessagePanel';
import { Page } from '@web/components/Page';
import { PageLoading } from '@web/components/PageLoading';
import { isResume, paths } from '@web/lib/paths';
import { useDeferredValue } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { AssessmentFlow } from './AssessmentFlow';
import { AssessmentNotFound } from './AssessmentNotFound';
import { myDraftQuery } from './draftApi';
import { OpenLatestResult } from './OpenLatestResult';
import type { AssessmentMode } from './sessionStore';
import '../assessment.css';

/** /assessment/{code}[/{sectionCode}]: take an assessment. */
export const TakeAssessmentPage = () => <AssessmentPage mode="take" />;
/** /assessment/retake/{code}[/{sectionCode}]?id={resultId}: answer again, overwriting the result. */
export const RetakeAssessmentPage = () => <AssessmentPage mode="retake" />;
/** /assessment/view/{code}[/{sectionCode}]?id={resultId}: the submitted answers, read-only. */
export const ViewAssessmentPage = () => <AssessmentPage mode="view" />;

/**
 * The result a retake or view is about: from the link's state, else from ?id= (docs/product.md#screens);
 * without either, the person's latest (OpenLatestResult).
 */
function useResultId(): number | null {
  const location = useLocation();
  const [search] = useSearchParams();
  const fromState = (location.state as { resultId?: unknown } | null)?.resultId;
  const id = Number(fromState ?? search.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

function AssessmentPage({ mode }: { mode: AssessmentMode }) {
  const { code, sectionCode } = useParams();
  const resultId = useResultId();
  const { state } = useLocation();
  const resume = mode === 'take' && isResume(state);
  if (!code) return <AssessmentNotFound />;
  if (mode !== 'take' && resultId === null)
    return <OpenLatestResult mode={mode} code={code} sectionCode={sectionCode} />;
  return (
    <AssessmentLoader
      key={`${mode}:${code}:${resultId ?? ''}`}
      mode={mode}
      code={code}
      resultId={resultId}
      sectionCode={sectionCode}
      resume={resume}
    />
  );
}

type LoaderProps = {
  mode: AssessmentMode;
  code: string;
  resultId: number | null;
  sectionCode?: string;
  resume: boolean;
};

function AssessmentLoader({ mode, code, resultId, sectionCode, resume }: LoaderProps) {
  const query = useQuery(attemptCriteriaQuery(code, mode === 'take' ? null : resultId));
  // Answers saved on the server resume a first attempt elsewhere; a retake and a view keep none.
  const draft = useQuery({ ...myDraftQuery(code), enabled: mode === 'take' });
  // The step is drawn from deferred values: a query's answer re-renders at once and in one piece (it is
  // read through useSyncExternalStore), and a section's questions with their choices were drawn in a
  // task of 100-150 ms on a phone. Deferred, the loading state stays for that render and React draws the
  // step in a transition, in slices of a few milliseconds (docs/decisions.md#web-deferred-step).
  const criteria = useDeferredValue(query.data);
  const draftData = useDeferredValue(draft.data);
  const draftSettled = useDeferredValue(mode !== 'take' || !draft.isPending);
  if (query.isPending || (mode === 'take' && draft.isPending)) return <PageLoading />;
  if (query.isError) {
    // The global handling has said 'An error occurred retrieving these items.' (or sent the user on).
    return (
      <Page title="Assessment" narrow>
        <MessagePanel
          icon={<ClipboardCheckIcon size={32} />}
          title="This assessment could not be loaded"
          tone="warning"
          actions={<ButtonLink to={paths.home}>Home</ButtonLink>}
        />
      </Page>
    );
  }
  if (criteria === undefined || !draftSettled) return <PageLoading />;
  return (
    <AssessmentFlow
      criteria={criteria}
      mode={mode}
      code={code}
      resultId={resultId}
      sectionCode={sectionCode}
      draft={mode === 'take' ? (draftData ?? null) : null}
      resume={resume}
    />
  );
}
