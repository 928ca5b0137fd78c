import { canChangeAction, canManageActionsOf, canReadActionsOf } from '../../domain/policies/actions.js';
import { seesAnonymizedResults } from '../../domain/policies/organizations.js';
import { actionTexts } from '../../domain/rules/actions.js';
import { hasRoadmap } from '../../domain/rules/organizations.js';
import {
  actionAddSchema,
  actionPageSchema,
  actionSearchSchema,
  actionUpdateSchema,
  myActionsSchema,
  planSchema,
} from '../../domain/schemas/actions.js';
import { emptyEnvelope } from '../../domain/schemas/answers.js';
import { idBodySchema } from '../../domain/schemas/content.js';
import { savedIdEnvelope } from '../../domain/schemas/contentView.js';
import { actorOf } from '../auth/guard.js';
import { actionCommands } from '../commands/actions.js';
import { todayIso as today } from '../db/clock.js';
import { badRequest, forbidden, notFound, ok } from '../http/envelope.js';
import { keptPages } from '../http/keptPages.js';
import type { ZodApp } from '../http/types.js';
import { presentAction } from '../presenters/action.js';
import { actionPlanRepository } from '../repositories/actionPlan.js';
import { actionsRepository } from '../repositories/actions.js';
import { counterSum } from '../repositories/counterRows.js';
import { organizationDetails } from '../repositories/organizationDetails.js';
import type { Deps } from './deps.js';

const tags = ['action plans'];
/**
 * An action page is kept while no action or person changes (the owners' names) and the content stands
 * (the practice areas' names); per day, since `overdue` moves with it (docs/decisions.md#kept-pages).
 */
const contentVersion = counterSum(() => ['content']);
const actionPages = keptPages(['actions', 'users'], undefined, { version: contentVersion, vary: today });
const readers = { access: ['admin', 'consultant', 'manufacturer-champion', 'manufacturer'] } as const;
const managers = { access: ['admin', 'consultant', 'manufacturer-champion'] } as const;
const readersWho =
  'Admins, the consultants of the firm working with the manufacturer, its champion and its other people; anyone else 403; an unknown organization 404; an organization that is not a manufacturer 400.';
const managersWho =
  'Admins, the consultants of the firm working with the manufacturer and its champion; anyone else 403; an unknown organization or action 404.';
const actionFields =
  'sectionId: a section of the organization\u2019s current-state assessment; title 1 to 200 characters on one line; description at most 4,000 characters; ownerId an active user of the organization (any role) or null; dueOn YYYY-MM-DD from 2010-01-01 to 2100-12-31 or null; status NotStarted, InProgress, Done, Deferred or WontDo; rationale 1 to 1,000 characters, required for Deferred and WontDo.';

