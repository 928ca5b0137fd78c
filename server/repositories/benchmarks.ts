import { sql } from 'kysely';
import { AssessmentType, OrganizationType } from '../../domain/codes.js';
import type { PeerSnapshot } from '../../domain/rules/peers.js';
import { readBenchmarkSnapshot } from '../../domain/schemas/benchmark.js';
import { nowIso } from '../db/clock.js';
import type { Executor } from '../db/database.js';
import type { BenchmarkCsvRow } from '../db/rows.js';

/** Benchmarked manufacturers: active, with a benchmark their roadmap points to. */
function benchmarkedQuery(db: Executor) {
  return db
    .selectFrom('benchmarks as b')
    .innerJoin('roadmaps as r', 'r.benchmarkId', 'b.id')
    .innerJoin('organizations as o', 'o.id', 'r.organizationId')
    .where('o.type', '=', OrganizationType.Manufacturer)
    .where('o.isActive', '=', 1);
}

/** One row of the benchmark CSV: the manufacturer, its firm and its stored snapshot. No person in it. */
function csvQuery(db: Executor) {
  return benchmarkedQuery(db)
    .leftJoin('organizations as cf', 'cf.id', 'o.consultingFirmId')
    .select([
      'o.id',
      'o.name',
      'cf.name as consultingFirm',
      'o.excludeFromBenchmark',
      'b.updatedAt',
      'b.data',
    ]);
}

export const benchmarksRepository = {
  /**
   * The snapshots that make peer figures: active manufacturers with a generated benchmark that are not
   * marked 'Exclude manufacturer from benchmark', each with its consulting firm (whose consultants
   * can read it, so never see it among their peers). One query, whatever the number of manufacturers.
   */
  async peerSnapshots(db: Executor): Promise<PeerSnapshot[]> {
    const rows = await benchmarkedQuery(db)
      .select(['o.id as organizationId', 'o.consultingFirmId', 'b.data'])
      .where('o.excludeFromBenchmark', '=', 0)
      .execute();
    return rows.flatMap((row) => {
      const snapshot = readBenchmarkSnapshot(row.data);
      if (!snapshot) return [];
      return [
        {
          organizationId: row.organizationId,
          consultingFirmId: row.consultingFirmId,
          overall: snapshot.overall,
          sections: snapshot.sections.map((s) => ({ code: s.code, score: s.score })),
        },
      ];
    });
  },

  /**
   * Writes a manufacturer's benchmark: updates the record its roadmap points to, or adds one and
   * points the roadmap at it. Run in a transaction: touching the roadmap first locks its row, so two
   * generations at once cannot both add a record.
   */
  async save(
    db: Executor,
    values: { organizationId: number; roadmapId: number; data: string; actorId: number },
  ) {
    const now = nowIso();
    await db.updateTable('roadmaps').set({ updatedAt: now }).where('id', '=', values.roadmapId).execute();
    const roadmap = await db
      .selectFrom('roadmaps')
      .select('benchmarkId')
      .where('id', '=', values.roadmapId)
      .executeTakeFirstOrThrow();
    if (roadmap.benchmarkId != null) {
      await db
        .updateTable('benchmarks')
        .set({ data: values.data, updatedAt: now })
        .where('id', '=', roadmap.benchmarkId)
        .execute();
      return roadmap.benchmarkId;
    }
    const { id } = await db
      .insertInto('benchmarks')
      .values({
        organizationId: values.organizationId,
        data: values.data,
        createdAt: now,
        updatedAt: now,
        createdBy: values.actorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('roadmaps').set({ benchmarkId: id }).where('id', '=', values.roadmapId).execute();
    return id;
  },

  /**
   * The practice areas the CSV has a column for: the active sections of the current-state assessment
   * a roadmap invites to (the active one), in display order.
   */
  sectionColumns(db: Executor) {
    const assessment = db
      .selectFrom('assessments')
      .select((eb) => eb.fn.min('id').as('id'))
      .where('isActive', '=', 1)
      .where('assessmentType', '=', AssessmentType.CurrentState);
    return db
      .selectFrom('sections as s')
      .innerJoin('assessmentSections as a', 'a.sectionId', 's.id')
      .select(['s.code', 's.caption'])
      .where('a.assessmentId', '=', assessment)
      .where('s.isActive', '=', 1)
      .orderBy('s.displayOrder')
      .orderBy('s.id')
      .execute();
  },

  /**
   * Every benchmarked active manufacturer for the CSV, by name, read in batches (keyset on name and
   * id), so a download of any size holds one batch in memory at a time.
   */
  async *csvBatches(db: Executor, size = 500): AsyncGenerator<BenchmarkCsvRow[]> {
    let after: { name: string; id: number } | null = null;
    for (;;) {
      let query = csvQuery(db);
      if (after) {
        const { name, id } = after;
        query = query.where(
          sql<boolean>`(${sql.ref('o.name')} > ${name} or (${sql.ref('o.name')} = ${name} and ${sql.ref('o.id')} > ${id}))`,
        );
      }
      const rows = await query.orderBy('o.name').orderBy('o.id').limit(size).execute();
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
      const last = rows[rows.length - 1]!;
      after = { name: last.name, id: last.id };
    }
  },
};
