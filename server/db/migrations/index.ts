import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { initialMigration } from './001_initial.js';
import { passcodeAttemptsMigration } from './002_passcode_attempts.js';
import { pendingEmailMigration } from './003_pending_email.js';
import { cacheVersionsMigration } from './004_cache_versions.js';
import { rateLimitsMigration } from './005_rate_limits.js';
import { mailQueueMigration } from './006_mail_queue.js';
import { idempotencyKeysMigration } from './007_idempotency_keys.js';
import { resultInviteIndexMigration } from './008_result_invite_index.js';
import { userSearchMigration } from './009_user_search.js';
import { insightsMigration } from './010_insights.js';
import { answersResultIdMigration } from './011_answers_result_id.js';
import { searchIndexesMigration } from './012_search_indexes.js';
import { portfolioVersionMigration } from './013_portfolio_version.js';
import { listVersionsMigration } from './014_list_versions.js';
import { pageVersionsMigration } from './015_page_versions.js';
import { detailVersionsMigration } from './016_detail_versions.js';
import { sessionChangesMigration } from './017_session_changes.js';
import { counterPagesMigration } from './018_counter_pages.js';
import { counterChangesMigration } from './019_counter_changes.js';
import { actionsMigration } from './020_actions.js';
import { remindersMigration } from './021_reminders.js';
import { actionPagesMigration } from './022_action_pages.js';

/** Every migration, in order. Names sort lexically; never rename or edit one that has shipped. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_initial': initialMigration(dialect),
    '002_passcode_attempts': passcodeAttemptsMigration,
    '003_pending_email': pendingEmailMigration,
    '004_cache_versions': cacheVersionsMigration(dialect),
    '005_rate_limits': rateLimitsMigration,
    '006_mail_queue': mailQueueMigration(dialect),
    '007_idempotency_keys': idempotencyKeysMigration,
    '008_result_invite_index': resultInviteIndexMigration,
    '009_user_search': userSearchMigration(dialect),
    '010_insights': insightsMigration(dialect),
    '011_answers_result_id': answersResultIdMigration(dialect),
    '012_search_indexes': searchIndexesMigration(dialect),
    '013_portfolio_version': portfolioVersionMigration(dialect),
    '014_list_versions': listVersionsMigration(dialect),
    '015_page_versions': pageVersionsMigration(dialect),
    '016_detail_versions': detailVersionsMigration(dialect),
    '017_session_changes': sessionChangesMigration(dialect),
    '018_counter_pages': counterPagesMigration(dialect),
    '019_counter_changes': counterChangesMigration(dialect),
    '020_actions': actionsMigration(dialect),
    '021_reminders': remindersMigration(dialect),
    '022_action_pages': actionPagesMigration(dialect),
  };
}
