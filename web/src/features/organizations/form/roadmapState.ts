import { OrganizationType, type RoadmapStatusCode } from '@domain/codes';
import { benchmarkAvailable, benchmarkLabel } from '@domain/rules/organizations';
import type { Role } from '@domain/rules/roles';
import type { AssessmentInviteView, OrganizationView } from '@domain/schemas/organizationView';
import type { LookupItem } from '@web/api/lookups';
import { inviteStateOf } from '@web/api/reports';
import type { OrganizationDraft } from './organizationDraft';

// The roadmap status and benchmark as the screen's gates read them (docs/product.md#rules).

/**
 * The status the form would save: invite tabs are gated by it, as the save is. Its code comes from
 * the roadmap-status lookups, or from the organization as loaded while the choice is unchanged.
 */
export function draftStatusCode(
  draft: OrganizationDraft,
  lookups: readonly LookupItem[] | undefined,
  loaded: OrganizationView,
): RoadmapStatusCode | null {
  const id = draft.organization.statusId;
  const code = lookups?.find((item) => item.id === id)?.code;
  if (code) return code as RoadmapStatusCode;
  return id !== null && id === loaded.roadmap?.status?.id ? loaded.roadmap.status.code : null;
}

/**
 * 'Generate Benchmark' or 'Update Benchmark' when offered, else null. The call works on what is saved,
 * so the saved status and invites decide.
 */
export function benchmarkOffer(
  role: Role | undefined,
  loaded: OrganizationView,
  invites: readonly AssessmentInviteView[],
): string | null {
  if (loaded.id === null || loaded.type.enumValue !== OrganizationType.Manufacturer) return null;
  return benchmarkAvailable(role, loaded.roadmap?.status?.code, invites.map(inviteStateOf))
    ? benchmarkLabel(loaded.roadmap?.benchmark != null)
    : null;
}
