import type { ResultScores } from '@web/api/assessments';

/** The maturity levels every score maps to: a score has reached the level at or below it. */
export function LevelLegend({ levels }: { levels: ResultScores['levels'] }) {
  return (
    <section className="smr-card smr-results-section" aria-labelledby="smr-levels-title">
      <h2 id="smr-levels-title" className="smr-results-card-title">
        Maturity Levels
      </h2>
      <p className="smr-results-note">
        Scores run from 1 to 5. A score has reached the level at or below it: 2.7 is Developing, not yet
        Defined.
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
