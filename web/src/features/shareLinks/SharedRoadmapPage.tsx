import { actionStatusNames } from '@domain/rules/actions';
import { formatScore, formatScoreChange } from '@domain/rules/maturity';
import { radarAxes } from '@domain/rules/radarAxes';
import { roadmapStatusNames, shareLinkTexts } from '@domain/rules/shareLinks';
import type { SharedRoadmapView } from '@domain/schemas/shareLinks';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@web/api/client';
import { RadarChart } from '@web/components/charts/RadarChart';
import { formatDay } from '@web/components/formatDate';
import { LinkIcon } from '@web/components/icons/icons';
import { MessagePanel } from '@web/components/MessagePanel';
import { Page } from '@web/components/Page';
import { PageLoading } from '@web/components/PageLoading';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { shareLinkKeys, shareLinksApi } from './shareLinksApi';
import './shareLinks.css';

const MAX_SCORE = 5;
const score = formatScore;
const signed = formatScoreChange;

/** While the page shows: not indexed, and its address (the token) never sent on as a referrer. */
function usePrivatePage() {
  useEffect(() => {
    const added = [
      ['robots', 'noindex, nofollow'],
      ['referrer', 'no-referrer'],
    ].map(([name, content]) => {
      const meta = document.createElement('meta');
      meta.name = name!;
      meta.content = content!;
      document.head.appendChild(meta);
      return meta;
    });
    return () => {
      for (const meta of added) meta.remove();
    };
  }, []);
}

/** /shared/{token}: a manufacturer's roadmap summary for someone without an account (docs/product.md#insights-share-links). */
export function SharedRoadmapPage() {
  usePrivatePage();
  const { token = '' } = useParams();
  const shared = useQuery({
    queryKey: shareLinkKeys.shared(token),
    queryFn: ({ signal }) => shareLinksApi.shared(token, { signal }),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
  if (shared.isPending) return <PageLoading />;
  if (shared.isError) {
    const gone = isApiError(shared.error) && shared.error.status === 404;
    return (
      <Page title="Shared Roadmap" narrow>
        <MessagePanel
          icon={<LinkIcon size={32} />}
          title={gone ? shareLinkTexts.invalid : 'The roadmap could not be loaded'}
          tone="warning"
        >
          {gone ? (
            <p>Ask the person who shared it with you for a new link.</p>
          ) : (
            <p>Please try again in a moment.</p>
          )}
        </MessagePanel>
      </Page>
    );
  }
  return <SharedRoadmap roadmap={shared.data} />;
}

function SharedRoadmap({ roadmap }: { roadmap: SharedRoadmapView }) {
  const sections = roadmap.sections;
  // The table lists the largest gap first; the radar keeps the results page's order (radarAxes.ts).
  const axes = radarAxes(sections, (s) => s.name);
  const status = roadmap.roadmapStatus ? (roadmapStatusNames[roadmap.roadmapStatus] ?? '') : '';
  return (
    <Page title={`Roadmap | ${roadmap.name}`} className="smr-page-medium smr-shared">
      <header>
        <p className="smr-shared-overline">Shared roadmap summary</p>
        <h1 className="smr-shared-title">{roadmap.name}</h1>
        <dl className="smr-shared-facts">
          {roadmap.businessType ? (
            <div>
              <dt>Business area</dt>
              <dd>{roadmap.businessType}</dd>
            </div>
          ) : null}
          {status ? (
            <div>
              <dt>Roadmap status</dt>
              <dd>{status}</dd>
            </div>
          ) : null}
        </dl>
      </header>
      {sections.length === 0 ? (
        <section className="smr-card smr-shared-card mt-3">
          <p className="mb-0">There are no assessment results to show yet.</p>
        </section>
      ) : (
        <div className="smr-shared-grid">
          <section className="smr-card smr-shared-card" aria-labelledby="smr-shared-chart">
            <h2 id="smr-shared-chart">Current and Future State by Practice Area</h2>
            <RadarChart
              labels={axes.map((s) => s.name)}
              series={[
                { label: 'Current State', values: axes.map((s) => s.current) },
                { label: 'Future State', values: axes.map((s) => s.future) },
              ]}
              max={MAX_SCORE}
              label={`Radar chart of the current and future state by practice area, on a scale of 0 to ${MAX_SCORE}. The table lists the same figures.`}
            />
          </section>
          <section className="smr-card smr-shared-card" aria-labelledby="smr-shared-table">
            <h2 id="smr-shared-table">Practice Areas</h2>
            <p className="smr-share-intro">
              Averages over the organization's assessments, on a scale of 1 to {MAX_SCORE}. The gap is the
              future state minus the current state, largest first.
            </p>
            <div className="smr-shared-table-wrap">
              <table className="table smr-table smr-shared-table">
                <thead>
                  <tr>
                    <th scope="col">Practice Area</th>
                    <th scope="col" className="smr-col-number">
                      Current
                    </th>
                    <th scope="col" className="smr-col-number">
                      Future
                    </th>
                    <th scope="col" className="smr-col-number">
                      Gap
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sections.map((s) => (
                    <tr key={s.id}>
                      <th scope="row">{s.name}</th>
                      <td className="smr-col-number">{score(s.current)}</td>
                      <td className="smr-col-number">{score(s.future)}</td>
                      <td className="smr-col-number">{signed(s.gap)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </div>
      )}
      <SharedPlan actions={roadmap.actions} />
    </Page>
  );
}

/** The plan's actions as a link shows them: what, against which area, by when and where it stands. */
function SharedPlan({ actions }: { actions: SharedRoadmapView['actions'] }) {
  return (
    <section className="smr-card smr-shared-card mt-3" aria-labelledby="smr-shared-plan">
      <h2 id="smr-shared-plan">Action Plan</h2>
      {actions.length === 0 ? (
        <p className="mb-0">No actions are planned yet.</p>
      ) : (
        <div className="smr-shared-table-wrap">
          <table className="table smr-table smr-shared-table smr-shared-plan">
            <thead>
              <tr>
                <th scope="col">Action</th>
                <th scope="col">Practice Area</th>
                <th scope="col">Due</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {actions.map((a, i) => (
                // Actions carry no id on a shared page; their order is fixed by the server.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders in place.
                <tr key={i}>
                  <th scope="row">{a.title}</th>
                  <td>{a.sectionName}</td>
                  <td>{a.dueOn ? formatDay(a.dueOn) : 'No due date'}</td>
                  <td>{actionStatusNames[a.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
