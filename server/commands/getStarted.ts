import type { UserGroup } from '@domain/codes.js';
import { LookupType } from '@domain/codes.js';
import { businessTypeOwner } from '@domain/rules/groups.js';
import { asksForOtherIndustry, asksForState, type GetStartedInput } from '@domain/schemas/organization.js';
import type { Db } from '../db/database.js';
import { demographicRefChecks, demographicsRepository } from '../repositories/demographics.js';
import { lookupsRepository } from '../repositories/lookups.js';
import { organizationsRepository } from '../repositories/organizations.js';
import { audited } from './audited.js';
import { assertLookupRefs } from './lookupRefs.js';

/**
 * The get-started step saves the caller's own organization: its name, business type, state and
 * demographics, after checking every reference is a lookup item of the right type.
 */
export async function saveGetStarted(
  db: Db,
  actor: { userId: number; group: UserGroup },
  organizationId: number,
  input: GetStartedInput,
): Promise<void> {
  const d = input.demographic;
  await assertLookupRefs(db, [
    {
      field: 'businessType',
      id: input.businessType.id,
      type: LookupType.BusinessType,
      organizationType: businessTypeOwner(actor.group),
    },
    { field: 'state', id: input.state?.id, type: LookupType.State },
    ...demographicRefChecks(d),
  ]);
  // The state belongs only to a North American headquarters, the free text only to the 'other' industry.
  const region = await lookupsRepository.refById(db, d.hqRegion.id);
  const industryCodes = (
    await lookupsRepository.refsByIds(
      db,
      d.industries.map((r) => r.id),
    )
  ).map((r) => r.code);
  const stateId = asksForState(region?.code) ? (input.state?.id ?? null) : null;
  const demographic = {
    ...d,
    otherIndustry: asksForOtherIndustry(industryCodes) ? d.otherIndustry : null,
  };
  await audited(db, async (trx, audit) => {
    await organizationsRepository.updateGetStarted(
      trx,
      organizationId,
      { name: input.name, businessTypeId: input.businessType.id, stateId },
      actor.userId,
    );
    await demographicsRepository.save(trx, organizationId, demographic);
    await audit({
      actor: actor.userId,
      action: 'get-started',
      entity: 'organization',
      entityId: organizationId,
    });
  });
}
