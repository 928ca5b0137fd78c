import { z } from 'zod';
import { canOpenAssessment } from '../../domain/policies/assessments.js';
import { actorOf } from '../auth/guard.js';
import { versionedCache } from '../db/versionedCache.js';
import { forbidden, JSON_TYPE, notFound } from '../http/envelope.js';
import type { Deps, ZodApp } from '../http/types.js';
import { presentCriteria } from '../presenters/assessment.js';
import { assessmentsRepository } from '../repositories/assessments.js';

const tags = ['assessments'];

/** An assessment's criteria, serialized once per change of the content (every respondent gets the same). */
const criteriaByCode = versionedCache('content', async (db, code) => {
  const assessment = await assessmentsRepository.findByCode(db, code);
  if (!assessment) return undefined;
  const criteria = presentCriteria(assessment, await assessmentsRepository.content(db, assessment.id));
  return { assessmentType: assessment.assessmentType, json: JSON.stringify(criteria) };
});

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
    async (request, reply) => {
      const actor = actorOf(request);
      const criteria = await criteriaByCode(db, request.body.query.toLowerCase());
      if (!criteria) throw notFound('Assessment page cannot be found.');
      if (!canOpenAssessment(actor.role, criteria.assessmentType)) throw forbidden();
      return reply.type(JSON_TYPE).send(criteria.json);
    },
  );
}
