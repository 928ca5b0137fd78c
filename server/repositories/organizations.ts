import {
  LEGACY_IMPORT_FIRM_CODE,
  LookupType,
  OrganizationType,
  roadmapStatusCodes,
} from '../../domain/codes.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';

/** Organizations every list may show: the hidden 'Legacy Import' firm never appears. */
function listable(db: Executor) {
  return db
    .selectFrom('organizations as o')
    .where((eb) => eb.or([eb('o.code', 'is', null), eb('o.code', '!=', LEGACY_IMPORT_FIRM_CODE)]));
}

export const organizationsRepository = {
  /** The status every roadmap starts at (SPEC.md section 4: pre-assessment). */
  firstRoadmapStatus(db: Executor) {
    return db
      .selectFrom('lookupItems')
      .select(['id', 'name', 'code'])
      .where('lookupType', '=', LookupType.RoadmapStatus)
      .where('code', '=', roadmapStatusCodes[0])
      .executeTakeFirst();
  },

  /** Active consulting firms, for pickers (SPEC.md section 5: without 'legacy import'). */
  consultingFirms(db: Executor) {
    return listable(db)
      .leftJoin('lookupItems as st', 'st.id', 'o.stateId')
      .select(['o.id', 'o.name', 'st.id as stateId', 'st.name as stateName', 'st.code as stateCode'])
      .where('o.type', '=', OrganizationType.Consultant)
      .where('o.isActive', '=', 1)
      .orderBy('o.name')
      .execute();
  },

  all(db: Executor) {
    return listable(db)
      .select(['o.id', 'o.name', 'o.type', 'o.isActive'])
      .orderBy('o.type')
      .orderBy('o.name')
      .execute();
  },

  findActiveConsultingFirm(db: Executor, id: number) {
    return listable(db)
      .select(['o.id'])
      .where('o.id', '=', id)
      .where('o.type', '=', OrganizationType.Consultant)
      .where('o.isActive', '=', 1)
      .executeTakeFirst();
  },

  findByName(db: Executor, type: number, name: string) {
    return db
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('type', '=', type)
      .where('isActive', '=', 1)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
      .executeTakeFirst();
  },

  async insert(
    db: Executor,
    values: {
      name: string;
      type: number;
      businessTypeId: number | null;
      stateId?: number | null;
      referredById?: number | null;
      referredByOther?: string | null;
      actorId: number | null;
    },
  ) {
    const now = nowIso();
    const row = await db
      .insertInto('organizations')
      .values({
        name: values.name,
        originalName: values.name,
        type: values.type,
        businessTypeId: values.businessTypeId,
        stateId: values.stateId ?? null,
        referredById: values.referredById ?? null,
        referredByOther: values.referredByOther ?? null,
        excludeFromBenchmark: 0,
        anonymizeResults: 0,
        isActive: 1,
        createdAt: now,
        updatedAt: now,
        createdBy: values.actorId,
        updatedBy: values.actorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (values.type === OrganizationType.Manufacturer) {
      // Every manufacturer has a roadmap; it starts before the assessment.
      const status = await organizationsRepository.firstRoadmapStatus(db);
      await db
        .insertInto('roadmaps')
        .values({
          organizationId: row.id,
          statusId: status?.id ?? null,
          createdAt: now,
          updatedAt: now,
          statusChangedAt: now,
        })
        .execute();
    }
    return row.id;
  },
};
