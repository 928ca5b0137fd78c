import { LookupType } from '@domain/codes';
import { messages } from '@domain/messages';
import type { GetStartedInput } from '@domain/schemas/organization';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type GetStartedOrganization, getStartedQuery, updateGetStartedRequest } from '@web/api/assessments';
import { isApiError, isHandled, refusalMessage } from '@web/api/client';
import { type LookupItem, lookupsOfType, lookupsQuery } from '@web/api/lookups';
import { useAlerts } from '@web/components/alerts/useAlerts';
import { ButtonLink } from '@web/components/ButtonLink';
import { FormCard } from '@web/components/FormCard';
import { CheckboxList } from '@web/components/form/CheckboxList';
import { SelectField } from '@web/components/form/SelectField';
import { TextField } from '@web/components/form/TextField';
import { BuildingIcon } from '@web/components/icons/icons';
import { MessageDialog } from '@web/components/MessageDialog';
import { Page } from '@web/components/Page';
import { PageLoading } from '@web/components/PageLoading';
import { businessTypeOptions, lookupOptions } from '@web/components/userForm/userFormOptions';
import { useAuth } from '@web/lib/auth/useAuth';
import { assessmentPaths } from '@web/lib/paths';
import { useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { lastIntroPage } from '../flow';
import {
  enablesOtherIndustry,
  type GetStartedValues,
  getStartedResolver,
  getStartedValuesFrom,
  showsState,
} from './getStartedValues';
import '../assessment.css';

const TITLE = messages.assessment.getStartedTitle;
const INTRO =
  'Tell us about your organization. These details let us compare your results with those of similar organizations; they are not part of your score.';

/** /getstarted/{assessmentCode}: the organization and its demographics before the questions (docs/product.md#screens). */
export function GetStartedPage() {
  const { assessmentCode = '' } = useParams();
  const organization = useQuery(getStartedQuery);
  const lookups = useQuery(lookupsQuery);
  if (organization.isPending || lookups.isPending) return <PageLoading />;
  if (organization.isError) {
    // A user outside any organization has nothing to confirm; other failures were shown globally.
    const noOrganization = isApiError(organization.error) && organization.error.kind === 'not-found';
    return (
      <Page title={TITLE} narrow>
        <FormCard icon={<BuildingIcon size={28} />} title={TITLE}>
          {noOrganization ? (
            <p>Your account does not belong to an organization, so there are no details to confirm.</p>
          ) : null}
          <div className="smr-flow-actions">
            <ButtonLink to={lastIntroPage(assessmentCode)} variant="outline-secondary">
              Previous
            </ButtonLink>
            {noOrganization ? (
              <ButtonLink to={assessmentPaths.take(assessmentCode)}>Continue</ButtonLink>
            ) : null}
          </div>
        </FormCard>
      </Page>
    );
  }
  return <GetStartedForm code={assessmentCode} organization={organization.data} lookups={lookups.data} />;
}

type FormProps = {
  code: string;
  organization: GetStartedOrganization;
  lookups: LookupItem[] | undefined;
};

function GetStartedForm({ code, organization, lookups }: FormProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const lookupsRef = useRef(lookups);
  lookupsRef.current = lookups;
  const resolver = useMemo(() => getStartedResolver(() => lookupsRef.current), []);
  const form = useForm<GetStartedValues, unknown, GetStartedInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: getStartedValuesFrom(organization),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [businessType, state, companyMaturity, employees, facilities, hqRegion, industries, roles] = useWatch(
    {
      control,
      name: [
        'businessType',
        'state',
        'demographic.companyMaturity',
        'demographic.numberOfEmployees',
        'demographic.numberOfFacilities',
        'demographic.hqRegion',
        'demographic.industries',
        'demographic.supplyChainRoles',
      ],
    },
  );
  const mutation = useMutation({ mutationFn: updateGetStartedRequest });
  const [saveError, setSaveError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const envelope = await mutation.mutateAsync({ id: organization.id, ...input });
      if (!envelope?.isSuccess) {
        setSaveError(envelope?.message?.trim() || messages.account.saveFailure);
        return;
      }
      queryClient.removeQueries({ queryKey: getStartedQuery.queryKey });
      await navigate(assessmentPaths.take(code));
    } catch (error) {
      if (isHandled(error)) return;
      const refusal = refusalMessage(error);
      if (refusal) setSaveError(refusal);
      else alerts.error(messages.account.saveFailure);
    }
  });

  const otherEnabled = enablesOtherIndustry(lookups, industries ?? []);
  const option = (type: LookupType, current: string) => lookupOptions(lookups, type, current);
  // Active items, plus any inactive one the organization still has ticked.
  const checkOptions = (type: LookupType, checked: readonly string[]) =>
    lookupsOfType(lookups, type)
      .filter((i) => i.isActive || checked.includes(String(i.id)))
      .map((i) => ({ value: String(i.id), label: i.name }));

  return (
    <Page title={TITLE} className="smr-page-medium">
      <FormCard icon={<BuildingIcon size={28} />} title={TITLE} intro={INTRO}>
        <form onSubmit={onSubmit} noValidate>
          <section className="smr-form-section" aria-labelledby="smr-gs-organization">
            <h2 id="smr-gs-organization" className="smr-form-section-title">
              Organization
            </h2>
            <Row>
              <Col md={6}>
                <TextField
                  label="Organization Name"
                  autoComplete="organization"
                  error={errors.name?.message}
                  {...register('name')}
                />
              </Col>
              <Col md={6}>
                <SelectField
                  label="Business Type"
                  options={businessTypeOptions(lookups, user?.group?.enumValue, businessType)}
                  error={errors.businessType?.message}
                  value={businessType}
                  {...register('businessType')}
                />
              </Col>
            </Row>
          </section>
          <section className="smr-form-section" aria-labelledby="smr-gs-demographics">
            <h2 id="smr-gs-demographics" className="smr-form-section-title">
              {messages.assessment.demographicsTitle}
            </h2>
            <Row>
              <Col md={6}>
                <SelectField
                  label="Company Maturity"
                  options={option(LookupType.CompanyMaturity, companyMaturity)}
                  error={errors.demographic?.companyMaturity?.message}
                  value={companyMaturity}
                  {...register('demographic.companyMaturity')}
                />
              </Col>
              <Col md={6}>
                <SelectField
                  label="Number of Employees"
                  options={option(LookupType.NumberOfEmployees, employees)}
                  error={errors.demographic?.numberOfEmployees?.message}
                  value={employees}
                  {...register('demographic.numberOfEmployees')}
                />
              </Col>
              <Col md={6}>
                <SelectField
                  label="Number of Facilities"
                  options={option(LookupType.NumberOfFacilities, facilities)}
                  error={errors.demographic?.numberOfFacilities?.message}
                  value={facilities}
                  {...register('demographic.numberOfFacilities')}
                />
              </Col>
              <Col md={6}>
                <SelectField
                  label="HQ Region"
                  options={option(LookupType.HqRegion, hqRegion)}
                  error={errors.demographic?.hqRegion?.message}
                  value={hqRegion}
                  {...register('demographic.hqRegion')}
                />
              </Col>
              {showsState(lookups, hqRegion) ? (
                <Col md={6}>
                  <SelectField
                    label="HQ State"
                    options={option(LookupType.State, state)}
                    error={errors.state?.message}
                    value={state}
                    {...register('state')}
                  />
                </Col>
              ) : null}
            </Row>
            <CheckboxList
              legend="Industries"
              items={checkOptions(LookupType.Industry, industries ?? [])}
              registration={register('demographic.industries')}
            />
            <TextField
              label="Other Industry"
              disabled={!otherEnabled}
              hint={otherEnabled ? undefined : "Tick 'Other' under Industries to describe another industry."}
              error={errors.demographic?.otherIndustry?.message}
              {...register('demographic.otherIndustry')}
            />
            <CheckboxList
              legend="Supply Chain Roles"
              items={checkOptions(LookupType.ValueChainRole, roles ?? [])}
              registration={register('demographic.supplyChainRoles')}
            />
          </section>
          <div className="smr-flow-actions">
            <ButtonLink to={lastIntroPage(code)} variant="outline-secondary">
              Previous
            </ButtonLink>
            <Button type="submit" variant="primary" disabled={mutation.isPending}>
              {mutation.isPending ? (
                <Spinner animation="border" size="sm" className="me-2" aria-hidden />
              ) : null}
              Continue
            </Button>
          </div>
        </form>
      </FormCard>
      <MessageDialog
        title={messages.account.saveErrorTitle}
        message={saveError}
        onClose={() => setSaveError(null)}
      />
    </Page>
  );
}
