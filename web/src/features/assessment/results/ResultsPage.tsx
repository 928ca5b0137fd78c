import { AssessmentType } from '@domain/codes';
import { formatScore } from '@domain/rules/maturity';
import { radarAxes } from '@domain/rules/radarAxes';
import { useQuery } from '@tanstack/react-query';
import { completedAssessmentsQuery, type ResultScores, resultScoresQuery } from '@web/api/assessments';
import { ButtonLink } from '@web/components/ButtonLink';
import { RadarChart } from '@web/components/charts/RadarChart';
import { ChartIcon } from '@web/components/icons/icons';
import { MessagePanel } from '@web/components/MessagePanel';
import { Page } from '@web/components/Page';
import { PageLoading } from '@web/components/PageLoading';
import { useAuth } from '@web/lib/auth/useAuth';
import { paths } from '@web/lib/paths';
import Button from 'react-bootstrap/Button';
import { useParams } from 'react-router';
import { AssessmentNotFound } from '../take/AssessmentNotFound';
import { comparisonOf } from './comparison';
import { formatDate } from './formatDate';
import { LevelLegend } from './LevelLegend';
import { LowestPractices } from './LowestPractices';
import { PeerComparison } from './PeerComparison';
import { resultOrganization } from './peers';
import { SectionScoresTable } from './SectionScoresTable';
import '../assessment.css';

const MAX_SCORE = 5;

/** /assessment/results/{resultId}: a result's scores, chart, levels and lowest practices; prints cleanly. */
export function ResultsPage() {
  const { resultId } = useParams();
  const id = Number(resultId);
  if (!Number.isInteger(id) || id <= 0) return <AssessmentNotFound />;
  return <Results key={id} id={id} />;
}

function Results({ id }: { id: number }) {
  const scores = useQuery(resultScoresQuery(id));
  if (scores.isPending) return <PageLoading />;
  if (scores.isError) {
    // The global handling has said 'An error occurred retrieving the assessment result...'.
    return (
      <Page title="Results" narrow>
        <MessagePanel
          icon={<ChartIcon size={32} />}
          title="These results could not be loaded"
          tone="warning"
          actions={<ButtonLink to={paths.home}>Home</ButtonLink>}
        />
      </Page>
    );
  }
  return <ResultsView scores={scores.data} />;
}

/** The other of a current/future-state pair, when the user has completed it: overlaid with the gap. */
function useCounterpart(scores: ResultScores): ResultScores | null {
  const type = scores.assessment.assessmentType;
  const wanted =
    type === AssessmentType.CurrentState
      ? AssessmentType.FutureState
      : type === AssessmentType.FutureState
        ? AssessmentType.CurrentState
        : null;
  const completed = useQuery({ ...completedAssessmentsQuery, enabled: wanted !== null });
  const other = completed.data?.data.find((r) => r.assessment.assessmentType === wanted);
  const otherScores = useQuery({
    ...resultScoresQuery(other?.id ?? 0, { tile: true }),
    enabled: other !== undefined,
  });
  return other ? (otherScores.data ?? null) : null;
}

/** The organization whose peers the page compares with: none for a trial, for visitors, or while unknown. */
function usePeerOrganization(scores: ResultScores) {
  const { role } = useAuth();
  const type = scores.assessment.assessmentType;
  const wanted =
    role !== 'visitor' && (type === AssessmentType.CurrentState || type === AssessmentType.FutureState);
  const completed = useQuery({ ...completedAssessmentsQuery, enabled: wanted });
  return wanted ? resultOrganization(scores, completed.data?.data) : null;
}

function ResultsView({ scores }: { scores: ResultScores }) {
  const counterpart = useCounterpart(scores);
  const peerOrganization = usePeerOrganization(scores);
  const comparison = comparisonOf(scores, counterpart);
  const overallLevel = scores.levels.find((l) => l.name === scores.overall?.level);
  // The radar's own order, the same as the shared page's (radarAxes.ts); the table keeps the assessment's.
  const axes = comparison ? radarAxes(comparison.sections, (s) => s.caption) : null;
  const single = radarAxes(scores.sections, (s) => s.caption);
  const labels = (axes ?? single).map((s) => s.caption);
  const series =
    comparison && axes
      ? [
          { label: comparison.current.assessment.name, values: axes.map((s) => s.current) },
          { label: comparison.future.assessment.name, values: axes.map((s) => s.future) },
        ]
      : [{ label: scores.assessment.name, values: single.map((s) => s.score) }];

  return (
    <Page title={`Results | ${scores.assessment.name}`} className="smr-page-medium smr-results">
      <header className="smr-results-header">
        <div>
          <p className="smr-flow-overline">{scores.assessment.name}</p>
          <h1 className="smr-flow-title">Your Results</h1>
          <p className="smr-results-date">Completed {formatDate(scores.completionDateTime)}</p>
        </div>
        <div className="smr-results-tools d-print-none">
          <Button variant="outline-primary" onClick={() => window.print()}>
            Print
          </Button>
          <ButtonLink to={paths.home} variant="outline-secondary">
            Home
          </ButtonLink>
        </div>
      </header>

      <div className="smr-results-grid">
        <section className="smr-card smr-results-overall" aria-labelledby="smr-overall-title">
          <h2 id="smr-overall-title" className="smr-results-card-title">
            Overall Maturity
          </h2>
          {scores.overall ? (
            <>
              <p className="smr-overall-score">
                <span className="smr-overall-value">{formatScore(scores.overall.score)}</span>
                <span className="smr-overall-max"> of {MAX_SCORE}</span>
              </p>
              <p className="smr-overall-level">{scores.overall.level}</p>
              {overallLevel ? <p className="smr-overall-summary">{overallLevel.summary}</p> : null}
            </>
          ) : (
            <p className="smr-overall-summary">
              There is no overall score: every answer was 'Not sure', and those are left out of the score.
            </p>
          )}
        </section>
        <section className="smr-card smr-results-chart" aria-labelledby="smr-chart-title">
          <h2 id="smr-chart-title" className="smr-results-card-title">
            {comparison ? 'Current and Future State by Practice Area' : 'Scores by Practice Area'}
          </h2>
          {labels.length > 0 ? (
            <RadarChart
              labels={labels}
              series={series}
              max={MAX_SCORE}
              label={`Radar chart of the scores by practice area, on a scale of 0 to ${MAX_SCORE}. The table below lists the same scores.`}
            />
          ) : (
            <p className="smr-overall-summary">No practice area has a score yet.</p>
          )}
        </section>
      </div>

      <SectionScoresTable scores={scores} comparison={comparison} />
      {peerOrganization ? <PeerComparison organization={peerOrganization} /> : null}
      <LowestPractices
        lowest={scores.lowest}
        hint={
          scores.assessment.assessmentType === AssessmentType.FutureState
            ? 'The practices where your targets are lowest.'
            : 'Where to start: the practices with the lowest scores.'
        }
      />
      <LevelLegend levels={scores.levels} />
    </Page>
  );
}
