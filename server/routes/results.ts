import { z } from 'zod';
import { canViewResultsOf, resultsHiddenFrom } from '../../domain/policies/results.js';
import { pageOf } from '../../domain/schemas/answers.js';
import { type Criteria, criteriaView, pendingInviteView } from '../../domain/schemas/assessmentView.js';
import { listSearchSchema } from '../../domain/schemas/common.js';
import { retakeSchema, submitResultSchema } from '../../domain/schemas/results.js';
import {
  resultScoresView,
  resultSummaryView,
  submittedResultEnvelope,
} from '../../domain/schemas/resultsView.js';
import { assertMayOpenOwnedResult, assertMayOpenResult } from '../access/resultAccess.js';
import { type Actor, actorOf } from '../auth/guard.js';
import { cachedRetake } from '../commands/cachedRetakes.js';
import { draftProgressOf } from '../commands/saveDraft.js';
import { type SubmitOutcome, submitResult } from '../commands/submitResult.js';
import type { ResultRow } from '../db/rows.js';
import { RESULT_BODY_LIMIT } from '../http/bodyLimits.js';
import { fail, forbidden, JSON_TYPE, notFound, ok } from '../http/envelope.js';
import { idempotencyOf } from '../http/idempotency.js';
import { preserialized } from '../http/preserialized.js';
import type { ZodApp } from '../http/types.js';
import { presentResultSummary, presentScores } from '../presenters/result.js';
import { assessmentsRepository } from '../repositories/assessments.js';
import { resultOwnerOf } from '../repositories/resultOwners.js';
import { invitesRepository, resultsRepository } from '../repositories/results.js';
import type { Deps } from './deps.js';

const tags = ['assessment results'];
const signedIn = { access: 'authenticated' } as const;

/** Taking and reviewing assessments (docs/product.md#calls-assessments). */
export function resultRoutes(app: ZodApp, { db }: Deps): void {
  const idempotency = idempotencyOf(db);
  const answerOf = (o: SubmitOutcome) => (o.ok ? ok({ id: o.resultId }) : fail(o.message));
  const assertMayOpen = (actor: Actor, result: ResultRow | undefined) =>
    assertMayOpenResult(db, actor, result);

  app.post(
    '/assessment/invites/pending/mine',
    {
      config: signedIn,
      schema: {
        summary: 'My invites not yet answered',
        description:
          'Each invite carries progress { answered, total } when the person has saved answers of that assessment (assessmentdraft/save), else null.',
        tags,
        body: listSearchSchema,
        response: { 200: pageOf(pendingInviteView) },
      },
    },
    async (request) => {
      const { userId } = actorOf(request);
      const rows = await invitesRepository.pendingOf(db, userId);
      const progress = await Promise.all(rows.map((r) => draftProgressOf(db, userId, r.code)));
      const data = rows.map((r, i) => ({
        id: r.id,
        assessment: {
          id: r.assessmentId,
          code: r.code,
          name: r.name,
          description: r.description,
          assessmentType: r.assessmentType,
        },
        assessmentResult: null,
        invitedOn: r.invitedAt ?? r.createdAt,
        progress: progress[i] ?? null,
      }));
      return { data, count: data.length };
    },
  );

  const completedMine = async (actor: Actor, skip: number, take: number) => {
    const { rows, count } = await resultsRepository.ofRespondent(db, actor.userId, skip, take);
    return { data: rows.map(presentResultSummary), count };
  };

  app.post(
    '/assessment/completed/mine',
    {
      config: signedIn,
      schema: {
        summary: 'My completed assessments, newest first',
        tags,
        body: listSearchSchema,
        response: { 200: pageOf(resultSummaryView) },
      },
    },
    async (request) => completedMine(actorOf(request), request.body.skip ?? 0, request.body.take ?? 99),
  );

  app.post(
    '/assessmentresult/completed/mine',
    {
      config: signedIn,
      schema: {
        summary: 'My latest completed results',
        tags,
        body: z.object({ take: z.coerce.number().int().min(1).max(99).nullish() }),
        response: { 200: pageOf(resultSummaryView) },
      },
    },
    async (request) => completedMine(actorOf(request), 0, request.body.take ?? 1),
  );

  app.post(
    '/assessmentresult/getbyid/retake',
    {
      config: signedIn,
      schema: {
        summary: "A result's criteria with its answers, to retake or view",
        tags,
        body: retakeSchema,
        response: { 200: criteriaView },
      },
    },
    async (request, reply) => {
      // Kept while nothing it is read from changes (cachedRetakes.ts); who may open the result is
      // decided on its kept owner's facts, for every caller, before anything is sent.
      const kept = await cachedRetake(db, String(request.body.id));
      assertMayOpenOwnedResult(actorOf(request), kept?.result);
      if (!kept?.json) throw notFound('Assessment page cannot be found.');
      return reply.type(JSON_TYPE).send(preserialized<Criteria>(kept.json));
    },
  );

  app.post(
    '/assessmentresult/byuser',
    {
      config: signedIn,
      schema: {
        summary: "A person's completed assessments, newest first",
        tags,
        body: z.object({ id: z.coerce.number().int() }),
        response: { 200: pageOf(resultSummaryView) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const owner = await resultOwnerOf(db, request.body.id);
      if (!owner) throw notFound('The user was not found.');
      if (!canViewResultsOf(actor, owner)) throw forbidden();
      // A result given in another organization that anonymizes stays hidden (the person has moved).
      const withoutAnonymized = resultsHiddenFrom(actor, { userId: owner.userId, anonymized: true });
      const { rows, count } = await resultsRepository.ofRespondent(db, owner.userId, 0, 99, {
        withoutAnonymized,
      });
      return { data: rows.map(presentResultSummary), count };
    },
  );

  app.post(
    '/assessmentresult/scores/byid',
    {
      config: signedIn,
      schema: {
        summary: "A result's scores: overall, per section with maturity levels, lowest practices",
        tags,
        body: z.object({ id: z.coerce.number().int() }),
        response: { 200: resultScoresView },
      },
    },
    async (request) => {
      const result = await assertMayOpen(
        actorOf(request),
        await resultsRepository.findById(db, request.body.id),
      );
      return presentScores(
        result,
        await assessmentsRepository.content(db, result.assessmentId),
        await resultsRepository.answersOf(db, result.id),
      );
    },
  );

  for (const mode of ['add', 'overwrite'] as const) {
    app.post(
      `/assessmentresult/${mode}`,
      {
        config: signedIn,
        // The criteria come back whole, with the sections' rich text (bodyLimits.ts says how large).
        bodyLimit: RESULT_BODY_LIMIT,
        schema: {
          summary: mode === 'add' ? 'Submit an assessment' : 'Retake: overwrite a previous response',
          description:
            'The body is the criteria as assessment/bycode returned them, each answered question with value set and chosen choices selected.',
          tags,
          body: submitResultSchema,
          response: { 200: submittedResultEnvelope },
        },
      },
      async (request, reply) =>
        idempotency.run(request, reply, async (key) => {
          const criteria = request.body.assessmentResult;
          return answerOf(await submitResult(db, actorOf(request), criteria, mode, key?.keep(answerOf)));
        }),
    );
  }
}
