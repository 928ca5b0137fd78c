import { z } from 'zod';
import { canOpenAssessment } from '../../domain/policies/assessments.js';
import { type Criteria, criteriaView } from '../../domain/schemas/assessmentView.js';
import { actorOf } from '../auth/guard.js';
import { cachedAssessmentByCode } from '../commands/cachedAssessments.js';
import { forbidden, JSON_TYPE, notFound } from '../http/envelope.js';
import { preserialized } from '../http/preserialized.js';
import type { ZodApp } from '../http/types.js';
import type { Deps } from './deps.js';

const tags = ['assessments'];

/** Taking assessments (docs/product.md#calls-assessments). */
export function assessmentRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/assessment/bycode',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "An assessment's criteria: its active sections, questions and choices",
        tags,
        body: z.object({ query: z.string().trim().min(1, 'Required').max(100) }),
        response: { 200: criteriaView },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const found = await cachedAssessmentByCode(db, request.body.query.toLowerCase(), request.arrivalMark);
      if (!found) throw notFound('Assessment page cannot be found.');
      if (!canOpenAssessment(actor.role, found.assessment.assessmentType)) throw forbidden();
      return reply.type(JSON_TYPE).send(preserialized<Criteria>(found.criteriaJson));
    },
  );
}
