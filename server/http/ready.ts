import { z } from 'zod';
import type { Db } from '../db/database.js';
import { pingDatabase } from '../stores/pingStore.js';
import type { ZodApp } from './types.js';

/** A database that has not answered `select 1` by then counts as not answering. */
export const READY_TIMEOUT_MS = 2000;

/** True when the database answers a trivial query in time; the reason it did not goes to the log. */
async function databaseAnswers(db: Db, log: { warn: (o: object, m: string) => void }): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([pingDatabase(db), timeout]);
    return true;
  } catch (error) {
    log.warn({ err: error }, 'not ready: the database does not answer');
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/ready: readiness for a load balancer or an orchestrator. /api/health says the process
 * serves requests; this one also asks the database, so a process cut off from it stops getting traffic.
 */
export function readyRoute(api: ZodApp, db: Db): void {
  api.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Readiness: 200 {"status":"ready"} when the database answers, else 503',
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) =>
      (await databaseAnswers(db, request.log))
        ? { status: 'ready' as const }
        : reply.status(503).send({ status: 'unavailable' }),
  );
}
