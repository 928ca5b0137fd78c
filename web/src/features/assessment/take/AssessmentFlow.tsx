import { useCallback, useEffect, useState } from 'react';
import type { Criteria } from '../../../api/assessments';
import { useAuth } from '../../../app/auth/useAuth';
import { paths } from '../../../app/paths';
import { beforeFirstStep, DEMOGRAPHICS_STEP, RESULTS_STEP, showsDemographicsStep, stepPath } from '../flow';
import { AssessmentNotFound } from './AssessmentNotFound';
import { answersForCriteria, answersFromCriteria, type QuestionAnswer } from './answers';
import { DemographicsStep } from './DemographicsStep';
import { SectionStep } from './SectionStep';
import {
  type AssessmentMode,
  attemptKey,
  loadAttempt,
  type StoredAttempt,
  saveAttempt,
} from './sessionStore';
import { ThankYouStep } from './ThankYouStep';

type Props = {
  criteria: Criteria;
  mode: AssessmentMode;
  code: string;
  resultId: number | null;
  sectionCode?: string;
};

/**
 * One attempt at an assessment: its answers (kept in session storage, so a reload resumes), the
 * section the route names, and the results step that submits (SPEC.md section 4 'Assessment flow').
 */
export function AssessmentFlow({ criteria, mode, code, resultId, sectionCode }: Props) {
  const { user, role } = useAuth();
  const storageKey = attemptKey({ userId: user?.id, mode, code, resultId });
  const [attempt, setAttempt] = useState<StoredAttempt>(() => startAttempt(criteria, mode, storageKey));

  useEffect(() => {
    if (mode !== 'view') saveAttempt(storageKey, attempt);
  }, [mode, storageKey, attempt]);

  const setAnswer = useCallback(
    (questionId: number, answer: QuestionAnswer) =>
      setAttempt((current) => ({ ...current, answers: { ...current.answers, [questionId]: answer } })),
    [],
  );

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
      />
    );
  }

  // Those who skip get-started open with the 'Demographics' step (SPEC.md section 2); it is the
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
      onAnswer={setAnswer}
      mode={mode}
      previousPath={previous}
      nextPath={next}
      nextLabel={isLast && mode === 'view' ? 'Done' : undefined}
    />
  );
}

/** A stored attempt resumes; otherwise the attempt begins now, from the result's answers if any. */
function startAttempt(criteria: Criteria, mode: AssessmentMode, storageKey: string): StoredAttempt {
  if (mode === 'view')
    return { startDateTime: criteria.startDateTime ?? '', answers: answersFromCriteria(criteria) };
  const stored = loadAttempt(storageKey);
  if (stored)
    return { startDateTime: stored.startDateTime, answers: answersForCriteria(criteria, stored.answers) };
  return { startDateTime: new Date().toISOString(), answers: answersFromCriteria(criteria) };
}
