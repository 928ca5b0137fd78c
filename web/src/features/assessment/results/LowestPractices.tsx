import { formatScore } from '@domain/rules/maturity';
import type { ResultScores } from '@web/api/assessments';

/** The (up to) five practices scored lowest, as the server ranks them. */
export function LowestPractices({ lowest, hint }: { lowest: ResultScores['lowest']; hint?: string }) {
  return (
    <section className="smr-card smr-results-section" aria-labelledby="smr-lowest-title">
      <h2 id="smr-lowest-title" className="smr-results-card-title">
        Lowest-Scored Practices
      </h2>
      {hint && lowest.length > 0 ? <p className="smr-results-note">{hint}</p> : null}
      {lowest.length === 0 ? (
        <p className="smr-results-note">No practice has a score yet.</p>
      ) : (
        <ol className="smr-lowest">
          {lowest.map((practice) => (
            <li key={`${practice.section}-${practice.caption}`} className="smr-lowest-item">
              <div>
                <p className="smr-lowest-caption">{practice.caption}</p>
                <p className="smr-lowest-section">{practice.section}</p>
              </div>
              <span className="smr-lowest-score" title="Score">
                {formatScore(practice.score)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
