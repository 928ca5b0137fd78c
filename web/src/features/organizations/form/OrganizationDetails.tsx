import { OrganizationType } from '@domain/codes';
import type { OrganizationView } from '@domain/schemas/organizationView';

/**
 * The organization's own fields read as text (docs/decisions.md#organizations-overview): what the
 * overview shows, and all a deactivated organization shows. Only what the viewer may see: the
 * institute's fields (Referred By, the report switches) for administrators.
 */
export function OrganizationDetails({
  organization: org,
  admin,
}: {
  organization: OrganizationView;
  admin: boolean;
}) {
  const type = org.type.enumValue;
  const manufacturer = type === OrganizationType.Manufacturer;
  const facts: { label: string; value: string }[] = [
    { label: 'Business area', value: org.businessType?.name ?? 'Not given' },
  ];
  if (type === OrganizationType.Consultant)
    facts.push({ label: 'HQ State', value: org.state?.name ?? 'Not given' });
  if (manufacturer) {
    facts.push({ label: 'Consulting Firm', value: org.consultingFirm?.name ?? 'None' });
    facts.push({ label: 'HQ Region', value: org.demographic?.hqRegion?.name ?? 'Not given' });
    if (admin) {
      facts.push({
        label: 'Referred By',
        value: org.referredBy?.name ?? (org.referredByOther?.trim() || 'None'),
      });
      facts.push({ label: 'Benchmark', value: org.excludeFromBenchmark ? 'Excluded' : 'Included' });
    }
    facts.push({ label: 'Anonymize Results', value: org.anonymizeResults ? 'On' : 'Off' });
  }
  return (
    <dl className="smr-org-facts smr-org-details">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
