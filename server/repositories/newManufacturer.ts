import { type QueryCreator, sql } from 'kysely';
import type { DemographicInput } from '../../domain/schemas/organization.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { demographicLists, demographicRow, demographicsRepository } from './demographics.js';
import {
  type NewOrganization,
  type NewRoadmap,
  newOrganizationRow,
  newRoadmapRow,
  organizationsRepository,
} from './organizations.js';
import { isPostgres } from './paging.js';

export type NewManufacturerParts = {
  roadmap: NewRoadmap;
  /** Its demographics, when the save holds all it needs (hasRequiredDemographics). */
  demographic?: DemographicInput;
  aliases: { functionalRoleId: number; alias: string | null }[];
};

/**
 * A manufacturer made by an organization save, whole: its row, its roadmap, its demographics with
 * their industry and supply-chain lists, and its functional-role aliases. Answers its id.
 *
 * On PostgreSQL in one statement, each insert a WITH query that takes the new ids from the ones
 * before it: up to six round trips (four for the bench's save) of a transaction that holds its
 * locks while it waits on this process become one (docs/perf-notes/orgsave.md). PostgreSQL runs every WITH query whether or not the
 * statement reads it, and checks the foreign keys at the statement's end, when all are written.
 * On SQLite, which has no inserts in WITH and no round trips, one statement each.
 */
export async function insertManufacturer(
  db: Executor,
  values: NewOrganization,
  parts: NewManufacturerParts,
): Promise<number> {
  const { roadmap, demographic, aliases } = parts;
  if (!isPostgres(db)) {
    const id = await organizationsRepository.insert(db, values, roadmap);
    if (demographic) await demographicsRepository.insert(db, id, demographic);
    await organizationsRepository.insertAliases(db, id, aliases);
    return id;
  }
  const now = nowIso();
  const organizationId = sql<number>`(select "id" from "o")`;
  const demographicId = sql<number>`(select "id" from "d")`;
  // Typed loosely, as the WITH queries' names are made here (submissionStatement.ts does the same).
  type Creator = QueryCreator<DB & { o: { id: number }; d: { id: number } }>;
  let creator = (db as unknown as Creator)
    .with('o', (q) => q.insertInto('organizations').values(newOrganizationRow(values, now)).returning('id'))
    .with('r', (q) =>
      q.insertInto('roadmaps').values(newRoadmapRow(organizationId, roadmap, now)),
    ) as unknown as Creator;
  if (demographic) {
    const { industries, supplyChainRoles } = demographicLists(demographic);
    creator = creator.with('d', (q) =>
      q
        .insertInto('demographics')
        .values({ ...demographicRow(demographic, now), organizationId, createdAt: now })
        .returning('id'),
    ) as unknown as Creator;
    if (industries.length)
      creator = creator.with('di', (q) =>
        q
          .insertInto('demographicIndustries')
          .values(industries.map((lookupItemId) => ({ demographicId, lookupItemId }))),
      ) as unknown as Creator;
    if (supplyChainRoles.length)
      creator = creator.with('ds', (q) =>
        q
          .insertInto('demographicSupplyChainRoles')
          .values(supplyChainRoles.map((lookupItemId) => ({ demographicId, lookupItemId }))),
      ) as unknown as Creator;
  }
  if (aliases.length)
    creator = creator.with('a', (q) =>
      q.insertInto('functionalRoleAliases').values(aliases.map((a) => ({ organizationId, ...a }))),
    ) as unknown as Creator;
  const row = await creator.selectFrom('o').select('id').executeTakeFirstOrThrow();
  return row.id;
}
