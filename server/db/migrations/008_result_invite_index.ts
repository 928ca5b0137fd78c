import type { Kysely } from 'kysely';

// The invite lists join each invite to its result, and the reports and benchmarks go from an
// organization's invites to their results' answers: without this index SQLite built a temporary one
// on every such query (50,000 invites, 20,000 results in the benchmark's dataset).
export const resultInviteIndexMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex('results_invite')
      .on('assessment_results')
      .column('assessment_invite_id')
      .execute();
  },
};
