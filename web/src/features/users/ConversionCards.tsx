import { LookupType, OrganizationType } from '@domain/codes';
import { messages } from '@domain/messages';
import type { UserView } from '@domain/schemas/user';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callerHandlesAllButSession, isHandled, refusalMessage } from '@web/api/client';
import { lookupsOfType, lookupsQuery } from '@web/api/lookups';
import {
  allOrganizationsQuery,
  consultingFirmLabel,
  consultingFirmsQuery,
  type OrganizationOption,
} from '@web/api/organizations';
import { useAlerts } from '@web/components/alerts/useAlerts';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { SelectField, type SelectOption } from '@web/components/form/SelectField';
import { MessageDialog } from '@web/components/MessageDialog';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { type ConversionBody, userAdminApi } from './userAdminApi';

type Target = typeof OrganizationType.Consultant | typeof OrganizationType.Manufacturer;
type Asking = { body: ConversionBody; organization: string };

const positive = (text: string) => (Number(text) > 0 ? Number(text) : null);
const ref = (text: string) => {
  const id = positive(text);
  return id === null ? null : { id };
};
const NONE = '-1';

/** Active organizations of one type, by name: the organizations a visitor can join. */
function organizationsOfType(all: readonly OrganizationOption[] | undefined, type: Target): SelectOption[] {
  return (all ?? [])
    .filter((o) => o.type.enumValue === type && o.isActive !== false)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((o) => ({ value: o.id, label: o.name }));
}

/**
 * Convert to Consultant and Convert to Manufacturer (docs/product.md#rules-conversion): the visitor joins
 * the chosen organization; a manufacturer conversion also takes a functional role and, optionally, the
 * consulting firm that works with the manufacturer. It cannot be undone, and the dialog says so; on
 * success the app goes to the organization's page.
 */
export function ConversionCards({ user }: { user: UserView }) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const organizations = useQuery(allOrganizationsQuery).data;
  const [asking, setAsking] = useState<Asking | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const convert = async () => {
    if (!asking) return;
    setPending(true);
    try {
      const envelope = await userAdminApi.convert(asking.body, { skipGlobal: callerHandlesAllButSession });
      setAsking(null);
      if (!envelope?.isSuccess || !envelope.data?.organizationId) {
        setFailure(envelope?.message?.trim() || messages.admin.convertDialogFailure);
        return;
      }
      // The user changed group and organization; the organization gained a user and results.
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      void queryClient.invalidateQueries({ queryKey: ['organizations'] });
      alerts.success(envelope.message?.trim() || messages.users.converted, { keepOnNavigation: true });
      await navigate(`/admin/organization/${envelope.data.organizationId}`);
    } catch (error) {
      setAsking(null);
      if (!isHandled(error)) setFailure(refusalMessage(error) ?? messages.admin.convertDialogFailure);
    } finally {
      setPending(false);
    }
  };

  const ask = (organizationId: number, extra: Partial<ConversionBody>) => {
    const organization = organizations?.find((o) => o.id === organizationId)?.name ?? '';
    setAsking({
      organization,
      body: {
        id: user.id,
        organization: { id: organizationId },
        functionalRole: user.functionalRole ? { id: user.functionalRole.id } : null,
        email: user.email,
        referredBy: user.referredBy ? { id: user.referredBy.id } : null,
        referredByOther: user.referredByOther ?? null,
        consultingFirm: null,
        ...extra,
      },
    });
  };

  return (
    <>
      <ConversionCard
        title="Convert to Consultant"
        organizationLabel="Consulting Firm"
        options={organizationsOfType(organizations, OrganizationType.Consultant)}
        onConvert={(organizationId) => ask(organizationId, {})}
      />
      <ConversionCard
        title="Convert to Manufacturer"
        organizationLabel="Manufacturer"
        options={organizationsOfType(organizations, OrganizationType.Manufacturer)}
        manufacturer={{ functionalRole: user.functionalRole ? String(user.functionalRole.id) : NONE }}
        onConvert={(organizationId, extra) => ask(organizationId, extra)}
      />
      <ConfirmDialog
        title="Convert User"
        confirmLabel="Convert"
        confirmVariant="warning"
        message={asking ? messages.users.confirmConvert(user.fullName, asking.organization) : null}
        pending={pending}
        onConfirm={() => void convert()}
        onCancel={() => setAsking(null)}
      />
      <MessageDialog
        title={messages.admin.convertErrorTitle}
        message={failure}
        onClose={() => setFailure(null)}
      />
    </>
  );
}

type CardProps = {
  title: string;
  organizationLabel: string;
  options: SelectOption[];
  /** The manufacturer card's extra fields, with the user's functional role to start from. */
  manufacturer?: { functionalRole: string };
  onConvert: (organizationId: number, extra: Partial<ConversionBody>) => void;
};

function ConversionCard({ title, organizationLabel, options, manufacturer, onConvert }: CardProps) {
  const titleId = useId();
  const lookups = useQuery({ ...lookupsQuery, enabled: manufacturer !== undefined }).data;
  const firms = useQuery({ ...consultingFirmsQuery, enabled: manufacturer !== undefined }).data;
  const [organization, setOrganization] = useState(NONE);
  const [functionalRole, setFunctionalRole] = useState(manufacturer?.functionalRole ?? NONE);
  const [firm, setFirm] = useState(NONE);
  const [tried, setTried] = useState(false);

  const organizationMissing = positive(organization) === null;
  const roleMissing = manufacturer !== undefined && positive(functionalRole) === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const organizationId = positive(organization);
    if (organizationId === null || roleMissing) return;
    onConvert(
      organizationId,
      manufacturer ? { functionalRole: ref(functionalRole), consultingFirm: ref(firm) } : {},
    );
  };

  const roles = lookupsOfType(lookups, LookupType.FunctionalRole)
    .filter((item) => item.isActive)
    .map((item) => ({ value: item.id, label: item.name }));
  const firmOptions = [...(firms ?? [])]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((f) => ({ value: f.id, label: consultingFirmLabel(f) }));

  return (
    <section className="smr-card smr-user-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="smr-user-card-title">
        {title}
      </h2>
      <form onSubmit={submit} noValidate>
        <SelectField
          label={organizationLabel}
          options={options}
          value={organization}
          onChange={(event) => setOrganization(event.target.value)}
          error={tried && organizationMissing ? messages.validation.required : undefined}
        />
        {manufacturer ? (
          <>
            <SelectField
              label="Functional Role"
              options={roles}
              value={functionalRole}
              onChange={(event) => setFunctionalRole(event.target.value)}
              error={tried && roleMissing ? messages.validation.required : undefined}
            />
            <SelectField
              label="Consulting Firm"
              hint="The firm that works with the manufacturer; leave unchosen to keep the manufacturer's."
              options={firmOptions}
              value={firm}
              onChange={(event) => setFirm(event.target.value)}
            />
          </>
        ) : null}
        <Button type="submit" variant="outline-primary">
          {title}
        </Button>
      </form>
    </section>
  );
}
