import { formatScore, formatScoreChange } from '@domain/rules/maturity';
import type { ResultScores } from '@web/api/assessments';
import type { Comparison } from './comparison';

const score = formatScore;
const signed = formatScoreChange;

/** The scores by practice area as a table: the chart's numbers, readable and printable. */
export function SectionScoresTable({
  scores,
  comparison,
}: {
  scores: ResultScores;
  comparison: Comparison | null;
}) {
  return (
    <section className="smr-card smr-results-section" aria-labelledby="smr-areas-title">
      <h2 id="smr-areas-title" className="smr-results-card-title">
        Practice Areas
      </h2>
      {comparison ? (
        <p className="smr-results-note">
          The gap is the future-state score minus the current-state score: how far each area has to climb.
        </p>
      ) : null}
      <div className="table-responsive">
        <table className="table smr-table smr-results-table">
          <thead>
            {comparison ? (
              <tr>
                <th scope="col">Practice Area</th>
                <th scope="col" className="smr-col-number">
                  Current State
                </th>
                <th scope="col" className="smr-col-number">
                  Future State
                </th>
                <th scope="col" className="smr-col-number">
                  Gap
                </th>
              </tr>
            ) : (
              <tr>
                <th scope="col">Practice Area</th>
                <th scope="col" className="smr-col-number">
                  Score
                </th>
                <th scope="col">Level</th>
              </tr>
            )}
          </thead>
          <tbody>
            {comparison
              ? comparison.sections.map((s) => (
                  <tr key={s.code}>
                    <th scope="row">{s.caption}</th>
                    <td className="smr-col-number">{score(s.current)}</td>
                    <td className="smr-col-number">{score(s.future)}</td>
                    <td className="smr-col-number smr-gap">{signed(s.gap)}</td>
                  </tr>
                ))
              : scores.sections.map((s) => (
                  <tr key={s.code}>
                    <th scope="row">{s.caption}</th>
                    <td className="smr-col-number">{score(s.score)}</td>
                    <td>{s.level}</td>
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
