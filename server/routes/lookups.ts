import { z } from 'zod';
import { type LookupItemView, lookupItemView } from '../../domain/schemas/lookup.js';
import { versionedCache } from '../db/versionedCache.js';
import { JSON_TYPE } from '../http/envelope.js';
import { jsonBytes, preserialized } from '../http/preserialized.js';
import type { ZodApp } from '../http/types.js';
import { presentLookup } from '../presenters/lookup.js';
import { lookupsRepository } from '../repositories/lookups.js';
import type { Deps } from './deps.js';

/** Every active lookup, serialized once per change of the lookup table. */
const activeLookupsJson = versionedCache('lookups', async (db) =>
  jsonBytes((await lookupsRepository.allActive(db)).map(presentLookup)),
);

export function lookupRoutes(app: ZodApp, { db }: Deps): void {
  // Public: the sign-up form needs business types and roles before anyone is signed in, and
  // reference data holds nothing private.
  app.get(
    '/admin/lookup/getall',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Every active lookup item (reference data for forms)',
        tags: ['lookups'],
        response: { 200: z.array(lookupItemView) },
      },
    },
    async (request, reply) =>
      reply
        .type(JSON_TYPE)
        .send(
          preserialized<LookupItemView[]>((await activeLookupsJson(db, 'all', request.arrivalMark)) ?? '[]'),
        ),
  );
}
