import { LookupType } from '../../domain/codes.js';
import type { OrganizationSave } from '../../domain/schemas/organizationForm.js';
import type { Executor } from '../db/database.js';
import { badRequest } from '../http/envelope.js';
import { demographicRefChecks } from '../repositories/demographics.js';
import type { LookupRefCheck } from '../repositories/lookups.js';
import { organizationsRepository } from '../repositories/organizations.js';
import { assertLookupRefs } from './lookupRefs.js';

type Resolved = {
  type: number;
  statusId: number | null;
  firmId: number | null;
  referredById: number | null;
  existing?: { consultingFirmId: number | null; referredById: number | null };
};

/**
 * Refuses (400) a save whose references point at the wrong kind of thing: every lookup of the right
 * type and active, the consulting firm and the referrer active firms (unless unchanged). Answers the
 * code of the roadmap status, read with the check.
 */
export async function checkOrganizationRefs(
  db: Executor,
  save: OrganizationSave,
  r: Resolved,
): Promise<{ statusCode: string | null }> {
  const org = save.organization;
  const d = org.demographic;
  const checks: LookupRefCheck[] = [
    {
      field: 'businessType',
      id: org.businessType?.id,
      type: LookupType.BusinessType,
      organizationType: r.type,
    },
    { field: 'state', id: org.state?.id, type: LookupType.State },
    { field: 'roadmap.status', id: r.statusId, type: LookupType.RoadmapStatus },
    ...demographicRefChecks(d),
    ...org.functionalRoleAliases.map((a) => ({
      field: 'functionalRoleAliases',
      id: a.id,
      type: LookupType.FunctionalRole,
    })),
    ...save.users.flatMap((u) => [
      { field: 'users.functionalRole', id: u.functionalRole?.id, type: LookupType.FunctionalRole },
      { field: 'users.division', id: u.division?.id, type: LookupType.Division },
    ]),
  ];
  const codes = await assertLookupRefs(db, checks);
  for (const [field, id, before] of [
    ['consultingFirm', r.firmId, r.existing?.consultingFirmId],
    ['referredBy', r.referredById, r.existing?.referredById],
  ] as const) {
    if (id == null || id === before) continue;
    if (!(await organizationsRepository.findActiveConsultingFirm(db, id)))
      throw badRequest(`${field}: not an active consulting firm.`);
  }
  return { statusCode: r.statusId == null ? null : (codes.get(r.statusId) ?? null) };
}
