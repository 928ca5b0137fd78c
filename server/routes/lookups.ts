import type { Deps, ZodApp } from '../http/types.js';
import { presentLookup } from '../presenters/lookup.js';
import { lookupsRepository } from '../repositories/lookups.js';

export function lookupRoutes(app: ZodApp, { db }: Deps): void {
  // Public: the sign-up form needs business types and roles before anyone is signed in, and
  // reference data holds nothing private.
  app.get(
    '/admin/lookup/getall',
    {
      config: { access: 'public' },
      schema: { summary: 'Every active lookup item (reference data for forms)', tags: ['lookups'] },
    },
    async () => (await lookupsRepository.allActive(db)).map(presentLookup),
  );
}
