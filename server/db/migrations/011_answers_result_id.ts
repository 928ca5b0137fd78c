import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The people marked Exclude From Report, few of many: every insight figure leaves them out, and with
 * this partial index that costs a look at a handful of rows instead of a scan of every user (10 ms on
 * PostgreSQL over 50,000 users, each portfolio page).
 *
 * The cached result scores (server/repositories/resultScores.ts) stamp each result with its highest
 * answer id, asked on every insight read. SQLite's index on answers(assessment_result_id) already holds
 * the row id, so it answers from the index alone; PostgreSQL needs the id in the index for that, so
 * there the index becomes (assessment_result_id, id), which serves every lookup the old one did.
 */
export function answersResultIdMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('users_excluded_from_report')
        .on('users')
        .column('id')
        .where(sql.ref('exclude_from_report'), '=', 1)
        .execute();
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
