import type { ActionFields } from '../../domain/policies/actions.js';
import { actionTexts, completedAtAfter, needsRationale } from '../../domain/rules/actions.js';
import type { ActionAdd } from '../../domain/schemas/actions.js';
import { nowIso } from '../db/clock.js';
import type { Db, Executor } from '../db/database.js';
import { badRequest } from '../http/envelope.js';
import { type ActionRow, actionsRepository } from '../repositories/actions.js';
import { audited } from './audited.js';

// Adding, changing and deleting a plan's actions (docs/decisions.md#insights-actions), each with its
// audit record in one transaction. Who may make which change is the route's (domain/policies/
// actions.ts); the rules that need the database are here: the practice area among the organization's
// current-state sections, the owner among its active people, a reason for Deferred and Won't Do once
// the change is applied to what is stored.

const FIELDS: readonly (keyof ActionFields)[] = [
  'sectionId',
  'title',
  'description',
  'ownerId',
  'dueOn',
  'status',
  'rationale',
];

async function checkOwner(db: Executor, organizationId: number, ownerId: number | null) {
  if (ownerId !== null && !(await actionsRepository.isActiveMember(db, organizationId, ownerId)))
    throw badRequest(actionTexts.ownerNotMember);
}

function checkSection(sectionIds: ReadonlySet<number>, sectionId: number) {
  if (!sectionIds.has(sectionId)) throw badRequest(actionTexts.sectionNotInPlan);
}

function checkRationale(action: Pick<ActionFields, 'status' | 'rationale'>) {
  if (needsRationale(action.status) && !action.rationale) throw badRequest(actionTexts.rationaleRequired);
}

/** The stored fields of an action, as a change compares them. */
function fieldsOf(action: ActionRow): ActionFields {
  const { sectionId, title, description, ownerId, dueOn, status, rationale } = action;
  return { sectionId, title, description, ownerId, dueOn, status, rationale };
}

export const actionCommands = {
  /** `sectionIds`: the organization's current-state sections. */
  add(
    db: Db,
    actorId: number,
    organizationId: number,
    action: Omit<ActionAdd, 'organizationId'>,
    sectionIds: ReadonlySet<number>,
  ): Promise<number> {
    checkSection(sectionIds, action.sectionId);
    checkRationale(action);
    return audited(db, async (trx, audit) => {
      await checkOwner(trx, organizationId, action.ownerId);
      const now = nowIso();
      const id = await actionsRepository.insert(trx, {
        ...action,
        organizationId,
        completedAt: completedAtAfter(null, action.status, now),
        createdAt: now,
        createdBy: actorId,
      });
      await audit({
        actor: actorId,
        action: 'create',
        entity: 'action',
        entityId: id,
        details: { organizationId, sectionId: action.sectionId, title: action.title, status: action.status },
      });
      return id;
    });
  },

  /**
   * Applies the fields of `change` that differ from the stored action; false when none does (nothing
   * is written or recorded). A practice area or owner kept as stored is not checked again: a form
   * sends every field back, also those that no longer pass (a former member still named as owner).
   */
  update(
    db: Db,
    actorId: number,
    action: ActionRow,
    change: Partial<ActionFields>,
    sectionIds: ReadonlySet<number>,
  ): Promise<boolean> {
    const stored = fieldsOf(action);
    const changed = FIELDS.filter((f) => change[f] !== undefined && change[f] !== stored[f]);
    if (changed.length === 0) return Promise.resolve(false);
    const next: ActionFields = { ...stored };
    for (const field of changed) Object.assign(next, { [field]: change[field] });
    if (changed.includes('sectionId')) checkSection(sectionIds, next.sectionId);
    checkRationale(next);
    return audited(db, async (trx, audit) => {
      if (changed.includes('ownerId')) await checkOwner(trx, action.organizationId, next.ownerId);
      const now = nowIso();
      await actionsRepository.update(trx, action.id, {
        ...Object.fromEntries(changed.map((f) => [f, next[f]])),
        completedAt: completedAtAfter(action, next.status, now),
        updatedAt: now,
      });
      await audit({
        actor: actorId,
        action: 'update',
        entity: 'action',
        entityId: action.id,
        details: { organizationId: action.organizationId, title: next.title, changed, status: next.status },
      });
      return true;
    });
  },

  remove(db: Db, actorId: number, action: ActionRow): Promise<void> {
    return audited(db, async (trx, audit) => {
      await actionsRepository.remove(trx, action.id);
      await audit({
        actor: actorId,
        action: 'delete',
        entity: 'action',
        entityId: action.id,
        details: { organizationId: action.organizationId, title: action.title },
      });
    });
  },
};
