import { type Criteria, criteriaView } from '../../domain/schemas/assessmentView.js';
import type { Executor } from '../db/database.js';
import { versionedCache } from '../db/versionedCache.js';
import { encodedBytes } from '../http/preserialized.js';
import { fillCriteria } from '../presenters/answeredCriteria.js';
import { presentCriteria } from '../presenters/assessment.js';
import { withAnswers } from '../presenters/result.js';
import { resultsRepository } from '../repositories/results.js';
import { retakeVersion } from '../repositories/retakeVersion.js';
import { cachedAssessmentByCode } from './cachedAssessments.js';

/** Results whose retake a process keeps per database, and the bytes they may take (~80 KB each). */
const MAX_RESULTS = 2_000;
const MAX_BYTES = 16 * 1024 * 1024;

type ResultWithOwner = NonNullable<Awaited<ReturnType<typeof resultsRepository.findWithOwner>>>;
type Answers = Awaited<ReturnType<typeof resultsRepository.answersOf>>;

export type KeptRetake = {
  /** The result with its owner's facts: who may open it is decided on these (assertMayOpenOwnedResult). */
  result: ResultWithOwner;
  /** The criteria with its answers as the route's serializer writes them; none when its assessment is gone. */
  json: Buffer | undefined;
};

/**
 * A result's criteria with its answers (assessmentresult/getbyid/retake), read in three queries and
 * filled in once per change of what it is read from (retakeVersion.ts), then one small read of the
 * change counts per call, in every process alike. The bytes are the same for every caller who may
 * open the result: the route decides, per call and on the kept row, before anything is sent.
 */
export const cachedRetake = versionedCache<KeptRetake>(
  retakeVersion,
  async (db, key) => {
    const id = Number(key);
    // The answers are read beside the result: one round trip less.
    const [result, answers] = await Promise.all([
      resultsRepository.findWithOwner(db, id),
      resultsRepository.answersOf(db, id),
    ]);
    if (!result) return undefined;
    return { result, json: await retakeBytes(db, result, answers) };
  },
  { maxKeys: MAX_RESULTS, maxBytes: MAX_BYTES, sizeOf: (kept) => (kept.json?.length ?? 0) + 1_024 },
);

async function retakeBytes(db: Executor, result: ResultWithOwner, answers: Answers) {
  // The assessment and its content as assessment/bycode keeps them, with the criteria kept as bytes
  // that the answers are written into (answeredCriteria.ts).
  const kept = await cachedAssessmentByCode(db, result.assessmentCode.trim().toLowerCase());
  if (!kept) return undefined;
  if (kept.retakeTemplate) return fillCriteria(kept.retakeTemplate, result, answers);
  // presentCriteria builds new objects, so filling in the answers leaves the kept content as it is.
  const criteria: Criteria = withAnswers(presentCriteria(kept.assessment, kept.content), result, answers);
  return encodedBytes(criteriaView, criteria);
}
