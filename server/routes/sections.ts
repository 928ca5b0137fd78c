import { z } from 'zod';
import { messages } from '../../domain/messages.js';
import { listSearchSchema } from '../../domain/schemas/common.js';
import { idBodySchema, sectionInputSchema } from '../../domain/schemas/content.js';
import { actorOf } from '../auth/guard.js';
import { sanitizeRichHtml, sanitizeVideo } from '../html/sanitize.js';
import { RICH_TEXT_BODY_LIMIT } from '../http/bodyLimits.js';
import { fail, notFound, ok } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { presentSectionAdmin } from '../presenters/content.js';
import { auditRepository } from '../repositories/audit.js';
import { sectionsRepository } from '../repositories/sections.js';
import type { Deps } from './deps.js';

const admin = { access: ['admin'] } as const;
const tags = ['sections'];

/** The assessment section editor (SPEC.md section 7 'Admin content': admin/section/*). */
export function sectionRoutes(app: ZodApp, { db }: Deps): void {
  const load = async (id: number) => {
    const row = await sectionsRepository.findById(db, id);
    if (!row) throw notFound(messages.admin.itemNotFound);
    return row;
  };

  app.post(
    '/admin/section/search',
    { config: admin, schema: { summary: 'Search sections', tags, body: listSearchSchema } },
    async (request) => {
      const { rows, count } = await sectionsRepository.search(db, request.body);
      return { data: rows.map(presentSectionAdmin), count };
    },
  );

  app.post(
    '/admin/section/getbyid',
    { config: admin, schema: { summary: 'One section', tags, body: idBodySchema } },
    async (request) => presentSectionAdmin(await load(request.body.id)),
  );

  app.post(
    '/admin/section/copy',
    {
      config: admin,
      schema: { summary: 'A new section copied from one (not saved)', tags, body: idBodySchema },
    },
    async (request) => {
      const section = presentSectionAdmin(await load(request.body.id));
      return {
        ...section,
        id: null,
        caption: `${section.caption} (Copy)`,
        code: `${section.code}-copy`,
        isActive: true,
        questionCount: 0,
      };
    },
  );

  app.post(
    '/admin/section/init',
    { config: admin, schema: { summary: 'A blank section', tags, body: z.unknown() } },
    async () => ({
      id: null,
      caption: '',
      captionPrevious: 'Go Back',
      captionNext: 'Continue',
      code: '',
      displayOrder: null,
      description: null,
      helpContent: null,
      helpContentVideo: null,
      isActive: true,
      questionCount: 0,
    }),
  );

  const save = (mode: 'add' | 'update') =>
    app.post(
      `/admin/section/${mode}`,
      {
        config: admin,
        // Rich text carries images as embedded data: the one place a body may be large.
        bodyLimit: RICH_TEXT_BODY_LIMIT,
        schema: {
          summary: mode === 'add' ? 'Add a section' : 'Update a section',
          tags,
          body: sectionInputSchema,
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const { id: _id, isActive: _active, ...input } = request.body;
        const current = mode === 'update' ? await load(request.body.id ?? 0) : undefined;
        if (await sectionsRepository.codeTaken(db, input.code, current?.id ?? null))
          return fail(messages.admin.sectionCodeTaken);
        const values = {
          ...input,
          captionPrevious: input.captionPrevious || null,
          captionNext: input.captionNext || null,
          description: sanitizeRichHtml(input.description),
          helpContent: sanitizeRichHtml(input.helpContent),
          helpContentVideo: sanitizeVideo(input.helpContentVideo),
        };
        const id = await db.transaction().execute(async (trx) => {
          if (current) await sectionsRepository.update(trx, current.id, values, actor.userId);
          const saved = current?.id ?? (await sectionsRepository.insert(trx, values, actor.userId));
          await auditRepository.record(trx, {
            actorId: actor.userId,
            action: mode,
            entity: 'section',
            entityId: saved,
          });
          return saved;
        });
        return ok({ id }, messages.admin.saved);
      },
    );
  save('add');
  save('update');

  app.post(
    '/admin/section/delete',
    {
      config: admin,
      schema: { summary: 'Deactivate a section (kept for past results)', tags, body: idBodySchema },
    },
    async (request) => {
      const actor = actorOf(request);
      const section = await load(request.body.id);
      await db.transaction().execute(async (trx) => {
        await sectionsRepository.deactivate(trx, section.id, actor.userId);
        await auditRepository.record(trx, {
          actorId: actor.userId,
          action: 'deactivate',
          entity: 'section',
          entityId: section.id,
        });
      });
      return ok(undefined, messages.admin.deactivated);
    },
  );
}
