import { z } from 'zod';
import { messages } from '../../domain/messages.js';
import { needsChoices } from '../../domain/rules/content.js';
import { emptyEnvelope, pageOf } from '../../domain/schemas/answers.js';
import { listSearchSchema } from '../../domain/schemas/common.js';
import { type ChoiceInput, idBodySchema, questionInputSchema } from '../../domain/schemas/content.js';
import {
  questionAdminFormView,
  questionAdminRow,
  questionAdminView,
  savedIdEnvelope,
  sectionOptionView,
} from '../../domain/schemas/contentView.js';
import { actorOf } from '../auth/guard.js';
import { contentItems } from '../commands/contentItems.js';
import { sanitizeRichHtml } from '../html/sanitize.js';
import { RICH_TEXT_BODY_LIMIT } from '../http/bodyLimits.js';
import { badRequest, notFound, ok } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { presentQuestionAdmin, presentQuestionListRow } from '../presenters/content.js';
import { questionsRepository } from '../repositories/questions.js';
import { sectionsRepository } from '../repositories/sections.js';
import type { Deps } from './deps.js';

const admin = { access: ['admin'] } as const;
const tags = ['questions'];

/** 'Include Other Choice' on a choice question means one active choice is the free-text 'Other'. */
function withOtherChoice(choices: ChoiceInput[], include: boolean): ChoiceInput[] {
  if (!include || choices.some((c) => c.isOtherChoice && c.isActive !== false)) return choices;
  const lowest = Math.min(0, ...choices.map((c) => Number(c.id)).filter((n) => n < 0));
  return [
    ...choices,
    {
      id: String(lowest - 1),
      caption: 'Other',
      displayOrder: null,
      scoreValue: null,
      isOtherChoice: true,
      isActive: true,
    },
  ];
}

/** The assessment question editor (docs/product.md#calls-content: admin/question/*). */
export function questionRoutes(app: ZodApp, { db }: Deps): void {
  const load = async (id: number) => {
    const row = await questionsRepository.findById(db, id);
    if (!row) throw notFound(messages.admin.itemNotFound);
    return row;
  };
  const present = async (id: number) =>
    presentQuestionAdmin(await load(id), await questionsRepository.choicesOf(db, id));

  app.post(
    '/admin/question/search',
    {
      config: admin,
      schema: {
        summary: 'Search questions',
        tags,
        body: listSearchSchema,
        response: { 200: pageOf(questionAdminRow) },
      },
    },
    async (request) => {
      const { rows, count } = await questionsRepository.search(db, request.body);
      return { data: rows.map(presentQuestionListRow), count };
    },
  );

  app.post(
    '/admin/question/getbyid',
    {
      config: admin,
      schema: {
        summary: 'One question with its choices',
        tags,
        body: idBodySchema,
        response: { 200: questionAdminView },
      },
    },
    async (request) => present(request.body.id),
  );

  app.post(
    '/admin/question/copy',
    {
      config: admin,
      schema: {
        summary: 'A new question copied from one (not saved)',
        tags,
        body: idBodySchema,
        response: { 200: questionAdminFormView },
      },
    },
    async (request) => {
      const question = await present(request.body.id);
      return {
        ...question,
        id: null,
        caption: `${question.caption} (Copy)`,
        isActive: true,
        choices: question.choices.filter((c) => c.isActive).map((c, i) => ({ ...c, id: String(-(i + 1)) })),
      };
    },
  );

  app.post(
    '/admin/question/init',
    {
      config: admin,
      schema: {
        summary: 'A blank question',
        tags,
        body: z.unknown(),
        response: { 200: questionAdminFormView },
      },
    },
    async () => ({
      id: null,
      caption: '',
      displayOrder: null,
      section: null,
      inputType: null,
      skipScore: false,
      isRequired: true,
      includeOtherChoice: false,
      helpContent: null,
      description: null,
      isActive: true,
      choices: [],
    }),
  );

  app.post(
    '/admin/question/sections/all',
    {
      config: admin,
      schema: {
        summary: 'Sections a question can belong to',
        tags,
        body: z.unknown(),
        response: { 200: z.array(sectionOptionView) },
      },
    },
    async () =>
      (await sectionsRepository.all(db)).map((s) => ({
        id: s.id,
        caption: s.caption,
        name: s.caption,
        isActive: s.isActive === 1,
      })),
  );

  const save = (mode: 'add' | 'update') =>
    app.post(
      `/admin/question/${mode}`,
      {
        config: admin,
        // Rich text carries images as embedded data: the one place a body may be large.
        bodyLimit: RICH_TEXT_BODY_LIMIT,
        schema: {
          summary: mode === 'add' ? 'Add a question with its choices' : 'Update a question and its choices',
          tags,
          body: questionInputSchema,
          response: { 200: savedIdEnvelope },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const input = request.body;
        const current = mode === 'update' ? await load(input.id ?? 0) : undefined;
        if (!(await sectionsRepository.findById(db, input.section.id)))
          throw badRequest('section: the section was not found.');
        const values = {
          sectionId: input.section.id,
          caption: input.caption,
          displayOrder: input.displayOrder,
          inputType: input.inputType,
          skipScore: input.skipScore,
          isRequired: input.isRequired,
          includeOtherChoice: needsChoices(input.inputType) && input.includeOtherChoice,
          helpContent: sanitizeRichHtml(input.helpContent),
          description: sanitizeRichHtml(input.description),
        };
        const choices = needsChoices(input.inputType)
          ? withOtherChoice(input.choices, values.includeOtherChoice)
          : [];
        const outcome = await contentItems.saveQuestion(
          db,
          { mode, currentId: current?.id ?? null, actorId: actor.userId },
          values,
          choices,
        );
        return ok({ id: outcome }, messages.admin.saved);
      },
    );
  save('add');
  save('update');

  app.post(
    '/admin/question/delete',
    {
      config: admin,
      schema: {
        summary: 'Deactivate a question (kept for past results)',
        tags,
        body: idBodySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const question = await load(request.body.id);
      await contentItems.deactivateQuestion(db, actor.userId, question.id);
      return ok(undefined, messages.admin.deactivated);
    },
  );
}
