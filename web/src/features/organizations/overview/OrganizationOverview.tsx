import { maturityLevelOfShown } from '@domain/rules/maturity';
import type { OrganizationOverview as Overview } from '@domain/schemas/organizationOverviewView';
import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { formatDate } from '../form/formatDate';
import { figure, signedFigure } from '../insights/insightsApi';
import { activityText } from './activityText';
import { overviewQuery } from './overviewApi';
import { RoadmapStepper } from './RoadmapStepper';
import './overview.css';

type Roadmap = NonNullable<Overview['roadmap']>;

/**
 * The figures a manufacturer's page opens on (docs/decisions.md#organizations-overview): the roadmap
 * stage, current and future scores with the gap, invite completion per assessment, the latest activity.
 */
export function OrganizationOverview({ organizationId }: { organizationId: number }) {
  const overview = useQuery(overviewQuery(organizationId));
  if (overview.isPending)
    return (
      <div className="smr-overview-loading">
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading the overview…</span>
        </Spinner>
      </div>
    );
  if (overview.isError || !overview.data)
    return <Alert variant="danger">The overview could not be loaded. Please reload the page.</Alert>;
  const { roadmap, activity } = overview.data;
  if (!roadmap) return null;
  const statusName = (code: string | null) => roadmap.stages.find((s) => s.code === code)?.name ?? 'no stage';

  return (
    <section className="smr-overview" aria-label="Overview">
      <div className="smr-card smr-overview-card smr-overview-stages">
        <h2 className="smr-overview-heading">Roadmap stage</h2>
        <RoadmapStepper stages={roadmap.stages} current={roadmap.status} />
      </div>
      <Scores roadmap={roadmap} />
      <Completion roadmap={roadmap} />
      <div className="smr-card smr-overview-card smr-overview-activity">
        <h2 className="smr-overview-heading">Latest activity</h2>
        {activity.length === 0 ? (
          <p className="smr-overview-empty">
            Nothing yet. Add people under Manage Users and invite them from the assessment tabs (Edit).
          </p>
        ) : (
          <ul className="smr-activity">
            {activity.map((event) => (
              <li key={`${event.kind}-${event.on}-${event.person ?? ''}`}>
                <span className="smr-activity-date">{formatDate(event.on)}</span>
                <span>{activityText(event, statusName)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Scores({ roadmap }: { roadmap: Roadmap }) {
  return (
    <div className="smr-card smr-overview-card">
      <h2 className="smr-overview-heading">Scores</h2>
      <dl className="smr-figures">
        <div>
          <dt>Current state</dt>
          <ScoreWithLevel score={roadmap.currentScore} />
        </div>
        <div>
          <dt>Future state</dt>
          <ScoreWithLevel score={roadmap.futureScore} />
        </div>
        <div>
          <dt>Gap</dt>
          <dd>{signedFigure(roadmap.gap)}</dd>
        </div>
      </dl>
      {roadmap.currentScore === null && roadmap.futureScore === null ? (
        <p className="smr-overview-note">Scores show once assessments are completed.</p>
      ) : (
        <p className="smr-overview-note">Averages of 1 to 5 over the completed assessments that count.</p>
      )}
    </div>
  );
}

/** A score with the level of the figure as shown, as the results page names it (docs/decisions.md#maturity-of-the-shown-figure). */
function ScoreWithLevel({ score }: { score: number | null }) {
  return (
    <dd>
      <span>{figure(score)}</span>
      {score === null ? null : <span className="smr-figure-level">{maturityLevelOfShown(score).name}</span>}
    </dd>
  );
}

function Completion({ roadmap }: { roadmap: Roadmap }) {
  const rows = [
    { label: 'Current State Assessment', ...roadmap.invites.current },
    { label: 'Future State Assessment', ...roadmap.invites.future },
  ];
  return (
    <div className="smr-card smr-overview-card">
      <h2 className="smr-overview-heading">Invites completed</h2>
      <ul className="smr-completion">
        {rows.map((row) => (
          <li key={row.label}>
            <span className="smr-completion-label">{row.label}</span>
            <span className="smr-completion-figure">
              {row.completed} of {row.sent} completed
            </span>
            <span className="smr-completion-bar" aria-hidden>
              <span style={{ width: `${row.sent ? (100 * row.completed) / row.sent : 0}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
