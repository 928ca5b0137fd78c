import { overallProgress, type SectionProgress, sectionProgress } from '@domain/rules/progress';
import type { ProgressView } from '@domain/schemas/organizationInsights';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@web/components/charts/BarChart';
import { LineChart } from '@web/components/charts/LineChart';
import { formatDate } from '@web/components/formatDate';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { figure, progressQuery, signedFigure } from './insightsApi';
import { ScrollBox } from './ScrollBox';
import './insights.css';

const MAX_SCORE = 5;
const OVERALL = 'overall';

export const noRoundsText =
  'No round has closed yet. A round is kept each time the roadmap moves to Current State Reporting.';
export const noTargetText = 'There is no target yet: it comes from the future-state results.';
export const MOVED_BACKWARDS = 'Moved backwards';
export const oneRoundText =
  'Only one round has closed so far: progress shows as a line once a second round closes. The bars show this round against the target.';

/**
 * Progress against target of a manufacturer (docs/product.md#insights-progress): the rounds kept each time its roadmap moved to
 * Current State Reporting, against its future-state target, as a line chart (overall or one practice
 * area) and a table per practice area with progress made, gap left and the areas that moved backwards.
 */
export function ProgressTab({ organizationId }: { organizationId: number }) {
  const id = useId();
  const progress = useQuery(progressQuery(organizationId));
  return (
    <section className="smr-insights" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="smr-insights-title">
        Progress Against Target
      </h2>
      <p className="smr-insights-intro">
        Each time the roadmap moves to Current State Reporting, a round keeps the current-state averages of
        that day. The target is the future-state average. Progress made is the latest round minus the first;
        gap left is the target minus the latest round; an area moved backwards when its latest round is lower
        than the round before.
      </p>
      {progress.isPending ? (
        <p className="smr-insights-loading" aria-busy="true">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden />
          Loading progress…
        </p>
      ) : progress.isError ? (
        <p className="smr-insights-message">The progress could not be loaded.</p>
      ) : (
        <ProgressFigures progress={progress.data} />
      )}
    </section>
  );
}

const roundName = (index: number, closedOn: string) => `Round ${index + 1} (${formatDate(closedOn)})`;

function ProgressFigures({ progress }: { progress: ProgressView }) {
  const [shown, setShown] = useState(OVERALL);
  const sections = sectionProgress(progress);
  const overall = overallProgress(progress);
  const rounds = progress.rounds;
  const backwards = sections.filter((s) => s.movedBackwards);

  if (rounds.length === 0)
    return (
      <>
        <p className="smr-insights-message" role="status">
          {noRoundsText}
        </p>
        {progress.target ? null : <p className="smr-insights-note">{noTargetText}</p>}
      </>
    );

  const line = shown === OVERALL ? overall : (sections.find((s) => String(s.id) === shown) ?? overall);
  const lineName = shown === OVERALL ? 'Overall' : ((line as SectionProgress).name ?? 'Overall');
  const labels = rounds.map((r, i) => roundName(i, r.closedOn));
  const first = rounds[0]!;

  return (
    <>
      {progress.target ? null : <p className="smr-insights-note">{noTargetText}</p>}
      {rounds.length === 1 ? (
        // One round is one point: a line of it would be a lone dot, so its figures show as bars.
        <>
          <p className="smr-insights-note" role="status">
            {oneRoundText}
          </p>
          <div className="smr-card smr-insights-card">
            <BarChart
              labels={[...sections.map((s) => s.name), 'Overall']}
              series={[
                {
                  label: roundName(0, first.closedOn),
                  values: [...sections.map((s) => s.rounds[0] ?? null), overall.rounds[0] ?? null],
                },
                // A series with no figure would be a legend entry for bars never drawn.
                ...(progress.target
                  ? [{ label: 'Target', values: [...sections.map((s) => s.target), overall.target] }]
                  : []),
              ]}
              max={MAX_SCORE}
              label={`Bar chart of round 1's averages by practice area${progress.target ? ' against the target' : ''}, on a scale of 0 to ${MAX_SCORE}. The table lists the same figures.`}
            />
          </div>
        </>
      ) : (
        <>
          <p className="smr-insights-note" role="status">
            {backwards.length
              ? `Areas that moved backwards since the round before: ${backwards.map((s) => s.name).join(', ')}.`
              : 'No practice area moved backwards since the round before.'}
          </p>
          <RoundsLine
            sections={sections}
            shown={shown}
            onShow={setShown}
            labels={labels}
            line={line}
            lineName={lineName}
          />
        </>
      )}
      <RoundsTable sections={sections} overall={overall} rounds={rounds} />
    </>
  );
}

