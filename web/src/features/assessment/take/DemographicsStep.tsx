import { messages } from '@domain/messages';
import { useQuery } from '@tanstack/react-query';
import { type Criteria, type GetStartedOrganization, getStartedQuery } from '@web/api/assessments';
import { isApiError } from '@web/api/client';
import { ButtonLink } from '@web/components/ButtonLink';
import { Page } from '@web/components/Page';
import { PageLoading } from '@web/components/PageLoading';
import Alert from 'react-bootstrap/Alert';
import { AttemptHeader } from './AttemptHeader';
import type { Answers } from './answers';
import type { AssessmentMode } from './sessionStore';

type Props = {
  criteria: Criteria;
  answers: Answers;
  mode: AssessmentMode;
  previousPath: string;
  nextPath: string;
};

const NOT_PROVIDED = 'Not provided';
const TITLE = messages.assessment.demographicsTitle;
/** How long the demographics shown count as current while moving through the sections. */
const ATTEMPT_STALE_MS = 30 * 60_000;

/**
 * 'Demographics' (docs/product.md#screens): the organization's demographics shown before the questions to
 * those who skip get-started. Manufacturers read them here; their champion or consultant keeps them
 * on the organization form, so the step has nothing to edit.
 */
export function DemographicsStep({ criteria, answers, mode, previousPath, nextPath }: Props) {
  // Read once per attempt: going back to this step from the sections makes no request (docs/decisions.md#web-list-state).
  const organization = useQuery({ ...getStartedQuery, staleTime: ATTEMPT_STALE_MS });
  if (organization.isPending) return <PageLoading />;
  const noOrganization =
    organization.isError && isApiError(organization.error) && organization.error.kind === 'not-found';

  return (
    <Page title={`${TITLE} | ${criteria.name}`} className="smr-page-medium smr-assessment">
      <AttemptHeader criteria={criteria} mode={mode} answers={answers} index={-1}>
        <h1 className="smr-flow-title">{TITLE}</h1>
      </AttemptHeader>
      {organization.data ? (
        <div className="smr-card smr-demographics">
          <p className="smr-demographics-intro">
            These details describe your organization so your results can be compared with those of similar
            organizations; they are not part of your score. Your champion or consultant keeps them up to date.
          </p>
          <dl className="smr-facts">
            {facts(organization.data).map((row) => (
              <Fact key={row.label} {...row} />
            ))}
          </dl>
        </div>
      ) : (
        <Alert variant="info">
          {noOrganization
            ? 'Your account does not belong to an organization, so there are no details to show.'
            : 'Your organization’s details could not be shown. You can still go on to the questions.'}
        </Alert>
      )}
      <nav className="smr-flow-actions" aria-label="Sections">
        <ButtonLink to={previousPath} variant="outline-secondary">
          Previous
        </ButtonLink>
        <ButtonLink to={nextPath}>Continue</ButtonLink>
      </nav>
    </Page>
  );
}

type FactRow = { label: string; value: string };

function Fact({ label, value }: FactRow) {
  return (
    <div className="smr-fact">
      <dt>{label}</dt>
      <dd className={value === NOT_PROVIDED ? 'smr-fact-missing' : undefined}>{value}</dd>
    </div>
  );
}

const nameOf = (ref: { name: string } | null | undefined) => ref?.name || NOT_PROVIDED;
const namesOf = (refs: readonly { name: string }[] | undefined, extra?: string | null) => {
  const names = (refs ?? []).map((r) => r.name);
  if (extra?.trim()) names.push(extra.trim());
  return names.length ? names.join(', ') : NOT_PROVIDED;
};

/** The rows in the get-started form's order; HQ State only where one is kept (North America). */
function facts(org: GetStartedOrganization): FactRow[] {
  const d = org.demographic;
  const rows: FactRow[] = [
    { label: 'Organization Name', value: org.name || NOT_PROVIDED },
    { label: 'Business Type', value: nameOf(org.businessType) },
    { label: 'Company Maturity', value: nameOf(d?.companyMaturity) },
    { label: 'Number of Employees', value: nameOf(d?.numberOfEmployees) },
    { label: 'Number of Facilities', value: nameOf(d?.numberOfFacilities) },
    { label: 'HQ Region', value: nameOf(d?.hqRegion) },
  ];
  if (org.state) rows.push({ label: 'HQ State', value: org.state.name });
  rows.push(
    { label: 'Industries', value: namesOf(d?.industries, d?.otherIndustry) },
    { label: 'Supply Chain Roles', value: namesOf(d?.supplyChainRoles) },
  );
  return rows;
}
