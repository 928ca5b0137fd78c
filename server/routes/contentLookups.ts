import { z } from 'zod';
import { type LookupType, lookupTypeNames } from '../../domain/codes.js';
import { messages } from '../../domain/messages.js';
import { codeFromName } from '../../domain/rules/content.js';
import { emptyEnvelope, pageOf } from '../../domain/schemas/answers.js';
import { idBodySchema, lookupItemInputSchema, lookupSearchSchema } from '../../domain/schemas/content.js';
import { lookupAdminFormView, lookupAdminView, savedIdEnvelope } from '../../domain/schemas/contentView.js';
import { lookupTypeView } from '../../domain/schemas/lookup.js';
import { actorOf } from '../auth/guard.js';
import { contentItems } from '../commands/contentItems.js';
import { fail, notFound, ok } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { presentLookupAdmin } from '../presenters/content.js';
import { lookupAdminRepository } from '../repositories/contentLookups.js';
import type { Deps } from './deps.js';

const admin = { access: ['admin'] } as const;
const tags = ['lookups'];

/** The lookup item editor (docs/product.md#calls-content: admin/lookup/*). */
export function lookupAdminRoutes(app: ZodApp, { db }: Deps): void {
  const load = async (id: number) => {
    const row = await lookupAdminRepository.findById(db, id);
    if (!row) throw notFound('This lookup item was not found.');
    return row;
  };

  app.post(
    '/admin/lookup/search',
    {
      config: admin,
      schema: {
        summary: 'Search lookup items',
        tags,
        body: lookupSearchSchema,
        response: { 200: pageOf(lookupAdminView) },
      },
    },
    async (request) => {
      const { rows, count } = await lookupAdminRepository.search(db, request.body);
      return { data: rows.map(presentLookupAdmin), count };
    },
  );

  app.post(
    '/admin/lookup/getbyid',
    {
      config: admin,
      schema: { summary: 'One lookup item', tags, body: idBodySchema, response: { 200: lookupAdminView } },
    },
    async (request) => presentLookupAdmin(await load(request.body.id)),
  );

  app.post(
    '/admin/lookup/copy',
    {
      config: admin,
      schema: {
        summary: 'A new lookup item copied from one (not saved)',
        tags,
        body: idBodySchema,
        response: { 200: lookupAdminFormView },
      },
    },
    async (request) => {
      const item = presentLookupAdmin(await load(request.body.id));
      return {
        ...item,
        id: null,
        code: null,
        name: `${item.name} (Copy)`,
        enumValue: null,
        isSystem: false,
        isActive: true,
      };
    },
  );

  app.post(
    '/admin/lookup/init',
    {
      config: admin,
      schema: {
        summary: 'A blank lookup item',
        tags,
        body: z.unknown(),
        response: { 200: lookupAdminFormView },
      },
    },
    async () => ({
      id: null,
      name: '',
      code: null,
      lookupType: null,
      displayOrder: null,
      enumValue: null,
      organizationType: null,
      isActive: true,
      isSystem: false,
    }),
  );

  app.post(
    '/admin/lookup/types/all',
    {
      config: admin,
      schema: {
        summary: 'The lookup types',
        tags,
        body: z.unknown(),
        response: { 200: z.array(lookupTypeView) },
      },
    },
    async () =>
      Object.entries(lookupTypeNames).map(([enumValue, name]) => ({ enumValue: Number(enumValue), name })),
  );

  const save = (mode: 'add' | 'update') =>
    app.post(
      `/admin/lookup/${mode}`,
      {
        config: admin,
        schema: {
          summary: mode === 'add' ? 'Add a lookup item' : 'Update a lookup item',
          tags,
          body: lookupItemInputSchema,
          response: { 200: savedIdEnvelope },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const input = request.body;
        const current = mode === 'update' ? await load(input.id ?? 0) : undefined;
        const type = input.lookupType as LookupType;
        const code = current?.isSystem
          ? (current.code ?? '')
          : input.code?.trim() || current?.code || codeFromName(input.name);
        if (
          current?.isSystem &&
          (type !== current.lookupType || (input.code && input.code !== current.code))
        ) {
          return fail(messages.admin.lookupIsSystem);
        }
        const clash = await lookupAdminRepository.clash(db, type, input.name, code, current?.id ?? null);
        if (clash.name) return fail(messages.admin.lookupNameTaken);
        if (clash.code) return fail(messages.admin.lookupCodeTaken);
        const values = {
          lookupType: type,
          name: input.name,
          code,
          displayOrder: input.displayOrder,
          organizationType: input.organizationType ?? current?.organizationType ?? null,
        };
        const id = await contentItems.saveLookupItem(
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
    '/admin/lookup/delete',
    {
      config: admin,
      schema: {
        summary: 'Delete (deactivate) a lookup item',
        tags,
        body: idBodySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const item = await load(request.body.id);
      if (item.isSystem) return fail(messages.admin.lookupIsSystem);
      await contentItems.deleteLookupItem(db, actor.userId, item.id);
      return ok(undefined, messages.admin.deleted);
    },
  );
}
