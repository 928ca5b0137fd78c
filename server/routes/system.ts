import { emptyEnvelope } from '../../domain/schemas/answers.js';
import { clientLogSchema } from '../../domain/schemas/auth.js';
import { healthView } from '../../domain/schemas/systemView.js';
import { ok } from '../http/envelope.js';
import { redactSecrets } from '../http/requestLog.js';
import type { ZodApp } from '../http/types.js';
import type { Deps } from './deps.js';

/** A client's error report as logged: links in it may hold invite or reset tokens. */
export const clientReport = (body: { message: string; url?: string | null }) => ({
  message: redactSecrets(body.message),
  url: body.url == null ? body.url : redactSecrets(body.url),
});

export function systemRoutes(app: ZodApp, _deps: Deps): void {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness: the database is migrated and requests are served',
        tags: ['system'],
        response: { 200: healthView },
      },
    },
    async () => ({ status: 'ok' }),
  );

  // The web app reports the errors its users meet, so they reach the operator's logs.
  app.post(
    '/system/log/private',
    {
      config: { access: 'authenticated', allowedBeforePasswordChange: true },
      schema: {
        summary: 'Log a UI error of a signed-in user',
        tags: ['system'],
        body: clientLogSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      request.log.warn({ client: clientReport(request.body), userId: request.actor?.userId }, 'client error');
      return ok();
    },
  );

  app.post(
    '/system/log/public',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        summary: 'Log a UI error of an anonymous visitor',
        tags: ['system'],
        body: clientLogSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      request.log.warn({ client: clientReport(request.body) }, 'client error');
      return ok();
    },
  );
}
