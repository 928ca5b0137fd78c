import { messages } from '@domain/messages';
import type { MyDraft } from '@domain/schemas/drafts';
import type { Criteria } from '@web/api/assessments';
import { useAuth } from '@web/lib/auth/useAuth';
import { paths } from '@web/lib/paths';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { beforeFirstStep, DEMOGRAPHICS_STEP, RESULTS_STEP, showsDemographicsStep, stepPath } from '../flow';
import { AssessmentNotFound } from './AssessmentNotFound';
import {
  type Answers,
  answersForCriteria,
  answersFromCriteria,
  answersFromDraft,
  draftCriteriaOf,
  isAnswered,
  type QuestionAnswer,
} from './answers';
import { DemographicsStep } from './DemographicsStep';
import { RestoredNoticeContext } from './RestoredNotice';
import { SectionStep } from './SectionStep';
import {
  type AssessmentMode,
  attemptKey,
  loadAttempt,
  type StoredAttempt,
  saveAttempt,
} from './sessionStore';
import { ThankYouStep } from './ThankYouStep';
import { useDraftSaving } from './useDraftSaving';

type Props = {
  criteria: Criteria;
  mode: AssessmentMode;
  code: string;
  resultId: number | null;
  sectionCode?: string;
  /** The answers saved on the server (taking an assessment only); null when there are none. */
  draft?: MyDraft | null;
  /** Opened by a Resume link: go on at the first step with a question still open. */
  resume?: boolean;
};

/**
 * One attempt at an assessment: its answers (kept in session storage, so a reload resumes, and saved on
 * the server as they change, so another browser resumes), the section the route names, and the results
 * step that submits (docs/product.md#rules-assessment-flow; docs/product.md#insights-drafts 'save and resume').
 */
export function AssessmentFlow({
  criteria,
  mode,
  code,
  resultId,
  sectionCode,
  draft = null,
  resume = false,
}: Props) {
  const { user } = useAuth();
  const storageKey = attemptKey({ userId: user?.id, mode, code, resultId });
  const [start] = useState(() => startAttempt(criteria, mode, storageKey, draft));
  const [attempt, setAttempt] = useState<StoredAttempt>(start.attempt);
  // A Resume link (docs/decisions.md#assessments-resume) opens the assessment's address: go on where the
  // answers stop, once (the step's own address carries no such state).
  const resumeAt = resume && !sectionCode ? openStep(criteria, attempt.answers) : null;
  const [noticeStep, setNoticeStep] = useState<string | null>(() =>
    start.restored ? (resumeAt ?? sectionCode ?? '') : null,
  );
  const notice = useMemo(() => {
    const shown = noticeStep === (sectionCode ?? '');
    const resume = shown ? resumeStep(criteria, start.attempt.answers, mode, code, sectionCode) : null;
    return { shown, dismiss: () => setNoticeStep(null), resume };
  }, [noticeStep, sectionCode, criteria, start, mode, code]);
  const drafts = useDraftSaving({
    enabled: mode === 'take',
    criteria,
    attempt,
    step: sectionCode,
    behind: start.behind,
  });

  useEffect(() => {
    if (mode !== 'view') saveAttempt(storageKey, attempt);
  }, [mode, storageKey, attempt]);

  const setAnswer = useCallback(
    (questionId: number, answer: QuestionAnswer) =>
      setAttempt((current) => ({
        ...current,
        answers: { ...current.answers, [questionId]: answer },
        savedAt: new Date().toISOString(),
      })),
    [],
  );

  if (resumeAt) return <Navigate to={stepPath(mode, code, resultId, resumeAt)} replace />;

  return (
    <RestoredNoticeContext value={notice}>
      <AttemptStep
        criteria={criteria}
        mode={mode}
        code={code}
        resultId={resultId}
        sectionCode={sectionCode}
        attempt={attempt}
        storageKey={storageKey}
        onAnswer={setAnswer}
        beforeSubmit={drafts.settle}
      />
    </RestoredNoticeContext>
  );
}

type StepProps = Omit<Props, 'draft'> & {
  attempt: StoredAttempt;
  storageKey: string;
  onAnswer: (questionId: number, answer: QuestionAnswer) => void;
  beforeSubmit: () => Promise<void>;
};

