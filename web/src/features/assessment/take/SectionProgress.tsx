import type { Criteria } from '@web/api/assessments';
import { type Answers, isAnswered } from './answers';

type Props = {
  criteria: Criteria;
  answers: Answers;
  /** The current section's index, the number of sections on the results step, or -1 before the first. */
  index: number;
};

/** 'Section n of N', a segment per section (filled once all its questions are answered) and a count. */
export function SectionProgress({ criteria, answers, index }: Props) {
  const total = criteria.sections.length;
  const questions = criteria.sections.flatMap((s) => s.questions);
  const answered = questions.filter((q) => isAnswered(q, answers[q.id])).length;
  const onResults = index >= total;
  return (
    <div className="smr-progress">
      <div className="smr-progress-text">
        <span className="smr-progress-step">
          {onResults ? 'Final step' : index < 0 ? 'Before the questions' : `Section ${index + 1} of ${total}`}
        </span>
        <span className="smr-progress-count">
          {answered} of {questions.length} questions answered
        </span>
      </div>
      <div
        className="smr-progress-segments"
        role="progressbar"
        aria-label="Questions answered"
        aria-valuemin={0}
        aria-valuemax={questions.length}
        aria-valuenow={answered}
      >
        {criteria.sections.map((section, i) => {
          const done = section.questions.every((q) => isAnswered(q, answers[q.id]));
          const state = i === index ? 'current' : done ? 'done' : 'todo';
          return <span key={section.code} className={`smr-progress-segment smr-progress-${state}`} />;
        })}
      </div>
    </div>
  );
}
