import { versionedCache } from '../db/versionedCache.js';
import { jsonBytes } from '../http/preserialized.js';
import { criteriaTemplate } from '../presenters/answeredCriteria.js';
import { presentCriteria } from '../presenters/assessment.js';
import { assessmentsRepository } from '../repositories/assessments.js';

/**
 * An active assessment by code with its active content, and the criteria a respondent receives as
 * JSON bytes: read and serialized once per change of the content (migration 004), since every
 * respondent opens and submits the same few assessments.
 */
export const cachedAssessmentByCode = versionedCache('content', async (db, code) => {
  const assessment = await assessmentsRepository.findByCode(db, code);
  if (!assessment) return undefined;
  const content = await assessmentsRepository.content(db, assessment.id);
  return {
    assessment,
    content,
    criteriaJson: jsonBytes(presentCriteria(assessment, content)),
    // A result's retake of it: the same criteria with holes for the answers (answeredCriteria.ts).
    retakeTemplate: criteriaTemplate(presentCriteria(assessment, content)),
  };
});
