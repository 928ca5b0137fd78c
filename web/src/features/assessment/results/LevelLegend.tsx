import { formatScore, maturityLevelOfShown } from '@domain/rules/maturity';
import type { ResultScores } from '@web/api/assessments';

/** A score as shown and the level the page names for it: the examples come from the rule itself. */
const example = (score: number) => `${formatScore(score)} is ${maturityLevelOfShown(score).name}`;

/**
 * The maturity levels every score maps to: a score as shown has reached the level at or below it
 * (docs/decisions.md#maturity-of-the-shown-figure).
 */
export function LevelLegend({ levels }: { levels: ResultScores['levels'] }) {
  return (
    <section className="smr-card smr-results-section" aria-labelledby="smr-levels-title">
      <h2 id="smr-levels-title" className="smr-results-card-title">
        Maturity Levels
      </h2>
      <p className="smr-results-note">
        Scores run from 1 to 5, shown to one decimal place. A score as shown has reached the level at or below
        it: {example(2.7)}, not yet {maturityLevelOfShown(3).name}; {example(3)}.
      </p>
      <dl className="smr-levels">
        {[...levels]
          .sort((a, b) => a.score - b.score)
          .map((level) => (
            <div key={level.name} className="smr-level">
              <dt>
                <span className="smr-level-score">{level.score}</span>
                {level.name}
              </dt>
              <dd>{level.summary}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