/** Action plans (docs/decisions.md#insights-actions). */
export function actionRoutes(app: ZodApp, { db }: Deps): void {
  /** The manufacturer, when the caller passes `may` (404 unknown, 403 out of reach, 400 not a manufacturer). */
  async function organizationFor(
    request: Parameters<typeof actorOf>[0],
    id: number,
    may: typeof canReadActionsOf,
  ) {
    const actor = actorOf(request);
    const org = await organizationDetails.findById(db, id);
    if (!org) throw notFound(actionTexts.organizationNotFound);
    if (!may(actor, org)) throw forbidden();
    if (!hasRoadmap(org)) throw badRequest(actionTexts.manufacturersOnly);
    return { actor, org };
  }

  /** The action and its organization; 404 for an unknown action, whoever asks. */
  async function actionFor(request: Parameters<typeof actorOf>[0], id: number, may: typeof canReadActionsOf) {
    const action = await actionsRepository.findById(db, id);
    if (!action) throw notFound(actionTexts.actionNotFound);
    return { action, ...(await organizationFor(request, action.organizationId, may)) };
  }

  app.post(
    '/organization/action/search',
    {
      config: readers,
      schema: {
        summary: "A manufacturer's actions",
        description: `Filters status, sectionId and overdue (true: due before today and NotStarted or InProgress; false: the others), all optional. Answers { data: [{ id, organizationId, sectionId, sectionName, title, description, owner: { id, fullName } | null, dueOn, status, rationale, createdOn, updatedOn, completedOn, overdue }], count }, by due date (none last), then id; count before Skip and Take. Owners are named also under Anonymize Results. ${readersWho}`,
        tags,
        body: actionSearchSchema,
        response: { 200: actionPageSchema },
      },
    },
    async (request, reply) => {
      await organizationFor(request, request.body.organizationId, canReadActionsOf);
      return actionPages(db, request, reply, async () => {
        const day = today();
        const { rows, count } = await actionsRepository.search(db, request.body, day);
        return { data: rows.map((row) => presentAction(row, day)), count };
      });
    },
  );

  app.post(
    '/organization/action/add',
    {
      config: managers,
      schema: {
        summary: "Add an action to a manufacturer's plan",
        description: `${actionFields} status NotStarted when left out. Answers data { id }. Recorded in the audit trail. ${managersWho}`,
        tags,
        body: actionAddSchema,
        response: { 200: savedIdEnvelope },
      },
    },
    async (request) => {
      const { organizationId, ...action } = request.body;
      const { actor, org } = await organizationFor(request, organizationId, canManageActionsOf);
      const sectionIds = await actionPlanRepository.sectionIdsOf(db, org.id);
      const id = await actionCommands.add(db, actor.userId, org.id, action, sectionIds);
      return ok({ id }, actionTexts.added);
    },
  );

  app.post(
    '/organization/action/update',
    {
      config: readers,
      schema: {
        summary: 'Change an action',
        description: `id and the fields to change, as for add; a field left out keeps its value. A plain member of the manufacturer may change only status and rationale, and only of an action they own; any other change 403 (a field sent with its stored value is no change). Recorded in the audit trail when something changed. ${managersWho}`,
        tags,
        body: actionUpdateSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { id, ...change } = request.body;
      const { actor, org, action } = await actionFor(request, id, canReadActionsOf);
      if (!canChangeAction(actor, org, action, change)) throw forbidden();
      const sectionIds =
        change.sectionId !== undefined && change.sectionId !== action.sectionId
          ? await actionPlanRepository.sectionIdsOf(db, org.id)
          : new Set([action.sectionId]);
      const changed = await actionCommands.update(db, actor.userId, action, change, sectionIds);
      return ok(undefined, changed ? actionTexts.updated : actionTexts.unchanged);
    },
  );

  app.post(
    '/organization/action/delete',
    {
      config: managers,
      schema: {
        summary: 'Delete an action',
        description: `id: the action's. Recorded in the audit trail. ${managersWho}`,
        tags,
        body: idBodySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { actor, action } = await actionFor(request, request.body.id, canManageActionsOf);
      await actionCommands.remove(db, actor.userId, action);
      return ok(undefined, actionTexts.deleted);
    },
  );

  app.post(
    '/organization/action/mine',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "The caller's own open actions",
        description:
          'Answers { data, count } as organization/action/search does: the actions the caller owns that are NotStarted or InProgress, in every organization, by due date (none last), then id. Anyone signed in; someone who owns none gets an empty list.',
        tags,
        body: myActionsSchema,
        response: { 200: actionPageSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const day = today();
      const { rows, count } = await actionsRepository.openOf(db, actor.userId, request.body);
      return { data: rows.map((row) => presentAction(row, day)), count };
    },
  );

  app.post(
    '/organization/plan',
    {
      config: readers,
      schema: {
        summary: "A manufacturer's plan: practice areas by gap with their actions and follow-through",
        description: `id: the organization. Answers { sections: [{ id, name, current, future, gap, actions: { open, done, overdue }, followThrough }] }: every section of the current-state assessment, largest gap first (none last). current and future are the organization's averages (null without one; under Anonymize Results null for callers other than admins while only 1 or 2 results count), gap = future - current. followThrough: with an action that became Done after the round before the latest progress round closed and before the latest one did, Closing when the section's average rose between those rounds, GapNotClosed when it did not; null otherwise. ${readersWho}`,
        tags,
        body: idBodySchema,
        response: { 200: planSchema },
      },
    },
    async (request) => {
      const { actor, org } = await organizationFor(request, request.body.id, canReadActionsOf);
      const anonymized = seesAnonymizedResults(actor, org.anonymizeResults === 1);
      return { sections: await actionPlanRepository.planOf(db, org.id, anonymized, today()) };
    },
  );
}
