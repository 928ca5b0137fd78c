import { useQuery } from '@tanstack/react-query';
import { completedAssessmentsQuery } from '@web/api/assessments';
import { ButtonLink } from '@web/components/ButtonLink';
import { useAuth } from '@web/lib/auth/useAuth';
import { assessmentPaths, resumeState } from '@web/lib/paths';
import { afterIntro } from '../flow';
import { myDraftQuery } from '../take/draftApi';

/**
 * A returning respondent may skip the intro (docs/decisions.md#assessments-resume): with answers saved,
 * back to where they stop; after a submission of this assessment, to where the last page's Continue
 * leads. A first-time respondent sees nothing here.
 */
export function ReturningNotice({ assessmentCode }: { assessmentCode: string }) {
  const { role } = useAuth();
  const draft = useQuery(myDraftQuery(assessmentCode));
  const completed = useQuery(completedAssessmentsQuery);
  const answered = draft.data?.criteria.sections.reduce((n, s) => n + s.questions.length, 0) ?? 0;
  const code = assessmentCode.toLowerCase();
  const takenBefore = completed.data?.data.some((r) => r.assessment.code.toLowerCase() === code) ?? false;

  if (answered > 0)
    return (
      <aside className="smr-intro-returning" aria-label="Your saved answers">
        <p>
          You have started this assessment: {answered} {answered === 1 ? 'question' : 'questions'} answered so
          far, saved for you.
        </p>
        <ButtonLink to={assessmentPaths.take(assessmentCode)} state={resumeState}>
          Continue where you left off
        </ButtonLink>
      </aside>
    );
  if (takenBefore)
    return (
      <aside className="smr-intro-returning" aria-label="Taken before">
        <p>You have taken this assessment before and may skip these introductory pages.</p>
        <ButtonLink to={afterIntro(role, assessmentCode)} variant="outline-primary">
          Skip the intro
        </ButtonLink>
      </aside>
    );
  return null;
}
