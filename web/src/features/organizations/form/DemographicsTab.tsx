import { LookupType } from '@domain/codes';
import { messages } from '@domain/messages';
import { type LookupItem, lookupsOfType } from '@web/api/lookups';
import { CheckboxList } from '@web/components/form/CheckboxList';
import { SelectField } from '@web/components/form/SelectField';
import { TextField } from '@web/components/form/TextField';
import { lookupOptions } from '@web/components/userForm/userFormOptions';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { Change } from './OrganizationFields';
import {
  type DemographicFields,
  type OrganizationDraft,
  toggled,
  updateDemographic,
  updateOrganization,
} from './organizationDraft';
import { idFromSelect, selectValue } from './organizationOptions';
import { enablesOtherIndustry, showsHqState } from './saveBody';

type Props = {
  draft: OrganizationDraft;
  change: Change;
  lookups: readonly LookupItem[] | undefined;
  /** Once a save was tried, each empty required select says 'Required'. */
  showProblems?: boolean;
};

// The four selects are the demographics a manufacturer's save needs (hasRequiredDemographics).
type SelectKey = 'companyMaturityId' | 'numberOfEmployeesId' | 'numberOfFacilitiesId' | 'hqRegionId';
const selects: readonly { key: SelectKey; label: string; type: LookupType }[] = [
  { key: 'companyMaturityId', label: 'Company Maturity', type: LookupType.CompanyMaturity },
  { key: 'numberOfEmployeesId', label: 'Number of Employees', type: LookupType.NumberOfEmployees },
  { key: 'numberOfFacilitiesId', label: 'Number of Facilities', type: LookupType.NumberOfFacilities },
  { key: 'hqRegionId', label: 'HQ Region', type: LookupType.HqRegion },
];

/**
 * A manufacturer's demographics, with the get-started form's fields and rules (docs/product.md#rules-validation):
 * HQ State only for North America (the organization's state), Other Industry only with 'Other' ticked.
 */
export function DemographicsTab({ draft, change, lookups, showProblems = false }: Props) {
  const d = draft.organization.demographic;
  const update = (patch: Partial<DemographicFields>) => change((x) => updateDemographic(x, patch));
  const otherEnabled = enablesOtherIndustry(draft, lookups);
  // Active items, plus any inactive one the organization still has ticked.
  const checkOptions = (type: LookupType, checked: readonly number[]) =>
    lookupsOfType(lookups, type)
      .filter((i) => i.isActive || checked.includes(i.id))
      .map((i) => ({ value: String(i.id), label: i.name }));
  const toggle = (key: 'industryIds' | 'supplyChainRoleIds') => (value: string, on: boolean) =>
    change((x) =>
      updateDemographic(x, { [key]: toggled(x.organization.demographic[key], Number(value), on) }),
    );

  return (
    <>
      <Row>
        {selects.map(({ key, label, type }) => (
          <Col md={6} key={key}>
            <SelectField
              label={label}
              options={lookupOptions(lookups, type, selectValue(d[key]))}
              error={showProblems && d[key] === null ? messages.validation.required : undefined}
              value={selectValue(d[key])}
              onChange={(e) => update({ [key]: idFromSelect(e.target.value) })}
            />
          </Col>
        ))}
        {showsHqState(draft, lookups) ? (
          <Col md={6}>
            <SelectField
              label="HQ State"
              options={lookupOptions(lookups, LookupType.State, selectValue(draft.organization.stateId))}
              value={selectValue(draft.organization.stateId)}
              onChange={(e) =>
                change((x) => updateOrganization(x, { stateId: idFromSelect(e.target.value) }))
              }
            />
          </Col>
        ) : null}
      </Row>
      <CheckboxList
        legend="Industries"
        items={checkOptions(LookupType.Industry, d.industryIds)}
        checked={d.industryIds.map(String)}
        onToggle={toggle('industryIds')}
      />
      <TextField
        label="Other Industry"
        maxLength={200}
        disabled={!otherEnabled}
        hint={otherEnabled ? undefined : "Tick 'Other' under Industries to describe another industry."}
        value={otherEnabled ? d.otherIndustry : ''}
        onChange={(e) => update({ otherIndustry: e.target.value })}
      />
      <CheckboxList
        legend="Supply Chain Roles"
        items={checkOptions(LookupType.ValueChainRole, d.supplyChainRoleIds)}
        checked={d.supplyChainRoleIds.map(String)}
        onToggle={toggle('supplyChainRoleIds')}
      />
    </>
  );
}
