import { AssessmentType } from '@domain/codes';
import { ROLE_GROUP_MINIMUM } from '@domain/rules/roleAlignment';
import type { RoleAlignmentView } from '@domain/schemas/organizationInsights';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@web/components/charts/BarChart';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { alignmentQuery, figure } from './insightsApi';
import { ScrollBox } from './ScrollBox';
import './insights.css';

const MAX_SCORE = 5;

export const noAlignmentText = `No role group has ${ROLE_GROUP_MINIMUM} or more respondents yet, so there is nothing to compare.`;

const assessments = [
  { type: AssessmentType.CurrentState, name: 'Current State' },
  { type: AssessmentType.FutureState, name: 'Future State' },
] as const;

/**
 * Role alignment of a manufacturer (docs/product.md#insights-alignment): how far its functional-role groups agree on each
 * practice area, for the current or the future state, as a grouped bar chart and the same figures in a
 * table, the largest disagreement first.
 */
export function RoleAlignmentTab({ organizationId }: { organizationId: number }) {
  const [assessmentType, setAssessmentType] = useState<number>(AssessmentType.CurrentState);
  const selectId = useId();
  const alignment = useQuery(alignmentQuery(organizationId, assessmentType));
  const name = assessments.find((a) => a.type === assessmentType)?.name ?? '';

  return (
    <section className="smr-insights" aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`} className="smr-insights-title">
        Role Alignment
      </h2>
      <p className="smr-insights-intro">
        How far the role groups agree on each practice area: each group's average and the spread between the
        highest and the lowest, largest spread first. Role groups are the aliases of Report Settings. Groups
        of fewer than {ROLE_GROUP_MINIMUM} respondents are counted together as Other, and Other is shown only
        once it has {ROLE_GROUP_MINIMUM}, so no one can be picked out.
      </p>
      <div className="smr-insights-tools">
        <Form.Label htmlFor={selectId} className="mb-0">
          Assessment
        </Form.Label>
        <Form.Select
          id={selectId}
          className="smr-insights-select"
          value={assessmentType}
          onChange={(e) => setAssessmentType(Number(e.target.value))}
        >
          {assessments.map((a) => (
            <option key={a.type} value={a.type}>
              {a.name}
            </option>
          ))}
        </Form.Select>
      </div>
      {alignment.isPending ? (
        <p className="smr-insights-loading" aria-busy="true">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden />
          Loading role alignment…
        </p>
      ) : alignment.isError ? (
        <p className="smr-insights-message">The role alignment could not be loaded.</p>
      ) : (
        <AlignmentView alignment={alignment.data} assessment={name} />
      )}
    </section>
  );
}

function AlignmentView({ alignment, assessment }: { alignment: RoleAlignmentView; assessment: string }) {
  const { groups, sections } = alignment;
  if (groups.length === 0)
    return (
      <p className="smr-insights-message" role="status">
        {noAlignmentText}
      </p>
    );
  return (
    <>
      <h3 className="smr-insights-subtitle">Respondents per role group</h3>
      <ul className="smr-insights-groups">
        {groups.map((g) => (
          <li key={g.name}>
            <span className="smr-insights-group-name">{g.name}</span>{' '}
            <span className="smr-insights-count">
              {g.respondents} {g.respondents === 1 ? 'respondent' : 'respondents'}
            </span>
          </li>
        ))}
      </ul>
      <div className="smr-insights-grid">
        <div className="smr-card smr-insights-card">
          <h3 className="smr-insights-subtitle mt-0">{assessment}: averages by role group</h3>
          <BarChart
            labels={sections.map((s) => s.name)}
            series={groups.map((g, i) => ({
              label: g.name,
              values: sections.map((s) => s.averages[i]?.average ?? null),
            }))}
            max={MAX_SCORE}
            label={`Bar chart of each role group's ${assessment.toLowerCase()} average by practice area, on a scale of 0 to ${MAX_SCORE}. The table lists the same figures.`}
          />
        </div>
        <div className="smr-card smr-insights-card">
          <h3 className="smr-insights-subtitle mt-0" id="smr-alignment-table-title">
            Averages and spread, largest spread first
          </h3>
          <ScrollBox labelledBy="smr-alignment-table-title">
            <table className="table smr-table smr-insights-table">
              <thead>
                <tr>
                  <th scope="col">Practice Area</th>
                  {groups.map((g) => (
                    <th key={g.name} scope="col" className="smr-col-number">
                      {g.name}
                    </th>
                  ))}
                  <th scope="col" className="smr-col-number">
                    Spread
                  </th>
                </tr>
              </thead>
              <tbody>
                {sections.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{s.name}</th>
                    {s.averages.map((a) => (
                      <td key={a.group} className="smr-col-number">
                        {figure(a.average)}
                      </td>
                    ))}
                    <td className="smr-col-number smr-insights-strong">{figure(s.spread)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </div>
      </div>
    </>
  );
}