/** The step the route names. */
function AttemptStep({
  criteria,
  mode,
  code,
  resultId,
  sectionCode,
  attempt,
  storageKey,
  onAnswer,
  beforeSubmit,
}: StepProps) {
  const { role } = useAuth();
  const sections = criteria.sections;
  const link = (step?: string) => stepPath(mode, code, resultId, step);

  if (sectionCode === RESULTS_STEP) {
    if (mode === 'view') return <AssessmentNotFound />;
    return (
      <ThankYouStep
        criteria={criteria}
        attempt={attempt}
        mode={mode}
        storageKey={storageKey}
        sectionPath={link}
        beforeSubmit={beforeSubmit}
      />
    );
  }

  // Those who skip get-started open with the 'Demographics' step (docs/product.md#screens); it is the
  // attempt's first page, so the assessment's own address shows it.
  const withDemographics = showsDemographicsStep(role, mode);
  if (sectionCode === DEMOGRAPHICS_STEP || (!sectionCode && withDemographics)) {
    if (!withDemographics) return <AssessmentNotFound />;
    return (
      <DemographicsStep
        criteria={criteria}
        answers={attempt.answers}
        mode={mode}
        previousPath={beforeFirstStep(role, code)}
        nextPath={link(sections[0]?.code ?? RESULTS_STEP)}
      />
    );
  }

  const index = sectionCode ? sections.findIndex((s) => s.code === sectionCode) : 0;
  const section = sections[index];
  if (!section) return <AssessmentNotFound />;
  const isLast = index === sections.length - 1;
  const previous =
    index > 0
      ? link(sections[index - 1]?.code)
      : withDemographics
        ? link(DEMOGRAPHICS_STEP)
        : mode === 'take'
          ? beforeFirstStep(role, code)
          : paths.home;
  // View mode has no results step: the last section leads home.
  const next = isLast ? (mode === 'view' ? paths.home : link(RESULTS_STEP)) : link(sections[index + 1]?.code);

  return (
    <SectionStep
      key={section.code}
      criteria={criteria}
      index={index}
      answers={attempt.answers}
      onAnswer={onAnswer}
      mode={mode}
      previousPath={previous}
      nextPath={next}
      nextLabel={isLast && mode === 'view' ? 'Done' : undefined}
    />
  );
}

type Start = {
  attempt: StoredAttempt;
  /** The answers came from the server's draft: say so. */
  restored: boolean;
  /** The browser's copy is newer than the server's draft: send it. */
  behind: boolean;
};

/**
 * Where the attempt starts: the browser's copy or the server's draft, whichever is newer (the same
 * answers count as the browser's: nothing was restored), else now, from the result's answers if any.
 */
function startAttempt(
  criteria: Criteria,
  mode: AssessmentMode,
  storageKey: string,
  draft: MyDraft | null,
): Start {
  if (mode === 'view')
    return {
      attempt: { startDateTime: criteria.startDateTime ?? '', answers: answersFromCriteria(criteria) },
      restored: false,
      behind: false,
    };
  const stored = loadAttempt(storageKey);
  const local: StoredAttempt | null = stored
    ? { ...stored, answers: answersForCriteria(criteria, stored.answers) }
    : null;
  const hasAnswers = (answers: Answers) => Object.keys(answers).length > 0;
  if (mode === 'take' && draft) {
    const answers = answersFromDraft(criteria, draft.criteria);
    const same = local !== null && sameAnswers(criteria, local.answers, answers);
    const draftIsNewer = !local?.savedAt || Date.parse(draft.savedOn) > Date.parse(local.savedAt);
    if (!same && draftIsNewer && hasAnswers(answers))
      return {
        attempt: {
          startDateTime: draft.criteria.startDateTime ?? local?.startDateTime ?? new Date().toISOString(),
          answers,
          savedAt: draft.savedOn,
        },
        restored: true,
        behind: false,
      };
    if (local) return { attempt: local, restored: false, behind: !same && hasAnswers(local.answers) };
  }
  if (local) return { attempt: local, restored: false, behind: mode === 'take' && hasAnswers(local.answers) };
  return {
    attempt: { startDateTime: new Date().toISOString(), answers: answersFromCriteria(criteria) },
    restored: false,
    behind: false,
  };
}

function sameAnswers(criteria: Criteria, a: Answers, b: Answers): boolean {
  const saved = (answers: Answers) => JSON.stringify(draftCriteriaOf(criteria, answers, null).sections);
  return saved(a) === saved(b);
}

/**
 * The first section with a question still open, or Thank You when none is; null before any answer
 * (the attempt starts at its beginning).
 */
function openStep(criteria: Criteria, answers: Answers): string | null {
  const questions = criteria.sections.flatMap((s) => s.questions);
  if (!questions.some((q) => isAnswered(q, answers[q.id]))) return null;
  const open = criteria.sections.find((s) => s.questions.some((q) => !isAnswered(q, answers[q.id])));
  return open?.code ?? RESULTS_STEP;
}

/**
 * Where a restored attempt goes on: the first section with a question still open (or Thank You when
 * none is), unless that is the step shown.
 */
function resumeStep(
  criteria: Criteria,
  answers: Answers,
  mode: AssessmentMode,
  code: string,
  sectionCode: string | undefined,
): { to: string; label: string } | null {
  const open = criteria.sections.find((s) => s.questions.some((q) => !isAnswered(q, answers[q.id])));
  const step = open?.code ?? RESULTS_STEP;
  const first = criteria.sections[0]?.code;
  if (step === sectionCode || (!sectionCode && step === first && open)) return null;
  const label = open ? `Continue with ${open.caption}` : `Continue to ${messages.assessment.thankYouTitle}`;
  return { to: stepPath(mode, code, null, step), label };
}
