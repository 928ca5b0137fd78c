import { canViewInsightsOf } from '../../domain/policies/organizationInsights.js';
import { hasRoadmap } from '../../domain/rules/organizations.js';
import { collectingAssessmentType, reminderTexts } from '../../domain/rules/reminders.js';
import { idBodySchema } from '../../domain/schemas/content.js';
import { reminderPreviewSchema, remindersSentSchema } from '../../domain/schemas/reminders.js';
import { actorOf } from '../auth/guard.js';
import { reminderPreview, sendRemindersNow } from '../commands/reminders.js';
import { badRequest, forbidden, notFound, ok } from '../http/envelope.js';
import type { ZodApp } from '../http/types.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import type { Deps } from './deps.js';

const tags = ['reminders'];
const handlers = { access: ['admin', 'consultant', 'manufacturer-champion'] } as const;
const who =
  'Admins, the consultants of the firm working with the manufacturer and its champion; anyone else 403; an unknown organization 404; an organization that is not a manufacturer 400.';
const whom =
  'Invitees whose invite is active and sent, without a result, whose account is active, of the assessment the roadmap is collecting (current state at PreAssessment and CurrentState, future state at FutureState).';

/** Reminders of unanswered invites (docs/decisions.md#insights-reminders). */
export function reminderRoutes(app: ZodApp, deps: Deps): void {
  const { db } = deps;

  async function manufacturerFor(request: Parameters<typeof actorOf>[0], id: number) {
    const actor = actorOf(request);
    const org = await organizationDetails.findById(db, id);
    if (!org) throw notFound('The organization was not found.');
    if (!canViewInsightsOf(actor, org)) throw forbidden();
    if (!hasRoadmap(org)) throw badRequest('Only a manufacturer has invites to remind.');
    return { actor, org };
  }

  /** Why nobody is reminded, when nobody can be: reminders off, or nothing being collected. */
  const idleReason = (org: { remindersEnabled: number; roadmapStatusCode: string | null }) =>
    org.remindersEnabled !== 1
      ? reminderTexts.disabled
      : collectingAssessmentType(org.roadmapStatusCode) === null
        ? reminderTexts.notCollecting
        : null;

  app.post(
    '/organization/reminders/preview',
    {
      config: handlers,
      schema: {
        summary: 'Who will be reminded next, and when',
        description: `id: the organization. Answers data [{ inviteId, respondent: { id, fullName }, assessment: { id, name }, sentCount, nextOn }]: ${whom} nextOn is the day of the next reminder (today when one is due), null once maxReminders have gone. Empty, with a message saying why, while reminders are off or no assessment is being collected. ${who}`,
        tags,
        body: idBodySchema,
        response: { 200: reminderPreviewSchema },
      },
    },
    async (request) => {
      const { org } = await manufacturerFor(request, request.body.id);
      const idle = idleReason(org);
      if (idle) return ok([], idle);
      return ok(await reminderPreview(deps, org.id));
    },
  );

  app.post(
    '/organization/reminders/sendnow',
    {
      config: handlers,
      schema: {
        summary: "Send each invitee's next reminder now",
        description: `id: the organization. Sends at once, due or not, the next reminder to every invitee the schedule would still remind (${whom}), skipping anyone reminded in the last hour; each counts as one of maxReminders. Answers data { sent }. With reminders off, 200 with data { sent: 0 } and a message that says why. Each reminder sent is in the audit trail. ${who}`,
        tags,
        body: idBodySchema,
        response: { 200: remindersSentSchema },
      },
    },
    async (request) => {
      const { actor, org } = await manufacturerFor(request, request.body.id);
      const idle = idleReason(org);
      if (idle) return ok({ sent: 0 }, idle);
      const sent = await sendRemindersNow(deps, org.id, actor.userId);
      return ok({ sent }, reminderTexts.sent(sent));
    },
  );
}
