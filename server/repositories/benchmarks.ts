import { OrganizationType } from '../../domain/codes.js';
import type { PeerSnapshot } from '../../domain/rules/peers.js';
import { readBenchmarkSnapshot } from '../../domain/schemas/benchmark.js';
import type { Executor } from '../db/database.js';

export const benchmarksRepository = {
  /**
   * The snapshots that make peer figures: active manufacturers with a generated benchmark that are not
   * marked 'Exclude manufacturer from benchmark'. One query, whatever the number of manufacturers.
   */
  async peerSnapshots(db: Executor): Promise<PeerSnapshot[]> {
    const rows = await db
      .selectFrom('benchmarks as b')
      .innerJoin('roadmaps as r', 'r.benchmarkId', 'b.id')
      .innerJoin('organizations as o', 'o.id', 'r.organizationId')
      .select(['o.id as organizationId', 'b.data'])
      .where('o.type', '=', OrganizationType.Manufacturer)
      .where('o.isActive', '=', 1)
      .where('o.excludeFromBenchmark', '=', 0)
      .execute();
    return rows.flatMap((row) => {
      const snapshot = readBenchmarkSnapshot(row.data);
      if (!snapshot) return [];
      return [
        {
          organizationId: row.organizationId,
          overall: snapshot.overall,
          sections: snapshot.sections.map((s) => ({ code: s.code, score: s.score })),
        },
      ];
    });
  },
};
