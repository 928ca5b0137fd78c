import { LookupType, OrganizationType, organizationTypeNames } from '@domain/codes';
import { messages } from '@domain/messages';
import { defaultGroupFor } from '@domain/rules/organizations';
import type { OrganizationView } from '@domain/schemas/organizationView';
import type { LookupItem } from '@web/api/lookups';
import { type ConsultingFirmOption, consultingFirmLabel } from '@web/api/organizations';
import { SelectField } from '@web/components/form/SelectField';
import { TextField } from '@web/components/form/TextField';
import {
  businessTypeFitsGroup,
  businessTypeOptions,
  lookupOptions,
} from '@web/components/userForm/userFormOptions';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { setType } from './draftRows';
import { type OrganizationDraft, updateOrganization } from './organizationDraft';
import { firmOptions, idFromSelect, selectValue } from './organizationOptions';
import type { FieldProblems } from './saveBody';
import type { OrganizationAccess } from './useOrganizationAccess';

export type Change = (edit: (draft: OrganizationDraft) => OrganizationDraft) => void;

type Props = {
  draft: OrganizationDraft;
  change: Change;
  /** The organization as loaded: names of what non-administrators see as text. */
  loaded: OrganizationView;
  lookups: readonly LookupItem[] | undefined;
  firms: readonly ConsultingFirmOption[] | undefined;
  access: OrganizationAccess;
  choosesType: boolean;
  /** Once a save was refused: each field a blocking message names shows it, as the lookup form does. */
  errors?: FieldProblems;
};

const m = messages.organization;
const REFERRED_BY_OTHER = 'other';
/** docs/product.md#screens: the Type select offers consulting firms and manufacturers, never admin. */
const typeOptions = [OrganizationType.Consultant, OrganizationType.Manufacturer].map((type) => ({
  value: type,
  label: organizationTypeNames[type],
}));

/** The organization's own fields above the tabs (docs/product.md#screens-organization-form). */
export function OrganizationFields(props: Props) {
  const { draft, change, loaded, lookups, firms, access, choosesType, errors = {} } = props;
  const org = draft.organization;
  const manufacturer = org.type === OrganizationType.Manufacturer;
  const group = org.type === null ? undefined : defaultGroupFor(org.type);
  const update = (patch: Parameters<typeof updateOrganization>[1]) =>
    change((d) => updateOrganization(d, patch));

  const chooseType = (type: number | null) =>
    change((d) => {
      const next = setType(d, type);
      // A business area of another organization type no longer fits.
      const businessType = lookups?.find((i) => i.id === next.organization.businessTypeId);
      const fits = businessTypeFitsGroup(businessType, type === null ? undefined : defaultGroupFor(type));
      return fits ? next : updateOrganization(next, { businessTypeId: null });
    });

  return (
    <>
      <Row>
        <Col md={choosesType && access.editsAdminFields ? 8 : 12}>
          <TextField
            label="Name"
            maxLength={200}
            autoComplete="organization"
            error={errors.name}
            value={org.name}
            onChange={(e) => update({ name: e.target.value })}
          />
        </Col>
        {choosesType && access.editsAdminFields ? (
          <Col md={4}>
            <SelectField
              label="Type"
              options={typeOptions}
              error={errors.type}
              value={selectValue(org.type)}
              onChange={(e) => chooseType(idFromSelect(e.target.value))}
            />
          </Col>
        ) : null}
      </Row>
      <Row>
        <Col md={org.type === OrganizationType.Consultant ? 8 : 12}>
          <SelectField
            label={m.businessAreaQuestion}
            options={businessTypeOptions(lookups, group, selectValue(org.businessTypeId))}
            error={errors.businessType}
            value={selectValue(org.businessTypeId)}
            onChange={(e) => update({ businessTypeId: idFromSelect(e.target.value) })}
          />
        </Col>
        {org.type === OrganizationType.Consultant ? (
          <Col md={4}>
            <SelectField
              label="HQ State"
              options={lookupOptions(lookups, LookupType.State, selectValue(org.stateId))}
              value={selectValue(org.stateId)}
              onChange={(e) => update({ stateId: idFromSelect(e.target.value) })}
            />
          </Col>
        ) : null}
      </Row>
      {manufacturer && access.editsAdminFields ? (
        <Row>
          <Col md={6}>
            <SelectField
              label={m.consultingFirmQuestion}
              options={firmOptions(firms, loaded.consultingFirm)}
              value={selectValue(org.consultingFirmId)}
              onChange={(e) => update({ consultingFirmId: idFromSelect(e.target.value) })}
            />
          </Col>
          <Col md={6}>
            <SelectField
              label={m.roadmapStatusQuestion}
              options={lookupOptions(lookups, LookupType.RoadmapStatus, selectValue(org.statusId))}
              error={errors.status}
              value={selectValue(org.statusId)}
              onChange={(e) => update({ statusId: idFromSelect(e.target.value) })}
            />
          </Col>
          <Col md={6}>
            <SelectField
              label="Referred By"
              options={[
                ...firmOptions(firms, loaded.referredBy),
                { value: REFERRED_BY_OTHER, label: m.referredByOtherOption },
              ]}
              value={org.referredBy === REFERRED_BY_OTHER ? REFERRED_BY_OTHER : selectValue(org.referredBy)}
              onChange={(e) =>
                update({
                  referredBy:
                    e.target.value === REFERRED_BY_OTHER ? REFERRED_BY_OTHER : idFromSelect(e.target.value),
                })
              }
            />
          </Col>
          <Col md={6}>
            <TextField
              label={m.referredByOtherLabel}
              maxLength={200}
              disabled={typeof org.referredBy === 'number'}
              value={typeof org.referredBy === 'number' ? '' : org.referredByOther}
              onChange={(e) => update({ referredByOther: e.target.value })}
            />
          </Col>
        </Row>
      ) : null}
      {manufacturer && !access.editsAdminFields ? <RoadmapFacts loaded={loaded} firms={firms} /> : null}
    </>
  );
}

/** What non-administrators see of the institute's fields: the status gates their invites. */
function RoadmapFacts({
  loaded,
  firms,
}: {
  loaded: OrganizationView;
  firms: readonly ConsultingFirmOption[] | undefined;
}) {
  const firm = loaded.consultingFirm;
  const listed = firm && firms?.find((f) => f.id === firm.id);
  return (
    <dl className="smr-org-facts">
      <div>
        <dt>Consulting Firm</dt>
        <dd>{listed ? consultingFirmLabel(listed) : (firm?.name ?? 'None')}</dd>
      </div>
      <div>
        <dt>Roadmap Status</dt>
        <dd>{loaded.roadmap?.status?.name ?? 'None'}</dd>
      </div>
    </dl>
  );
}
