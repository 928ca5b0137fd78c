import { formatScore } from '@domain/rules/maturity';
import { peersNeededMessage } from '@domain/rules/peers';
import type { PeerDistributionView } from '@domain/schemas/peers';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@web/api/client';
import { BandChart } from '@web/components/charts/BandChart';
import { useAuth } from '@web/lib/auth/useAuth';
import { peersQuery, type ResultOrganization } from './peers';
import './peers.css';

const MAX_SCORE = 5;
/** The figure columns: the full heading, and the short one phones show (read out in full). */
const columns = (organization: string): [string, string][] => [
  [organization, 'Org.'],
  ['Lower Quartile', 'Q1'],
  ['Median', 'Med.'],
  ['Upper Quartile', 'Q3'],
];
const figure = formatScore;
/** Failures that mean 'no peer part here' rather than 'something went wrong'. */
const quiet = new Set(['forbidden', 'not-found', 'bad-request', 'unauthorized', 'aborted']);

/**
 * The results page's peer part: the organization's current state per practice area against the
 * quartiles of the benchmarked manufacturers, as a band chart and a table; or how many more benchmarked
 * manufacturers the figures need. Nothing for a caller who may not see the organization's peers. No
 * lowest or highest: the server gives none, as either would be one manufacturer's figure (docs/decisions.md#trust).
 */
export function PeerComparison({ organization }: { organization: ResultOrganization }) {
  const peers = useQuery(peersQuery(organization.id));
  if (peers.isError && isApiError(peers.error) && quiet.has(peers.error.kind)) return null;
  return (
    <section className="smr-card smr-results-section smr-peers" aria-labelledby="smr-peers-title">
      <h2 id="smr-peers-title" className="smr-results-card-title">
        Peer Comparison
      </h2>
      {peers.isPending ? (
        <p className="smr-results-note" aria-busy="true">
          Loading peer figures…
        </p>
      ) : peers.isError ? (
        <p className="smr-results-note" role="alert">
          The peer figures could not be loaded. Please try again later.
        </p>
      ) : (
        <PeerFigures organization={organization} peers={peers.data} />
      )}
    </section>
  );
}

function PeerFigures({
  organization,
  peers,
}: {
  organization: ResultOrganization;
  peers: PeerDistributionView;
}) {
  const { role } = useAuth();
  if (peers.sections.length === 0) {
    // `needed` counts only manufacturers outside what the caller can read (its own organization, a
    // consultant's clients), so it can be more than 5 minus the contributors.
    return (
      <p className="smr-peers-needed">
        {peers.needed > 0
          ? peersNeededMessage(peers.needed)
          : 'The benchmarked manufacturers have no figures to compare yet.'}
      </p>
    );
  }
  const rows = peers.sections.map((s) => ({ ...s, label: s.name }));
  return (
    <>
      <p className="smr-results-note">
        {organization.name}'s current state (the average of its included current-state results) against the
        middle of the {peers.contributors} benchmarked manufacturers, per practice area
        {role === 'admin' ? '.' : '; manufacturers whose own results you can see are not counted.'}
      </p>
      <BandChart
        rows={rows}
        max={MAX_SCORE}
        valueLabel={organization.name}
        label={`Band chart of ${organization.name}'s current-state score per practice area against the benchmarked manufacturers' lower quartile, median and upper quartile, on a scale of 0 to ${MAX_SCORE}. The table below lists the same figures.`}
      />
      {/* Focusable: where the table is wider than a very narrow screen, it scrolls from the keyboard too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard */}
      <section className="table-responsive" tabIndex={0} aria-label="Peer figures by practice area">
        <table className="table smr-table smr-results-table smr-peers-table">
          <caption className="visually-hidden">
            {organization.name} against {peers.contributors} benchmarked manufacturers
          </caption>
          <thead>
            <tr>
              <th scope="col">Practice Area</th>
              {columns(organization.name).map(([long, short]) => (
                <th key={short} scope="col" className="smr-col-number">
                  <span className="smr-peers-long">{long}</span>
                  <span className="smr-peers-short" aria-hidden="true">
                    {short}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {peers.sections.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.name}</th>
                <td className="smr-col-number smr-peers-value">{figure(s.value)}</td>
                <td className="smr-col-number">{figure(s.q1)}</td>
                <td className="smr-col-number">{figure(s.median)}</td>
                <td className="smr-col-number">{figure(s.q3)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
