import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenService } from '../auth/tokens.js';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Dialect } from '../db/dialect.js';
import type { Mailer } from '../mail/mailer.js';

/** The Fastify instance routes are written against: zod schemas type the handlers. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What routes need from the running app. */
export type Deps = { db: Db; dialect: Dialect; config: AppConfig; tokens: TokenService; mailer: Mailer };
