import { LookupType } from '@domain/codes';
import { messages } from '@domain/messages';
import { MIN_INPUT_DATE } from '@domain/rules/dates';
import { showsCertificationDate, showsWorkplaceFields, type UserFormMode } from '@domain/schemas/account';
import { useQuery } from '@tanstack/react-query';
import { lookupsQuery } from '@web/api/lookups';
import { allOrganizationsQuery, consultingFirmsQuery, type OrganizationOption } from '@web/api/organizations';

import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { type UseFormRegisterReturn, useWatch } from 'react-hook-form';
import { CheckboxField } from '../form/CheckboxField';
import { SelectField } from '../form/SelectField';
import { TextAreaField } from '../form/TextAreaField';
import { TextField } from '../form/TextField';
import { UserNameField } from '../form/UserNameField';
import {
  businessTypeFitsGroup,
  businessTypeOptions,
  groupLabel,
  groupOptions,
  lookupOptions,
  organizationFitsGroup,
  organizationOptions,
  referredByOptions,
} from './userFormOptions';
import { groupOf, NONE, REFERRED_BY_OTHER } from './userFormValues';
import type { UserFormApi } from './useUserForm';

type Props = {
  form: UserFormApi;
  mode: UserFormMode;
  /** Shows every field read-only (an admin viewing a user, an inactive user). */
  disabled?: boolean;
  /**
   * Admin mode: the organizations to choose from. By default every organization (admin/organization/all,
   * the institute's call); a consultant's screen passes the organizations it may reach.
   */
  organizations?: readonly OrganizationOption[];
  /** Admin mode: the groups offered (domain/policies/users.ts assignableGroups); by default every group. */
  groups?: readonly number[];
  /**
   * Admin mode: the Administration fields (certification, suspension, additional info), which only
   * administrators see (docs/product.md#permissions). On by default.
   */
  showAdministration?: boolean;
  /** Admin mode: more administrator's fields, shown at the end of the Administration section. */
  administration?: ReactNode;
  /**
   * Admin mode: why the caller may not change this person's e-mail address (read-only then), from
   * domain/policies/userFields.ts; the server refuses the same.
   */
  emailLockedBecause?: string;
  /** Admin mode: the organization is the administrator's to change (domain/policies/userFields.ts). */
  organizationLocked?: boolean;
};

/**
 * The user form of docs/product.md#rules-validation and docs/product.md#permissions in its three modes: sign-up (a new person asking for an
 * account), admin (an administrator editing any user) and profile (users editing themselves). The
 * page owns the <form>, its buttons and the submit; this renders the fields. Which fields show and
 * which are required come from domain/schemas/account.ts.
 */
