import {
  myDraftSchema,
  myDraftView,
  saveDraftSchema,
  savedDraftEnvelope,
} from '../../domain/schemas/drafts.js';
import { actorOf } from '../auth/guard.js';
import { myDraft, saveDraft } from '../commands/saveDraft.js';
import { RESULT_BODY_LIMIT } from '../http/bodyLimits.js';
import { fail, ok } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import type { Deps } from './deps.js';

const tags = ['assessment results'];
const whoMay =
  'Anyone who may take the assessment (as for assessment/bycode: the trial for everyone but manufacturer staff, the current- and future-state assessments for manufacturer staff and admins); each person reaches only their own draft.';

/** Save and resume (docs/product.md#insights-progress, docs/product.md#insights-drafts): answers in progress, per person. */
export function draftRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    '/assessmentdraft/save',
    {
      config: { access: 'authenticated' },
      // A client may send the criteria back whole, as for assessmentresult/add; only the answers are kept.
      // Same cap as a result (bodyLimits.ts).
      bodyLimit: RESULT_BODY_LIMIT,
      schema: {
        summary: 'Save my answers in progress on an assessment',
        description: `Keeps one draft per person and assessment code, replacing the one before; answers data: { savedOn }. criteria is shaped as for assessmentresult/add, partly answered; questions and choices the assessment no longer has are dropped. A save of an attempt already submitted (same startDateTime) answers isSuccess false. Drafts never count in results, reports, benchmarks or completed lists, and a submitted result deletes the draft. ${whoMay}`,
        tags,
        body: saveDraftSchema,
        response: { 200: savedDraftEnvelope },
      },
    },
    async (request) => {
      const outcome = await saveDraft(db, actorOf(request), request.body.code, request.body.criteria);
      return outcome.ok ? ok({ savedOn: outcome.savedOn }) : fail(outcome.message);
    },
  );

  app.post(
    '/assessmentdraft/mine',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'My saved answers in progress on an assessment',
        description: `Returns { criteria, savedOn }: criteria holds the answered questions by section (each with value and its chosen choices marked selected, with other text) and the attempt's startDateTime; 404 when there is none. ${whoMay}`,
        tags,
        body: myDraftSchema,
        response: { 200: myDraftView },
      },
    },
    async (request) => myDraft(db, actorOf(request), request.body.code),
  );
}
