import { LEGACY_IMPORT_FIRM_CODE, LookupType, OrganizationType } from '@domain/codes.js';
import type { Db } from '../database.js';
import { nowIso } from '../database.js';
import { lookupSeeds } from './lookupData.js';

/** Lookup types whose codes the program relies on: admins may rename them but not remove them. */
const systemTypes = new Set<number>([
  LookupType.OrganizationType,
  LookupType.UserGroup,
  LookupType.RoadmapStatus,
]);

/**
 * Adds the reference data that is missing, leaving what an administrator changed alone. Safe to run
 * on every start and from several processes at once (conflicts are ignored).
 */
export async function seedReferenceData(db: Db): Promise<void> {
  const now = nowIso();
  const rows = Object.entries(lookupSeeds).flatMap(([type, items]) =>
    items.map((item) => ({
      lookupType: Number(type),
      name: item.name,
      code: item.code,
      displayOrder: item.displayOrder,
      enumValue: item.enumValue ?? null,
      organizationType: item.organizationType ?? null,
      isSystem: systemTypes.has(Number(type)) ? 1 : 0,
      isActive: item.isActive === false ? 0 : 1,
      createdAt: now,
      updatedAt: now,
      createdBy: null,
      updatedBy: null,
    })),
  );
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 100) {
      await trx
        .insertInto('lookupItems')
        .values(rows.slice(i, i + 100))
        .onConflict((oc) => oc.columns(['lookupType', 'code']).doNothing())
        .execute();
    }
    // Users imported from the legacy system were 'referred by' this firm; lists never show it.
    await trx
      .insertInto('organizations')
      .values({
        name: 'Legacy Import',
        code: LEGACY_IMPORT_FIRM_CODE,
        type: OrganizationType.Consultant,
        excludeFromBenchmark: 1,
        anonymizeResults: 0,
        isActive: 0,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  });
}
