import type { Criteria } from '@web/api/assessments';
import type { ReactNode } from 'react';
import type { Answers } from './answers';
import { RestoredNotice } from './RestoredNotice';
import { SectionProgress } from './SectionProgress';
import type { AssessmentMode } from './sessionStore';

const modeBadges: Record<AssessmentMode, string | null> = {
  take: null,
  retake: 'Retake',
  view: 'View only',
};

type Props = {
  criteria: Criteria;
  mode: AssessmentMode;
  answers: Answers;
  index: number;
  /** The step's heading. */
  children: ReactNode;
};

/**
 * The assessment's name, the mode, the step's heading, the progress indicator, and the notice that saved
 * answers were restored.
 */
export function AttemptHeader({ criteria, mode, answers, index, children }: Props) {
  const badge = modeBadges[mode];
  return (
    <header className="smr-attempt-header">
      <p className="smr-flow-overline">
        {criteria.name}
        {badge ? <span className="badge smr-mode-badge">{badge}</span> : null}
      </p>
      {children}
      <SectionProgress criteria={criteria} answers={answers} index={index} />
      <RestoredNotice />
    </header>
  );
}
