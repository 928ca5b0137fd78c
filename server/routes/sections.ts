import { z } from 'zod';
import { messages } from '../../domain/messages.js';
import { emptyEnvelope, pageOf } from '../../domain/schemas/answers.js';
import { listSearchSchema } from '../../domain/schemas/common.js';
import { idBodySchema, sectionInputSchema } from '../../domain/schemas/content.js';
import { savedIdEnvelope, sectionAdminFormView, sectionAdminView } from '../../domain/schemas/contentView.js';
import { actorOf } from '../auth/guard.js';
import { contentItems } from '../commands/contentItems.js';
import { sanitizeRichHtml, sanitizeVideo } from '../html/sanitize.js';
import { RICH_TEXT_BODY_LIMIT } from '../http/bodyLimits.js';
import { fail, notFound, ok } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { presentSectionAdmin } from '../presenters/content.js';
import { sectionsRepository } from '../repositories/sections.js';
import type { Deps } from './deps.js';

const admin = { access: ['admin'] } as const;
const tags = ['sections'];

/** The assessment section editor (docs/product.md#calls-content: admin/section/*). */
export function sectionRoutes(app: ZodApp, { db }: Deps): void {
  const load = async (id: number) => {
    const row = await sectionsRepository.findById(db, id);
    if (!row) throw notFound(messages.admin.itemNotFound);
    return row;
  };

  app.post(
    '/admin/section/search',
    {
      config: admin,
      schema: {
        summary: 'Search sections',
        tags,
        body: listSearchSchema,
        response: { 200: pageOf(sectionAdminView) },
      },
    },
    async (request) => {
      const { rows, count } = await sectionsRepository.search(db, request.body);
      return { data: rows.map(presentSectionAdmin), count };
    },
  );

  app.post(
    '/admin/section/getbyid',
    {
      config: admin,
      schema: { summary: 'One section', tags, body: idBodySchema, response: { 200: sectionAdminView } },
    },
    async (request) => presentSectionAdmin(await load(request.body.id)),
  );

  app.post(
    '/admin/section/copy',
    {
      config: admin,
      schema: {
        summary: 'A new section copied from one (not saved)',
        tags,
        body: idBodySchema,
        response: { 200: sectionAdminFormView },
      },
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
    {
      config: admin,
      schema: {
        summary: 'A blank section',
        tags,
        body: z.unknown(),
        response: { 200: sectionAdminFormView },
      },
    },
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
          response: { 200: savedIdEnvelope },
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
        const id = await contentItems.saveSection(
          db,
          { mode, currentId: current?.id ?? null, actorId: actor.userId },
          values,
        );
        return ok({ id }, messages.admin.saved);
      },
    );
  save('add');
  save('update');

  app.post(
    '/admin/section/delete',
    {
      config: admin,
      schema: {
        summary: 'Deactivate a section (kept for past results)',
        tags,
        body: idBodySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const section = await load(request.body.id);
      await contentItems.deactivateSection(db, actor.userId, section.id);
      return ok(undefined, messages.admin.deactivated);
    },
  );
}
