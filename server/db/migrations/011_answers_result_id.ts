import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The cached result scores (server/repositories/resultScores.ts) stamp each result with its highest
 * answer id, asked on every insight read. SQLite's index on answers(assessment_result_id) already holds
 * the row id, so it answers from the index alone; PostgreSQL needs the id in the index for that, so
 * there the index becomes (assessment_result_id, id), which serves every lookup the old one did.
 */
export function answersResultIdMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await db.schema
        .createIndex('answers_result_id')
        .on('answers')
        .columns(['assessment_result_id', 'id'])
        .execute();
      await db.schema.dropIndex('answers_result').execute();
    },
  };
}
