import type { SessionCache } from '../auth/sessionCache.js';
import type { TokenService } from '../auth/tokens.js';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Dialect } from '../db/dialect.js';
import type { Mailer } from '../mail/mailer.js';

/** What routes need from the running app. */
export type Deps = {
  db: Db;
  dialect: Dialect;
  config: AppConfig;
  tokens: TokenService;
  mailer: Mailer;
  /** Users' rows kept while they stand still (auth/sessionCache.ts): the guard's, and read-only answers'. */
  sessions: SessionCache;
};
