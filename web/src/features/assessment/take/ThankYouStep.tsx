import { messages } from '@domain/messages';
import { useQueryClient } from '@tanstack/react-query';
import { assessmentKeys, type Criteria, submitResultRequest } from '@web/api/assessments';
import { refusalMessage } from '@web/api/client';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { CheckIcon } from '@web/components/icons/icons';
import { Page } from '@web/components/Page';
import { assessmentPaths } from '@web/lib/paths';
import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import { AttemptHeader } from './AttemptHeader';
import { answeredCriteria, problemsOf } from './answers';
import { type AssessmentMode, clearAttempt, type StoredAttempt } from './sessionStore';

type Props = {
  criteria: Criteria;
  attempt: StoredAttempt;
  mode: Exclude<AssessmentMode, 'view'>;
  storageKey: string;
  /** The path of a section (the first without a code). */
  sectionPath: (sectionCode?: string) => string;
  /** Waits for the answers in progress to be saved, so no save lands after the submission. */
  beforeSubmit?: () => Promise<void>;
};

type Submission =
  | { state: 'idle' }
  | { state: 'confirming' }
  | { state: 'processing' }
  | { state: 'failed'; message: string };

/**
 * The results step, titled 'Thank You': back to the answers or Submit. A retake asks before it
 * overwrites; submitting shows processing, then the results, or the failure with a way back
 * (docs/product.md#rules-assessment-flow).
 */
export function ThankYouStep({ criteria, attempt, mode, storageKey, sectionPath, beforeSubmit }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submission, setSubmission] = useState<Submission>({ state: 'idle' });
  const problems = problemsOf(
    criteria.sections.flatMap((s) => s.questions),
    attempt.answers,
  );
  const incomplete = criteria.sections
    .map((section) => ({ section, count: section.questions.filter((q) => problems[q.id]).length }))
    .filter((s) => s.count > 0);
  const processing = submission.state === 'processing';
  // One body per set of answers: Submit pressed again after a failure sends the very same request, with
  // the same Idempotency-Key, so a submission that reached the server is answered, not stored twice.
  const sent = useRef<{ answers: StoredAttempt['answers']; body: Criteria } | null>(null);
  const bodyOf = (answers: StoredAttempt['answers']) => {
    if (sent.current?.answers !== answers)
      sent.current = { answers, body: answeredCriteria(criteria, answers, attempt.startDateTime) };
    return sent.current.body;
  };

  const submit = async () => {
    setSubmission({ state: 'processing' });
    try {
      await beforeSubmit?.();
      const envelope = await submitResultRequest(
        mode === 'retake' ? 'overwrite' : 'add',
        bodyOf(attempt.answers),
      );
      const id = envelope?.data?.id;
      if (envelope?.isSuccess && id) {
        clearAttempt(storageKey);
        // A retake keeps the result's id: scores seen before are out of date.
        queryClient.removeQueries({ queryKey: assessmentKeys.scores(id) });
        await queryClient.invalidateQueries({ queryKey: assessmentKeys.mine });
        await navigate(assessmentPaths.results(id), { replace: true });
        return;
      }
      setSubmission({
        state: 'failed',
        message: envelope?.message?.trim() || messages.assessment.submitFailure,
      });
    } catch (error) {
      setSubmission({ state: 'failed', message: refusalMessage(error) ?? messages.assessment.submitFailure });
    }
  };

  const onSubmit = () => (mode === 'retake' ? setSubmission({ state: 'confirming' }) : void submit());

  return (
    <Page title={messages.assessment.thankYouTitle} className="smr-page-medium smr-assessment">
      <AttemptHeader
        criteria={criteria}
        mode={mode}
        answers={attempt.answers}
        index={criteria.sections.length}
      >
        {null}
      </AttemptHeader>
      <section className="smr-card smr-thank-you" aria-labelledby="smr-thank-you-title">
        <div className="smr-thank-you-icon">
          <CheckIcon size={32} />
        </div>
        <h1 id="smr-thank-you-title" className="smr-flow-title">
          {messages.assessment.thankYouTitle}
        </h1>
        <p className="smr-thank-you-text">
          You have reached the end of the {criteria.name}. Press {messages.assessment.submit} to send your
          answers and see your results, or choose {messages.assessment.modifySelections} to go back and change
          any of them first.
        </p>
        {mode === 'retake' ? (
          <p className="smr-thank-you-text">Submitting replaces the response you gave before.</p>
        ) : null}

        {incomplete.length > 0 ? (
          <Alert variant="warning" className="text-start">
            <p className="mb-2">Some questions still need an answer before you can submit:</p>
            <ul className="mb-0">
              {incomplete.map(({ section, count }) => (
                <li key={section.code}>
                  <Link to={sectionPath(section.code)}>{section.caption}</Link> ({count}{' '}
                  {count === 1 ? 'question' : 'questions'})
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}

        {submission.state === 'failed' ? (
          <Alert variant="danger" className="text-start" role="alert">
            <p className="mb-2">{submission.message}</p>
            <Link to={sectionPath()}>Review your responses</Link>
          </Alert>
        ) : null}

        {processing ? (
          <output className="smr-submitting" aria-live="polite">
            <Spinner animation="border" size="sm" aria-hidden /> Submitting your assessment…
          </output>
        ) : null}

        <div className="smr-flow-actions smr-thank-you-actions">
          <Button
            variant="outline-secondary"
            disabled={processing}
            onClick={() => void navigate(sectionPath())}
          >
            {messages.assessment.modifySelections}
          </Button>
          <Button variant="primary" disabled={processing || incomplete.length > 0} onClick={onSubmit}>
            {processing ? <Spinner animation="border" size="sm" className="me-2" aria-hidden /> : null}
            {messages.assessment.submit}
          </Button>
        </div>
      </section>
      <ConfirmDialog
        title="Overwrite Assessment"
        message={submission.state === 'confirming' ? messages.assessment.confirmOverwrite : null}
        confirmLabel="Overwrite"
        confirmVariant="warning"
        onConfirm={() => void submit()}
        onCancel={() => setSubmission({ state: 'idle' })}
      />
    </Page>
  );
}
