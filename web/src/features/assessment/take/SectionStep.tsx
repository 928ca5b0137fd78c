import { messages } from '@domain/messages';
import type { Criteria, Question } from '@web/api/assessments';
import { ButtonLink } from '@web/components/ButtonLink';
import { Page } from '@web/components/Page';
import { type FormEvent, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { HtmlContent } from '../HtmlContent';
import { VideoEmbed } from '../video/VideoEmbed';
import { SECTION_VIDEO_HOSTS } from '../video/videoEmbed';
import { AttemptHeader } from './AttemptHeader';
import { type Answers, problemOf, problemsOf, type QuestionAnswer } from './answers';
import { QuestionField } from './QuestionField';
import type { AssessmentMode } from './sessionStore';

type Props = {
  criteria: Criteria;
  index: number;
  answers: Answers;
  onAnswer: (questionId: number, answer: QuestionAnswer) => void;
  mode: AssessmentMode;
  previousPath: string;
  nextPath: string;
  /** Overrides the section's captionNext (view mode's last section). */
  nextLabel?: string;
};

/** One section of the assessment: its text and help, its questions, and the Next check (docs/product.md#rules-validation). */
export function SectionStep({
  criteria,
  index,
  answers,
  onAnswer,
  mode,
  previousPath,
  nextPath,
  nextLabel,
}: Props) {
  const section = criteria.sections[index]!;
  const navigate = useNavigate();
  const readOnly = mode === 'view';
  const [problems, setProblems] = useState<Record<string, string>>({});
  const bannerRef = useRef<HTMLDivElement>(null);
  const hasProblems = Object.keys(problems).length > 0;

  const change = (question: Question, answer: QuestionAnswer) => {
    onAnswer(question.id, answer);
    // A question shown as wrong is re-checked as it is fixed, so its message goes away.
    if (problems[question.id]) {
      const problem = problemOf(question, answer);
      setProblems((current) => {
        const { [question.id]: _fixed, ...rest } = current;
        return problem ? { ...rest, [question.id]: problem } : rest;
      });
    }
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (!readOnly) {
      const found = problemsOf(section.questions, answers);
      setProblems(found);
      if (Object.keys(found).length > 0) {
        window.scrollTo?.({ top: 0, behavior: 'smooth' });
        requestAnimationFrame(() => bannerRef.current?.focus({ preventScroll: true }));
        return;
      }
    }
    void navigate(nextPath);
  };

  const headingId = `section-${section.code}-heading`;
  return (
    <Page title={`${section.caption} | ${criteria.name}`} className="smr-page-medium smr-assessment">
      <AttemptHeader criteria={criteria} mode={mode} answers={answers} index={index}>
        <h1 id={headingId} className="smr-flow-title">
          {section.caption}
        </h1>
      </AttemptHeader>
      {hasProblems ? (
        <Alert variant="danger" className="smr-validation-banner" ref={bannerRef} tabIndex={-1} role="alert">
          {messages.assessment.validationBanner}
        </Alert>
      ) : null}
      {readOnly ? (
        <Alert variant="info" className="smr-view-note">
          You are viewing the answers you submitted. They can no longer be changed.
        </Alert>
      ) : null}
      {section.description || section.helpContent || section.helpContentVideo ? (
        <div className="smr-card smr-section-intro">
          <HtmlContent html={section.description} className="smr-section-description" />
          <VideoEmbed
            source={section.helpContentVideo}
            hosts={SECTION_VIDEO_HOSTS}
            title={`${section.caption}: help video`}
          />
          {section.helpContent ? (
            <details className="smr-help">
              <summary>Help with this section</summary>
              <HtmlContent html={section.helpContent} className="smr-help-body" />
            </details>
          ) : null}
        </div>
      ) : null}
      <form onSubmit={next} noValidate aria-labelledby={headingId}>
        <fieldset disabled={readOnly} className="smr-questions">
          {section.questions.map((question, i) => (
            <QuestionField
              key={question.id}
              question={question}
              number={i + 1}
              answer={answers[question.id]}
              problem={problems[question.id] ?? null}
              readOnly={readOnly}
              onChange={(answer) => change(question, answer)}
            />
          ))}
        </fieldset>
        <nav className="smr-flow-actions" aria-label="Sections">
          <ButtonLink to={previousPath} variant="outline-secondary">
            {section.captionPrevious?.trim() || 'Previous'}
          </ButtonLink>
          <Button type="submit" variant="primary">
            {nextLabel ?? (section.captionNext?.trim() || 'Next')}
          </Button>
        </nav>
      </form>
    </Page>
  );
}
