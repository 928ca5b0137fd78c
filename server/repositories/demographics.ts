import type { DemographicInput } from '../../domain/schemas/organization.js';
import type { Executor } from '../db/database.js';
import { nowIso } from '../db/database.js';

export const demographicsRepository = {
  async ofOrganization(db: Executor, organizationId: number) {
    const row = await db
      .selectFrom('demographics')
      .selectAll()
      .where('organizationId', '=', organizationId)
      .executeTakeFirst();
    if (!row) return undefined;
    const [industries, supplyChainRoles] = await Promise.all([
      db
        .selectFrom('demographicIndustries')
        .select('lookupItemId')
        .where('demographicId', '=', row.id)
        .execute(),
      db
        .selectFrom('demographicSupplyChainRoles')
        .select('lookupItemId')
        .where('demographicId', '=', row.id)
        .execute(),
    ]);
    return {
      ...row,
      industryIds: industries.map((i) => i.lookupItemId),
      supplyChainRoleIds: supplyChainRoles.map((i) => i.lookupItemId),
    };
  },

  /** Writes an organization's demographics, replacing its industry and supply-chain lists. Run in a transaction. */
  async save(db: Executor, organizationId: number, input: DemographicInput) {
    const now = nowIso();
    const values = {
      companyMaturityId: input.companyMaturity.id,
      numberOfEmployeesId: input.numberOfEmployees.id,
      numberOfFacilitiesId: input.numberOfFacilities.id,
      hqRegionId: input.hqRegion.id,
      otherIndustry: input.otherIndustry,
      updatedAt: now,
    };
    const existing = await db
      .selectFrom('demographics')
      .select('id')
      .where('organizationId', '=', organizationId)
      .executeTakeFirst();
    const id =
      existing?.id ??
      (
        await db
          .insertInto('demographics')
          .values({ ...values, organizationId, createdAt: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    if (existing) await db.updateTable('demographics').set(values).where('id', '=', id).execute();
    await db.deleteFrom('demographicIndustries').where('demographicId', '=', id).execute();
    await db.deleteFrom('demographicSupplyChainRoles').where('demographicId', '=', id).execute();
    const unique = (refs: { id: number }[]) => [...new Set(refs.map((r) => r.id))];
    if (input.industries.length) {
      await db
        .insertInto('demographicIndustries')
        .values(unique(input.industries).map((lookupItemId) => ({ demographicId: id, lookupItemId })))
        .execute();
    }
    if (input.supplyChainRoles.length) {
      await db
        .insertInto('demographicSupplyChainRoles')
        .values(unique(input.supplyChainRoles).map((lookupItemId) => ({ demographicId: id, lookupItemId })))
        .execute();
    }
  },
};
