import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { seedAssessments } from './assessments.js';
import { type SeedLog, seedFirstAdmin } from './firstAdmin.js';
import { seedReferenceData } from './referenceData.js';
import { seedAssessmentContent } from './seedAssessmentContent.js';

/**
 * Everything a migrated database needs before anyone uses it: reference data, the assessments and
 * their content, and the first administrator when there is no user yet. Each step only adds what is
 * missing, so it runs on every start, and `npm run demo` runs the same before adding its data.
 */
export async function seedDatabase(db: Db, config: Pick<AppConfig, 'admin'>, log: SeedLog): Promise<void> {
  await seedReferenceData(db);
  await seedAssessments(db);
  await seedAssessmentContent(db);
  await seedFirstAdmin(db, config, log);
}