export function UserForm({
  form,
  mode,
  disabled = false,
  organizations: givenOrganizations,
  groups,
  showAdministration = true,
  administration,
  emailLockedBecause,
  organizationLocked = false,
}: Props) {
  const {
    register,
    control,
    setValue,
    getValues,
    trigger,
    formState: { errors, defaultValues },
  } = form;
  const lookups = useQuery(lookupsQuery).data;
  const firms = useQuery({ ...consultingFirmsQuery, enabled: mode !== 'profile' }).data;
  const allOrganizations = useQuery({
    ...allOrganizationsQuery,
    enabled: mode === 'admin' && givenOrganizations === undefined,
  }).data;
  const organizations = givenOrganizations ?? allOrganizations;

  const [groupText, referredBy, businessType, organizationId, stateId, functionalRole, division] = useWatch({
    control,
    name: [
      'group',
      'referredBy',
      'organization.businessType',
      'organization.id',
      'state',
      'functionalRole',
      'division',
    ],
  });
  const group = groupOf(groupText);
  // The selects are controlled by the watched values: their options (lookups, firms, organizations)
  // may arrive after the form's values, and an uncontrolled select would then show '--Select One--'.
  const firmChosen = referredBy !== NONE && referredBy !== REFERRED_BY_OTHER;

  // The change handlers wrap register() where the field is rendered, so fields register in page order
  // and Save focuses the first invalid field on the page.
  const withGroupChange = (field: UseFormRegisterReturn<'group'>): UseFormRegisterReturn<'group'> => ({
    ...field,
    onChange: (event) => {
      const next = groupOf((event.target as HTMLSelectElement).value);
      // A business type or organization of another kind cannot stay chosen under the new group.
      const chosenType = lookups?.find((i) => i.id === Number(getValues('organization.businessType')));
      if (chosenType && !businessTypeFitsGroup(chosenType, next)) setValue('organization.businessType', NONE);
      if (mode === 'admin') {
        const chosen = organizations?.find((o) => o.id === Number(getValues('organization.id')));
        if (chosen && !organizationFitsGroup(chosen, next)) setValue('organization.id', NONE);
      }
      return field.onChange(event);
    },
  });

  const withOrganizationChange = (
    field: UseFormRegisterReturn<'organization.id'>,
  ): UseFormRegisterReturn<'organization.id'> => ({
    ...field,
    onChange: async (event) => {
      await field.onChange(event);
      // The schema reports a missing organization on its name; choosing one by id must clear that.
      if (form.getFieldState('organization.name').error) void trigger('organization.name');
    },
  });

  const withReferredByChange = (
    field: UseFormRegisterReturn<'referredBy'>,
  ): UseFormRegisterReturn<'referredBy'> => ({
    ...field,
    onChange: (event) => {
      const value = (event.target as HTMLSelectElement).value;
      if (value !== NONE && value !== REFERRED_BY_OTHER) setValue('referredByOther', '');
      return field.onChange(event);
    },
  });

  return (
    // A record the caller may see but not change reads as text (docs/decisions.md#web-read-only).
    <fieldset disabled={disabled} className={disabled ? 'smr-user-form smr-read-only' : 'smr-user-form'}>
      <Section title="Contact">
        <Row>
          <Col md={6}>
            <TextField
              label="Full Name"
              autoComplete={mode === 'admin' ? 'off' : 'name'}
              error={errors.fullName?.message}
              {...register('fullName')}
            />
          </Col>
          <Col md={6}>
            {mode === 'profile' ? (
              // The user name, like the group and organization, is the administrator's to change.
              <TextField label="User Name" value={getValues('userName')} readOnly />
            ) : (
              <UserNameField
                registration={register('userName')}
                error={errors.userName?.message}
                autoComplete={mode === 'admin' ? 'off' : 'username'}
              />
            )}
          </Col>
          <Col md={6}>
            <TextField
              label="Email"
              type="email"
              autoComplete={mode === 'admin' ? 'off' : 'email'}
              error={errors.email?.message}
              readOnly={emailLockedBecause !== undefined}
              hint={emailLockedBecause}
              {...register('email')}
            />
          </Col>
          <Col md={6}>
            <TextField
              label="Phone Number"
              type="tel"
              autoComplete={mode === 'admin' ? 'off' : 'tel'}
              error={errors.phoneNumber?.message}
              {...register('phoneNumber')}
            />
          </Col>
        </Row>
      </Section>

      <Section title="Organization">
        <Row>
          <Col md={6}>
            {mode === 'profile' ? (
              <TextField label="Group" value={groupLabel(lookups, group)} readOnly />
            ) : (
              <SelectField
                label="Group"
                options={groupOptions(lookups, mode).filter(
                  (option) => !groups || groups.includes(Number(option.value)),
                )}
                error={errors.group?.message}
                {...withGroupChange(register('group'))}
                value={groupText}
              />
            )}
          </Col>
          <Col md={6}>
            {mode === 'profile' ? (
              <TextField label="Organization" value={getValues('organization.name')} readOnly />
            ) : mode === 'admin' ? (
              <SelectField
                label="Organization"
                options={organizationOptions(organizations, group, organizationId)}
                disabled={organizationLocked}
                hint={organizationLocked ? messages.users.organizationChangeAdminOnly : undefined}
                error={errors.organization?.name?.message ?? errors.organization?.id?.message}
                {...withOrganizationChange(register('organization.id'))}
                value={organizationId}
              />
            ) : (
              <TextField
                label="Organization"
                autoComplete="organization"
                error={errors.organization?.name?.message}
                {...register('organization.name')}
              />
            )}
          </Col>
          {mode === 'profile' ? null : (
            <Col md={6}>
              <SelectField
                label="Business Type"
                options={businessTypeOptions(lookups, group, businessType)}
                // The business types depend on the group: nothing to choose from until one is chosen.
                disabled={group === undefined}
                hint={group === undefined ? 'Choose a group first.' : undefined}
                error={errors.organization?.businessType?.message}
                {...register('organization.businessType')}
                value={businessType}
              />
            </Col>
          )}
          <Col md={6}>
            <SelectField
              label="State"
              options={lookupOptions(lookups, LookupType.State, stateId)}
              error={errors.state?.message}
              {...register('state')}
              value={stateId}
            />
          </Col>
          {showsWorkplaceFields(group) ? (
            <>
              <Col md={6}>
                <TextField
                  label="Department"
                  error={errors.department?.message}
                  {...register('department')}
                />
              </Col>
              <Col md={6}>
                <SelectField
                  label="Functional Role"
                  options={lookupOptions(lookups, LookupType.FunctionalRole, functionalRole)}
                  error={errors.functionalRole?.message}
                  {...register('functionalRole')}
                  value={functionalRole}
                />
              </Col>
              <Col md={6}>
                <SelectField
                  label="Location"
                  options={lookupOptions(lookups, LookupType.Division, division)}
                  error={errors.division?.message}
                  {...register('division')}
                  value={division}
                />
              </Col>
            </>
          ) : null}
        </Row>
      </Section>

      {mode === 'profile' ? null : (
        <Section title="Referral">
          <Row>
            <Col md={6}>
              <SelectField
                label="Referred By"
                options={referredByOptions(firms, {
                  id: defaultValues?.referredBy,
                  name: defaultValues?.referredByName,
                })}
                error={errors.referredBy?.message}
                {...withReferredByChange(register('referredBy'))}
                value={referredBy}
              />
            </Col>
            <Col md={6}>
              <TextField
                label="If 'Other', please specify"
                error={errors.referredByOther?.message}
                {...register('referredByOther')}
                disabled={firmChosen}
              />
            </Col>
          </Row>
        </Section>
      )}

      {mode === 'admin' && showAdministration ? (
        <Section title="Administration">
          <Row>
            {showsCertificationDate(group, mode) ? (
              <Col md={6}>
                <TextField
                  label="Last Certification Date"
                  type="date"
                  min={MIN_INPUT_DATE}
                  error={errors.lastCertificationDate?.message}
                  {...register('lastCertificationDate')}
                />
              </Col>
            ) : null}
            <Col md={6}>
              <TextField
                label="Certificate Number"
                error={errors.certificateNumber?.message}
                {...register('certificateNumber')}
              />
            </Col>
            <Col xs={12}>
              <CheckboxField label="Suspended" {...register('isSuspended')} />
              <CheckboxField label="Exclude From Report" {...register('excludeFromReport')} />
              {administration}
            </Col>
            <Col xs={12}>
              <TextAreaField
                label="Additional Info"
                error={errors.additionalInfo?.message}
                {...register('additionalInfo')}
              />
            </Col>
          </Row>
        </Section>
      ) : null}
    </fieldset>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="smr-form-section">
      <legend className="smr-form-section-title">{title}</legend>
      {children}
    </fieldset>
  );
}
