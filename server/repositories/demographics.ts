import { LookupType } from '../../domain/codes.js';
import type { DemographicInput } from '../../domain/schemas/organization.js';
import type { DemographicView } from '../../domain/schemas/organizationView.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import type { LookupRefCheck } from './lookups.js';

type DemographicRefs = {
  companyMaturity?: { id: number } | null;
  numberOfEmployees?: { id: number } | null;
  numberOfFacilities?: { id: number } | null;
  hqRegion?: { id: number } | null;
  industries: { id: number }[];
  supplyChainRoles: { id: number }[];
};

/** What each demographic reference must be (for assertLookupRefs). */
export function demographicRefChecks(d: DemographicRefs | null | undefined): LookupRefCheck[] {
  if (!d) return [];
  return [
    { field: 'demographic.companyMaturity', id: d.companyMaturity?.id, type: LookupType.CompanyMaturity },
    {
      field: 'demographic.numberOfEmployees',
      id: d.numberOfEmployees?.id,
      type: LookupType.NumberOfEmployees,
    },
    {
      field: 'demographic.numberOfFacilities',
      id: d.numberOfFacilities?.id,
      type: LookupType.NumberOfFacilities,
    },
    { field: 'demographic.hqRegion', id: d.hqRegion?.id, type: LookupType.HqRegion },
    ...d.industries.map((r) => ({ field: 'demographic.industries', id: r.id, type: LookupType.Industry })),
    ...d.supplyChainRoles.map((r) => ({
      field: 'demographic.supplyChainRoles',
      id: r.id,
      type: LookupType.ValueChainRole,
    })),
  ];
}

/** A demographics row's own values, as saved `now`. */
export function demographicRow(input: DemographicInput, now: string) {
  return {
    companyMaturityId: input.companyMaturity.id,
    numberOfEmployeesId: input.numberOfEmployees.id,
    numberOfFacilitiesId: input.numberOfFacilities.id,
    hqRegionId: input.hqRegion.id,
    otherIndustry: input.otherIndustry,
    updatedAt: now,
  };
}

/** The lookup items of a demographics row's industry and supply-chain lists, each once. */
export function demographicLists(input: DemographicInput) {
  const unique = (refs: { id: number }[]) => [...new Set(refs.map((r) => r.id))];
  return { industries: unique(input.industries), supplyChainRoles: unique(input.supplyChainRoles) };
}

/** The industry and supply-chain lists of a demographics row that has none. */
async function insertLists(db: Executor, demographicId: number, input: DemographicInput) {
  const { industries, supplyChainRoles } = demographicLists(input);
  if (industries.length) {
    await db
      .insertInto('demographicIndustries')
      .values(industries.map((lookupItemId) => ({ demographicId, lookupItemId })))
      .execute();
  }
  if (supplyChainRoles.length) {
    await db
      .insertInto('demographicSupplyChainRoles')
      .values(supplyChainRoles.map((lookupItemId) => ({ demographicId, lookupItemId })))
      .execute();
  }
}

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

  /** An organization's demographics with the names of the lookups, or null when it has none. */
  async viewOf(db: Executor, organizationId: number): Promise<DemographicView | null> {
    const row = await this.ofOrganization(db, organizationId);
    if (!row) return null;
    const single = [row.companyMaturityId, row.numberOfEmployeesId, row.numberOfFacilitiesId, row.hqRegionId];
    const ids = [...single, ...row.industryIds, ...row.supplyChainRoleIds].filter(
      (id): id is number => id != null,
    );
    const items = ids.length
      ? await db
          .selectFrom('lookupItems')
          .select(['id', 'name', 'code', 'displayOrder'])
          .where('id', 'in', ids)
          .orderBy('displayOrder')
          .execute()
      : [];
    const ref = (id: number | null) => {
      const item = items.find((i) => i.id === id);
      return item ? { id: item.id, name: item.name, code: item.code } : null;
    };
    const list = (wanted: number[]) =>
      items.filter((i) => wanted.includes(i.id)).map((i) => ({ id: i.id, name: i.name, code: i.code }));
    return {
      companyMaturity: ref(row.companyMaturityId),
      numberOfEmployees: ref(row.numberOfEmployeesId),
      numberOfFacilities: ref(row.numberOfFacilitiesId),
      hqRegion: ref(row.hqRegionId),
      industries: list(row.industryIds),
      supplyChainRoles: list(row.supplyChainRoleIds),
      otherIndustry: row.otherIndustry,
    };
  },

  /** Writes an organization's demographics, replacing its industry and supply-chain lists. Run in a transaction. */
  async save(db: Executor, organizationId: number, input: DemographicInput) {
    const existing = await db
      .selectFrom('demographics')
      .select('id')
      .where('organizationId', '=', organizationId)
      .executeTakeFirst();
    if (!existing) return demographicsRepository.insert(db, organizationId, input);
    await db
      .updateTable('demographics')
      .set(demographicRow(input, nowIso()))
      .where('id', '=', existing.id)
      .execute();
    await db.deleteFrom('demographicIndustries').where('demographicId', '=', existing.id).execute();
    await db.deleteFrom('demographicSupplyChainRoles').where('demographicId', '=', existing.id).execute();
    await insertLists(db, existing.id, input);
  },

  /** The demographics of an organization that has none yet (one made in the same transaction). */
  async insert(db: Executor, organizationId: number, input: DemographicInput) {
    const now = nowIso();
    const { id } = await db
      .insertInto('demographics')
      .values({ ...demographicRow(input, now), organizationId, createdAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertLists(db, id, input);
  },
};
