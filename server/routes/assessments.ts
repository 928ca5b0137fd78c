import { z } from 'zod';
import { canOpenAssessment } from '../../domain/policies/assessments.js';
import { actorOf } from '../auth/guard.js';
import { forbidden, notFound } from '../http/envelope.js';
import type { Deps, ZodApp } from '../http/types.js';
import { presentCriteria } from '../presenters/assessment.js';
import { assessmentsRepository } from '../repositories/assessments.js';

const tags = ['assessments'];

/** Taking assessments (SPEC.md section 7 'Lookups, assessments, results'). */
export function assessmentRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/assessment/bycode',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "An assessment's criteria: its active sections, questions and choices",
        tags,
        body: z.object({ query: z.string().trim().min(1, 'Required').max(100) }),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const assessment = await assessmentsRepository.findByCode(db, request.body.query);
      if (!assessment) throw notFound('Assessment page cannot be found.');
      if (!canOpenAssessment(actor.role, assessment.assessmentType)) throw forbidden();
      return presentCriteria(assessment, await assessmentsRepository.content(db, assessment.id));
    },
  );
}
