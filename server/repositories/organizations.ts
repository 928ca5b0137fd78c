import type { Insertable, Updateable } from 'kysely';
import {
  LEGACY_IMPORT_FIRM_CODE,
  LookupType,
  OrganizationType,
  roadmapStatusCodes,
} from '../../domain/codes.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import type { OrganizationsTable, RoadmapsTable } from '../db/schema.js';

/** Organizations every list may show: the hidden 'Legacy Import' firm never appears. */
function listable(db: Executor) {
  return db
    .selectFrom('organizations as o')
    .where((eb) => eb.or([eb('o.code', 'is', null), eb('o.code', '!=', LEGACY_IMPORT_FIRM_CODE)]));
}

export const organizationsRepository = {
  findById(db: Executor, id: number) {
    return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** What the user policies judge of an organization (domain/policies/userFields.ts). */
  findTarget(db: Executor, id: number) {
    return db
      .selectFrom('organizations')
      .select(['id', 'type', 'consultingFirmId'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** As findTarget, with whether it is active: where a user may be placed. */
  findPlacement(db: Executor, id: number) {
    return db
      .selectFrom('organizations')
      .select(['id', 'type', 'isActive', 'consultingFirmId'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Writes the given columns of one organization; callers stamp updatedAt and updatedBy as their change needs. */
  update(db: Executor, id: number, values: Updateable<OrganizationsTable>) {
    return db.updateTable('organizations').set(values).where('id', '=', id).execute();
  },

  /** A manufacturer's roadmap with its status code; one per manufacturer. */
  roadmapOf(db: Executor, organizationId: number) {
    return db
      .selectFrom('roadmaps as r')
      .leftJoin('lookupItems as s', 's.id', 'r.statusId')
      .select(['r.id', 'r.statusId', 's.code'])
      .where('r.organizationId', '=', organizationId)
      .executeTakeFirst();
  },

  updateRoadmap(db: Executor, id: number, values: Updateable<RoadmapsTable>) {
    return db.updateTable('roadmaps').set(values).where('id', '=', id).execute();
  },

  insertRoadmap(db: Executor, values: Insertable<RoadmapsTable>) {
    return db.insertInto('roadmaps').values(values).execute();
  },

  /** Replaces the organization's functional-role aliases with the given ones. */
  async replaceAliases(
    db: Executor,
    organizationId: number,
    aliases: { functionalRoleId: number; alias: string | null }[],
  ) {
    await db.deleteFrom('functionalRoleAliases').where('organizationId', '=', organizationId).execute();
    await organizationsRepository.insertAliases(db, organizationId, aliases);
  },

  /** Adds functional-role aliases to an organization that has none of them yet. */
  async insertAliases(
    db: Executor,
    organizationId: number,
    aliases: { functionalRoleId: number; alias: string | null }[],
  ) {
    if (aliases.length > 0) {
      await db
        .insertInto('functionalRoleAliases')
        .values(aliases.map((a) => ({ organizationId, ...a })))
        .execute();
    }
  },

  /** What get-started saves of the caller's own organization. */
  updateGetStarted(
    db: Executor,
    id: number,
    values: { name: string; businessTypeId: number; stateId: number | null },
    actorId: number,
  ) {
    return db
      .updateTable('organizations')
      .set({ ...values, updatedAt: nowIso(), updatedBy: actorId })
      .where('id', '=', id)
      .execute();
  },

  deactivate(db: Executor, id: number, actorId: number) {
    return db
      .updateTable('organizations')
      .set({ isActive: 0, updatedAt: nowIso(), updatedBy: actorId })
      .where('id', '=', id)
      .execute();
  },

  /** The status every roadmap starts at (docs/product.md#rules: pre-assessment). */
  firstRoadmapStatus(db: Executor) {
    return db
      .selectFrom('lookupItems')
      .select(['id', 'name', 'code'])
      .where('lookupType', '=', LookupType.RoadmapStatus)
      .where('code', '=', roadmapStatusCodes[0])
      .executeTakeFirst();
  },

  /** Active consulting firms, for pickers (docs/product.md#rules-validation: without 'legacy import'). */
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

  /**
   * A new organization; a manufacturer with its roadmap, at the first status unless `roadmap` says
   * what its roadmap starts with (an organization saved whole, with its status and assessments).
   */
  async insert(db: Executor, values: NewOrganization, roadmap?: NewRoadmap) {
    const now = nowIso();
    const row = await db
      .insertInto('organizations')
      .values(newOrganizationRow(values, now))
      .returning('id')
      .executeTakeFirstOrThrow();
    if (values.type === OrganizationType.Manufacturer) {
      // Every manufacturer has a roadmap; it starts before the assessment.
      const start = roadmap ?? {
        statusId: (await organizationsRepository.firstRoadmapStatus(db))?.id ?? null,
      };
      await db
        .insertInto('roadmaps')
        .values(newRoadmapRow(row.id, start, now))
        .execute();
    }
    return row.id;
  },
};

/** What a new organization is made of; the rest starts at its defaults. */
export type NewOrganization = {
  name: string;
  type: number;
  businessTypeId: number | null;
  stateId?: number | null;
  consultingFirmId?: number | null;
  referredById?: number | null;
  referredByOther?: string | null;
  excludeFromBenchmark?: number;
  anonymizeResults?: number;
  actorId: number | null;
};

/** What a new manufacturer's roadmap starts with. */
export type NewRoadmap = Partial<
  Pick<RoadmapsTable, 'statusId' | 'currentStateAssessmentId' | 'futureStateAssessmentId'>
>;

/** A new organization's row, made `now`. */
export function newOrganizationRow(values: NewOrganization, now: string): Insertable<OrganizationsTable> {
  return {
    name: values.name,
    originalName: values.name,
    type: values.type,
    businessTypeId: values.businessTypeId,
    stateId: values.stateId ?? null,
    consultingFirmId: values.consultingFirmId ?? null,
    referredById: values.referredById ?? null,
    referredByOther: values.referredByOther ?? null,
    excludeFromBenchmark: values.excludeFromBenchmark ?? 0,
    anonymizeResults: values.anonymizeResults ?? 0,
    isActive: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: values.actorId,
    updatedBy: values.actorId,
  };
}

/** A new manufacturer's roadmap row (`organizationId` its id, or what stands for it in a statement). */
export function newRoadmapRow<Id>(organizationId: Id, start: NewRoadmap, now: string) {
  return { organizationId, ...start, createdAt: now, updatedAt: now, statusChangedAt: now };
}