/** Two rounds or more: the rounds of the overall average or one practice area as a line, against the target. */
function RoundsLine({
  sections,
  shown,
  onShow,
  labels,
  line,
  lineName,
}: {
  sections: SectionProgress[];
  shown: string;
  onShow: (value: string) => void;
  labels: string[];
  line: ReturnType<typeof overallProgress>;
  lineName: string;
}) {
  const selectId = useId();
  return (
    <div className="smr-card smr-insights-card">
      <div className="smr-insights-tools">
        <Form.Label htmlFor={selectId} className="mb-0">
          Show
        </Form.Label>
        <Form.Select
          id={selectId}
          className="smr-insights-select"
          value={shown}
          onChange={(e) => onShow(e.target.value)}
        >
          <option value={OVERALL}>Overall</option>
          {sections.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </Form.Select>
      </div>
      <LineChart
        labels={labels}
        series={[
          { label: `${lineName}: rounds`, values: line.rounds },
          ...(line.target === null
            ? []
            : [{ label: 'Target', values: labels.map(() => line.target), dashed: true }]),
        ]}
        max={MAX_SCORE}
        label={`Line chart of the ${lineName.toLowerCase()} average in each round${line.target === null ? '' : ' against the target'}, on a scale of 0 to ${MAX_SCORE}. The table lists the same figures.`}
      />
    </div>
  );
}

/** Every round's figures per practice area and overall, with progress made and gap left. */
function RoundsTable({
  sections,
  overall,
  rounds,
}: {
  sections: SectionProgress[];
  overall: ReturnType<typeof overallProgress>;
  rounds: ProgressView['rounds'];
}) {
  const tableId = useId();
  return (
    <div className="smr-card smr-insights-card">
      <h3 className="smr-insights-subtitle mt-0" id={tableId}>
        Rounds by practice area
      </h3>
      <ScrollBox labelledBy={tableId}>
        <table className="table smr-table smr-insights-table">
          <thead>
            <tr>
              <th scope="col">Practice Area</th>
              <th scope="col" className="smr-col-number">
                Target
              </th>
              {rounds.map((r, i) => (
                <th key={r.closedOn} scope="col" className="smr-col-number">
                  Round {i + 1}
                  <span className="smr-insights-date">{formatDate(r.closedOn)}</span>
                </th>
              ))}
              <th scope="col" className="smr-col-number">
                Progress Made
              </th>
              <th scope="col" className="smr-col-number">
                Gap Left
              </th>
              <th scope="col">Since Round Before</th>
            </tr>
          </thead>
          <tbody>
            {sections.map((s) => (
              <ProgressRow key={s.id} name={s.name} line={s} />
            ))}
          </tbody>
          <tfoot>
            <ProgressRow name="Overall" line={overall} />
            <tr>
              <th scope="row">Respondents</th>
              <td />
              {rounds.map((r) => (
                <td key={r.closedOn} className="smr-col-number">
                  {r.respondents}
                </td>
              ))}
              <td colSpan={3} />
            </tr>
          </tfoot>
        </table>
      </ScrollBox>
    </div>
  );
}

function ProgressRow({ name, line }: { name: string; line: ReturnType<typeof overallProgress> }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td className="smr-col-number">{figure(line.target)}</td>
      {line.rounds.map((value, i) => (
        // Rounds never reorder: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <td key={i} className="smr-col-number">
          {figure(value)}
        </td>
      ))}
      <td className="smr-col-number">{signedFigure(line.progress)}</td>
      <td className="smr-col-number">{figure(line.gapLeft)}</td>
      <td>
        {line.movedBackwards ? (
          <span className="smr-insights-backwards">
            <span aria-hidden="true">▼ </span>
            {MOVED_BACKWARDS}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
